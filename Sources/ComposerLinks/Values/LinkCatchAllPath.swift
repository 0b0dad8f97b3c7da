/// The text of a catch-all value: its segments, percent-decoded, joined with `/`, where a `/`
/// that belongs inside a segment is written `%2F` and a `%` that would read as an escape is
/// written `%25`.
///
/// The form keeps segments apart, so `shop://files/a%2Fb/c` and `shop://files/a/b/c` give
/// different values (`a%2Fb/c` and `a/b/c`), and it reads back exactly: a value taken from a
/// matched link builds, with ``LinkTable/url(for:parameters:)``, a link of the same segments.
/// Values without `/` or `%` inside a segment, the usual case, are the decoded path itself.
enum LinkCatchAllPath {
    /// One decoded segment as it is written in a catch-all value.
    static func escape(_ segment: String) -> String {
        // Checked on the string's own bytes, so that the usual segment is not copied.
        guard segment.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "%") }) else {
            return segment
        }
        var escaped: [UInt8] = []
        escaped.reserveCapacity(segment.utf8.count + 4)
        var segment = segment
        segment.withUTF8 { appendEscaped($0, to: &escaped) }
        return String(decoding: escaped, as: UTF8.self)
    }

    /// The value of decoded segments that are byte ranges of `bytes`: each written as
    /// ``escape(_:)`` writes it, joined with `/`, in one buffer.
    static func value(of segments: UnsafeBufferPointer<SegmentRef>, in bytes: UnsafeBufferPointer<UInt8>) -> String {
        // The usual case: segments one `/` apart with no `/` or `%` of their own, whose value
        // is the bytes from the first to the last as they are.
        if let first = segments.first, let last = segments.last,
            Self.isPlainRun(segments, in: bytes)
        {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[first.start..<last.end]), as: UTF8.self)
        }
        var value: [UInt8] = []
        value.reserveCapacity((segments.last?.end ?? 0) - (segments.first?.start ?? 0) + 8)
        for segment in segments {
            if !value.isEmpty { value.append(UInt8(ascii: "/")) }
            appendEscaped(UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end]), to: &value)
        }
        return String(decoding: value, as: UTF8.self)
    }

    /// Whether `segments` follow each other one `/` apart in `bytes` and hold no `/` or `%`.
    private static func isPlainRun(_ segments: UnsafeBufferPointer<SegmentRef>, in bytes: UnsafeBufferPointer<UInt8>)
        -> Bool
    {
        var previousEnd = -1
        for segment in segments {
            if previousEnd >= 0, segment.start != previousEnd + 1 || bytes[previousEnd] != UInt8(ascii: "/") {
                return false
            }
            for byte in UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end])
            where byte == UInt8(ascii: "/") || byte == UInt8(ascii: "%") {
                return false
            }
            previousEnd = segment.end
        }
        return true
    }

    /// Appends `segment` with a `/` in it written `%2F` and a `%` that would read as an escape
    /// written `%25`.
    private static func appendEscaped(_ segment: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        for (index, byte) in segment.enumerated() {
            if byte == UInt8(ascii: "/") {
                output.append(contentsOf: "%2F".utf8)
            } else if byte == UInt8(ascii: "%"), startsEscape(segment, at: index) {
                output.append(contentsOf: "%25".utf8)
            } else {
                output.append(byte)
            }
        }
    }

    /// The decoded segments of a catch-all value, or `nil` when the text is not one a link can
    /// give: an empty segment (`a//b`, a leading or trailing `/`), an escape other than `%2F`
    /// and `%25` (which a link's segment would give back as `%25` followed by the digits), or
    /// `%25` where a plain `%` is the form (`%25x` for `%x`).
    static func segments(of value: String) -> [String]? {
        var segments: [String] = []
        for piece in value.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            guard !piece.isEmpty else { return nil }
            let bytes = Array(piece)
            var decoded: [UInt8] = []
            decoded.reserveCapacity(bytes.count)
            var index = 0
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: "%"), startsEscape(bytes, at: index) else {
                    decoded.append(bytes[index])
                    index += 1
                    continue
                }
                switch (bytes[index + 1], bytes[index + 2] | 0x20) {
                case (UInt8(ascii: "2"), UInt8(ascii: "f")) where bytes[index + 2] == UInt8(ascii: "F"):
                    decoded.append(UInt8(ascii: "/"))
                case (UInt8(ascii: "2"), UInt8(ascii: "5")):
                    decoded.append(UInt8(ascii: "%"))
                default:
                    return nil
                }
                index += 3
            }
            let segment = String(decoding: decoded, as: UTF8.self)
            // `%25` before text that is no escape (`%25x`) is `%x` written another way.
            guard escape(segment).utf8.elementsEqual(piece) else { return nil }
            segments.append(segment)
        }
        return segments
    }

    /// Whether the `%` at `index` is followed by two hexadecimal digits.
    private static func startsEscape<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes, at index: Int) -> Bool
    where Bytes.Index == Int {
        index + 2 < bytes.endIndex && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
