extension LinkTable {
    /// Every registered pattern with a sample link, in registration order, for a debug menu
    /// that lists (and opens) every link the app understands.
    public var catalog: [LinkCatalogEntry] {
        entries.indices.map { index in
            let entry = entries[index]
            return LinkCatalogEntry(
                name: entry.name,
                pattern: entry.text,
                sampleURL: sampleURL(entry: index),
                parameters: entry.layout.placeholders,
                redirect: redirectTargets[index].map { target in
                    switch target {
                    case .entry(let destination): .pattern(entries[destination].text)
                    case .fallback: .fallback
                    }
                }
            )
        }
    }

    /// A link to entry `index` from its samples, or `nil` if it would not resolve to it.
    private func sampleURL(entry index: Int) -> String? {
        let entry = entries[index]
        var texts: [String: [String]] = [:]
        for placeholder in entry.layout.slots {
            if let sample = entry.samples[placeholder.name] {
                texts[placeholder.name] = [sample]
            } else if !placeholder.isOptional, converters.converter(for: placeholder.type) != nil {
                texts[placeholder.name] = [
                    converters.sampleText(for: placeholder.type, placeholderName: placeholder.name)
                ]
            }
        }
        guard let url = try? buildURL(entry: index, pattern: entry.pattern, texts: texts),
            (try? match(url))?.entry == index
        else { return nil }
        return url
    }
}
