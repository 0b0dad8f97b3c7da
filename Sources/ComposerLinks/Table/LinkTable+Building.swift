extension LinkTable {
    /// A link that opens the destination registered as `name`, for sharing or for tests.
    ///
    /// Values are percent-encoded (everything but ASCII letters, digits and `-._~`), so any text
    /// survives the trip; static segments are encoded too. A catch-all value is a path: its
    /// `/`s separate segments, and a `/` inside a segment is written `%2F` (a `%` that would
    /// read as an escape, `%25`), as the value read from a link is; a value with an empty
    /// segment (`a//b`, a leading or trailing `/`) cannot be sent and is refused.
    /// Patterns with several hosts use the first host whose link opens this destination. Optional
    /// query keys with no value (or an empty one) are left out; an array fills a repeated query
    /// key. When the encoded link would pass the length limit (4,096 bytes), only the characters
    /// that must be escaped are, so values read from a link that fitted build a link that fits:
    /// the limit is measured on that minimal form, and another host of the pattern is tried
    /// when it is still too long. The
    /// link is checked by matching it: `resolve(url(for:…))` always reaches this destination
    /// (before redirects) with the same values.
    ///
    /// ```swift
    /// let link = try links.url(for: "Product", parameters: ["id": 42, "tag": ["new", "sale"]])
    /// ```
    ///
    /// - Throws: ``LinkError/unknownDestination(name:)``; ``LinkError/unknownParameter(name:pattern:known:)``
    ///   for a value the pattern has no placeholder for; ``LinkError/missingParameter(name:pattern:)``;
    ///   ``LinkError/conversionFailed(parameter:expected:found:pattern:)`` for a value its type
    ///   would not read back, or an empty value for a required placeholder;
    ///   ``LinkError/wrongType(parameter:requested:declared:pattern:)`` for several values in a
    ///   path placeholder; ``LinkError/unreachableURL(url:destination:resolvesTo:)``
    ///   when a higher-precedence pattern would take the link under every host;
    ///   ``LinkError/urlTooLong(length:limit:)`` when the values do not fit in a link.
    public func url(for name: String, parameters: [String: any LinkParameterValue] = [:]) throws(LinkError) -> String {
        guard let index = entryByName[name] else { throw .unknownDestination(name: name) }
        let texts = parameters.mapValues(\.linkTexts)
        let pattern = entries[index].pattern
        let hosts: [String?] = pattern.hosts.isEmpty ? [nil] : pattern.hosts
        var firstFailure: LinkError?
        for host in hosts {
            var url = try buildURL(entry: index, pattern: pattern, texts: texts, host: host, minimal: false)
            if url.utf8.count > LinkAddress.maximumLength {
                url = try buildURL(entry: index, pattern: pattern, texts: texts, host: host, minimal: true)
                if url.utf8.count > LinkAddress.maximumLength {
                    // A shorter host of the pattern may still fit.
                    firstFailure =
                        firstFailure ?? .urlTooLong(length: url.utf8.count, limit: LinkAddress.maximumLength)
                    continue
                }
            }
            let resolved: Int
            do {
                resolved = try match(url).entry
            } catch {
                // The path chose another pattern, whose query then refused the link.
                switch error {
                case .conversionFailed(_, _, _, let other), .missingParameter(_, let other):
                    guard other != entries[index].text else { throw error }
                    firstFailure = firstFailure ?? .unreachableURL(url: url, destination: name, resolvesTo: other)
                    continue
                default:
                    throw error
                }
            }
            if resolved == index { return url }
            if firstFailure == nil {
                firstFailure = .unreachableURL(url: url, destination: name, resolvesTo: entries[resolved].text)
            }
        }
        throw firstFailure ?? .unknownDestination(name: name)
    }

    /// The link of entry `index` with `texts` for its placeholders, unchecked against precedence.
    ///
    /// - Parameters:
    ///   - host: The host to use, one of the pattern's; `nil` for the first.
    ///   - minimal: Escape only what the link's reader would otherwise misread, rather than
    ///     everything but unreserved characters.
    func buildURL(
        entry index: Int, pattern: LinkPattern, texts: [String: [String]], host: String? = nil, minimal: Bool = false
    ) throws(LinkError) -> String {
        let entry = entries[index]
        for name in texts.keys.sorted() where entry.layout.slot(named: name) == nil {
            throw .unknownParameter(name: name, pattern: pattern.text, known: entry.layout.sortedNames)
        }
        func encode(_ text: String, in part: LinkPercentEncoding.Part) -> String {
            minimal ? LinkPercentEncoding.encodeMinimally(text, in: part) : LinkPercentEncoding.encode(text)
        }
        var pieces: [String] = []
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                pieces.append(encode(text, in: .segment))
            case .placeholder, .placeholders:
                pieces.append(encode(try segmentText(segment, of: entry, pattern: pattern, texts: texts), in: .segment))
            case .catchAll(let placeholder):
                let text = try singleText(for: placeholder, in: entry, texts: texts)
                // `check` accepted the text, so it has segments.
                let segments = LinkCatchAllPath.segments(of: text) ?? [text]
                pieces.append(segments.map { encode($0, in: .segment) }.joined(separator: "/"))
            }
        }
        var url = "\(pattern.scheme)://"
        if let host = host ?? pattern.hosts.first {
            url += host
            if !pieces.isEmpty { url += "/" }
        }
        url += pieces.joined(separator: "/")

        var items: [String] = []
        for item in pattern.query {
            let given = texts[item.placeholder.name] ?? []
            let values = given.filter { !$0.isEmpty }
            if values.isEmpty, !item.placeholder.isOptional {
                // Given, but empty: reported as a path placeholder's empty value is (see `singleText`).
                if !given.isEmpty {
                    throw .conversionFailed(
                        parameter: item.placeholder.name, expected: item.placeholder.type, found: "",
                        pattern: pattern.text)
                }
                throw .missingParameter(name: item.placeholder.name, pattern: pattern.text)
            }
            for value in values {
                try check(value, for: item.placeholder, in: entry)
                items.append("\(encode(item.key, in: .queryKey))=\(encode(value, in: .queryValue))")
            }
        }
        if !items.isEmpty { url += "?" + items.joined(separator: "&") }
        return url
    }

    /// The decoded text of a segment with placeholders, checked to read back as the same values:
    /// text around a placeholder is matched by characters, so a value that starts or ends with
    /// a combining mark would merge with it, and a value holding the text written after its
    /// placeholder would end there (see ``LinkSegmentSplit``).
    private func segmentText(
        _ segment: LinkPattern.Segment, of entry: Entry, pattern: LinkPattern, texts: [String: [String]]
    )
        throws(LinkError) -> String
    {
        let placeholders = segment.placeholders
        let around = segment.texts
        var values: [String] = []
        var whole = around[0]
        for (placeholder, after) in zip(placeholders, around.dropFirst()) {
            let value = try singleText(for: placeholder, in: entry, texts: texts)
            values.append(value)
            whole += value + after
        }
        let prefix = around[0]
        let suffix = around[around.count - 1]
        let readBack =
            whole.hasPrefix(prefix) && whole.hasSuffix(suffix)
            ? LinkSegmentSplit.parts(
                of: String(whole.dropFirst(prefix.count).dropLast(suffix.count)),
                separators: Array(around.dropFirst().dropLast()))
            : nil
        for (position, placeholder) in placeholders.enumerated() where readBack?[position] != values[position] {
            throw .valueDoesNotReadBack(parameter: placeholder.name, value: values[position], pattern: pattern.text)
        }
        return whole
    }

    private func singleText(for placeholder: LinkPlaceholder, in entry: Entry, texts: [String: [String]])
        throws(LinkError) -> String
    {
        let values = texts[placeholder.name] ?? []
        guard values.count <= 1 else {
            throw .wrongType(
                parameter: placeholder.name, requested: "a list of \(values.count) values", declared: placeholder.type,
                pattern: entry.text)
        }
        guard let text = values.first else { throw .missingParameter(name: placeholder.name, pattern: entry.text) }
        // Given, but empty: a segment cannot carry it, and "missing" would send the caller
        // looking for a key they passed.
        guard !text.isEmpty else {
            throw .conversionFailed(
                parameter: placeholder.name, expected: placeholder.type, found: "", pattern: entry.text)
        }
        try check(text, for: placeholder, in: entry)
        return text
    }

    private func check(_ text: String, for placeholder: LinkPlaceholder, in entry: Entry) throws(LinkError) {
        let converter = entry.converters[placeholder.name] ?? LinkConverter(type: .string)
        guard Self.accepts(text, converter: converter) else {
            throw .conversionFailed(
                parameter: placeholder.name, expected: placeholder.type, found: text, pattern: entry.text)
        }
    }
}
