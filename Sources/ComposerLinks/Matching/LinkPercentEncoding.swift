/// Percent-decoding of incoming link pieces and percent-encoding of built ones.
///
/// Written by hand rather than with Foundation so that the same bytes give the same result on
/// every platform, and so that a malformed escape is reported rather than passed through.
enum LinkPercentEncoding {
    /// Why a piece could not be decoded, with the byte offset inside the piece.
    enum DecodingFailure: Error {
        case invalidEscape(offset: Int)
        case invalidUTF8
    }

    /// Where in `bytes`, whose escapes decode to bytes that are not UTF-8, the first byte that
    /// breaks it was written: the `%` of its escape. For an error's column; only asked after
    /// ``decode(_:)`` failed, so it takes its time. The bytes are decoded as ``decode(_:)`` decodes
    /// them and parsed by the standard library's UTF-8 parser, which that check uses, so both agree
    /// on where the text breaks.
    static func offsetOfInvalidUTF8(in bytes: ArraySlice<UInt8>) -> Int {
        var decoded: [UInt8] = []
        _ = bytes.withUnsafeBufferPointer { appendDecoded($0, to: &decoded) }
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = decoded.makeIterator()
        var position = 0
        parsing: while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let scalar): position += scalar.count
            case .emptyInput: return 0
            case .error: break parsing
            }
        }
        // Back to the link's text: the escapes are well formed (a bad one fails first), and each
        // wrote one byte from three.
        var offset = bytes.startIndex
        for _ in 0..<position { offset += bytes[offset] == UInt8(ascii: "%") ? 3 : 1 }
        return offset - bytes.startIndex
    }

    /// Decodes `%XX` escapes in `bytes`. `+` stays a plus sign: links follow RFC 3986, not
    /// HTML form encoding.
    static func decode(_ bytes: ArraySlice<UInt8>) throws(DecodingFailure) -> String {
        guard bytes.contains(UInt8(ascii: "%")) else {
            // Slices of a Swift string cut at ASCII delimiters are valid UTF-8 already.
            return String(decoding: bytes, as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(bytes.count)
        let failure = bytes.withUnsafeBufferPointer { appendDecoded($0, to: &decoded) }
        if let failure { throw failure }
        // Valid UTF-8 now, so decoding substitutes nothing: two different links never decode
        // to the same text.
        return String(decoding: decoded, as: UTF8.self)
    }

    /// Writes the decoded `bytes` into `output` from `start` on, where there is room for
    /// `bytes.count` more, and returns where they end; `nil` for a bad escape or for escapes
    /// that do not decode to UTF-8 (what ``decode(_:)`` throws for). Text without escapes is
    /// copied as it is: a link's own text is UTF-8 already.
    static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> Int? {
        let decoded = writeDecoded(bytes, into: output, at: start)
        return decoded.failure == nil ? decoded.end : nil
    }

    /// Appends the decoded `bytes` to `output`; `false` for a bad escape or for escapes that do
    /// not decode to UTF-8 (what ``decode(_:)`` throws for). Allocates nothing beyond `output`.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Bool {
        guard bytes.contains(UInt8(ascii: "%")) else {
            output.append(contentsOf: bytes)
            return true
        }
        return appendDecoded(bytes, to: &output) == nil
    }

    /// Appends the decoded `bytes` to `output` and returns why they do not decode, if they do
    /// not; what was decoded before a bad escape stays appended.
    private static func appendDecoded(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8])
        -> DecodingFailure?
    {
        let start = output.count
        // Room for every byte: decoding never lengthens the text.
        output.append(contentsOf: repeatElement(0, count: bytes.count))
        let decoded = output.withUnsafeMutableBufferPointer { writeDecoded(bytes, into: $0, at: start) }
        output.removeLast(output.count - decoded.end)
        return decoded.failure
    }

    /// Writes the decoded `bytes` into `output` from `start` on, where there is room for
    /// `bytes.count` more: where they end, and why they do not decode, if they do not (the offset
    /// of the first bad escape, where the writing stops, or text that is not UTF-8, checked on
    /// what was written rather than substituting U+FFFD). Text without escapes is not checked: a
    /// link's own text is UTF-8 already. Nor is text whose escapes all decode to ASCII: a valid
    /// UTF-8 text with some ASCII characters replaced by other ASCII characters is still valid.
    private static func writeDecoded(
        _ bytes: UnsafeBufferPointer<UInt8>, into output: UnsafeMutableBufferPointer<UInt8>, at start: Int
    ) -> (end: Int, failure: DecodingFailure?) {
        var end = start
        var index = 0
        var escapedNonASCII = false
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                output[end] = byte
                end += 1
                index += 1
                continue
            }
            guard index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
            else { return (end, .invalidEscape(offset: index)) }
            output[end] = high << 4 | low
            end += 1
            index += 3
            if high >= 8 { escapedNonASCII = true }
        }
        guard escapedNonASCII else { return (end, nil) }
        var iterator = UnsafeBufferPointer(rebasing: output[start..<end]).makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: return (end, nil)
            case .error: return (end, .invalidUTF8)
            }
        }
    }

    /// Encodes everything but RFC 3986 unreserved characters, so a value survives any position
    /// in a link (path segment or query value) and decodes back to itself.
    static func encode(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                result.append("%")
                result.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte >> 4)]))
                result.unicodeScalars.append(Unicode.Scalar(hexDigits[Int(byte & 0x0F)]))
            }
        }
        return result
    }

    /// Where an encoded piece goes, which decides what must be escaped there.
    enum Part {
        case segment
        case queryKey
        case queryValue
    }

    /// Escapes only what a link's reader would misread in `part`: `%`, `#`, spaces and control
    /// characters everywhere; `/` and `?` in a segment; `&` in the query; `=` in a query key.
    /// Other characters, non-ASCII ones included, stay as they are, so the result is never
    /// longer than the link the text came from.
    static func encodeMinimally(_ text: String, in part: Part) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            let mustEscape: Bool
            switch byte {
            case 0...0x20, 0x7F, UInt8(ascii: "%"), UInt8(ascii: "#"):
                mustEscape = true
            case UInt8(ascii: "/"), UInt8(ascii: "?"):
                // The path ends at the first '?'; inside the query both read as themselves.
                mustEscape = part == .segment
            case UInt8(ascii: "&"):
                mustEscape = part != .segment
            case UInt8(ascii: "="):
                // Only a key's first '=' ends it; a value may hold more.
                mustEscape = part == .queryKey
            default:
                mustEscape = false
            }
            if mustEscape {
                bytes += [UInt8(ascii: "%"), hexDigits[Int(byte >> 4)], hexDigits[Int(byte & 0x0F)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
