import Foundation

/// The floor: a byte trie with the same features and precedence as `LinkTable` (static
/// segments first, typed placeholders in `LinkTable`'s order, then strings, then the
/// catch-all; text around placeholders; case-insensitive scheme and host; query values), but
/// nothing else: no error reporting, no redirects, no validation of escapes, captures as byte
/// ranges in a buffer on the stack.
final class LeanTrie {
    struct Edge {
        let kind: BenchPattern.Kind
        let prefix: [UInt8]
        let suffix: [UInt8]
        let child: Int
    }

    struct Node {
        var literals: [String: Int] = [:]
        var edges: [Edge] = []
        var catchAll = -1
        var terminal = -1
    }

    struct Entry {
        let handler: Int
        /// For each value read: where it comes from (a depth, or -1 for the query) and its kind.
        let reads: [(depth: Int, queryKey: [UInt8], kind: ValueKind)]
    }

    private var nodes: [Node] = []
    private var roots: [(scheme: [UInt8], host: [UInt8], node: Int)] = []
    private var entries: [Entry] = []

    func register(_ text: String, handler: Int, reads: [(String, ValueKind)]) {
        let pattern = BenchPattern(text)
        var entryReads: [(Int, [UInt8], ValueKind)] = []
        for (name, kind) in reads {
            if let depth = pattern.segments.firstIndex(where: { $0.kind != .literal && $0.text == name }) {
                entryReads.append((depth, [], kind))
            } else if let item = pattern.query.first(where: { $0.name == name }) {
                entryReads.append((-1, Array(item.key.utf8), kind))
            }
        }
        let entry = entries.count
        entries.append(Entry(handler: handler, reads: entryReads))
        for host in pattern.hosts.isEmpty ? [""] : pattern.hosts {
            var node: Int
            if let root = roots.first(where: { $0.scheme == Array(pattern.scheme.utf8) && $0.host == Array(host.utf8) })
            {
                node = root.node
            } else {
                nodes.append(Node())
                node = nodes.count - 1
                roots.append((Array(pattern.scheme.utf8), Array(host.utf8), node))
            }
            for segment in pattern.segments {
                switch segment.kind {
                case .literal:
                    if let child = nodes[node].literals[segment.text] {
                        node = child
                    } else {
                        nodes.append(Node())
                        nodes[node].literals[segment.text] = nodes.count - 1
                        node = nodes.count - 1
                    }
                case .rest:
                    nodes[node].catchAll = entry
                default:
                    let prefix = Array(segment.prefix.utf8)
                    let suffix = Array(segment.suffix.utf8)
                    if let edge = nodes[node].edges.first(where: {
                        $0.kind == segment.kind && $0.prefix == prefix && $0.suffix == suffix
                    }) {
                        node = edge.child
                    } else {
                        nodes.append(Node())
                        let edge = Edge(kind: segment.kind, prefix: prefix, suffix: suffix, child: nodes.count - 1)
                        nodes[node].edges.append(edge)
                        nodes[node].edges.sort {
                            ($0.kind.rawValue, -($0.prefix.count + $0.suffix.count))
                                < ($1.kind.rawValue, -($1.prefix.count + $1.suffix.count))
                        }
                        node = nodes.count - 1
                    }
                }
            }
            if pattern.segments.last?.kind != .rest { nodes[node].terminal = entry }
        }
    }

    /// The handler's result, with every value read, or `fallback`.
    func resolve(_ url: String, fallback: Int) -> Int {
        if let result = url.utf8.withContiguousStorageIfAvailable({ resolve(bytes: $0, fallback: fallback) }) {
            return result
        }
        return resolve(String(decoding: Array(url.utf8), as: UTF8.self), fallback: fallback)
    }

    private func resolve(bytes: UnsafeBufferPointer<UInt8>, fallback: Int) -> Int {
        var index = 0
        while index < bytes.count, bytes[index] != UInt8(ascii: ":") { index += 1 }
        let schemeEnd = index
        index += 3
        guard index <= bytes.count else { return fallback }
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "?"), bytes[end] != UInt8(ascii: "#") { end += 1 }
        let pathEnd = end
        let isWeb = schemeEnd >= 4 && (bytes[0] | 0x20) == UInt8(ascii: "h")
        var hostStart = index
        var hostEnd = index
        if isWeb {
            while index < pathEnd, bytes[index] != UInt8(ascii: "/") { index += 1 }
            hostEnd = index
        } else {
            hostStart = index
        }
        guard
            let root = roots.first(where: { root in
                Self.equalsLowercased(bytes, 0, schemeEnd, root.scheme)
                    && Self.equalsLowercased(bytes, hostStart, hostEnd, root.host)
            })
        else { return fallback }
        return withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: 64) { segments in
            var count = 0
            var start = index
            while start < pathEnd, count < 64 {
                var stop = start
                while stop < pathEnd, bytes[stop] != UInt8(ascii: "/") { stop += 1 }
                if stop > start {
                    segments[count] = (start, stop)
                    count += 1
                }
                start = stop + 1
            }
            return withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: 64) { captures in
                let entry = walk(root.node, 0, bytes, UnsafeBufferPointer(rebasing: segments[..<count]), captures)
                guard entry >= 0 else { return fallback }
                return read(entries[entry], bytes, captures, pathEnd)
            }
        }
    }

    private func walk(
        _ node: Int, _ depth: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ segments: UnsafeBufferPointer<(Int, Int)>,
        _ captures: UnsafeMutableBufferPointer<(Int, Int)>
    ) -> Int {
        if depth == segments.count { return nodes[node].terminal }
        let (start, end) = segments[depth]
        if !nodes[node].literals.isEmpty,
            let child = nodes[node].literals[
                String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)]
        {
            let found = walk(child, depth + 1, bytes, segments, captures)
            if found >= 0 { return found }
        }
        for edge in nodes[node].edges {
            let valueStart = start + edge.prefix.count
            let valueEnd = end - edge.suffix.count
            guard valueStart < valueEnd, Self.matches(bytes, start, edge.prefix),
                Self.matches(bytes, valueEnd, edge.suffix),
                Self.accepts(edge.kind, UnsafeBufferPointer(rebasing: bytes[valueStart..<valueEnd]))
            else { continue }
            captures[depth] = (valueStart, valueEnd)
            let found = walk(edge.child, depth + 1, bytes, segments, captures)
            if found >= 0 { return found }
        }
        if nodes[node].catchAll >= 0 {
            captures[depth] = (start, segments[segments.count - 1].1)
            return nodes[node].catchAll
        }
        return -1
    }

    private func read(
        _ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>, _ captures: UnsafeMutableBufferPointer<(Int, Int)>,
        _ pathEnd: Int
    ) -> Int {
        var sum = entry.handler
        for item in entry.reads {
            var range = (0, 0)
            if item.depth >= 0 {
                range = captures[item.depth]
            } else if let found = Self.queryValue(bytes, pathEnd, item.queryKey) {
                range = found
            } else {
                continue
            }
            let text = UnsafeBufferPointer(rebasing: bytes[range.0..<range.1])
            switch item.kind {
            case .int: sum &+= Self.int(text) ?? 0
            case .double: sum &+= Int(Double(String(decoding: text, as: UTF8.self)) ?? 0)
            case .bool: sum &+= (text.first ?? 0) | 0x20 == UInt8(ascii: "t") ? 1 : 0
            case .uuid: sum &+= Int(Self.uuid(text)?.uuid.0 ?? 0)
            case .string, .optionalString:
                let value =
                    text.contains(UInt8(ascii: "%"))
                    ? String(decoding: text, as: UTF8.self).removingPercentEncoding ?? ""
                    : String(decoding: text, as: UTF8.self)
                sum &+= value.utf8.count
            }
        }
        return sum
    }

    private static func queryValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ key: [UInt8]) -> (Int, Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "?") else { return nil }
        var item = start + 1
        while item < bytes.count {
            var end = item
            while end < bytes.count, bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "#") { end += 1 }
            if end - item > key.count, matches(bytes, item, key), bytes[item + key.count] == UInt8(ascii: "=") {
                return (item + key.count + 1, end)
            }
            item = end + 1
        }
        return nil
    }

    private static func equalsLowercased(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ lower: [UInt8]
    )
        -> Bool
    {
        guard end - start == lower.count else { return false }
        for offset in 0..<lower.count {
            var byte = bytes[start + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if byte != lower[offset] { return false }
        }
        return true
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ text: [UInt8]) -> Bool {
        for offset in 0..<text.count where bytes[start + offset] != text[offset] { return false }
        return true
    }

    private static func accepts(_ kind: BenchPattern.Kind, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch kind {
        case .bool:
            return equalsLowercased(text, 0, text.count, trueBytes) || equalsLowercased(text, 0, text.count, falseBytes)
        case .uuid: return uuid(text) != nil
        case .int: return int(text) != nil
        case .double: return Double(String(decoding: text, as: UTF8.self)) != nil
        default: return true
        }
    }

    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)

    static func int(_ text: UnsafeBufferPointer<UInt8>) -> Int? {
        var value = 0
        var negative = false
        var index = 0
        if let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        guard index < text.count else { return nil }
        while index < text.count {
            let digit = Int(text[index]) - 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (times, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, overflow2) = times.subtractingReportingOverflow(digit)
            guard !overflow, !overflow2 else { return nil }
            value = next
            index += 1
        }
        if negative { return value }
        return value == Int.min ? nil : -value
    }

    static func uuid(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36 else { return nil }
        var bytes: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var index = 0
        let ok = withUnsafeMutableBytes(of: &bytes) { out -> Bool in
            for slot in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard text[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = hex(text[index]), let low = hex(text[index + 1]) else { return false }
                out[slot] = high << 4 | low
                index += 2
            }
            return true
        }
        return ok ? UUID(uuid: bytes) : nil
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: nil
        }
    }
}
