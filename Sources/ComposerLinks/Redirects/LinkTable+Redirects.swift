import Foundation

extension LinkTable {
    /// Replaces the redirects with the ones in remote-configuration JSON.
    ///
    /// See ``LinkRedirect/decode(json:)`` for the shape and ``setRedirects(_:)`` for the checks.
    ///
    /// - Throws: ``LinkError/invalidRedirects(_:)``; the previous redirects stay in use.
    public mutating func loadRedirects(from json: Data) throws(LinkError) {
        try setRedirects(LinkRedirect.decode(json: json))
    }

    /// Replaces the redirects, after checking the whole table.
    ///
    /// Every `from` and `to` must be a registered pattern (compared in normalized form, see
    /// ``LinkPattern/description``), no pattern may be redirected twice, the destination's
    /// required parameters must be ones the source always provides, a redirect to the fallback
    /// needs a fallback, and following redirects must never come back to where it started
    /// (A → B → A, or longer). Chains without a loop (A → B → C) are allowed.
    ///
    /// - Throws: ``LinkError/invalidRedirects(_:)`` for the first problem found; the previous
    ///   redirects stay in use.
    public mutating func setRedirects(_ redirects: [LinkRedirect]) throws(LinkError) {
        var targets: [Int: RedirectTarget] = [:]
        for redirect in redirects {
            let source = try registeredEntry(redirect.from)
            guard targets[source] == nil else {
                throw .invalidRedirects(.duplicateSource(redirect.from))
            }
            switch redirect.to {
            case .fallback:
                guard makeFallback != nil else { throw .invalidRedirects(.noFallback(from: redirect.from)) }
                targets[source] = .fallback
            case .pattern(let text):
                let destination = try registeredEntry(text)
                let provided = Dictionary(
                    entries[source].layout.placeholders.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first }
                )
                for needed in entries[destination].layout.placeholders where !needed.isOptional {
                    guard let offered = provided[needed.name], !offered.isOptional else {
                        throw .invalidRedirects(.missingParameter(name: needed.name, from: redirect.from, to: text))
                    }
                }
                targets[source] = .entry(destination)
            }
        }
        try Self.checkForLoops(targets, entries: entries)
        redirectTargets = targets
        self.redirects = redirects
    }

    /// Removes every redirect.
    public mutating func removeAllRedirects() {
        redirectTargets = [:]
        redirects = []
    }

    /// The entry registered as `text`, compared in normalized form.
    private func registeredEntry(_ text: String) throws(LinkError) -> Int {
        let pattern: LinkPattern
        do {
            pattern = try LinkPattern(text, converters: converters)
        } catch {
            throw .invalidRedirects(.invalidPattern(error))
        }
        // Patterns with the same description have the same shape under the same roots, and no
        // two registered patterns share a shape there: the shape finds the only candidate. A
        // pattern is kept under the shape of its case rule (the table's, or its own): the table's
        // is tried first, then the other.
        let other: LinkPathCase = pathCase == .sensitive ? .insensitive : .sensitive
        var lookalike: Int?
        for rule in [pathCase, other] {
            let sameShape = trie.conflict(rootKeys: pattern.rootKeys, shape: pattern.shape(pathCase: rule))
            if let index = sameShape, entries[index].pattern.description == pattern.description { return index }
            lookalike = lookalike ?? sameShape
        }
        throw .invalidRedirects(.unknownPattern(text, lookalike: lookalike.map { entries[$0].text }))
    }

    /// Follows every chain once; each entry has at most one outgoing redirect, so a chain
    /// either ends, joins a chain already known to end, or comes back on itself.
    private static func checkForLoops(_ targets: [Int: RedirectTarget], entries: [Entry]) throws(LinkError) {
        var ending: Set<Int> = []
        for start in targets.keys.sorted() {
            var chain: [Int] = [start]
            var current = start
            while case .entry(let next)? = targets[current], !ending.contains(next) {
                if let loopStart = chain.firstIndex(of: next) {
                    let cycle = chain[loopStart...] + [next]
                    throw .invalidRedirects(.loop(cycle.map { entries[$0].text }))
                }
                chain.append(next)
                current = next
            }
            ending.formUnion(chain)
        }
    }

    /// The source's values, converted for the destination's placeholders by name.
    func carry(_ parameters: LinkParameters, to destination: Int) throws(LinkError) -> LinkParameters {
        let entry = entries[destination]
        let texts = parameters.texts
        var items = LinkCapturedValues()
        for (slot, placeholder) in entry.layout.slots.enumerated() {
            var available = texts[placeholder.name] ?? []
            if placeholder.depth >= 0 { available = Array(available.prefix(1)) }
            try append(slot: slot, texts: available, in: entry, to: &items)
        }
        return LinkParameters(layout: entry.layout, source: "", items: items)
    }
}
