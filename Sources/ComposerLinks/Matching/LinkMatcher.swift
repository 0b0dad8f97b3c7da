/// The lookup on a link's bytes: no copy of the link, segments as byte ranges, percent-decoding
/// only for segments that contain `%`, values converted straight from the bytes and kept in one
/// small array. It accepts exactly the links `LinkAddress` accepts; when a link is malformed or
/// matches nothing it gives up without saying why, and ``LinkTable/explainMiss(_:)`` works that
/// out if anyone asks.
///
/// It is everything of a ``LinkTable`` a lookup reads, and is not generic: the lookup is
/// compiled for these types once, instead of running generic code that looks up `Target`'s
/// type information at every step, whatever `Target` an app uses. It is a class so that the
/// lookup's closures share it rather than copy its tables (a retain instead of one per
/// table); the table copies it before changing it when it is shared (copy on write).
final class LinkMatcher {
    /// What a lookup found.
    enum Lookup {
        case found(entry: Int, parameters: LinkParameters)
        case failed(Miss)
    }

    /// Why a lookup failed, as far as it knows.
    enum Miss {
        /// A specific error, cheap to build (a missing or unconvertible query value, a link too long).
        case error(LinkError)
        /// Malformed or matching no pattern; ``LinkTable/explainMiss(_:)`` says which.
        case unexplained
    }

    /// The patterns' tree. Kept behind a pointer the matcher owns and reached through
    /// addressors, so that a lookup walks the tree where it is: reading a class's stored
    /// struct would copy it (a retain of each of its arrays) and check exclusive access
    /// around every read, several times per lookup.
    var trie: LinkTrie {
        unsafeAddress { UnsafePointer(trieStorage) }
        unsafeMutableAddress { trieStorage }
    }
    /// Each entry's placeholders and pattern text, by entry (behind a pointer, like `trie`).
    var layouts: [LinkParameterLayout] {
        unsafeAddress { UnsafePointer(layoutStorage) }
        unsafeMutableAddress { layoutStorage }
    }

    private let trieStorage: UnsafeMutablePointer<LinkTrie>
    private let layoutStorage: UnsafeMutablePointer<[LinkParameterLayout]>

    /// What a lookup reads, as the two pointers: the lookup's steps are static functions of
    /// it, so the closures they pass to the standard library capture two plain pointers, not
    /// the matcher, whose capture costs a retain and a release per closure per lookup. The
    /// caller holds the matcher for the whole lookup.
    private struct Tables {
        let trieStorage: UnsafeMutablePointer<LinkTrie>
        let layoutStorage: UnsafeMutablePointer<[LinkParameterLayout]>

        var trie: LinkTrie {
            unsafeAddress { UnsafePointer(trieStorage) }
            nonmutating unsafeMutableAddress { trieStorage }
        }
        var layouts: [LinkParameterLayout] {
            unsafeAddress { UnsafePointer(layoutStorage) }
        }
    }

    private var tables: Tables { Tables(trieStorage: trieStorage, layoutStorage: layoutStorage) }

    init() {
        trieStorage = .allocate(capacity: 1)
        trieStorage.initialize(to: LinkTrie())
        layoutStorage = .allocate(capacity: 1)
        layoutStorage.initialize(to: [])
    }

    deinit {
        trieStorage.deinitialize(count: 1)
        trieStorage.deallocate()
        layoutStorage.deinitialize(count: 1)
        layoutStorage.deallocate()
    }

    /// A matcher with the same patterns, to change without changing this one.
    func copy() -> LinkMatcher {
        let copy = LinkMatcher()
        copy.trie = trie
        copy.layouts = layouts
        return copy
    }

    /// Matches `url` against the patterns, ignoring redirects.
    func lookup(_ url: String) -> Lookup {
        var items = LinkCapturedValues()
        var layout: Unmanaged<LinkParameterLayout>?
        var error: LinkError?
        let entry = withUnsafeMutablePointer(to: &error) { lookup(url, items: &items, layout: &layout, error: $0) }
        guard entry >= 0 else { return .failed(error.map { .error($0) } ?? .unexplained) }
        return .found(
            entry: entry,
            parameters: LinkParameters(layout: layout?.takeRetainedValue(), source: url, items: consume items))
    }

    /// What ``lookup(_:items:error:)`` returns when the link matches nothing or is malformed.
    static let unexplained = -1
    /// What ``lookup(_:items:error:)`` returns, when given no `error` to fill, for a link with
    /// a specific reason to fail (too long, a missing or unconvertible query value).
    static let explainedFailure = -2

    /// Matches `url` against the patterns, ignoring redirects: the entry, with its values in
    /// `items` and its layout in `layout` (retained once, for the ``LinkParameters`` to take
    /// over; set only on a match), or a negative number: ``unexplained``, or, for a specific
    /// reason, that reason in `error` when given one and ``explainedFailure`` otherwise.
    ///
    /// The layout comes back unmanaged so that setting it releases no previous `nil` value.
    ///
    /// The hit path of ``LinkTable/resolve(_:)``: it makes no ``LinkParameters`` (the caller
    /// makes one, once) and keeps no room for an error, whose making and dropping cost more
    /// than the rest of a lookup's bookkeeping; a caller that needs the reason looks the link
    /// up again with `error` (misses only, and only when a fallback wants a reason).
    func lookup(
        _ url: String, items: inout LinkCapturedValues, layout: inout Unmanaged<LinkParameterLayout>?,
        error: UnsafeMutablePointer<LinkError?>? = nil
    ) -> Int {
        let length = url.utf8.count
        guard length <= LinkAddress.maximumLength else {
            return Self.fail(.urlTooLong(length: length, limit: LinkAddress.maximumLength), error)
        }
        let tables = tables
        // The link's UTF-8 bytes where they are (a string stored in another encoding is copied
        // first, at the same offsets), without the retain of the string that reading them
        // through its `utf8` view costs, and with the C string's NUL after them.
        return url.withCString { text in
            text.withMemoryRebound(to: UInt8.self, capacity: length + 1) { bytes in
                Self.lookup(
                    tables, bytes: UnsafeBufferPointer(start: bytes, count: length), terminated: bytes,
                    items: &items, layout: &layout, error: error)
            }
        }
    }

    /// Records `failure` in `error` when there is one: the failed lookup's result.
    private static func fail(_ failure: LinkError, _ error: UnsafeMutablePointer<LinkError?>?) -> Int {
        guard let error else { return explainedFailure }
        error.pointee = failure
        return unexplained
    }

    /// The lookup on `bytes`, the link's UTF-8 bytes; `terminated` is their start, with a NUL
    /// right after them (at `terminated[bytes.count]`), which the scheme's scan reads.
    private static func lookup(
        _ tables: Tables, bytes: UnsafeBufferPointer<UInt8>, terminated: UnsafePointer<UInt8>,
        items: inout LinkCapturedValues, layout: inout Unmanaged<LinkParameterLayout>?,
        error: UnsafeMutablePointer<LinkError?>?
    ) -> Int {
        let count = bytes.count
        // Spaces and control characters make a link malformed wherever they are: the scheme's
        // bytes cannot be one, and each later part checks its own bytes as it reads them, so
        // that the link is read once.
        // Scheme.
        guard let first = bytes.first, Self.isLetter(first) else { return -1 }
        var index = 1
        // The NUL after the link is no scheme byte, so it ends the scan without a bounds check
        // per byte (and `index` cannot overflow): 10 instructions fewer per hit at 10 patterns.
        while Self.isSchemeByte(terminated[index]) { index &+= 1 }
        let schemeEnd = index
        guard index + 3 <= count, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
            bytes[index + 2] == UInt8(ascii: "/")
        else { return -1 }
        index += 3
        let scheme = UnsafeBufferPointer(rebasing: bytes[0..<schemeEnd])

        // Host, for the schemes that have one.
        var host: UnsafeBufferPointer<UInt8>?
        var hostIsASCII = true
        // Most links' schemes are neither (the first letter tells, and costs no call).
        if scheme[0] | 0x20 == UInt8(ascii: "h"),
            LinkValueConversion.equalsIgnoringCase(scheme, "https")
                || LinkValueConversion.equalsIgnoringCase(scheme, "http")
        {
            let hostStart = index
            while index < count, !Self.endsHost(bytes[index]) {
                if bytes[index] == UInt8(ascii: "@") || Self.isSpaceOrControl(bytes, at: index) {
                    return -1
                }
                if bytes[index] >= 0x80 { hostIsASCII = false }
                index += 1
            }
            guard index > hostStart else { return -1 }
            host = UnsafeBufferPointer(rebasing: bytes[hostStart..<index])
        }

        // Path, split into segments in the same pass: a link has at most one non-empty segment
        // per two bytes, which bounds the buffer before the path's end is known.
        let pathStart = index
        return withUnsafeTemporaryAllocation(of: SegmentRef.self, capacity: (count - pathStart) / 2 + 1) { buffer in
            var segmentCount = 0
            var pathHasPercent = false
            var pathEnd = pathStart
            var segmentStart = pathStart
            var printable = true
            while pathEnd < count {
                let byte = bytes[pathEnd]
                // Digits, letters and most punctuation: nothing to note.
                if byte > UInt8(ascii: "/"), byte < 0x7F, byte != UInt8(ascii: "?") {
                    pathEnd += 1
                    continue
                }
                if byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#") { break }
                if Self.isSpaceOrControl(bytes, at: pathEnd) { return -1 }
                if byte == UInt8(ascii: "/") {
                    if pathEnd > segmentStart {
                        buffer.initializeElement(
                            at: segmentCount,
                            to: SegmentRef(start: segmentStart, end: pathEnd, isPrintableASCII: printable))
                        segmentCount += 1
                    }
                    segmentStart = pathEnd + 1
                    printable = true
                } else if byte == UInt8(ascii: "%") {
                    pathHasPercent = true
                } else if byte >= 0x7F {
                    printable = false
                }
                pathEnd += 1
            }
            if pathEnd > segmentStart {
                buffer.initializeElement(
                    at: segmentCount, to: SegmentRef(start: segmentStart, end: pathEnd, isPrintableASCII: printable))
                segmentCount += 1
            }
            let segments = UnsafeMutableBufferPointer(rebasing: buffer[..<segmentCount])

            // Query.
            var query = 0..<0
            var fragmentStart = pathEnd
            if pathEnd < count, bytes[pathEnd] == UInt8(ascii: "?") {
                var queryEnd = pathEnd + 1
                while queryEnd < count, bytes[queryEnd] != UInt8(ascii: "#") {
                    if Self.isSpaceOrControl(bytes, at: queryEnd) { return -1 }
                    queryEnd += 1
                }
                query = (pathEnd + 1)..<queryEnd
                fragmentStart = queryEnd
                guard Self.queryIsWellFormed(UnsafeBufferPointer(rebasing: bytes[query])) else {
                    return -1
                }
            }

            // The fragment is ignored, but not exempt.
            for offset in fragmentStart..<count where Self.isSpaceOrControl(bytes, at: offset) {
                return -1
            }

            guard let root = root(tables, scheme: scheme, host: host, hostIsASCII: hostIsASCII) else { return -1 }
            defer { segments.deinitialize() }
            guard pathHasPercent else {
                return walk(
                    tables, root, bytes: bytes, segments: UnsafeBufferPointer(segments), fromSource: true,
                    sourceBytes: bytes, query: query, items: &items, layout: &layout, error: error)
            }
            // Decode the segments into one buffer, '/'-separated like the link, on the stack
            // for any link of ordinary length: decoded segments and their separators take no
            // more room than the path and a last separator.
            return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: pathEnd - pathStart + 1) { decoded in
                var length = 0
                for position in segments.indices {
                    let segment = segments[position]
                    guard
                        let end = LinkPercentEncoding.decode(
                            UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end]), into: decoded,
                            at: length)
                    else { return -1 }
                    segments[position] = SegmentRef(
                        start: length, end: end,
                        isPrintableASCII: decoded[length..<end].allSatisfy { $0 > 0x20 && $0 < 0x7F })
                    decoded[end] = UInt8(ascii: "/")
                    length = end + 1
                }
                return walk(
                    tables, root, bytes: UnsafeBufferPointer(rebasing: decoded[..<length]),
                    segments: UnsafeBufferPointer(segments), fromSource: false, sourceBytes: bytes, query: query,
                    items: &items, layout: &layout, error: error)
            }
        }
    }

    /// Walks the trie from `root` and, on a match, collects the values and hands over the
    /// entry's layout in `matched`, retained: the one retain of it a hit makes, which the
    /// parameters take over.
    private static func walk(
        _ tables: Tables, _ root: Int, bytes: UnsafeBufferPointer<UInt8>, segments: UnsafeBufferPointer<SegmentRef>,
        fromSource: Bool, sourceBytes: UnsafeBufferPointer<UInt8>, query: Range<Int>, items: inout LinkCapturedValues,
        layout matched: inout Unmanaged<LinkParameterLayout>?, error: UnsafeMutablePointer<LinkError?>?
    ) -> Int {
        // Uncleared: only the winning path's slots are read, and it wrote them (see withCaptureSlots).
        withCaptureSlots(count: segments.count, cleared: false) { captures in
            var state = Walk(bytes: bytes, segments: segments, captures: captures)
            defer { state.end() }
            let found = tables.trie.walk(root, 0, &state)
            guard found >= 0 else { return -1 }
            let layout = tables.layouts[Int(found)]
            guard !layout.slots.isEmpty else {
                matched = Unmanaged.passRetained(layout)
                return Int(found)
            }
            for slot in 0..<layout.pathSlotCount where layout.slots[slot].depth < captures.count {
                let capture = captures[Int(layout.slots[slot].depth)]
                if fromSource, capture.owned < 0, layout.slots[slot].separators.isEmpty, !capture.value.isCustom {
                    // The usual value: a byte range of the link and plain data, stored as they are.
                    items.append(slot: slot, start: capture.start, end: capture.end, value: capture.value)
                    continue
                }
                guard
                    Self.appendUnusual(
                        slot, of: layout, capture: capture, state: state, bytes: bytes, segments: segments,
                        fromSource: fromSource, to: &items)
                else { return -1 }
            }
            if layout.pathSlotCount < layout.slots.count {
                do throws(LinkError) {
                    try appendQueryItems(of: layout, bytes: sourceBytes, query: query, to: &items)
                } catch let failure {
                    return Self.fail(failure, error)
                }
            }
            matched = Unmanaged.passRetained(layout)
            return Int(found)
        }
    }

    /// Appends the value of path placeholder `slot` whose capture is not a plain byte range of
    /// the link: a decoded text, text the walk kept, one part of a segment with several
    /// placeholders, or an app type's value. `false` when a part does not convert (the walk
    /// checked that it does). Never inlined: its strings and enums would otherwise enlarge the
    /// frame of every match for what few matches need.
    @inline(never)
    private static func appendUnusual(
        _ slot: Int, of layout: LinkParameterLayout, capture: CaptureSlot, state: Walk,
        bytes: UnsafeBufferPointer<UInt8>, segments: UnsafeBufferPointer<SegmentRef>, fromSource: Bool,
        to items: inout LinkCapturedValues
    ) -> Bool {
        let text: LinkCapturedText
        if !fromSource, layout.slots[slot].type == .path {
            // A catch-all across decoded segments: a '/' decoded from `%2F` stays
            // apart from the ones between segments.
            text = .owned(
                LinkCatchAllPath.value(
                    of: UnsafeBufferPointer(rebasing: segments[Int(layout.slots[slot].depth)...]), in: bytes))
        } else if !layout.slots[slot].separators.isEmpty {
            guard
                let part = Self.part(
                    slot, of: layout, from: capture, owned: state.ownedText(capture), bytes: bytes,
                    fromSource: fromSource)
            else { return false }
            items.append(slot: slot, text: part.text, value: part.value)
            return true
        } else if let owned = state.ownedText(capture) {
            text = .owned(owned)
        } else if fromSource {
            text = .slice(start: capture.start, end: capture.end)
        } else {
            text = .owned(
                String(decoding: UnsafeBufferPointer(rebasing: bytes[capture.start..<capture.end]), as: UTF8.self))
        }
        items.append(slot: slot, text: text, value: state.converted(capture))
        return true
    }

    /// The text and value of one placeholder of a segment with several, split again from the
    /// segment's capture (the walk checked that it splits and converts).
    private static func part(
        _ index: Int, of layout: LinkParameterLayout, from capture: CaptureSlot, owned: String?,
        bytes: UnsafeBufferPointer<UInt8>, fromSource: Bool
    ) -> (text: LinkCapturedText, value: LinkConvertedValue)? {
        let slot = layout.slots[index]
        if let owned {
            guard let parts = LinkSegmentSplit.parts(of: owned, separators: slot.separators),
                let value = LinkValueConversion.convert(parts[Int(slot.part)], with: slot.converter)
            else { return nil }
            return (.owned(parts[Int(slot.part)]), value)
        }
        guard
            let range = LinkSegmentSplit.range(
                ofPart: Int(slot.part), in: bytes, from: capture.start, to: capture.end, separators: slot.separators),
            let value = LinkValueConversion.convert(UnsafeBufferPointer(rebasing: bytes[range]), with: slot.converter)
        else { return nil }
        let text: LinkCapturedText =
            fromSource
            ? .slice(start: range.lowerBound, end: range.upperBound)
            : .owned(String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self))
        return (text, value)
    }

    /// Reads the values of `entry`'s query items from the link's query, in the pattern's order.
    private static func appendQueryItems(
        of layout: LinkParameterLayout, bytes: UnsafeBufferPointer<UInt8>, query: Range<Int>,
        to items: inout LinkCapturedValues
    ) throws(LinkError) {
        for slot in layout.pathSlotCount..<layout.slots.count {
            // The slot's fields are read where needed rather than copied out together, which
            // would retain its texts and converter.
            let kind = layout.slots[slot].kind
            let keyIsPrintableASCII = layout.slots[slot].queryKeyIsPrintableASCII
            var found = false
            var itemStart = query.lowerBound
            while itemStart < query.upperBound {
                var itemEnd = itemStart
                var equals = -1
                while itemEnd < query.upperBound, bytes[itemEnd] != UInt8(ascii: "&") {
                    if equals < 0, bytes[itemEnd] == UInt8(ascii: "=") { equals = itemEnd }
                    itemEnd += 1
                }
                defer { itemStart = itemEnd + 1 }
                // A key without '=' has an empty value, which counts as absent.
                guard equals >= 0, equals + 1 < itemEnd,
                    Self.key(
                        UnsafeBufferPointer(rebasing: bytes[itemStart..<equals]), is: layout.slots[slot].queryKey,
                        keyIsPrintableASCII: keyIsPrintableASCII)
                else { continue }
                let raw = UnsafeBufferPointer(rebasing: bytes[(equals + 1)..<itemEnd])
                let needsDecoding = raw.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x7F })
                if !needsDecoding, kind != .custom {
                    // The usual value: a byte range of the link and plain data, stored as they are.
                    guard let value = LinkValueConversion.value(raw, builtin: kind) else {
                        throw .conversionFailed(
                            parameter: layout.slots[slot].name, expected: layout.slots[slot].type,
                            found: String(decoding: raw, as: UTF8.self), pattern: layout.pattern)
                    }
                    items.append(slot: slot, start: equals + 1, end: itemEnd, value: value)
                    found = true
                    continue
                }
                let value: LinkConvertedValue?
                let text: LinkCapturedText
                if needsDecoding {
                    var decoded: [UInt8] = []
                    _ = LinkPercentEncoding.decode(raw, into: &decoded)
                    let string = String(decoding: decoded, as: UTF8.self)
                    text = .owned(string)
                    value = LinkValueConversion.convert(string, with: layout.slots[slot].converter)
                } else {
                    text = .slice(start: equals + 1, end: itemEnd)
                    value = LinkValueConversion.convert(raw, with: layout.slots[slot].converter)
                }
                guard let value else {
                    let found: String
                    switch text {
                    case .owned(let string): found = string
                    case .slice: found = String(decoding: raw, as: UTF8.self)
                    }
                    throw .conversionFailed(
                        parameter: layout.slots[slot].name, expected: layout.slots[slot].type, found: found,
                        pattern: layout.pattern)
                }
                items.append(slot: slot, text: text, value: value)
                found = true
            }
            if !found, !layout.slots[slot].isOptional {
                throw .missingParameter(name: layout.slots[slot].name, pattern: layout.pattern)
            }
        }
    }

    /// Whether the raw query key `bytes` decodes to `key`; `keyIsPrintableASCII` says whether
    /// `key` is printable ASCII, which only equal bytes can then spell.
    ///
    /// Always inlined, so that the key is read where the layout keeps it rather than retained
    /// and released around a call (two atomic operations per query item).
    @inline(__always)
    private static func key(_ bytes: UnsafeBufferPointer<UInt8>, is key: String, keyIsPrintableASCII: Bool) -> Bool {
        if keyIsPrintableASCII, !bytes.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x7F }) {
            // Compared as bytes, the lengths first: most keys of a link are other keys.
            guard bytes.count == key.utf8.count else { return false }
            return key.utf8.withContiguousStorageIfAvailable { $0.elementsEqual(bytes) }
                ?? bytes.elementsEqual(key.utf8)
        }
        return decodedKey(bytes, is: key)
    }

    /// Whether the raw query key `bytes`, which needs decoding or names a key outside
    /// printable ASCII, decodes to `key`.
    @inline(never)
    private static func decodedKey(_ bytes: UnsafeBufferPointer<UInt8>, is key: String) -> Bool {
        var decoded: [UInt8] = []
        _ = LinkPercentEncoding.decode(bytes, into: &decoded)
        return String(decoding: decoded, as: UTF8.self) == key
    }

    /// Whether every key and value of `query` decodes (valid escapes, valid UTF-8).
    private static func queryIsWellFormed(_ query: UnsafeBufferPointer<UInt8>) -> Bool {
        guard query.contains(where: { $0 == UInt8(ascii: "%") || $0 >= 0x80 }) else { return true }
        var scratch: [UInt8] = []
        var itemStart = 0
        while itemStart <= query.count {
            var itemEnd = itemStart
            while itemEnd < query.count, query[itemEnd] != UInt8(ascii: "&") { itemEnd += 1 }
            let item = UnsafeBufferPointer(rebasing: query[itemStart..<itemEnd])
            let equals = item.firstIndex(of: UInt8(ascii: "="))
            let key = UnsafeBufferPointer(rebasing: item[..<(equals ?? item.count)])
            scratch.removeAll(keepingCapacity: true)
            guard LinkPercentEncoding.decode(key, into: &scratch) else { return false }
            if let equals {
                scratch.removeAll(keepingCapacity: true)
                let value = UnsafeBufferPointer(rebasing: item[(equals + 1)...])
                guard LinkPercentEncoding.decode(value, into: &scratch) else { return false }
            }
            itemStart = itemEnd + 1
        }
        return true
    }

    /// The root for a link's scheme and host, compared without regard to ASCII case;
    /// `hostIsASCII` says whether the host has only ASCII bytes (the host's scan noted it).
    private static func root(
        _ tables: Tables, scheme: UnsafeBufferPointer<UInt8>, host: UnsafeBufferPointer<UInt8>?, hostIsASCII: Bool
    ) -> Int? {
        if tables.trie.rootList.count <= 8, hostIsASCII {
            // Lengths first: most roots differ from the link in the length of scheme or host.
            for root in tables.trie.rootList where Int(root.scheme.count) == scheme.count {
                if let host {
                    if root.hasHost, Int(root.host.count) == host.count,
                        tables.trie.pool(root.scheme, equalsLowercased: scheme),
                        tables.trie.pool(root.host, equalsLowercased: host)
                    {
                        return Int(root.node)
                    }
                } else if !root.hasHost, tables.trie.pool(root.scheme, equalsLowercased: scheme) {
                    return Int(root.node)
                }
            }
            return nil
        }
        // Many roots, or a host outside ASCII, which lowercases by Unicode's rules.
        let key = LinkAddress.rootKey(
            scheme: String(decoding: scheme, as: UTF8.self).lowercased(),
            host: host.map { String(decoding: $0, as: UTF8.self).lowercased() })
        return tables.trie.roots[key]
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// Whether the byte at `offset` is a space or starts a control character: an ASCII one, or a
    /// C1 control (U+0080 to U+009F, `C2 80` to `C2 9F` in UTF-8), which patterns refuse too.
    /// `LinkAddress` asks it too, so the error path refuses what the lookup refuses.
    static func isSpaceOrControl(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let byte = bytes[offset]
        return byte <= 0x20 || byte == 0x7F
            || (byte == 0xC2 && offset + 1 < bytes.count && bytes[offset + 1] & 0xE0 == 0x80)
    }

    private static func endsHost(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}
