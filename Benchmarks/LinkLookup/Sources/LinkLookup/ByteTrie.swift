/// The lean reference: a byte trie frozen into flat arrays, matched over the URL's UTF-8 bytes.
///
/// Built once from the same patterns as the other contenders, then frozen: one array of nodes,
/// one of static edges (each node's sorted by label, found by binary search), one of
/// placeholder edges (each node's in `LinkTable`'s precedence order) and one byte pool for every
/// label, prefix, suffix, scheme and host. A lookup reads the URL through `withUTF8`, keeps its
/// segments and captures as byte ranges in stack buffers, compares and converts values straight
/// from the bytes (a segment with escapes is compared decoded, byte by byte) and makes no
/// `String` or array. It does the same work as `LinkTable` on these links: same precedence
/// (static, then bool, uuid, int, double, string, then the catch-all, backing up when a branch
/// fails deeper), scheme and host in any case, text around placeholders, typed values checked
/// and every value the app's closure reads converted. It does not validate escapes, report
/// errors, follow redirects or hand back anything but the closure's result.
struct ByteTrie {
    struct Node {
        var literalStart: Int32 = 0
        var literalCount: Int32 = 0
        var edgeStart: Int32 = 0
        var edgeCount: Int32 = 0
        var terminal: Int32 = -1
        var catchAll: Int32 = -1
    }

    /// A range of `pool`.
    struct Bytes {
        var start: Int32
        var count: Int32
    }

    struct LiteralEdge {
        var label: Bytes
        var child: Int32
    }

    struct PlaceholderEdge {
        var kind: BenchPattern.Kind
        var prefix: Bytes
        var suffix: Bytes
        var child: Int32
    }

    struct Root {
        var scheme: Bytes
        var host: Bytes
        var node: Int32
    }

    /// One value the closure reads: a captured segment (depth) or a query key.
    struct Read {
        var depth: Int32
        var queryKey: Bytes
        var kind: ValueKind
    }

    struct Entry {
        var handler: Int
        var readStart: Int32
        var readCount: Int32
    }

    private(set) var nodes: [Node] = []
    private(set) var literals: [LiteralEdge] = []
    private(set) var edges: [PlaceholderEdge] = []
    private(set) var roots: [Root] = []
    private(set) var reads: [Read] = []
    private(set) var entries: [Entry] = []
    private(set) var pool: [UInt8] = []

    /// The most segments a link may have; longer links miss (none in the benchmark comes close).
    static let segmentLimit = 32

    /// Freezes the patterns `texts`, with the handler and reads of each.
    init(patterns: [(text: String, handler: Int, reads: [(String, ValueKind)])]) {
        // Build with growable per-node children first, then lay them out flat.
        struct Draft {
            var literals: [([UInt8], Int)] = []
            var edges: [(BenchPattern.Kind, [UInt8], [UInt8], Int)] = []
            var terminal = -1
            var catchAll = -1
        }
        var drafts: [Draft] = []
        var draftRoots: [([UInt8], [UInt8], Int)] = []
        var draftEntries: [(Int, [(Int, [UInt8], ValueKind)])] = []
        for (text, handler, entryReads) in patterns {
            let pattern = BenchPattern(text)
            var resolvedReads: [(Int, [UInt8], ValueKind)] = []
            for (name, kind) in entryReads {
                if let depth = pattern.segments.firstIndex(where: { $0.kind != .literal && $0.text == name }) {
                    resolvedReads.append((depth, [], kind))
                } else if let item = pattern.query.first(where: { $0.name == name }) {
                    resolvedReads.append((-1, Array(item.key.utf8), kind))
                }
            }
            let entry = draftEntries.count
            draftEntries.append((handler, resolvedReads))
            for host in pattern.hosts.isEmpty ? [""] : pattern.hosts {
                let scheme = Array(pattern.scheme.utf8)
                let hostBytes = Array(host.utf8)
                var node: Int
                if let root = draftRoots.first(where: { $0.0 == scheme && $0.1 == hostBytes }) {
                    node = root.2
                } else {
                    drafts.append(Draft())
                    node = drafts.count - 1
                    draftRoots.append((scheme, hostBytes, node))
                }
                for segment in pattern.segments {
                    switch segment.kind {
                    case .literal:
                        let label = Array(segment.text.utf8)
                        if let child = drafts[node].literals.first(where: { $0.0 == label })?.1 {
                            node = child
                        } else {
                            drafts.append(Draft())
                            drafts[node].literals.append((label, drafts.count - 1))
                            node = drafts.count - 1
                        }
                    case .rest:
                        drafts[node].catchAll = entry
                    default:
                        let prefix = Array(segment.prefix.utf8)
                        let suffix = Array(segment.suffix.utf8)
                        if let child = drafts[node].edges.first(where: {
                            $0.0 == segment.kind && $0.1 == prefix && $0.2 == suffix
                        })?.3 {
                            node = child
                        } else {
                            drafts.append(Draft())
                            drafts[node].edges.append((segment.kind, prefix, suffix, drafts.count - 1))
                            node = drafts.count - 1
                        }
                    }
                }
                if pattern.segments.last?.kind != .rest { drafts[node].terminal = entry }
            }
        }

        func store(_ bytes: [UInt8]) -> Bytes {
            let range = Bytes(start: Int32(pool.count), count: Int32(bytes.count))
            pool += bytes
            return range
        }
        for draft in drafts {
            var node = Node(terminal: Int32(draft.terminal), catchAll: Int32(draft.catchAll))
            node.literalStart = Int32(literals.count)
            node.literalCount = Int32(draft.literals.count)
            for (label, child) in draft.literals.sorted(by: { Self.less($0.0, $1.0) }) {
                literals.append(LiteralEdge(label: store(label), child: Int32(child)))
            }
            node.edgeStart = Int32(edges.count)
            node.edgeCount = Int32(draft.edges.count)
            // LinkTable's order: more text around first, then kind (bool, uuid, int, double, string).
            let ordered = draft.edges.sorted {
                (-($0.1.count + $0.2.count), $0.0.rawValue) < (-($1.1.count + $1.2.count), $1.0.rawValue)
            }
            for (kind, prefix, suffix, child) in ordered {
                edges.append(
                    PlaceholderEdge(kind: kind, prefix: store(prefix), suffix: store(suffix), child: Int32(child)))
            }
            nodes.append(node)
        }
        for (scheme, host, node) in draftRoots {
            roots.append(Root(scheme: store(scheme), host: store(host), node: Int32(node)))
        }
        for (handler, entryReads) in draftEntries {
            entries.append(Entry(handler: handler, readStart: Int32(reads.count), readCount: Int32(entryReads.count)))
            for (depth, key, kind) in entryReads {
                reads.append(Read(depth: Int32(depth), queryKey: store(key), kind: kind))
            }
        }
    }

    /// Shorter labels first, then by bytes: the order the binary search relies on.
    private static func less(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        lhs.count != rhs.count ? lhs.count < rhs.count : lhs.lexicographicallyPrecedes(rhs)
    }

    /// The closure's result for `url`, with every value read, or `fallback`.
    func resolve(_ url: String, fallback: Int) -> Int {
        var url = url
        return url.withUTF8 { bytes in
            pool.withUnsafeBufferPointer { pool in resolve(bytes, pool, fallback: fallback) }
        }
    }

    /// A segment of the link: a byte range, and whether it holds an escape.
    struct Segment {
        var start: Int
        var end: Int
        var escaped: Bool
    }

    private func resolve(_ bytes: UnsafeBufferPointer<UInt8>, _ pool: UnsafeBufferPointer<UInt8>, fallback: Int) -> Int
    {
        let count = bytes.count
        var index = 0
        while index < count, bytes[index] != UInt8(ascii: ":") { index += 1 }
        let schemeEnd = index
        guard index + 3 <= count, bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/") else {
            return fallback
        }
        index += 3
        let isWeb = schemeEnd >= 4 && bytes[0] | 0x20 == UInt8(ascii: "h")
        let hostStart = index
        if isWeb {
            while index < count, bytes[index] != UInt8(ascii: "/"), bytes[index] != UInt8(ascii: "?"),
                bytes[index] != UInt8(ascii: "#")
            {
                index += 1
            }
        }
        let hostEnd = index
        var rootNode: Int32 = -1
        for root in roots
        where Self.equalsLowercased(bytes, 0, schemeEnd, pool, root.scheme)
            && Self.equalsLowercased(bytes, hostStart, hostEnd, pool, root.host)
        {
            rootNode = root.node
            break
        }
        guard rootNode >= 0 else { return fallback }

        return withUnsafeTemporaryAllocation(of: Segment.self, capacity: Self.segmentLimit) { segments in
            var segmentCount = 0
            var start = index
            var pathEnd = index
            while pathEnd < count, bytes[pathEnd] != UInt8(ascii: "?"), bytes[pathEnd] != UInt8(ascii: "#") {
                pathEnd += 1
            }
            while start < pathEnd {
                var end = start
                var escaped = false
                while end < pathEnd, bytes[end] != UInt8(ascii: "/") {
                    if bytes[end] == UInt8(ascii: "%") { escaped = true }
                    end += 1
                }
                if end > start {
                    guard segmentCount < Self.segmentLimit else { return fallback }
                    segments[segmentCount] = Segment(start: start, end: end, escaped: escaped)
                    segmentCount += 1
                }
                start = end + 1
            }
            return withUnsafeTemporaryAllocation(of: (Int, Int).self, capacity: Self.segmentLimit) { captures in
                var walk = Walk(
                    bytes: bytes, pool: pool, segments: UnsafeBufferPointer(rebasing: segments[..<segmentCount]),
                    captures: captures)
                let entry = self.walk(Int(rootNode), 0, &walk)
                guard entry >= 0 else { return fallback }
                return read(entries[Int(entry)], bytes, pool, captures, pathEnd)
            }
        }
    }

    struct Walk {
        let bytes: UnsafeBufferPointer<UInt8>
        let pool: UnsafeBufferPointer<UInt8>
        let segments: UnsafeBufferPointer<Segment>
        let captures: UnsafeMutableBufferPointer<(Int, Int)>
    }

    private func walk(_ nodeIndex: Int, _ depth: Int, _ walk: inout Walk) -> Int32 {
        let node = nodes[nodeIndex]
        if depth == walk.segments.count { return node.terminal }
        let segment = walk.segments[depth]
        if node.literalCount > 0, let child = literal(node, segment, walk) {
            let found = self.walk(Int(child), depth + 1, &walk)
            if found >= 0 { return found }
        }
        var position = Int(node.edgeStart)
        let edgeEnd = position + Int(node.edgeCount)
        while position < edgeEnd {
            let edge = edges[position]
            position += 1
            let valueStart = segment.start + Int(edge.prefix.count)
            let valueEnd = segment.end - Int(edge.suffix.count)
            guard valueStart < valueEnd,
                Self.equal(walk.bytes, segment.start, walk.pool, edge.prefix),
                Self.equal(walk.bytes, valueEnd, walk.pool, edge.suffix),
                Self.accepts(edge.kind, UnsafeBufferPointer(rebasing: walk.bytes[valueStart..<valueEnd]))
            else { continue }
            walk.captures[depth] = (valueStart, valueEnd)
            let found = self.walk(Int(edge.child), depth + 1, &walk)
            if found >= 0 { return found }
        }
        if node.catchAll >= 0 {
            walk.captures[depth] = (segment.start, walk.segments[walk.segments.count - 1].end)
            return node.catchAll
        }
        return -1
    }

    /// The static child whose label is `segment` (decoded), by binary search over the node's
    /// labels ordered by length, then bytes.
    private func literal(_ node: Node, _ segment: Segment, _ walk: Walk) -> Int32? {
        let length =
            segment.escaped ? Self.decodedLength(walk.bytes, segment.start, segment.end) : segment.end - segment.start
        var low = Int(node.literalStart)
        var high = low + Int(node.literalCount)
        while low < high {
            let middle = (low + high) / 2
            let label = literals[middle].label
            let order: Int
            if Int(label.count) != length {
                order = Int(label.count) < length ? -1 : 1
            } else {
                order = Self.compare(walk.pool, label, walk.bytes, segment)
            }
            if order == 0 { return literals[middle].child }
            if order < 0 { low = middle + 1 } else { high = middle }
        }
        return nil
    }

    /// The order of `label` against the decoded `segment`, which has the same decoded length.
    private static func compare(
        _ pool: UnsafeBufferPointer<UInt8>, _ label: Bytes, _ bytes: UnsafeBufferPointer<UInt8>, _ segment: Segment
    ) -> Int {
        var source = segment.start
        for offset in 0..<Int(label.count) {
            var byte = bytes[source]
            if byte == UInt8(ascii: "%"), source + 2 < segment.end {
                byte = hex(bytes[source + 1]) << 4 | hex(bytes[source + 2])
                source += 3
            } else {
                source += 1
            }
            let stored = pool[Int(label.start) + offset]
            if stored != byte { return stored < byte ? -1 : 1 }
        }
        return 0
    }

    private func read(
        _ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>, _ pool: UnsafeBufferPointer<UInt8>,
        _ captures: UnsafeMutableBufferPointer<(Int, Int)>, _ pathEnd: Int
    ) -> Int {
        var sum = entry.handler
        for position in Int(entry.readStart)..<Int(entry.readStart + entry.readCount) {
            let item = reads[position]
            var range = (0, 0)
            if item.depth >= 0 {
                range = captures[Int(item.depth)]
            } else if let found = Self.queryValue(bytes, pathEnd, pool, item.queryKey) {
                range = found
            } else {
                continue
            }
            let text = UnsafeBufferPointer(rebasing: bytes[range.0..<range.1])
            switch item.kind {
            case .int: sum &+= Self.int(text) ?? 0
            case .double: sum &+= Int(Self.double(text) ?? 0)
            case .bool: sum &+= (text.first ?? 0) | 0x20 == UInt8(ascii: "t") ? 1 : 0
            case .uuid: sum &+= Int(Self.uuidFirstByte(text) ?? 0)
            case .string, .optionalString: sum &+= Self.decodedLength(bytes, range.0, range.1)
            }
        }
        return sum
    }

    private static func queryValue(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ pool: UnsafeBufferPointer<UInt8>, _ key: Bytes
    ) -> (Int, Int)? {
        guard start < bytes.count, bytes[start] == UInt8(ascii: "?") else { return nil }
        let keyCount = Int(key.count)
        var item = start + 1
        while item < bytes.count {
            var end = item
            while end < bytes.count, bytes[end] != UInt8(ascii: "&"), bytes[end] != UInt8(ascii: "#") { end += 1 }
            if end - item > keyCount, equal(bytes, item, pool, key), bytes[item + keyCount] == UInt8(ascii: "=") {
                return (item + keyCount + 1, end)
            }
            item = end + 1
        }
        return nil
    }

    private static func decodedLength(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int {
        var length = end - start
        for index in start..<end where bytes[index] == UInt8(ascii: "%") { length -= 2 }
        return length
    }

    private static func equalsLowercased(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int, _ pool: UnsafeBufferPointer<UInt8>,
        _ lower: Bytes
    ) -> Bool {
        guard end - start == Int(lower.count) else { return false }
        for offset in 0..<Int(lower.count) {
            var byte = bytes[start + offset]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte |= 0x20 }
            if byte != pool[Int(lower.start) + offset] { return false }
        }
        return true
    }

    private static func equal(
        _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ pool: UnsafeBufferPointer<UInt8>, _ text: Bytes
    ) -> Bool {
        for offset in 0..<Int(text.count) where bytes[start + offset] != pool[Int(text.start) + offset] {
            return false
        }
        return true
    }

    private static func accepts(_ kind: BenchPattern.Kind, _ text: UnsafeBufferPointer<UInt8>) -> Bool {
        switch kind {
        case .bool:
            return isWord(text, "true") || isWord(text, "false")
        case .uuid: return uuidFirstByte(text) != nil
        case .int: return Self.int(text) != nil
        case .double: return double(text) != nil
        default: return true
        }
    }

    private static func isWord(_ text: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard text.count == word.utf8CodeUnitCount else { return false }
        let stored = word.utf8Start
        for index in 0..<text.count where text[index] | 0x20 != stored[index] { return false }
        return true
    }

    /// An integer read from its bytes, without overflow; `nil` for anything else.
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

    /// A decimal number (`-12.5`, `3e2`) read from its bytes; `nil` for anything else.
    static func double(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        var negative = false
        if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
            negative = text[index] == UInt8(ascii: "-")
            index += 1
        }
        var mantissa = 0.0
        var digits = 0
        var scale = 0
        while index < text.count, let digit = decimal(text[index]) {
            mantissa = mantissa * 10 + Double(digit)
            digits += 1
            index += 1
        }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            while index < text.count, let digit = decimal(text[index]) {
                mantissa = mantissa * 10 + Double(digit)
                digits += 1
                scale -= 1
                index += 1
            }
        }
        guard digits > 0 else { return nil }
        if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < text.count, text[index] == UInt8(ascii: "-") || text[index] == UInt8(ascii: "+") {
                exponentNegative = text[index] == UInt8(ascii: "-")
                index += 1
            }
            var exponent = 0
            var exponentDigits = 0
            while index < text.count, let digit = decimal(text[index]), exponent < 10_000 {
                exponent = exponent * 10 + digit
                exponentDigits += 1
                index += 1
            }
            guard exponentDigits > 0 else { return nil }
            scale += exponentNegative ? -exponent : exponent
        }
        guard index == text.count else { return nil }
        var value = mantissa
        var power = 1.0
        for _ in 0..<min(abs(scale), 400) { power *= 10 }
        value = scale < 0 ? value / power : value * power
        guard value.isFinite else { return nil }
        return negative ? -value : value
    }

    private static func decimal(_ byte: UInt8) -> Int? {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? Int(byte - UInt8(ascii: "0")) : nil
    }

    /// The first byte of a hyphenated UUID, after checking all of it; `nil` when it is not one.
    static func uuidFirstByte(_ text: UnsafeBufferPointer<UInt8>) -> UInt8? {
        guard text.count == 36 else { return nil }
        for index in 0..<36 {
            if index == 8 || index == 13 || index == 18 || index == 23 {
                guard text[index] == UInt8(ascii: "-") else { return nil }
            } else if !isHex(text[index]) {
                return nil
            }
        }
        return hex(text[0]) << 4 | hex(text[1])
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }

    private static func hex(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 48...57: byte - 48
        case 65...70: byte - 55
        case 97...102: byte - 87
        default: 0
        }
    }
}
