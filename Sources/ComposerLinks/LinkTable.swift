/// The app's link patterns, each with the closure that turns a matching link into a `Target`.
///
/// ```swift
/// var links = LinkTable<Destination>()
/// try links.register("shop://product/<int:id>", as: "Product") { try .product(id: $0.int("id")) }
/// try links.register("https://{shop.example.com,www.shop.example.com}/products/<int:id>?color=<color?>") {
///     try .product(id: $0.int("id"), color: $0.optionalString("color"))
/// }
/// links.fallback { .notFound($0) }
/// let destination = try links.resolve("shop://product/42")
/// ```
///
/// `LinkTable` is a value type: copies are independent, and a failed change (a conflicting
/// pattern, a rejected redirect table) leaves the table exactly as it was. It is not `Sendable`
/// because `Target` and the closures need not be; keep it where it is used, typically on the
/// main actor.
///
/// ## Precedence
///
/// When several patterns match a link, the path decides, segment by segment from the left:
/// at the first segment where the candidates differ, static text beats a typed placeholder
/// (`bool`, `uuid`, `int`, `double`, then app types by name), which beats a string
/// placeholder, which beats a catch-all. Between placeholders of one type, more static text
/// around the placeholder (`user-<id>` over `<id>`) wins. A higher-precedence branch that
/// fails further right gives way to the next one. Registering a pattern with the same shape as
/// an existing one (names aside) is an error, so there is never a tie. The query does not take
/// part: it is read after the path has chosen the pattern.
///
/// ## Incoming links
///
/// Links are parsed by this library, not by `Foundation.URL`, so they resolve the same way on
/// every platform:
///
/// - Scheme and host ignore case; path segments and query keys do not.
/// - `shop://product/42`, `shop://product/42/`, `shop:///product/42` and `shop://product//42`
///   are the same link: empty segments, including a trailing slash, are dropped.
///   `shop:product/42` (no `//`) is malformed.
/// - The path is split at `/` first, then each segment is percent-decoded, so `%2F` stays
///   inside its segment. Query keys and values are decoded too; `+` stays a plus sign. A bad
///   escape (`%zz`), an escape that is not UTF-8 (`%FF`), a space or a control character
///   makes the link malformed.
/// - The fragment is ignored. Links over 4,096 UTF-8 bytes are refused unread.
///
/// ## Resolution
///
/// A link longer than ``maximumURLLength``, malformed, matching no pattern, carrying a value
/// of the wrong type or missing a required query value is an error about the link: the
/// fallback handles it if there is one, otherwise ``resolve(_:)`` throws it. Redirects are
/// applied after matching and before the closure runs. Errors thrown by the closures
/// themselves are never hidden by the fallback.
public struct LinkTable<Target> {
    /// One registration.
    struct Entry {
        let pattern: LinkPattern
        let name: String?
        let samples: [String: String]
        let make: @MainActor (LinkParameters) throws -> Target
        /// The converter of each placeholder, by placeholder name, captured at registration.
        let converters: [String: LinkConverter]
        /// Each placeholder's type, by name.
        let declared: [String: LinkValueType]
    }

    /// Where a redirect sends a registered pattern's links.
    enum RedirectTarget {
        case entry(Int)
        case fallback
    }

    /// The longest link ``resolve(_:)`` accepts, in UTF-8 bytes: 4,096.
    public static var maximumURLLength: Int { LinkAddress.maximumLength }

    /// The app-defined placeholder types patterns may use; add to it with ``registerConverter(_:sample:convert:)``.
    public private(set) var converters = LinkConverters()
    /// The redirects in use, as last set or loaded.
    public internal(set) var redirects: [LinkRedirect] = []

    var entries: [Entry] = []
    var trie = LinkTrie()
    var entryByName: [String: Int] = [:]
    var entryByDescription: [String: Int] = [:]
    /// The first three entries of each scheme, suggested when a link's host is unknown; kept
    /// at registration so that a failed lookup never scans the whole table.
    var firstEntriesByScheme: [String: [Int]] = [:]
    var makeFallback: (@MainActor (String) -> Target)?
    var redirectTargets: [Int: RedirectTarget] = [:]

    /// Creates an empty table.
    public init() {}

    /// Every registered pattern, as written, in registration order.
    public var patterns: [String] { entries.map(\.pattern.text) }

    /// Adds a placeholder type, usable as `<typeName:name>` in patterns registered afterwards.
    ///
    /// A type is added once and never replaced, so a registered pattern keeps the meaning it
    /// had when it was registered. See ``LinkConverters/register(_:sample:convert:)``.
    public mutating func registerConverter(
        _ typeName: String,
        sample: String? = nil,
        convert: @escaping @Sendable (String) -> (any Sendable)?
    ) throws(LinkError) {
        try converters.register(typeName, sample: sample, convert: convert)
    }

    /// Adds a pattern.
    ///
    /// - Parameters:
    ///   - pattern: The pattern, such as `shop://product/<int:id>`; see ``LinkPattern``.
    ///   - name: The destination name used by ``url(for:parameters:)`` and the catalog.
    ///   - samples: Values for the catalog's sample link, by placeholder name.
    ///   - make: Turns a matching link's parameters into the target. Errors it throws come out
    ///     of ``resolve(_:)``: ``LinkError``s as they are, others as
    ///     ``LinkError/targetFailed(pattern:message:)``.
    /// - Throws: ``LinkError/invalidPattern(_:)``, ``LinkError/duplicateName(name:existing:)``,
    ///   ``LinkError/conflictingPattern(pattern:existing:)`` naming both patterns, or, for bad
    ///   samples, ``LinkError/unknownParameter(name:pattern:known:)`` and
    ///   ``LinkError/invalidSample(parameter:value:pattern:)``. The table is unchanged.
    public mutating func register(
        _ pattern: String,
        as name: String? = nil,
        samples: [String: String] = [:],
        make: @escaping @MainActor (LinkParameters) throws -> Target
    ) throws(LinkError) {
        let parsed: LinkPattern
        do {
            parsed = try LinkPattern(pattern, converters: converters)
        } catch {
            throw .invalidPattern(error)
        }
        if let name, let existing = entryByName[name] {
            throw .duplicateName(name: name, existing: entries[existing].pattern.text)
        }
        if let existing = trie.conflict(rootKeys: parsed.rootKeys, shape: parsed.shape) {
            throw .conflictingPattern(pattern: pattern, existing: entries[existing].pattern.text)
        }
        var placeholderConverters: [String: LinkConverter] = [:]
        var declared: [String: LinkValueType] = [:]
        for placeholder in parsed.placeholders {
            guard let converter = converters.converter(for: placeholder.type) else {
                throw .invalidConverter(name: placeholder.type.description, reason: "no converter is registered for it")
            }
            placeholderConverters[placeholder.name] = converter
            declared[placeholder.name] = placeholder.type
        }
        for (key, value) in samples.sorted(by: { $0.key < $1.key }) {
            guard let converter = placeholderConverters[key] else {
                throw .unknownParameter(name: key, pattern: pattern, known: declared.keys.sorted())
            }
            guard Self.accepts(value, converter: converter) else {
                throw .invalidSample(parameter: key, value: value, pattern: pattern)
            }
        }

        let index = entries.count
        entries.append(
            Entry(
                pattern: parsed, name: name, samples: samples, make: make,
                converters: placeholderConverters, declared: declared
            ))
        trie.insert(rootKeys: parsed.rootKeys, pattern: parsed, converters: placeholderConverters, entry: index)
        if let name { entryByName[name] = index }
        entryByDescription[parsed.description] = index
        if firstEntriesByScheme[parsed.scheme, default: []].count < 3 {
            firstEntriesByScheme[parsed.scheme, default: []].append(index)
        }
    }

    /// Sets what links that match nothing (or are malformed, or carry unusable values) turn
    /// into; the closure receives the link as given. Without a fallback those links throw.
    public mutating func fallback(_ make: @escaping @MainActor (String) -> Target) {
        makeFallback = make
    }

    // MARK: Resolving

    /// The target for `url`.
    ///
    /// - Throws: A ``LinkError`` about the link when there is no fallback, or the error the
    ///   registration's closure threw.
    @MainActor
    public func resolve(_ url: String) throws(LinkError) -> Target {
        try resolveLink(url).target
    }

    /// The target for `url`, with the pattern, parameters and redirects that led to it.
    ///
    /// - Throws: Like ``resolve(_:)``.
    @MainActor
    public func resolveLink(_ url: String) throws(LinkError) -> ResolvedLink<Target> {
        let route: Route
        do {
            route = try self.route(url)
        } catch {
            guard error.isAboutIncomingLink, let makeFallback else { throw error }
            return ResolvedLink(
                target: makeFallback(url), url: url, name: nil, pattern: nil,
                parameters: LinkParameters(), redirectedFrom: [], fallbackReason: error
            )
        }
        let redirectedFrom = route.via.map { entries[$0].pattern.text }
        guard let index = route.entry else {
            guard let makeFallback else { throw .noMatch(url: url, closest: []) }
            return ResolvedLink(
                target: makeFallback(url), url: url, name: nil, pattern: nil,
                parameters: LinkParameters(), redirectedFrom: redirectedFrom, fallbackReason: nil
            )
        }
        let entry = entries[index]
        let target: Target
        do {
            target = try entry.make(route.parameters)
        } catch let error as LinkError {
            throw error
        } catch {
            throw .targetFailed(pattern: entry.pattern.text, message: String(describing: error))
        }
        return ResolvedLink(
            target: target, url: url, name: entry.name, pattern: entry.pattern.text,
            parameters: route.parameters, redirectedFrom: redirectedFrom, fallbackReason: nil
        )
    }

    /// The outcome of matching and redirecting: an entry with its parameters, or the
    /// fallback (`entry == nil`), and the entries redirected away from.
    struct Route {
        var entry: Int?
        var parameters: LinkParameters
        var via: [Int]
    }

    private func route(_ url: String) throws(LinkError) -> Route {
        var (entry, parameters) = try match(url)
        var via: [Int] = []
        // Loops are rejected when redirects are set; the count check only guards that promise.
        while let redirect = redirectTargets[entry], via.count <= redirectTargets.count {
            via.append(entry)
            switch redirect {
            case .fallback:
                return Route(entry: nil, parameters: LinkParameters(), via: via)
            case .entry(let next):
                parameters = try carry(parameters, to: next)
                entry = next
            }
        }
        return Route(entry: entry, parameters: parameters, via: via)
    }

    /// The entry `url` matches, ignoring redirects, with its parameters.
    func match(_ url: String) throws(LinkError) -> (entry: Int, parameters: LinkParameters) {
        let address = try LinkAddress(parsing: url)
        guard let root = trie.roots[address.rootKey] else {
            let closest = (firstEntriesByScheme[address.scheme] ?? []).map { entries[$0].pattern.text }
            throw .noMatch(url: url, closest: closest)
        }
        var progress = LinkTrie.Progress()
        var visits = 0
        if let found = trie.match(address.segments, from: root, relaxed: false, progress: &progress, visits: &visits) {
            return (found.entry, try parameters(of: found, query: address.query))
        }
        // Nothing matched. If something would have with its typed placeholders accepting any
        // text, the link has a wrong value rather than a wrong shape: say which.
        var relaxedProgress = LinkTrie.Progress()
        if let near = trie.match(
            address.segments, from: root, relaxed: true, progress: &relaxedProgress, visits: &visits)
        {
            let pattern = entries[near.entry].pattern
            for (position, segment) in pattern.segments.enumerated() where position < near.captures.count {
                guard let placeholder = segment.placeholder, let capture = near.captures[position], capture.value == nil
                else {
                    continue
                }
                throw .conversionFailed(
                    parameter: placeholder.name, expected: placeholder.type, found: capture.text, pattern: pattern.text
                )
            }
        }
        let closest = trie.entries(below: progress.nodes, limit: 3).map { entries[$0].pattern.text }
        throw .noMatch(url: url, closest: closest)
    }

    /// The parameters of a successful walk: path captures plus the pattern's query keys.
    private func parameters(of match: LinkTrie.Match, query: [(key: String, value: String)]) throws(LinkError)
        -> LinkParameters
    {
        let entry = entries[match.entry]
        var slots: [String: LinkParameters.Slot] = [:]
        for (position, segment) in entry.pattern.segments.enumerated() where position < match.captures.count {
            guard let placeholder = segment.placeholder, let capture = match.captures[position],
                let value = capture.value
            else {
                continue
            }
            slots[placeholder.name] = LinkParameters.Slot(
                type: placeholder.type, texts: [capture.text], values: [value])
        }
        if !entry.pattern.query.isEmpty {
            var valuesByKey: [String: [String]] = [:]
            for item in query where !item.value.isEmpty {
                valuesByKey[item.key, default: []].append(item.value)
            }
            for item in entry.pattern.query {
                let slot = try slot(for: item.placeholder, texts: valuesByKey[item.key] ?? [], in: entry)
                slots[item.placeholder.name] = slot
            }
        }
        return LinkParameters(pattern: entry.pattern.text, declared: entry.declared, slots: slots)
    }

    /// Converts `texts` for `placeholder`; `nil` for an absent optional value.
    func slot(for placeholder: LinkPlaceholder, texts: [String], in entry: Entry) throws(LinkError) -> LinkParameters
        .Slot?
    {
        guard !texts.isEmpty else {
            if placeholder.isOptional { return nil }
            throw .missingParameter(name: placeholder.name, pattern: entry.pattern.text)
        }
        let converter = entry.converters[placeholder.name] ?? LinkConverter(type: .string, sample: nil, convert: nil)
        var values: [any Sendable] = []
        for text in texts {
            guard let value = converter.value(of: text) else {
                throw .conversionFailed(
                    parameter: placeholder.name, expected: placeholder.type, found: text, pattern: entry.pattern.text)
            }
            values.append(value)
        }
        return LinkParameters.Slot(type: placeholder.type, texts: texts, values: values)
    }

    /// Whether `text` is a value the placeholder type reads back unchanged from a link.
    static func accepts(_ text: String, converter: LinkConverter) -> Bool {
        guard converter.value(of: text) != nil else { return false }
        if converter.type == .path {
            // Empty pieces would vanish when the built link is read back.
            return !text.split(separator: "/", omittingEmptySubsequences: false).contains { $0.isEmpty }
        }
        return true
    }
}

extension LinkPattern {
    /// The trie roots the pattern lives under: one per host, or one for a hostless scheme.
    var rootKeys: [String] {
        hosts.isEmpty
            ? [LinkAddress.rootKey(scheme: scheme, host: nil)]
            : hosts.map { LinkAddress.rootKey(scheme: scheme, host: $0) }
    }
}
