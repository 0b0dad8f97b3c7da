/// The patterns of a ``LinkTable`` as a tree of path segments, one tree per scheme and host.
///
/// A lookup walks down one level per link segment. At each level static children are found
/// by hashing and placeholder children are tried in precedence order, so a lookup's cost
/// depends on the link's length and on how many *kinds* of placeholder sit side by side at a
/// level, not on how many patterns are registered.
///
/// When a higher-precedence branch fails deeper down, the walk backs up and tries the next
/// sibling. Every node sits at exactly one depth and has exactly one parent, so each node is
/// entered at most once per lookup: backtracking never repeats work, and the worst case is
/// bounded by the number of nodes whose every segment matched, however the patterns overlap.
struct LinkTrie {
    /// A placeholder child: how to test a segment against it and where it leads.
    struct Edge {
        let shape: LinkSegmentShape
        let prefix: String
        let suffix: String
        /// `prefix.count` and `suffix.count`, in characters, kept to avoid recounting per lookup.
        let prefixLength: Int
        let suffixLength: Int
        let converter: LinkConverter
        let child: Int

        /// The captured text and value when `segment` fits this edge. With `relaxed`, a typed
        /// placeholder accepts any text and captures a `nil` value, which lets the table say
        /// which parameter failed to convert when nothing matched.
        func capture(_ segment: String, relaxed: Bool) -> Capture? {
            var middle = segment
            let affixLength = prefixLength + suffixLength
            if affixLength > 0 {
                // The count check keeps prefix and suffix from overlapping and leaves at least
                // one character for the placeholder.
                guard segment.hasPrefix(prefix), segment.hasSuffix(suffix), segment.count > affixLength else {
                    return nil
                }
                middle = String(segment.dropFirst(prefixLength).dropLast(suffixLength))
            }
            if let value = converter.value(of: middle) {
                return Capture(text: middle, value: value)
            }
            return relaxed && converter.type.isTyped ? Capture(text: middle, value: nil) : nil
        }
    }

    /// One level of one or more patterns.
    struct Node {
        var literals: [String: Int] = [:]
        /// The keys of `literals`, sorted, so suggestions list children in a stable order
        /// without sorting on every failed lookup.
        var sortedLiterals: [String] = []
        /// Sorted by ``LinkSegmentShape/precedes(_:)``.
        var placeholders: [Edge] = []
        /// The entry whose pattern ends with a catch-all here.
        var catchAll: Int?
        /// The entry whose pattern ends here.
        var terminal: Int?
    }

    /// The text a placeholder captured and its converted value (`nil` only in relaxed walks).
    struct Capture {
        let text: String
        let value: (any Sendable)?
    }

    /// A successful walk: the entry and, for every link segment that a placeholder took, its capture.
    struct Match {
        let entry: Int
        let captures: [Capture?]
    }

    /// How far a failed walk got, for suggesting the closest patterns.
    struct Progress {
        var depth = 0
        var nodes: [Int] = []
    }

    private(set) var nodes: [Node] = []
    private(set) var roots: [String: Int] = [:]

    // MARK: Building

    /// The entry already registered under one of `rootKeys` with exactly this shape, if any.
    func conflict(rootKeys: [String], shape: [LinkSegmentShape]) -> Int? {
        for key in rootKeys {
            guard var node = roots[key] else { continue }
            var found: Int?
            var diverged = false
            for (position, segment) in shape.enumerated() {
                if segment == .catchAll {
                    found = nodes[node].catchAll
                    diverged = found == nil
                    break
                }
                guard let child = child(of: node, for: segment) else {
                    diverged = true
                    break
                }
                node = child
                if position == shape.count - 1 { found = nodes[node].terminal }
            }
            if shape.isEmpty { found = nodes[node].terminal }
            if !diverged, let found { return found }
        }
        return nil
    }

    /// Adds `pattern` as `entry` under every root; the caller has checked for conflicts.
    mutating func insert(rootKeys: [String], pattern: LinkPattern, converters: [String: LinkConverter], entry: Int) {
        for key in rootKeys {
            var node: Int
            if let root = roots[key] {
                node = root
            } else {
                node = newNode()
                roots[key] = node
            }
            for segment in pattern.segments {
                switch segment {
                case .catchAll:
                    nodes[node].catchAll = entry
                    continue
                case .literal(let text):
                    if let child = nodes[node].literals[text] {
                        node = child
                    } else {
                        let child = newNode()
                        nodes[node].literals[text] = child
                        let position = Self.insertionIndex(of: text, in: nodes[node].sortedLiterals)
                        nodes[node].sortedLiterals.insert(text, at: position)
                        node = child
                    }
                case .placeholder(let prefix, let placeholder, let suffix):
                    if let child = child(of: node, for: segment.shape) {
                        node = child
                    } else {
                        let child = newNode()
                        let converter =
                            converters[placeholder.name] ?? LinkConverter(type: .string, sample: nil, convert: nil)
                        let edge = Edge(
                            shape: segment.shape, prefix: prefix, suffix: suffix,
                            prefixLength: prefix.count, suffixLength: suffix.count, converter: converter, child: child
                        )
                        let position = nodes[node].placeholders.firstIndex { edge.shape.precedes($0.shape) }
                        nodes[node].placeholders.insert(edge, at: position ?? nodes[node].placeholders.count)
                        node = child
                    }
                }
            }
            if pattern.segments.last?.shape != .catchAll {
                nodes[node].terminal = entry
            }
        }
    }

    /// Where `key` goes in the sorted `keys`, by binary search.
    private static func insertionIndex(of key: String, in keys: [String]) -> Int {
        var low = 0
        var high = keys.count
        while low < high {
            let middle = (low + high) / 2
            if keys[middle] < key {
                low = middle + 1
            } else {
                high = middle
            }
        }
        return low
    }

    private mutating func newNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }

    private func child(of node: Int, for shape: LinkSegmentShape) -> Int? {
        switch shape {
        case .literal(let text): nodes[node].literals[text]
        case .placeholder: nodes[node].placeholders.first { $0.shape == shape }?.child
        case .catchAll: nil
        }
    }

    // MARK: Matching

    /// Walks `segments` from `root` and returns the highest-precedence entry that matches them:
    /// at the first segment where candidates differ, static beats typed beats string beats
    /// catch-all (see ``LinkSegmentShape/precedes(_:)``).
    ///
    /// - Parameters:
    ///   - relaxed: Let typed placeholders accept any text (with a `nil` value).
    ///   - progress: On failure, the deepest level reached and the nodes there.
    ///   - visits: Incremented for every node entered; tests use it to check the walk's bound.
    func match(
        _ segments: [String],
        from root: Int,
        relaxed: Bool,
        progress: inout Progress,
        visits: inout Int
    ) -> Match? {
        // Each frame is a node being tried at depth `stack.count - 1`, with the next child to try:
        // 0 is the static child, 1...n the placeholder edges, n + 1 the catch-all.
        var stack: [(node: Int, next: Int)] = [(root, 0)]
        var captures = [Capture?](repeating: nil, count: segments.count)
        progress = Progress(depth: 0, nodes: [root])
        visits += 1

        while let (nodeIndex, next) = stack.last {
            let depth = stack.count - 1
            if depth == segments.count {
                if let entry = nodes[nodeIndex].terminal { return Match(entry: entry, captures: captures) }
                stack.removeLast()
                continue
            }
            stack[depth].next += 1
            let segment = segments[depth]
            var child: Int?
            if next == 0 {
                if let literal = nodes[nodeIndex].literals[segment] {
                    captures[depth] = nil
                    child = literal
                }
            } else if next <= nodes[nodeIndex].placeholders.count {
                let edge = nodes[nodeIndex].placeholders[next - 1]
                if let capture = edge.capture(segment, relaxed: relaxed) {
                    captures[depth] = capture
                    child = edge.child
                }
            } else if next == nodes[nodeIndex].placeholders.count + 1, let entry = nodes[nodeIndex].catchAll {
                let rest = segments[depth...].joined(separator: "/")
                captures[depth] = Capture(text: rest, value: rest)
                return Match(entry: entry, captures: captures)
            } else {
                stack.removeLast()
                continue
            }
            if let child {
                visits += 1
                stack.append((child, 0))
                if depth + 1 > progress.depth {
                    progress = Progress(depth: depth + 1, nodes: [child])
                } else if depth + 1 == progress.depth {
                    progress.nodes.append(child)
                }
            }
        }
        return nil
    }

    /// Up to `limit` entries below `start` (the nodes a failed walk reached), nearest first
    /// and in a stable order within a level.
    ///
    /// The breadth-first search looks at no more than `searchLimit` nodes, so a failed lookup
    /// costs the same under a root with ten children as under one with ten thousand; in
    /// tables that wide the list may be shorter than `limit`.
    func entries(below start: [Int], limit: Int, searchLimit: Int = 64) -> [Int] {
        var result: [Int] = []
        var queue = Array(start.prefix(searchLimit))
        var position = 0
        while position < queue.count, result.count < limit {
            let node = queue[position]
            position += 1
            for entry in [nodes[node].terminal, nodes[node].catchAll].compactMap({ $0 }) where !result.contains(entry) {
                result.append(entry)
            }
            for key in nodes[node].sortedLiterals {
                guard queue.count < searchLimit else { break }
                if let child = nodes[node].literals[key] { queue.append(child) }
            }
            for edge in nodes[node].placeholders {
                guard queue.count < searchLimit else { break }
                queue.append(edge.child)
            }
        }
        return Array(result.prefix(limit))
    }
}
