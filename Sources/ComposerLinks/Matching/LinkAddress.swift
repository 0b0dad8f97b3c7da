/// An incoming link split into what matching needs: scheme, host, decoded path segments and
/// decoded query items.
///
/// Parsed by hand rather than with `Foundation.URL`, whose leniency differs between platforms
/// and versions: the same string must resolve the same way everywhere. The rules mirror the
/// pattern grammar: `scheme://`, then a host for `http`/`https` only, then the path; empty
/// segments (which also covers a trailing slash) are dropped; the fragment is ignored.
struct LinkAddress {
    /// The longest link accepted, in UTF-8 bytes (characters, for the ASCII links apps send).
    ///
    /// Long enough for any real link, short enough that a hostile one cannot make matching slow.
    static let maximumLength = 4096

    /// The scheme, lowercased.
    let scheme: String
    /// The host, lowercased, for `http` and `https`; `nil` for schemes without a host.
    let host: String?
    /// The path's non-empty segments, percent-decoded.
    let segments: [String]
    /// The query's items in order, percent-decoded; a key without `=` has an empty value.
    let query: [(key: String, value: String)]

    /// The key of the trie root this link is matched under.
    var rootKey: String { Self.rootKey(scheme: scheme, host: host) }

    /// `scheme://host` for schemes with a host, `scheme:` for the others.
    static func rootKey(scheme: String, host: String?) -> String {
        if let host { "\(scheme)://\(host)" } else { "\(scheme):" }
    }

    /// Splits `url`, or throws ``LinkError/urlTooLong(length:limit:)`` or
    /// ``LinkError/malformedURL(url:column:reason:)``.
    init(parsing url: String) throws(LinkError) {
        // Checked before copying anything, so a huge string costs nothing to refuse.
        guard url.utf8.count <= Self.maximumLength else {
            throw .urlTooLong(length: url.utf8.count, limit: Self.maximumLength)
        }
        let bytes = Array(url.utf8)
        func failure(_ reason: String, at offset: Int) -> LinkError {
            let column = String(decoding: bytes[..<offset], as: UTF8.self).count + 1
            return .malformedURL(url: url, column: column, reason: reason)
        }
        let spaceOrControl = bytes.withUnsafeBufferPointer { buffer in
            buffer.indices.first { LinkMatcher.isSpaceOrControl(buffer, at: $0) }
        }
        if let offset = spaceOrControl {
            throw failure(
                "links cannot contain spaces or control characters; expected them percent-encoded", at: offset)
        }

        // Scheme.
        guard let first = bytes.first, Self.isLetter(first) else {
            throw failure("expected a scheme such as 'https' or 'shop' followed by '://'", at: 0)
        }
        var index = 1
        while index < bytes.count, Self.isSchemeByte(bytes[index]) { index += 1 }
        let schemeEnd = index
        guard bytes[index...].starts(with: Array("://".utf8)) else {
            throw failure("expected '://' after the scheme", at: index)
        }
        scheme = String(decoding: bytes[..<schemeEnd], as: UTF8.self).lowercased()
        index += 3

        // Host, for the schemes that have one.
        if LinkPattern.schemeHasHost(scheme) {
            let hostStart = index
            while index < bytes.count, !Self.endsHost(bytes[index]) { index += 1 }
            guard index > hostStart else { throw failure("expected a host after '\(scheme)://'", at: hostStart) }
            if let at = bytes[hostStart..<index].firstIndex(of: UInt8(ascii: "@")) {
                throw failure("user names and passwords are not supported in links; expected a host", at: at)
            }
            host = String(decoding: bytes[hostStart..<index], as: UTF8.self).lowercased()
        } else {
            host = nil
        }

        // Path.
        let pathEnd =
            bytes[index...].firstIndex(where: { $0 == UInt8(ascii: "?") || $0 == UInt8(ascii: "#") }) ?? bytes.count
        var segments: [String] = []
        var segmentStart = index
        while segmentStart <= pathEnd {
            let segmentEnd = bytes[segmentStart..<pathEnd].firstIndex(of: UInt8(ascii: "/")) ?? pathEnd
            if segmentEnd > segmentStart {
                segments.append(try Self.decode(bytes[segmentStart..<segmentEnd], failure: failure))
            }
            segmentStart = segmentEnd + 1
        }
        self.segments = segments

        // Query; the fragment after it is ignored.
        var query: [(key: String, value: String)] = []
        if pathEnd < bytes.count, bytes[pathEnd] == UInt8(ascii: "?") {
            let queryEnd = bytes[pathEnd...].firstIndex(of: UInt8(ascii: "#")) ?? bytes.count
            var itemStart = pathEnd + 1
            while itemStart <= queryEnd {
                let itemEnd = bytes[itemStart..<queryEnd].firstIndex(of: UInt8(ascii: "&")) ?? queryEnd
                if itemEnd > itemStart {
                    let item = bytes[itemStart..<itemEnd]
                    if let equals = item.firstIndex(of: UInt8(ascii: "=")) {
                        let key = try Self.decode(bytes[itemStart..<equals], failure: failure)
                        let value = try Self.decode(bytes[(equals + 1)..<itemEnd], failure: failure)
                        query.append((key, value))
                    } else {
                        query.append((try Self.decode(item, failure: failure), ""))
                    }
                }
                itemStart = itemEnd + 1
            }
        }
        self.query = query
    }

    private static func decode(
        _ piece: ArraySlice<UInt8>,
        failure: (String, Int) -> LinkError
    ) throws(LinkError) -> String {
        do {
            return try LinkPercentEncoding.decode(piece)
        } catch {
            switch error {
            case .invalidEscape(let offset):
                throw failure(
                    "invalid percent escape; expected '%' followed by two hexadecimal digits", piece.startIndex + offset
                )
            case .invalidUTF8:
                throw failure(
                    "percent escapes do not decode to UTF-8 text; expected UTF-8 bytes",
                    piece.startIndex + LinkPercentEncoding.offsetOfInvalidUTF8(in: piece))
            }
        }
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    private static func endsHost(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}
