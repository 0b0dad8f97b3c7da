import Foundation

// Matching segments as text, for explaining a failed lookup and for tests: links themselves are
// resolved by the walk on their bytes (LinkTrieWalk.swift).
extension LinkTrie {
    /// Walks `segments` from `root` and returns the highest-precedence entry that matches them:
    /// at the first segment where candidates differ, static beats placeholders beat the
    /// catch-all (see ``LinkSegmentShape/precedes(_:)``).
    ///
    /// This is the text-based entry point, for explaining a failed lookup and for tests; links
    /// are resolved by ``walk(_:_:_:)`` on their bytes.
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
        var bytes: [UInt8] = []
        var refs: [SegmentRef] = []
        for segment in segments {
            let start = bytes.count
            bytes.append(contentsOf: segment.utf8)
            refs.append(SegmentRef(start: start, end: bytes.count, isPrintableASCII: Self.isPrintableASCII(segment)))
            bytes.append(UInt8(ascii: "/"))
        }
        return bytes.withUnsafeBufferPointer { buffer in
            refs.withUnsafeBufferPointer { segmentBuffer in
                withCaptureSlots(count: segments.count) { slots in
                    var state = Walk(bytes: buffer, segments: segmentBuffer, captures: slots)
                    defer { state.end() }
                    state.relaxed = relaxed
                    state.tracking = true
                    var tree = self
                    let entry = tree.walk(root, 0, &state)
                    visits += state.visits
                    progress = state.progress
                    guard entry >= 0 else { return nil }
                    var captures: [Capture?] = []
                    for slot in slots {
                        guard slot.isSet else {
                            captures.append(nil)
                            continue
                        }
                        let text = state.text(of: slot)
                        captures.append(
                            Capture(
                                text: text,
                                value: slot.isConverted ? state.converted(slot).value(text: text) : nil))
                    }
                    return Match(entry: Int(entry), captures: captures)
                }
            }
        }
    }

    /// Up to `limit` entries below `start` (the nodes a failed walk reached), nearest first
    /// and in a stable order within a level. With `near`, the segment of the link where the walk
    /// stopped, the static segments right below `start` spelt within a few edits of it come
    /// first, closest spelling first, each with its nearest entry: a typo then suggests the
    /// pattern meant.
    ///
    /// The breadth-first search looks at no more than `searchLimit` nodes, so a failed lookup
    /// costs the same under a root with ten children as under one with ten thousand; in
    /// tables that wide the list may be shorter than `limit`.
    func entries(below start: [Int], limit: Int, near: String? = nil, searchLimit: Int = 64) -> [Int] {
        var result: [Int] = []
        if let near {
            // Within three edits only: a level may hold thousands of static segments, and the
            // bounded distance gives up early on each of the others.
            var close: [(distance: Int, label: String, node: Int)] = []
            for node in start.prefix(searchLimit) {
                var next = nodes[node].firstLiteral
                while next >= 0 {
                    let text = label(of: Int(next))
                    let distance = editDistance(text, near, limit: 3)
                    if distance <= 3 { close.append((distance, text, Int(next))) }
                    next = nodes[Int(next)].nextLiteral
                }
            }
            close.sort { ($0.distance, $0.label) < ($1.distance, $1.label) }
            for candidate in close where result.count < limit {
                if let entry = entries(below: [candidate.node], limit: 1, searchLimit: searchLimit).first,
                    !result.contains(entry)
                {
                    result.append(entry)
                }
            }
        }
        var queue = Array(start.prefix(searchLimit))
        var position = 0
        while position < queue.count, result.count < limit {
            let node = queue[position]
            position += 1
            for entry in [nodes[node].terminal, nodes[node].catchAll] where entry >= 0 && !result.contains(Int(entry)) {
                result.append(Int(entry))
            }
            var literalChildren: [Int] = []
            var next = nodes[node].firstLiteral
            while next >= 0 {
                literalChildren.append(Int(next))
                next = nodes[Int(next)].nextLiteral
            }
            literalChildren.sort { label(of: $0) < label(of: $1) }
            for child in literalChildren {
                guard queue.count < searchLimit else { break }
                queue.append(child)
            }
            var edges = nodes[node].edges
            if nodes[node].isIndexed { edges.sort { shape(of: $0).precedes(shape(of: $1)) } }
            for edge in edges {
                guard queue.count < searchLimit else { break }
                queue.append(Int(edge.child))
            }
        }
        return Array(result.prefix(limit))
    }
}

/// How many single-character edits (insertions, deletions, substitutions) turn `a` into `b`,
/// ignoring case; `limit + 1` when it takes more than `limit`. Suggestions for a mistyped link need
/// only near spellings, and the bound keeps a level of thousands of static segments cheap to rank.
func editDistance(_ a: String, _ b: String, limit: Int) -> Int {
    let first = Array(a.lowercased().utf8)
    let second = Array(b.lowercased().utf8)
    if abs(first.count - second.count) > limit { return limit + 1 }
    var previous = Array(0...second.count)
    var current = [Int](repeating: 0, count: second.count + 1)
    for (row, byte) in first.enumerated() {
        current[0] = row + 1
        var best = current[0]
        for (column, other) in second.enumerated() {
            let substitution = previous[column] + (other == byte ? 0 : 1)
            current[column + 1] = min(substitution, previous[column + 1] + 1, current[column] + 1)
            best = min(best, current[column + 1])
        }
        if best > limit { return limit + 1 }
        swap(&previous, &current)
    }
    return min(previous[second.count], limit + 1)
}
