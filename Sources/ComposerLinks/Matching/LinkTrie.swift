import Foundation

/// The patterns of a ``LinkTable`` as a tree of path segments, one tree per scheme and host.
///
/// A lookup walks down one level per link segment. Static children of every node live in one
/// hashed table keyed by (node, text); placeholder children are tried in precedence order.
/// A node with many placeholder children that differ only in the text around them
/// (`u1-<int:id>`, `u2-<int:id>`, …) indexes them by that text, so a lookup only tries the
/// children whose text fits the segment. A lookup's cost therefore depends on the link's
/// length and on how many *kinds* of placeholder fit a segment at a level, not on how many
/// patterns are registered.
///
/// When a higher-precedence branch fails deeper down, the walk backs up and tries the next
/// sibling. Every node sits at exactly one depth and has exactly one parent, so each node is
/// entered at most once per lookup: backtracking never repeats work, and the worst case is
/// bounded by the number of nodes whose every segment matched, however the patterns overlap.
struct LinkTrie {
    /// A placeholder child: how to test a segment against it and where it leads.
    struct Edge {
        // Fields in this order pack into 80 bytes.
        /// How the (first) placeholder's text converts.
        let converter: LinkConverter
        /// Whether prefix and suffix are printable ASCII, so bytes and characters coincide.
        let isPrintableASCII: Bool
        let child: Int32
        /// For a segment with several placeholders, its position in `compounds`; -1 otherwise,
        /// so that the common edge carries nothing more to copy.
        let compound: Int32
        let prefix: String
        let suffix: String

        /// The UTF-8 lengths of `prefix` and `suffix` (constant time for native strings).
        var prefixBytes: Int { prefix.utf8.count }
        var suffixBytes: Int { suffix.utf8.count }
    }

    /// What an edge for a segment with several placeholders needs besides its first placeholder.
    struct Compound {
        /// The texts between the placeholders (see ``LinkSegmentSplit``).
        let separators: [String]
        /// How each placeholder after the first converts.
        let laterConverters: [LinkConverter]
    }

    /// One level of one or more patterns.
    struct Node {
        /// Sorted by ``LinkSegmentShape/precedes(_:)``, unless the node is indexed.
        var edges: [Edge] = []
        /// The entry whose pattern ends here, or -1.
        var terminal: Int32 = -1
        /// The entry whose pattern ends with a catch-all here, or -1.
        var catchAll: Int32 = -1
        /// The first static child, then each child's `nextLiteral`: for suggestions only.
        var firstLiteral: Int32 = -1
        var nextLiteral: Int32 = -1
        /// The static text that leads here from the parent, as a position in `labels`; -1 for
        /// other nodes. Labels repeat a lot (`list`, `edit` under every module), so each
        /// distinct one is kept once.
        var label: Int32 = -1
        /// For a node whose `edges` are too many to scan, its position in `affixNodes`; -1 for
        /// other nodes. (It fills what would otherwise be padding.)
        var affix: Int32 = -1
        /// Bit n: a printable-ASCII static child of n bytes (n < 62); bit 62: any other static
        /// child; bit 63: a case-insensitive one (its length is in the other bits too). Lets a lookup skip the hashed table when no static child can fit a segment.
        var literalLengths: UInt64 = 0

        /// Whether `edges` is too long to scan and is found through `affixSlots` instead.
        var isIndexed: Bool { affix >= 0 }

        static let otherLiteralBit: UInt64 = 1 << 62
        /// Bit 63: a static child of a case-insensitive pattern, keyed by ``LinkTrie/foldedKey(_:)``.
        static let foldedLiteralBit: UInt64 = 1 << 63
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

    /// A root's scheme and host, lowercased, for comparing a link's bytes without building a key.
    struct Root {
        let scheme: [UInt8]
        let host: [UInt8]?
        let node: Int32
    }

    struct LiteralKey: Hashable {
        let node: Int32
        let text: String
    }

    /// One static child whose text is ASCII, in the open-addressed `asciiLiterals`.
    struct LiteralSlot {
        /// Bits of the hash of (node, text), to pass over most other keys unread.
        var fingerprint: UInt32 = 0
        /// The parent node; -1 for an empty slot.
        var node: Int32 = -1
        /// The child, whose `label` is the text.
        var child: Int32 = 0
    }

    /// The lengths, in characters, of a placeholder's prefix and suffix.
    struct AffixLengths: Hashable {
        let prefix: Int
        let suffix: Int
    }

    /// What a lookup needs to know about an indexed node besides its slots.
    struct AffixNode {
        /// The distinct (prefix, suffix) lengths of its placeholders: a segment can only fit
        /// texts of these lengths, so a lookup hashes one candidate text per pair.
        var lengths: [AffixLengths] = []
        /// The most placeholders that share one surrounding text (they differ in type), which
        /// bounds how many candidates one length pair can yield.
        var largestGroup = 0

        /// The most candidates a segment can have at this node.
        var candidateLimit: Int { lengths.count * largestGroup }
    }

    /// One placeholder child of an indexed node in the open-addressed `affixSlots`.
    struct AffixSlot {
        /// Bits of the hash of (node, prefix, suffix), to pass over most other keys unread.
        var fingerprint: UInt32 = 0
        /// The indexed node; -1 for an empty slot.
        var node: Int32 = -1
        /// The placeholder's position in the node's `edges`.
        var edge: Int32 = 0
    }

    /// Above this many placeholder children, a node indexes them by their surrounding text.
    static let indexThreshold = 8

    private(set) var nodes: [Node] = []
    /// The extra parts of edges for segments with several placeholders, by `Edge/compound`.
    private(set) var compounds: [Compound] = []
    private(set) var roots: [String: Int] = [:]
    private(set) var rootList: [Root] = []
    /// Every distinct static text of the trie, once, and where each is in `labels`.
    private(set) var labels: [String] = []
    private var labelIndices: [String: Int32] = [:]
    /// The static children whose text is ASCII, hashed by node and the text's bytes: one flat
    /// open-addressed table (a power of two long, at most three quarters full), so a lookup
    /// hashes a link's bytes in place instead of building and hashing a `String`. ASCII text is
    /// its own canonical form, so bytes compare as the strings would.
    private(set) var asciiLiterals: [LiteralSlot] = []
    private var asciiLiteralCount = 0
    /// The static children whose text is not ASCII, compared as `String`s are (canonical
    /// equivalence), so `é` written either way is the same step.
    private(set) var literals: [LiteralKey: Int32] = [:]
    /// The placeholder children of every indexed node, hashed by node and surrounding text:
    /// one flat open-addressed table (a power of two long, at most three quarters full) rather
    /// than a dictionary of small arrays, so each such child costs a few bytes and a lookup
    /// allocates nothing. Texts compare as `String`s do (canonical equivalence), as everywhere
    /// else; the hash is of their NFC form's bytes, so a link's ASCII text is hashed in place.
    private(set) var affixSlots: [AffixSlot] = []
    private var affixSlotCount = 0
    /// The indexed nodes' lengths, by `Node/affix`.
    private(set) var affixNodes: [AffixNode] = []

    // MARK: Building

    /// The entry already registered under one of `rootKeys` with exactly this shape, if any.
    func conflict(rootKeys: [String], shape: [LinkSegmentShape]) -> Int? {
        for key in rootKeys {
            guard var node = roots[key] else { continue }
            var found: Int?
            var diverged = false
            for (position, segment) in shape.enumerated() {
                if segment == .catchAll {
                    found = nodes[node].catchAll >= 0 ? Int(nodes[node].catchAll) : nil
                    diverged = found == nil
                    break
                }
                guard let child = child(of: node, for: segment) else {
                    diverged = true
                    break
                }
                node = child
                if position == shape.count - 1 { found = nodes[node].terminal >= 0 ? Int(nodes[node].terminal) : nil }
            }
            if shape.isEmpty { found = nodes[node].terminal >= 0 ? Int(nodes[node].terminal) : nil }
            if !diverged, let found { return found }
        }
        return nil
    }

    /// Adds `pattern` as `entry` under every root; the caller has checked for conflicts.
    mutating func insert(
        rootKeys: [String], pattern: LinkPattern, pathCase: LinkPathCase, converters: [String: LinkConverter],
        entry: Int
    ) {
        for (offset, key) in rootKeys.enumerated() {
            var node: Int
            if let root = roots[key] {
                node = root
            } else {
                node = newNode()
                roots[key] = node
                let host = pattern.hosts.isEmpty ? nil : Array(pattern.hosts[offset].utf8)
                rootList.append(Root(scheme: Array(pattern.scheme.utf8), host: host, node: Int32(node)))
            }
            for segment in pattern.segments {
                switch segment {
                case .catchAll:
                    nodes[node].catchAll = Int32(entry)
                    continue
                case .literal(let text):
                    node =
                        pathCase == .insensitive
                        ? literalChild(of: node, Self.foldedKey(text), lengthOf: text) : literalChild(of: node, text)
                case .placeholder, .placeholders:
                    if let child = child(of: node, for: segment.shape) {
                        node = child
                    } else {
                        let segmentConverters = segment.placeholders.map { placeholder in
                            converters[placeholder.name] ?? LinkConverter(type: .string)
                        }
                        node = addEdge(to: node, texts: segment.texts, segmentConverters)
                    }
                }
            }
            if pattern.segments.last?.shape != .catchAll {
                nodes[node].terminal = Int32(entry)
            }
        }
    }

    /// The static child of `node` for `text`, added if new. `lengthOf` is the text a link's
    /// segment must be as long as, for the length filter: `text` itself, or the segment a
    /// folded key stands for.
    private mutating func literalChild(of node: Int, _ text: String, lengthOf shown: String? = nil) -> Int {
        if let child = existingLiteral(of: node, text) { return Int(child) }
        let child = newNode()
        let label = labelIndex(text)
        nodes[child].label = label
        // `labels` keeps one spelling of canonically equal texts, so an ASCII text can be given
        // another spelling's label (the Kelvin sign's, for `K`): the byte table holds only texts
        // whose label has their very bytes, the string table the rest.
        var storedAsBytes = false
        if Self.isASCII(text), labels[Int(label)].utf8.elementsEqual(text.utf8) {
            if (asciiLiteralCount + 1) * 4 > asciiLiterals.count * 3 { growASCIILiterals() }
            placeASCIILiteral(
                LiteralSlot(node: Int32(node), child: Int32(child)), hash: Self.literalHash(node: node, text: text))
            storedAsBytes = true
        } else {
            literals[LiteralKey(node: Int32(node), text: text)] = Int32(child)
        }
        nodes[child].nextLiteral = nodes[node].firstLiteral
        nodes[node].firstLiteral = Int32(child)
        let shown = shown ?? text
        let length = shown.utf8.count
        if length < 62, Self.isPrintableASCII(shown) {
            nodes[node].literalLengths |= 1 << UInt64(length)
        }
        if !storedAsBytes || length >= 62 || !Self.isPrintableASCII(shown) {
            nodes[node].literalLengths |= Node.otherLiteralBit
        }
        if shown != text { nodes[node].literalLengths |= Node.foldedLiteralBit }
        return child
    }

    /// Adds a placeholder child for a segment of `texts` around and between placeholders that
    /// convert with `converters` (one fewer than `texts`).
    private mutating func addEdge(to node: Int, texts: [String], _ converters: [LinkConverter]) -> Int {
        let child = newNode()
        let edge = Edge(
            converter: converters[0], isPrintableASCII: texts.allSatisfy(Self.isPrintableASCII),
            child: Int32(child), compound: texts.count > 2 ? Int32(compounds.count) : -1, prefix: texts[0],
            suffix: texts[texts.count - 1])
        if texts.count > 2 {
            compounds.append(
                Compound(
                    separators: Array(texts.dropFirst().dropLast()), laterConverters: Array(converters.dropFirst())))
        }
        if nodes[node].isIndexed {
            nodes[node].edges.append(edge)
            index(edgeAt: nodes[node].edges.count - 1, of: node)
        } else {
            let position = nodes[node].edges.firstIndex { shape(of: edge).precedes(shape(of: $0)) }
            nodes[node].edges.insert(edge, at: position ?? nodes[node].edges.count)
            if nodes[node].edges.count > Self.indexThreshold {
                nodes[node].affix = Int32(affixNodes.count)
                affixNodes.append(AffixNode())
                for position in nodes[node].edges.indices { index(edgeAt: position, of: node) }
            }
        }
        return child
    }

    private mutating func index(edgeAt position: Int, of node: Int) {
        if (affixSlotCount + 1) * 4 > affixSlots.count * 3 { growAffixSlots() }
        let edge = nodes[node].edges[position]
        var group = 1
        forEachAffixSlot(node: node, prefix: edge.prefix, suffix: edge.suffix) { _ in group += 1 }
        let hash = Self.affixHash(node: node, prefix: edge.prefix, suffix: edge.suffix)
        placeAffixSlot(
            AffixSlot(fingerprint: Self.fingerprint(hash), node: Int32(node), edge: Int32(position)), hash: hash)
        let info = Int(nodes[node].affix)
        affixNodes[info].largestGroup = max(affixNodes[info].largestGroup, group)
        let lengths = AffixLengths(prefix: edge.prefix.count, suffix: edge.suffix.count)
        if !affixNodes[info].lengths.contains(lengths) { affixNodes[info].lengths.append(lengths) }
    }

    /// Doubles `affixSlots` and places every slot again.
    private mutating func growAffixSlots() {
        let old = affixSlots
        affixSlots = Array(repeating: AffixSlot(), count: max(16, old.count * 2))
        affixSlotCount = 0
        for slot in old where slot.node >= 0 {
            let edge = nodes[Int(slot.node)].edges[Int(slot.edge)]
            placeAffixSlot(slot, hash: Self.affixHash(node: Int(slot.node), prefix: edge.prefix, suffix: edge.suffix))
        }
    }

    /// Puts `slot` in the first empty place from its hash on.
    private mutating func placeAffixSlot(_ slot: AffixSlot, hash: Int) {
        let mask = affixSlots.count - 1
        var place = hash & mask
        while affixSlots[place].node >= 0 { place = (place + 1) & mask }
        affixSlots[place] = slot
        affixSlotCount += 1
    }

    /// The hash of a placeholder's surrounding texts at `node`, from their NFC form.
    static func affixHash(node: Int, prefix: String, suffix: String) -> Int {
        let prefix = canonical(prefix)
        let suffix = canonical(suffix)
        var hasher = AffixHasher(node: node)
        prefix.utf8.withContiguousStorageIfAvailable { hasher.add($0) } ?? hasher.add(Array(prefix.utf8))
        hasher.separate()
        suffix.utf8.withContiguousStorageIfAvailable { hasher.add($0) } ?? hasher.add(Array(suffix.utf8))
        return hasher.value
    }

    /// The hash of ASCII texts, which are their own NFC form: `affixHash` without making strings.
    static func affixHash(node: Int, prefix: UnsafeBufferPointer<UInt8>, suffix: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = AffixHasher(node: node)
        hasher.add(prefix)
        hasher.separate()
        hasher.add(suffix)
        return hasher.value
    }

    static func fingerprint(_ hash: Int) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) }

    /// Calls `body` with the position in `edges` of every placeholder of the indexed `node`
    /// whose prefix and suffix equal these (one per type).
    private func forEachAffixSlot(node: Int, prefix: String, suffix: String, _ body: (Int) -> Void) {
        let hash = Self.affixHash(node: node, prefix: prefix, suffix: suffix)
        forEachAffixSlot(node: node, hash: hash, where: { $0.prefix == prefix && $0.suffix == suffix }, body)
    }

    /// Calls `body` with the position in `edges` of every placeholder of the indexed `node`
    /// in the slots of `hash` for which `matches` holds.
    private func forEachAffixSlot(
        node: Int, hash: Int, where matches: (Edge) -> Bool, _ body: (Int) -> Void
    ) {
        guard !affixSlots.isEmpty else { return }
        let fingerprint = Self.fingerprint(hash)
        let mask = affixSlots.count - 1
        var place = hash & mask
        while affixSlots[place].node >= 0 {
            let slot = affixSlots[place]
            if slot.fingerprint == fingerprint, Int(slot.node) == node, matches(nodes[node].edges[Int(slot.edge)]) {
                body(Int(slot.edge))
            }
            place = (place + 1) & mask
        }
    }

    /// The static child of `node` whose text equals `text` as strings compare: an ASCII text
    /// (or one whose canonical form is ASCII) in `asciiLiterals`, any other in `literals`, where
    /// a text like the Kelvin sign, canonically equal to ASCII `K`, is also found by `K`.
    func existingLiteral(of node: Int, _ text: String) -> Int32? {
        let canonical = Self.canonical(text)
        if Self.isASCII(canonical), let child = asciiLiteral(of: node, canonical) { return child }
        return literals[LiteralKey(node: Int32(node), text: text)]
    }

    private func asciiLiteral(of node: Int, _ text: String) -> Int32? {
        var text = text
        return text.withUTF8 { asciiLiteral(of: node, bytes: $0) }
    }

    /// The static child of `node` whose ASCII text is `bytes`.
    func asciiLiteral(of node: Int, bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard !asciiLiterals.isEmpty else { return nil }
        let hash = Self.literalHash(node: node, bytes: bytes)
        let fingerprint = Self.fingerprint(hash)
        let mask = asciiLiterals.count - 1
        var place = hash & mask
        while asciiLiterals[place].node >= 0 {
            let slot = asciiLiterals[place]
            if slot.fingerprint == fingerprint, Int(slot.node) == node,
                Self.bytes(bytes, equal: labels[Int(nodes[Int(slot.child)].label)])
            {
                return slot.child
            }
            place = (place + 1) & mask
        }
        return nil
    }

    /// Doubles `asciiLiterals` and places every slot again.
    private mutating func growASCIILiterals() {
        let old = asciiLiterals
        asciiLiterals = Array(repeating: LiteralSlot(), count: max(16, old.count * 2))
        asciiLiteralCount = 0
        for slot in old where slot.node >= 0 {
            let text = labels[Int(nodes[Int(slot.child)].label)]
            placeASCIILiteral(slot, hash: Self.literalHash(node: Int(slot.node), text: text))
        }
    }

    private mutating func placeASCIILiteral(_ slot: LiteralSlot, hash: Int) {
        var slot = slot
        slot.fingerprint = Self.fingerprint(hash)
        let mask = asciiLiterals.count - 1
        var place = hash & mask
        while asciiLiterals[place].node >= 0 { place = (place + 1) & mask }
        asciiLiterals[place] = slot
        asciiLiteralCount += 1
    }

    static func literalHash(node: Int, text: String) -> Int {
        var text = text
        return text.withUTF8 { literalHash(node: node, bytes: $0) }
    }

    static func literalHash(node: Int, bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hasher = AffixHasher(node: node)
        hasher.add(bytes)
        return hasher.value
    }

    static func isASCII(_ text: String) -> Bool { text.utf8.allSatisfy { $0 < 0x80 } }

    /// `text` in its canonical composed form (NFC), which ASCII text already is: texts that compare
    /// equal as strings have the same bytes in this form.
    static func canonical(_ text: String) -> String {
        isASCII(text) ? text : text.precomposedStringWithCanonicalMapping
    }

    /// The position of `text` in `labels`, adding it if new.
    private mutating func labelIndex(_ text: String) -> Int32 {
        if let index = labelIndices[text] { return index }
        labels.append(text)
        labelIndices[text] = Int32(labels.count - 1)
        return Int32(labels.count - 1)
    }

    /// The static text that leads to `node`; empty for other nodes.
    func label(of node: Int) -> String {
        let index = Int(nodes[node].label)
        return labels.indices.contains(index) ? labels[index] : ""
    }

    private mutating func newNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }

    private func child(of node: Int, for shape: LinkSegmentShape) -> Int? {
        switch shape {
        case .literal(let text), .foldedLiteral(let text):
            return existingLiteral(of: node, text).map(Int.init)
        case .placeholders(_, let texts):
            if nodes[node].isIndexed {
                var found: Int?
                forEachAffixSlot(node: node, prefix: texts[0], suffix: texts[texts.count - 1]) { position in
                    if self.shape(of: nodes[node].edges[position]) == shape {
                        found = Int(nodes[node].edges[position].child)
                    }
                }
                return found
            }
            return nodes[node].edges.first { self.shape(of: $0) == shape }.map { Int($0.child) }
        case .catchAll:
            return nil
        }
    }

    /// The shape of the segment `edge` stands for.
    func shape(of edge: Edge) -> LinkSegmentShape {
        guard edge.compound >= 0 else {
            return .placeholders(types: [edge.converter.type], texts: [edge.prefix, edge.suffix])
        }
        let compound = compounds[Int(edge.compound)]
        return .placeholders(
            types: [edge.converter.type] + compound.laterConverters.map(\.type),
            texts: [edge.prefix] + compound.separators + [edge.suffix])
    }

    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }

    // MARK: Matching

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

// MARK: - The walk on bytes

/// One non-empty path segment of a link: a byte range of the walk's buffer.
///
/// Offsets are kept in 32 bits (links are at most 4,096 bytes), so that a lookup's segments,
/// bounded by half the link's length, fit the stack for links of a few hundred bytes.
struct SegmentRef {
    private let start32: Int32
    private let end32: Int32
    /// Every byte is printable ASCII, so bytes and characters coincide.
    let isPrintableASCII: Bool

    init(start: Int, end: Int, isPrintableASCII: Bool) {
        start32 = Int32(truncatingIfNeeded: start)
        end32 = Int32(truncatingIfNeeded: end)
        self.isPrintableASCII = isPrintableASCII
    }

    var start: Int { Int(start32) }
    var end: Int { Int(end32) }
}

/// What a placeholder took from one segment during a walk. Plain data, so that slots cost
/// nothing to make, copy and drop: texts and app values that are not byte ranges of the buffer
/// live in the walk (``Walk/ownedTexts``, ``Walk/customValues``).
struct CaptureSlot {
    var isSet = false
    /// Whether the text converted (always, except for typed placeholders in relaxed walks).
    var isConverted = true
    /// The text's position in the walk's `ownedTexts` when it is not a byte range of the buffer
    /// (a catch-all across dropped empty segments, or text cut by characters); -1 otherwise.
    var owned: Int32 = -1
    var start = 0
    var end = 0
    var value: SlotValue = .text
}

/// A converted value in a capture slot: a built-in type's value, or an app value's position
/// in the walk's `customValues`.
enum SlotValue {
    case text
    case int(Int)
    case double(Double)
    case bool(Bool)
    case uuid(UUID)
    case custom(Int32)
}

/// Runs `body` with `count` empty capture slots that live on the stack when few.
func withCaptureSlots<Result>(count: Int, _ body: (UnsafeMutableBufferPointer<CaptureSlot>) -> Result) -> Result {
    withUnsafeTemporaryAllocation(of: CaptureSlot.self, capacity: max(count, 1)) { buffer in
        let slots = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
        slots.initialize(repeating: CaptureSlot())
        defer { slots.deinitialize() }
        return body(slots)
    }
}

/// The state of one walk.
struct Walk {
    let bytes: UnsafeBufferPointer<UInt8>
    let segments: UnsafeBufferPointer<SegmentRef>
    let captures: UnsafeMutableBufferPointer<CaptureSlot>
    var relaxed = false
    /// Whether to record `progress`, which only explanations need.
    var tracking = false
    var visits = 0
    var progress = LinkTrie.Progress()
    /// Texts of slots that are not byte ranges of `bytes`; empty (unallocated) on most walks.
    var ownedTexts: [String] = []
    /// Values of app-defined types; empty (unallocated) unless a pattern uses one.
    var customValues: [any Sendable] = []

    init(
        bytes: UnsafeBufferPointer<UInt8>, segments: UnsafeBufferPointer<SegmentRef>,
        captures: UnsafeMutableBufferPointer<CaptureSlot>
    ) {
        self.bytes = bytes
        self.segments = segments
        self.captures = captures
    }

    func text(_ segment: SegmentRef) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end]), as: UTF8.self)
    }

    /// Keeps `text` for a slot and returns its position.
    mutating func own(_ text: String) -> Int32 {
        ownedTexts.append(text)
        return Int32(ownedTexts.count - 1)
    }

    /// The slot's text when the walk keeps it, `nil` when it is the slot's byte range.
    func ownedText(_ slot: CaptureSlot) -> String? {
        slot.owned >= 0 ? ownedTexts[Int(slot.owned)] : nil
    }

    /// The slot's text, wherever it is.
    func text(of slot: CaptureSlot) -> String {
        ownedText(slot) ?? String(decoding: UnsafeBufferPointer(rebasing: bytes[slot.start..<slot.end]), as: UTF8.self)
    }

    /// `converted` as a slot keeps it.
    mutating func slotValue(_ converted: LinkConvertedValue) -> SlotValue {
        switch converted {
        case .text: return .text
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .bool(let value): return .bool(value)
        case .uuid(let value): return .uuid(value)
        case .custom(let value):
            customValues.append(value)
            return .custom(Int32(customValues.count - 1))
        }
    }

    /// The slot's converted value.
    func converted(_ slot: CaptureSlot) -> LinkConvertedValue {
        switch slot.value {
        case .text: .text
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .bool(let value): .bool(value)
        case .uuid(let value): .uuid(value)
        case .custom(let index): .custom(customValues[Int(index)])
        }
    }
}

extension LinkTrie {
    /// The entry the walk from `nodeIndex` at `depth` reaches, or -1; fills `state.captures`.
    ///
    /// `mutating` only so that it runs on the tree where it is: it changes nothing, but a
    /// non-mutating call on a tree that a class holds copies the tree (a retain and a release
    /// of each of its arrays) for every lookup.
    mutating func walk(_ nodeIndex: Int, _ depth: Int, _ state: inout Walk) -> Int32 {
        state.visits += 1
        if state.tracking {
            if depth > state.progress.depth {
                state.progress = Progress(depth: depth, nodes: [nodeIndex])
            } else if depth == state.progress.depth {
                state.progress.nodes.append(nodeIndex)
            }
        }
        if depth == state.segments.count { return nodes[nodeIndex].terminal }
        let segment = state.segments[depth]

        // Static text first: as written, then (for case-insensitive patterns) folded.
        if nodes[nodeIndex].firstLiteral >= 0, mayHaveLiteral(nodeIndex, segment) {
            if let child = literal(of: nodeIndex, segment, state) {
                state.captures[depth].isSet = false
                let found = walk(Int(child), depth + 1, &state)
                if found >= 0 { return found }
            }
            if nodes[nodeIndex].literalLengths & Node.foldedLiteralBit != 0,
                let child = foldedLiteral(of: nodeIndex, segment, state)
            {
                state.captures[depth].isSet = false
                let found = walk(Int(child), depth + 1, &state)
                if found >= 0 { return found }
            }
        }

        // Then placeholders, in precedence order.
        if nodes[nodeIndex].isIndexed {
            let info = affixNodes[Int(nodes[nodeIndex].affix)]
            let found = withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(info.candidateLimit, 1)) {
                buffer -> Int32 in
                let count = candidates(nodeIndex, info, segment, state, into: buffer)
                for position in buffer[..<count] {
                    let edge = nodes[nodeIndex].edges[Int(position)]
                    if capture(edge, segment, depth, &state, affixChecked: true) {
                        let found = walk(Int(edge.child), depth + 1, &state)
                        if found >= 0 { return found }
                    }
                }
                return -1
            }
            if found >= 0 { return found }
        } else {
            var position = 0
            while position < nodes[nodeIndex].edges.count {
                let edge = nodes[nodeIndex].edges[position]
                position += 1
                if capture(edge, segment, depth, &state) {
                    let found = walk(Int(edge.child), depth + 1, &state)
                    if found >= 0 { return found }
                }
            }
        }

        // Then the catch-all, which takes the rest of the path.
        let catchAll = nodes[nodeIndex].catchAll
        guard catchAll >= 0 else { return -1 }
        let last = state.segments[state.segments.count - 1]
        var slot = CaptureSlot(isSet: true, start: segment.start, end: last.end)
        var contiguous = true
        for index in depth..<(state.segments.count - 1)
        where state.segments[index + 1].start != state.segments[index].end + 1 {
            contiguous = false
        }
        if !contiguous {
            slot.owned = state.own(state.segments[depth...].map { state.text($0) }.joined(separator: "/"))
        }
        state.captures[depth] = slot
        return catchAll
    }

    /// Whether a static child of `node` could equal `segment`, judged by its length.
    /// The static child of `node` that `segment` leads to: an ASCII segment by its bytes (and,
    /// only where the node has non-ASCII texts, as a string too), any other as a string.
    private func literal(of node: Int, _ segment: SegmentRef, _ state: Walk) -> Int32? {
        guard segment.isPrintableASCII else { return existingLiteral(of: node, state.text(segment)) }
        let bytes = UnsafeBufferPointer(rebasing: state.bytes[segment.start..<segment.end])
        if let child = asciiLiteral(of: node, bytes: bytes) { return child }
        guard nodes[node].literalLengths & Node.otherLiteralBit != 0 else { return nil }
        return literals[LiteralKey(node: Int32(node), text: state.text(segment))]
    }

    /// The static child of a case-insensitive pattern that `segment` leads to: a printable
    /// ASCII segment lowercased into a stack buffer and found by its bytes, any other by its
    /// folded key as a string.
    private func foldedLiteral(of node: Int, _ segment: SegmentRef, _ state: Walk) -> Int32? {
        guard segment.isPrintableASCII else { return existingLiteral(of: node, Self.foldedKey(state.text(segment))) }
        let count = segment.end - segment.start
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count + 1) { key in
            key[0] = 0
            for offset in 0..<count {
                key[offset + 1] = LinkValueConversion.asciiLowercase(state.bytes[segment.start + offset])
            }
            return asciiLiteral(of: node, bytes: UnsafeBufferPointer(key))
        }
    }

    /// The key a case-insensitive pattern's static text is kept under: a NUL, which no link's
    /// segment holds, so it never meets a case-sensitive text, then the text lowercased.
    static func foldedKey(_ text: String) -> String {
        "\u{0}" + text.lowercased()
    }

    private func mayHaveLiteral(_ node: Int, _ segment: SegmentRef) -> Bool {
        let lengths = nodes[node].literalLengths
        guard segment.isPrintableASCII, lengths & Node.otherLiteralBit == 0 else { return true }
        let length = segment.end - segment.start
        return length < 62 && lengths & (1 << UInt64(length)) != 0
    }

    /// Writes to `buffer` the positions of the indexed node's placeholders whose surrounding
    /// text fits `segment`, in precedence order, and returns how many there are. One hashed
    /// probe per distinct (prefix, suffix) length pair; nothing is allocated for texts of up to
    /// 15 bytes, which stay inside their `String`.
    private func candidates(
        _ node: Int, _ info: AffixNode, _ segment: SegmentRef, _ state: Walk,
        into buffer: UnsafeMutableBufferPointer<Int32>
    ) -> Int {
        let text: String? = segment.isPrintableASCII ? nil : state.text(segment)
        let length = text?.count ?? (segment.end - segment.start)
        var count = 0
        func add(_ position: Int) {
            guard count < buffer.count else { return }
            buffer[count] = Int32(position)
            count += 1
        }
        for pair in info.lengths where pair.prefix + pair.suffix < length {
            if let text {
                forEachAffixSlot(
                    node: node, prefix: String(text.prefix(pair.prefix)), suffix: String(text.suffix(pair.suffix)), add)
                continue
            }
            // Printable ASCII: hashed and compared in place.
            let prefix = UnsafeBufferPointer(rebasing: state.bytes[segment.start..<(segment.start + pair.prefix)])
            let suffix = UnsafeBufferPointer(rebasing: state.bytes[(segment.end - pair.suffix)..<segment.end])
            let hash = Self.affixHash(node: node, prefix: prefix, suffix: suffix)
            forEachAffixSlot(
                node: node, hash: hash,
                where: { edge in
                    guard edge.isPrintableASCII else {
                        // Text that only its NFC form makes ASCII (a Kelvin sign for a K).
                        return String(decoding: prefix, as: UTF8.self) == edge.prefix
                            && String(decoding: suffix, as: UTF8.self) == edge.suffix
                    }
                    return Self.bytes(prefix, equal: edge.prefix) && Self.bytes(suffix, equal: edge.suffix)
                }, add)
        }
        // Insertion sort: there are rarely more than one or two.
        var sorted = 1
        while sorted < count {
            let moving = buffer[sorted]
            var place = sorted
            while place > 0,
                shape(of: nodes[node].edges[Int(moving)]).precedes(shape(of: nodes[node].edges[Int(buffer[place - 1])]))
            {
                buffer[place] = buffer[place - 1]
                place -= 1
            }
            buffer[place] = moving
            sorted += 1
        }
        return count
    }

    /// Tries `edge` on `segment`; on success records the capture at `depth`. With
    /// `affixChecked`, the segment is known to start with the prefix and end with the suffix
    /// (`candidates` compared them), so printable-ASCII text is not compared again.
    private func capture(
        _ edge: Edge, _ segment: SegmentRef, _ depth: Int, _ state: inout Walk, affixChecked: Bool = false
    ) -> Bool {
        var slot = CaptureSlot(isSet: true, start: segment.start, end: segment.end)
        var converted: LinkConvertedValue?
        if segment.isPrintableASCII && edge.isPrintableASCII {
            let affix = edge.prefixBytes + edge.suffixBytes
            if affix > 0 {
                guard segment.end - segment.start > affix,
                    affixChecked || Self.bytes(state.bytes, at: segment.start, equal: edge.prefix),
                    affixChecked || Self.bytes(state.bytes, at: segment.end - edge.suffixBytes, equal: edge.suffix)
                else { return false }
                slot.start += edge.prefixBytes
                slot.end -= edge.suffixBytes
            }
            if edge.compound < 0 {
                converted = LinkValueConversion.convert(
                    UnsafeBufferPointer(rebasing: state.bytes[slot.start..<slot.end]), with: edge.converter)
            } else {
                let compound = compounds[Int(edge.compound)]
                // Several placeholders: the split is checked and every part converted now; the
                // matcher splits again for the values of the one match that wins.
                var allConverted = true
                let splits = LinkSegmentSplit.forEachPart(
                    of: state.bytes, from: slot.start, to: slot.end, separators: compound.separators
                ) { part, start, end in
                    let converter = part == 0 ? edge.converter : compound.laterConverters[part - 1]
                    if LinkValueConversion.convert(
                        UnsafeBufferPointer(rebasing: state.bytes[start..<end]), with: converter)
                        == nil
                    {
                        allConverted = false
                    }
                    return allConverted || state.relaxed
                }
                guard splits else { return false }
                converted = allConverted ? .text : nil
            }
        } else {
            // Text outside printable ASCII compares by characters, as `String` does.
            var middle = state.text(segment)
            if !edge.prefix.isEmpty || !edge.suffix.isEmpty {
                let prefixCount = edge.prefix.count
                let suffixCount = edge.suffix.count
                guard middle.hasPrefix(edge.prefix), middle.hasSuffix(edge.suffix),
                    middle.count > prefixCount + suffixCount
                else { return false }
                middle = String(middle.dropFirst(prefixCount).dropLast(suffixCount))
            }
            if edge.compound < 0 {
                converted = LinkValueConversion.convert(middle, with: edge.converter)
            } else {
                let compound = compounds[Int(edge.compound)]
                guard let parts = LinkSegmentSplit.parts(of: middle, separators: compound.separators) else {
                    return false
                }
                let converters = [edge.converter] + compound.laterConverters
                let allConverted = zip(parts, converters).allSatisfy {
                    LinkValueConversion.convert($0, with: $1) != nil
                }
                converted = allConverted ? .text : nil
            }
            slot.owned = state.own(middle)
        }
        if let converted {
            slot.value = state.slotValue(converted)
        } else if state.relaxed && (edge.converter.type.isTyped || edge.compound >= 0) {
            slot.isConverted = false
        } else {
            return false
        }
        state.captures[depth] = slot
        return true
    }

    /// Whether `bytes` are `text`'s UTF-8, compared in one block where `text` has one.
    private static func bytes(_ bytes: UnsafeBufferPointer<UInt8>, equal text: String) -> Bool {
        guard bytes.count == text.utf8.count else { return false }
        return text.utf8.withContiguousStorageIfAvailable { stored in
            for index in 0..<bytes.count where bytes[index] != stored[index] { return false }
            return true
        } ?? bytes.elementsEqual(text.utf8)
    }

    private static func bytes(_ buffer: UnsafeBufferPointer<UInt8>, at start: Int, equal text: String) -> Bool {
        var offset = start
        for byte in text.utf8 {
            guard buffer[offset] == byte else { return false }
            offset += 1
        }
        return true
    }
}

/// FNV-1a over a placeholder's node and surrounding texts, finished with a 64-bit mix so that
/// nearby keys (`u1-`, `u2-`, …) spread over the whole table. Deterministic, unlike `Hasher`:
/// the table only ever holds the app's own patterns, so a link can pick which slot a probe
/// starts at but not make the chains longer.
struct AffixHasher {
    private var state: UInt64 = 0xcbf2_9ce4_8422_2325

    init(node: Int) {
        var node = UInt32(truncatingIfNeeded: node)
        for _ in 0..<4 {
            add(UInt8(truncatingIfNeeded: node))
            node >>= 8
        }
    }

    mutating func add(_ byte: UInt8) {
        state = (state ^ UInt64(byte)) &* 0x100_0000_01b3
    }

    mutating func add(_ bytes: some Collection<UInt8>) {
        for byte in bytes { add(byte) }
    }

    /// Between prefix and suffix: 0xFF, which UTF-8 never uses.
    mutating func separate() { add(0xFF) }

    var value: Int {
        var mixed = state
        mixed ^= mixed >> 33
        mixed &*= 0xff51_afd7_ed55_8ccd
        mixed ^= mixed >> 33
        mixed &*= 0xc4ce_b9fe_1a85_ec53
        mixed ^= mixed >> 33
        return Int(truncatingIfNeeded: mixed)
    }
}
