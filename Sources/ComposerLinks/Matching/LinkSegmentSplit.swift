/// How the text of a segment with several placeholders (`<name>.<ext>`) is shared between them,
/// once the text before the first and after the last have been taken off.
///
/// The rule: every placeholder but the last takes the shortest text, at least one character
/// long, that the text written after it follows; the last takes the rest, at least one
/// character. So `<name>.<ext>` reads `archive.tar.gz` as `archive` and `tar.gz`. The split is
/// decided by the texts alone, before any value is converted, and a value that does not
/// convert fails the pattern rather than moving the split: one link, one reading, found in one
/// pass, and `url(for:)` can tell whether a value would be read back (a value containing the
/// text after it would not).
enum LinkSegmentSplit {
    /// Calls `body` with each placeholder's position and byte range in `bytes[start..<end]`,
    /// left to right, and returns whether the text splits and every call returned `true`.
    /// For printable-ASCII text and separators, where bytes and characters coincide.
    static func forEachPart(
        of bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, separators: [String],
        _ body: (_ part: Int, _ start: Int, _ end: Int) -> Bool
    ) -> Bool {
        var partStart = start
        for (part, separator) in separators.enumerated() {
            guard let found = firstOccurrence(of: separator, in: bytes, from: partStart + 1, to: end),
                body(part, partStart, found)
            else { return false }
            partStart = found + separator.utf8.count
        }
        return partStart < end && body(separators.count, partStart, end)
    }

    /// The texts of `text`'s placeholders, compared by characters as `String` does, or `nil`
    /// when it does not split.
    static func parts(of text: String, separators: [String]) -> [String]? {
        guard !separators.isEmpty else { return text.isEmpty ? nil : [text] }
        let characters = Array(text)
        var parts: [String] = []
        var partStart = 0
        for separator in separators {
            let wanted = Array(separator)
            var position = partStart + 1
            while position + wanted.count <= characters.count,
                !characters[position..<(position + wanted.count)].elementsEqual(wanted)
            {
                position += 1
            }
            guard position + wanted.count <= characters.count else { return nil }
            parts.append(String(characters[partStart..<position]))
            partStart = position + wanted.count
        }
        guard partStart < characters.count else { return nil }
        parts.append(String(characters[partStart...]))
        return parts
    }

    /// The byte range of placeholder `part` in `bytes[start..<end]`, or `nil` when it does not split.
    static func range(
        ofPart part: Int, in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, separators: [String]
    ) -> Range<Int>? {
        var found: Range<Int>?
        _ = forEachPart(of: bytes, from: start, to: end, separators: separators) { position, partStart, partEnd in
            if position == part { found = partStart..<partEnd }
            return position < part
        }
        return found
    }

    /// The first position from `from` at which `separator`'s bytes start, ending by `end`.
    private static func firstOccurrence(
        of separator: String, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to end: Int
    ) -> Int? {
        let length = separator.utf8.count
        var position = from
        while position + length <= end {
            var offset = position
            var matches = true
            for byte in separator.utf8 {
                if bytes[offset] != byte {
                    matches = false
                    break
                }
                offset += 1
            }
            if matches { return position }
            position += 1
        }
        return nil
    }
}
