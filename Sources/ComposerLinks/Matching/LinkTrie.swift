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
    /// A placeholder child: how to test a segment against it and where it leads. Plain data
    /// (integers only), so that reading one during a walk retains nothing; its texts and its
    /// converter, which only slow paths need, are in `edgeTexts`.
    struct Edge {
        /// How the (first) placeholder's text converts, for the built-in types.
        let kind: LinkValueConversion.Kind
        /// Whether prefix and suffix are printable ASCII, so bytes and characters coincide.
        let isPrintableASCII: Bool
        let child: Int32
        /// For a segment with several placeholders, its position in `compounds`; -1 otherwise.
        let compound: Int32
        /// Its texts and converter: a position in `edgeTexts`.
        let texts: Int32
        /// The UTF-8 bytes of the text before and after the placeholders, in `bytePool`.
        let prefix: PoolRange
        let suffix: PoolRange
    }

    /// What an edge stands for as written: the text around its placeholders and the (first)
    /// placeholder's converter.
    struct EdgeTexts {
        let converter: LinkConverter
        let prefix: String
        let suffix: String
    }

    /// A run of bytes of `bytePool`.
    struct PoolRange {
        let start: Int32
        let count: Int32

        static let empty = PoolRange(start: 0, count: 0)
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
        /// The bytes of the lowercased scheme and host in `bytePool`; `hasHost` is false for
        /// a scheme without hosts.
        let scheme: PoolRange
        let host: PoolRange
        let hasHost: Bool
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
        /// The text's bytes, in `bytePool`.
        var label = PoolRange.empty
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
    /// The bytes of each of `labels`, in `bytePool`.
    private(set) var labelBytes: [PoolRange] = []
    private var labelIndices: [String: Int32] = [:]
    /// The texts and converters of the placeholder children, by `Edge/texts`.
    private(set) var edgeTexts: [EdgeTexts] = []
    /// The UTF-8 bytes of every label and every placeholder's surrounding text, which a walk
    /// compares with a link's bytes without touching a `String`.
    private(set) var bytePool: [UInt8] = []
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
                rootList.append(
                    Root(
                        scheme: pooled(pattern.scheme),
                        host: pooled(pattern.hosts.isEmpty ? "" : pattern.hosts[offset]),
                        hasHost: !pattern.hosts.isEmpty, node: Int32(node)))
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
                LiteralSlot(node: Int32(node), child: Int32(child), label: labelBytes[Int(label)]),
                hash: Self.literalHash(node: node, text: text))
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
            kind: LinkValueConversion.Kind(converters[0]), isPrintableASCII: texts.allSatisfy(Self.isPrintableASCII),
            child: Int32(child), compound: texts.count > 2 ? Int32(compounds.count) : -1,
            texts: Int32(edgeTexts.count), prefix: pooled(texts[0]), suffix: pooled(texts[texts.count - 1]))
        edgeTexts.append(EdgeTexts(converter: converters[0], prefix: texts[0], suffix: texts[texts.count - 1]))
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
        let edge = edgeTexts[Int(nodes[node].edges[position].texts)]
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
            let edge = edgeTexts[Int(nodes[Int(slot.node)].edges[Int(slot.edge)].texts)]
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
    func forEachAffixSlot(node: Int, prefix: String, suffix: String, _ body: (Int) -> Void) {
        let hash = Self.affixHash(node: node, prefix: prefix, suffix: suffix)
        forEachAffixSlot(
            node: node, hash: hash,
            where: { edge in
                let texts = edgeTexts[Int(edge.texts)]
                return texts.prefix == prefix && texts.suffix == suffix
            }, body)
    }

    /// Calls `body` with the position in `edges` of every placeholder of the indexed `node`
    /// in the slots of `hash` for which `matches` holds.
    func forEachAffixSlot(
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

    /// The static child of `node` whose ASCII text is `bytes`. Always inlined, so that the walk's
    /// steps, which are `mutating`, read the tree where it is rather than a copy.
    @inline(__always)
    func asciiLiteral(of node: Int, bytes: UnsafeBufferPointer<UInt8>) -> Int32? {
        guard !asciiLiterals.isEmpty else { return nil }
        let hash = Self.literalHash(node: node, bytes: bytes)
        let fingerprint = Self.fingerprint(hash)
        let mask = asciiLiterals.count - 1
        var place = hash & mask
        while asciiLiterals[place].node >= 0 {
            let slot = asciiLiterals[place]
            if slot.fingerprint == fingerprint, Int(slot.node) == node, Int(slot.label.count) == bytes.count,
                pool(slot.label, equals: bytes, at: 0)
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

    /// Whether `bytes` from `start` on begin with the pool's bytes in `range`; the caller has
    /// checked that they are long enough. Always inlined (see ``asciiLiteral(of:bytes:)``).
    @inline(__always)
    func pool(_ range: PoolRange, equals bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        bytePool.withUnsafeBufferPointer { pool in
            var offset = 0
            while offset < Int(range.count) {
                guard bytes[start + offset] == pool[Int(range.start) + offset] else { return false }
                offset += 1
            }
            return true
        }
    }

    /// Whether `bytes`, with ASCII letters lowercased, are the pool's bytes in `range`.
    func pool(_ range: PoolRange, equalsLowercased bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count == Int(range.count) else { return false }
        return bytePool.withUnsafeBufferPointer { pool in
            // Equal bytes first: links mostly spell scheme and host in lowercase already.
            for offset in 0..<bytes.count where bytes[offset] != pool[Int(range.start) + offset] {
                guard LinkValueConversion.asciiLowercase(bytes[offset]) == pool[Int(range.start) + offset] else {
                    return false
                }
            }
            return true
        }
    }

    /// Appends `text`'s bytes to `bytePool`.
    private mutating func pooled(_ text: String) -> PoolRange {
        let range = PoolRange(start: Int32(bytePool.count), count: Int32(text.utf8.count))
        bytePool.append(contentsOf: text.utf8)
        return range
    }

    /// The position of `text` in `labels`, adding it if new.
    private mutating func labelIndex(_ text: String) -> Int32 {
        if let index = labelIndices[text] { return index }
        labels.append(text)
        labelBytes.append(pooled(text))
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
        let texts = edgeTexts[Int(edge.texts)]
        guard edge.compound >= 0 else {
            return .placeholders(types: [texts.converter.type], texts: [texts.prefix, texts.suffix])
        }
        let compound = compounds[Int(edge.compound)]
        return .placeholders(
            types: [texts.converter.type] + compound.laterConverters.map(\.type),
            texts: [texts.prefix] + compound.separators + [texts.suffix])
    }

    static func isPrintableASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F }
    }
}
