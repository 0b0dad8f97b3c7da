extension LinkTable {
    /// A link that opens the destination registered as `name`, for sharing or for tests.
    ///
    /// Values are percent-encoded (everything but letters, digits and `-._~`), so any text
    /// survives the trip; static segments are encoded too. Patterns with several hosts use the
    /// first. Optional query keys with no value (or an empty one) are left out; an array fills
    /// a repeated query key. The link is checked by matching it: `resolve(url(for:…))` always
    /// reaches this destination (before redirects).
    ///
    /// ```swift
    /// let link = try links.url(for: "Product", parameters: ["id": 42, "tag": ["new", "sale"]])
    /// ```
    ///
    /// - Throws: ``LinkError/unknownDestination(name:)``; ``LinkError/unknownParameter(name:pattern:known:)``
    ///   for a value the pattern has no placeholder for; ``LinkError/missingParameter(name:pattern:)``;
    ///   ``LinkError/conversionFailed(parameter:expected:found:pattern:)`` for a value its type
    ///   would not read back; ``LinkError/wrongType(parameter:requested:declared:)`` for several
    ///   values in a path placeholder; ``LinkError/unreachableURL(url:destination:resolvesTo:)``
    ///   when a higher-precedence pattern would take the link.
    public func url(for name: String, parameters: [String: any LinkParameterValue] = [:]) throws(LinkError) -> String {
        guard let index = entryByName[name] else { throw .unknownDestination(name: name) }
        let url = try buildURL(entry: index, texts: parameters.mapValues(\.linkTexts))
        let (resolved, _) = try match(url)
        guard resolved == index else {
            throw .unreachableURL(url: url, destination: name, resolvesTo: entries[resolved].pattern.text)
        }
        return url
    }

    /// The link of entry `index` with `texts` for its placeholders, unchecked against precedence.
    func buildURL(entry index: Int, texts: [String: [String]]) throws(LinkError) -> String {
        let entry = entries[index]
        let pattern = entry.pattern
        for name in texts.keys.sorted() where entry.declared[name] == nil {
            throw .unknownParameter(name: name, pattern: pattern.text, known: entry.declared.keys.sorted())
        }
        var pieces: [String] = []
        for segment in pattern.segments {
            switch segment {
            case .literal(let text):
                pieces.append(LinkPercentEncoding.encode(text))
            case .placeholder(let prefix, let placeholder, let suffix):
                let text = try singleText(for: placeholder, in: entry, texts: texts)
                pieces.append(LinkPercentEncoding.encode(prefix + text + suffix))
            case .catchAll(let placeholder):
                let text = try singleText(for: placeholder, in: entry, texts: texts)
                pieces.append(
                    text.split(separator: "/").map { LinkPercentEncoding.encode(String($0)) }.joined(separator: "/"))
            }
        }
        var url = "\(pattern.scheme)://"
        if let host = pattern.hosts.first {
            url += host
            if !pieces.isEmpty { url += "/" }
        }
        url += pieces.joined(separator: "/")

        var items: [String] = []
        for item in pattern.query {
            let values = (texts[item.placeholder.name] ?? []).filter { !$0.isEmpty }
            if values.isEmpty, !item.placeholder.isOptional {
                throw .missingParameter(name: item.placeholder.name, pattern: pattern.text)
            }
            for value in values {
                try check(value, for: item.placeholder, in: entry)
                items.append("\(LinkPercentEncoding.encode(item.key))=\(LinkPercentEncoding.encode(value))")
            }
        }
        if !items.isEmpty { url += "?" + items.joined(separator: "&") }
        return url
    }

    private func singleText(for placeholder: LinkPlaceholder, in entry: Entry, texts: [String: [String]])
        throws(LinkError) -> String
    {
        let values = texts[placeholder.name] ?? []
        guard values.count <= 1 else {
            throw .wrongType(
                parameter: placeholder.name, requested: "a list of \(values.count) values", declared: placeholder.type)
        }
        guard let text = values.first, !text.isEmpty else {
            throw .missingParameter(name: placeholder.name, pattern: entry.pattern.text)
        }
        try check(text, for: placeholder, in: entry)
        return text
    }

    private func check(_ text: String, for placeholder: LinkPlaceholder, in entry: Entry) throws(LinkError) {
        let converter = entry.converters[placeholder.name] ?? LinkConverter(type: .string, sample: nil, convert: nil)
        guard Self.accepts(text, converter: converter) else {
            throw .conversionFailed(
                parameter: placeholder.name, expected: placeholder.type, found: text, pattern: entry.pattern.text)
        }
    }
}
