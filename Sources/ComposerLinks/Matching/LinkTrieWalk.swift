import Foundation

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

/// A converted value as plain data: a built-in type's value, or an app value's position in
/// the walk's `customValues` (in a capture slot) or in the parameters' values (in a
/// ``LinkCapturedValue``).
enum SlotValue: Sendable {
    case text
    case int(Int)
    case double(Double)
    case bool(Bool)
    /// A UUID's bytes: `UUID` itself is a type of another module whose size this one does
    /// not know when compiled, which would make every slot and value a value of unknown
    /// size, copied and dropped through its type's functions.
    case uuid(uuid_t)
    case custom(Int32)

    /// Whether it is an app value, which is not plain data.
    var isCustom: Bool {
        if case .custom = self { return true }
        return false
    }

    /// The built-in type's value when it is a `Value`, without boxing it; `nil` for texts and
    /// app values.
    func unboxed<Value>(as _: Value.Type) -> Value? {
        switch self {
        case .int(let value): value as? Value
        case .double(let value): value as? Value
        case .bool(let value): value as? Value
        case .uuid(let value): UUID(uuid: value) as? Value
        case .text, .custom: nil
        }
    }
}

/// Runs `body` with `count` capture slots that live on the stack when few: empty ones, or,
/// without `cleared`, whatever the stack held.
///
/// A lookup asks for uncleared slots: it reads only the slots of the depths where the
/// winning path's placeholders (or catch-all) took a segment, and the walk writes each of
/// those before going deeper, so clearing every slot first is work thrown away. `CaptureSlot`
/// is plain data (no references), so writing it over uninitialized memory is allowed and
/// nothing needs deinitializing.
func withCaptureSlots<Result>(
    count: Int, cleared: Bool = true, _ body: (UnsafeMutableBufferPointer<CaptureSlot>) -> Result
) -> Result {
    withUnsafeTemporaryAllocation(of: CaptureSlot.self, capacity: max(count, 1)) { buffer in
        let slots = UnsafeMutableBufferPointer(rebasing: buffer[..<count])
        if cleared { slots.initialize(repeating: CaptureSlot()) }
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
    /// What the walk keeps besides plain data, made on first use and released by ``end()``:
    /// most walks keep nothing, and end without a call to release a `nil` reference, which
    /// dropping a walk that held it as a strong reference would make.
    private var kept: Unmanaged<Kept>?

    /// Texts and values of slots that are not plain data, and how far the walk got.
    private final class Kept {
        var progress = LinkTrie.Progress()
        var ownedTexts: [String] = []
        var customValues: [any Sendable] = []
    }

    /// How far the walk got, when `tracking`.
    var progress: LinkTrie.Progress { kept?.takeUnretainedValue().progress ?? LinkTrie.Progress() }
    /// Texts of slots that are not byte ranges of `bytes`.
    var ownedTexts: [String] { kept?.takeUnretainedValue().ownedTexts ?? [] }
    /// Values of app-defined types.
    var customValues: [any Sendable] { kept?.takeUnretainedValue().customValues ?? [] }

    private mutating func keep() -> Kept {
        if let kept { return kept.takeUnretainedValue() }
        let made = Kept()
        kept = Unmanaged.passRetained(made)
        return made
    }

    /// Lets go of what the walk kept. Called once by whoever made the walk (in a `defer`),
    /// after the last read of its texts and values; copies of a walk share what it kept.
    mutating func end() {
        kept?.release()
        kept = nil
    }

    /// Notes that the walk entered `node` at `depth`, for `progress`. Never inlined, like the
    /// walk's other rare paths, so that its arrays stay out of the frame of every level.
    @inline(never)
    mutating func track(_ node: Int, at depth: Int) {
        let kept = keep()
        if depth > kept.progress.depth {
            kept.progress = LinkTrie.Progress(depth: depth, nodes: [node])
        } else if depth == kept.progress.depth {
            kept.progress.nodes.append(node)
        }
    }

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

    /// Keeps the segments from `depth` on, joined by `/`, for a catch-all whose segments are
    /// not one run of the buffer, and returns the text's position. Never inlined (see `track`).
    @inline(never)
    mutating func ownJoinedText(from depth: Int) -> Int32 {
        own(segments[depth...].map { text($0) }.joined(separator: "/"))
    }

    /// Keeps `text` for a slot and returns its position.
    mutating func own(_ text: String) -> Int32 {
        let kept = keep()
        kept.ownedTexts.append(text)
        return Int32(kept.ownedTexts.count - 1)
    }

    /// The slot's text when the walk keeps it, `nil` when it is the slot's byte range.
    func ownedText(_ slot: CaptureSlot) -> String? {
        slot.owned >= 0 ? kept?.takeUnretainedValue().ownedTexts[Int(slot.owned)] : nil
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
        case .uuid(let value): return .uuid(value.uuid)
        case .custom(let value):
            let kept = keep()
            kept.customValues.append(value)
            return .custom(Int32(kept.customValues.count - 1))
        }
    }

    /// The slot's converted value.
    func converted(_ slot: CaptureSlot) -> LinkConvertedValue {
        switch slot.value {
        case .text: .text
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .bool(let value): .bool(value)
        case .uuid(let value): .uuid(UUID(uuid: value))
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
        // Only explanations and their tests read `visits`, and they track.
        if state.tracking {
            state.visits += 1
            state.track(nodeIndex, at: depth)
        }
        if depth == state.segments.count { return nodes[nodeIndex].terminal }
        let segment = state.segments[depth]

        // Static text first: as written, then (for case-insensitive patterns) folded.
        if nodes[nodeIndex].firstLiteral >= 0, mayHaveLiteral(nodeIndex, segment) {
            if let child = literal(of: nodeIndex, segment, &state) {
                state.captures[depth].isSet = false
                let found = walk(Int(child), depth + 1, &state)
                if found >= 0 { return found }
            }
            if nodes[nodeIndex].literalLengths & Node.foldedLiteralBit != 0,
                let child = foldedLiteral(of: nodeIndex, segment, &state)
            {
                state.captures[depth].isSet = false
                let found = walk(Int(child), depth + 1, &state)
                if found >= 0 { return found }
            }
        }

        // Then placeholders, in precedence order.
        if nodes[nodeIndex].isIndexed {
            let found = walkIndexed(nodeIndex, depth, segment, &state)
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
        if !contiguous { slot.owned = state.ownJoinedText(from: depth) }
        state.captures[depth] = slot
        return catchAll
    }

    /// The placeholders of the indexed `nodeIndex` whose surrounding text fits `segment`, tried
    /// in precedence order: the entry the walk from them reaches, or -1.
    ///
    /// Kept out of ``walk(_:_:_:)`` (never inlined), like the other rare paths: the stack
    /// buffer of candidates would otherwise enlarge the frame of every level of every walk.
    @inline(never)
    private mutating func walkIndexed(_ nodeIndex: Int, _ depth: Int, _ segment: SegmentRef, _ state: inout Walk)
        -> Int32
    {
        let info = affixNodes[Int(nodes[nodeIndex].affix)]
        return withUnsafeTemporaryAllocation(of: Int32.self, capacity: max(info.candidateLimit, 1)) { buffer -> Int32 in
            let count = candidates(nodeIndex, info, segment, &state, into: buffer)
            for position in buffer[..<count] {
                let edge = nodes[nodeIndex].edges[Int(position)]
                if capture(edge, segment, depth, &state, affixChecked: true) {
                    let found = walk(Int(edge.child), depth + 1, &state)
                    if found >= 0 { return found }
                }
            }
            return -1
        }
    }

    /// The most static children a lookup compares one by one before it hashes the segment.
    static let scannedLiteralLimit = 4

    /// The static child of `node` that `segment` leads to: an ASCII segment by its bytes (and,
    /// only where the node has non-ASCII texts, as a string too), any other as a string.
    ///
    /// This and the walk's other steps are `mutating` (they change nothing) for the reason
    /// ``walk(_:_:_:)`` is: called from the walk without it, each call first copied the whole
    /// tree (120 bytes) and the walk's state into the walk's frame, which made every level's
    /// frame several hundred bytes larger.
    private mutating func literal(of node: Int, _ segment: SegmentRef, _ state: inout Walk) -> Int32? {
        guard segment.isPrintableASCII else {
            let text = state.text(segment)
            // A segment that decodes to a NUL first (`%00products`) would meet a case-insensitive
            // pattern's folded key; no case-sensitive static text holds a NUL (a pattern refuses
            // escapes and control characters), so it matches none.
            guard text.unicodeScalars.first != "\u{0}" else { return nil }
            return existingLiteral(of: node, text)
        }
        let bytes = UnsafeBufferPointer(rebasing: state.bytes[segment.start..<segment.end])
        // A node with a few static children compares their labels in turn, which costs less
        // than hashing the segment; the byte table finds the same child (texts outside ASCII,
        // which no label's bytes equal here, and folded keys, which start with a NUL no
        // segment holds, are found as before).
        var child = nodes[node].firstLiteral
        var scanned = 0
        while child >= 0, scanned < Self.scannedLiteralLimit {
            let label = labelBytes[Int(nodes[Int(child)].label)]
            if Int(label.count) == bytes.count, pool(label, equals: bytes, at: 0) { return child }
            child = nodes[Int(child)].nextLiteral
            scanned += 1
        }
        if child >= 0, let found = asciiLiteral(of: node, bytes: bytes) { return found }
        guard nodes[node].literalLengths & Node.otherLiteralBit != 0 else { return nil }
        return literals[LiteralKey(node: Int32(node), text: state.text(segment))]
    }

    /// The static child of a case-insensitive pattern that `segment` leads to: a printable
    /// ASCII segment lowercased into a stack buffer and found by its bytes, any other by its
    /// folded key as a string. Never inlined, so that its buffer stays out of the walk's frame.
    @inline(never)
    private mutating func foldedLiteral(of node: Int, _ segment: SegmentRef, _ state: inout Walk) -> Int32? {
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

    @inline(__always)
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
    private mutating func candidates(
        _ node: Int, _ info: AffixNode, _ segment: SegmentRef, _ state: inout Walk,
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
                        let texts = edgeTexts[Int(edge.texts)]
                        return String(decoding: prefix, as: UTF8.self) == texts.prefix
                            && String(decoding: suffix, as: UTF8.self) == texts.suffix
                    }
                    return Int(edge.prefix.count) == prefix.count && Int(edge.suffix.count) == suffix.count
                        && pool(edge.prefix, equals: prefix, at: 0) && pool(edge.suffix, equals: suffix, at: 0)
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
    private mutating func capture(
        _ edge: Edge, _ segment: SegmentRef, _ depth: Int, _ state: inout Walk, affixChecked: Bool = false
    ) -> Bool {
        var slot = CaptureSlot(isSet: true, start: segment.start, end: segment.end)
        // Plain data, so that testing a segment copies nothing that needs retaining.
        var converted: SlotValue?
        if segment.isPrintableASCII && edge.isPrintableASCII {
            let prefixCount = Int(edge.prefix.count)
            let suffixCount = Int(edge.suffix.count)
            if prefixCount + suffixCount > 0 {
                guard segment.end - segment.start > prefixCount + suffixCount,
                    affixChecked || pool(edge.prefix, equals: state.bytes, at: segment.start),
                    affixChecked || pool(edge.suffix, equals: state.bytes, at: segment.end - suffixCount)
                else { return false }
                slot.start += prefixCount
                slot.end -= suffixCount
            }
            let value = UnsafeBufferPointer(rebasing: state.bytes[slot.start..<slot.end])
            if edge.compound < 0 {
                if edge.kind != .custom {
                    converted = LinkValueConversion.value(value, builtin: edge.kind)
                } else if let custom = LinkValueConversion.convert(value, with: edgeTexts[Int(edge.texts)].converter) {
                    converted = state.slotValue(custom)
                }
            } else {
                let compound = compounds[Int(edge.compound)]
                let converter = edgeTexts[Int(edge.texts)].converter
                // Several placeholders: the split is checked and every part converted now; the
                // matcher splits again for the values of the one match that wins.
                var allConverted = true
                let splits = LinkSegmentSplit.forEachPart(
                    of: state.bytes, from: slot.start, to: slot.end, separators: compound.separators
                ) { part, start, end in
                    let converter = part == 0 ? converter : compound.laterConverters[part - 1]
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
            let texts = edgeTexts[Int(edge.texts)]
            if !texts.prefix.isEmpty || !texts.suffix.isEmpty {
                let prefixCount = texts.prefix.count
                let suffixCount = texts.suffix.count
                guard middle.hasPrefix(texts.prefix), middle.hasSuffix(texts.suffix),
                    middle.count > prefixCount + suffixCount
                else { return false }
                middle = String(middle.dropFirst(prefixCount).dropLast(suffixCount))
            }
            if edge.compound < 0 {
                converted = LinkValueConversion.convert(middle, with: texts.converter).map { state.slotValue($0) }
            } else {
                let compound = compounds[Int(edge.compound)]
                guard let parts = LinkSegmentSplit.parts(of: middle, separators: compound.separators) else {
                    return false
                }
                let converters = [texts.converter] + compound.laterConverters
                let allConverted = zip(parts, converters).allSatisfy {
                    LinkValueConversion.convert($0, with: $1) != nil
                }
                converted = allConverted ? .text : nil
            }
            slot.owned = state.own(middle)
        }
        if let converted {
            slot.value = converted
        } else if state.relaxed && (edgeTexts[Int(edge.texts)].converter.type.isTyped || edge.compound >= 0) {
            slot.isConverted = false
        } else {
            return false
        }
        state.captures[depth] = slot
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
