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

    /// A link to entry `index` from its samples, under the first of its hosts where it resolves
    /// to it, or `nil` if it resolves to it under none.
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
        // Each host in turn, as `url(for:)` tries them: a higher-precedence pattern may take the
        // link under the first host and not under another.
        let hosts: [String?] = entry.pattern.hosts.isEmpty ? [nil] : entry.pattern.hosts
        for host in hosts {
            guard let url = try? buildURL(entry: index, pattern: entry.pattern, texts: texts, host: host),
                (try? match(url))?.entry == index
            else { continue }
            return url
        }
        return nil
    }
}
