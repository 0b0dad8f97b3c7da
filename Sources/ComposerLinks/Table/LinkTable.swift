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
/// at the first segment where the candidates differ, static text beats a segment with
/// placeholders, which beats a catch-all. Between segments with placeholders, more static text
/// around and between them wins first (`user-<id>` over `<id>`, even over a typed `<int:id>`),
/// then the types from the left (`bool`, `uuid`, `int`, `double`, app types by name, then
/// `string`), then fewer placeholders (*Links* in the documentation spells out the order). A
/// higher-precedence branch that
/// fails further right gives way to the next one. Registering a pattern with the same shape as
/// an existing one (names aside) is an error, so there is never a tie. The query does not take
/// part: it is read after the path has chosen the pattern.
///
/// ## Incoming links
///
/// Links are parsed by this library, not by `Foundation.URL`, so they resolve the same way on
/// every platform:
///
/// - Scheme and host ignore case; path segments and query keys do not, unless the table or
///   the pattern is registered with ``LinkPathCase/insensitive``.
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
    /// One registration. Only the pattern's text and placeholders are kept (in `layout`); the
    /// parsed pattern is made again when needed (``pattern``), which keeps a table small.
    struct Entry {
        let make: @MainActor (LinkParameters) throws -> Target
        /// The pattern's text, name and samples, and each placeholder's name, type and
        /// converter (captured at registration), by slot; shared with the matcher.
        let layout: LinkParameterLayout

        /// The destination name given at registration.
        var name: String? { layout.name }
        /// Values for the catalog's sample link, by placeholder name.
        var samples: [String: String] { layout.samples }

        /// The pattern as written.
        var text: String { layout.pattern }

        /// The pattern, parsed again from its text: for building links, the catalog and
        /// explanations, never for a lookup.
        var pattern: LinkPattern { layout.parsed }

        /// The converter of each placeholder, by placeholder name.
        var converters: [String: LinkConverter] {
            Dictionary(layout.slots.map { ($0.name, $0.converter) }, uniquingKeysWith: { first, _ in first })
        }
    }

    typealias RedirectTarget = LinkRedirectTarget

    /// The longest link ``resolve(_:)`` accepts, in UTF-8 bytes: 4,096.
    public static var maximumURLLength: Int { LinkAddress.maximumLength }

    /// The app-defined placeholder types patterns may use; add to it with ``registerConverter(_:sample:convert:)``.
    public private(set) var converters = LinkConverters()
    /// The redirects in use, as last set or loaded.
    public internal(set) var redirects: [LinkRedirect] = []

    var entries: [Entry] = []
    /// Each entry's `make`, as a `LinkMaker<Target>`, in an array whose type does not depend on
    /// `Target`: reading `entries` from generic code looks up `Entry<Target>`'s type
    /// information at every lookup, reading this does not.
    var makers: [AnyObject] = []
    /// The trie and every entry's placeholders: all a lookup reads.
    var matcher = LinkMatcher()
    var trie: LinkTrie { matcher.trie }
    var entryByName: [String: Int] = [:]
    var makeFallback: (@MainActor (LinkFallback) -> Target)?
    /// The closure given to ``fallback(_:)``, which needs no reason: `resolve(_:)` calls it
    /// without building a ``LinkFallback``.
    var makePlainFallback: (@MainActor (String) -> Target)?
    var redirectTargets: [Int: RedirectTarget] = [:]

    /// How the static path segments of patterns registered without a `pathCase` of their own
    /// compare with a link's.
    public let pathCase: LinkPathCase

    /// Creates an empty table.
    ///
    /// - Parameter pathCase: How static path segments compare, for every pattern registered
    ///   without a `pathCase` of its own: ``LinkPathCase/sensitive`` (the default, as RFC 3986
    ///   has it) or ``LinkPathCase/insensitive``.
    public init(pathCase: LinkPathCase = .sensitive) {
        self.pathCase = pathCase
    }

    /// Every registered pattern, as written, in registration order.
    public var patterns: [String] { entries.map(\.text) }

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
    ///   - pathCase: How the pattern's static path segments compare with a link's; `nil` for
    ///     the table's ``pathCase``.
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
        pathCase: LinkPathCase? = nil,
        make: @escaping @MainActor (LinkParameters) throws -> Target
    ) throws(LinkError) {
        let pathCase = pathCase ?? self.pathCase
        let parsed: LinkPattern
        do {
            parsed = try LinkPattern(pattern, converters: converters)
        } catch {
            throw .invalidPattern(error)
        }
        if let name, let existing = entryByName[name] {
            throw .duplicateName(name: name, existing: entries[existing].text)
        }
        if let existing = trie.conflict(rootKeys: parsed.rootKeys, shape: parsed.shape(pathCase: pathCase)) {
            throw .conflictingPattern(pattern: pattern, existing: entries[existing].text)
        }
        var placeholderConverters: [String: LinkConverter] = [:]
        var declared: [String: LinkValueType] = [:]
        var slotConverters: [LinkConverter] = []
        for placeholder in parsed.placeholders {
            guard let converter = converters.converter(for: placeholder.type) else {
                throw .invalidConverter(name: placeholder.type.description, reason: "no converter is registered for it")
            }
            placeholderConverters[placeholder.name] = converter
            declared[placeholder.name] = placeholder.type
            slotConverters.append(converter)
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
        let layout = LinkParameterLayout(pattern: parsed, converters: slotConverters, name: name, samples: samples)
        entries.append(Entry(make: make, layout: layout))
        makers.append(LinkMaker(make))
        if !isKnownUniquelyReferenced(&matcher) { matcher = matcher.copy() }
        matcher.layouts.append(layout)
        matcher.trie.insert(
            rootKeys: parsed.rootKeys, pattern: parsed, pathCase: pathCase, converters: placeholderConverters,
            entry: index)
        if let name { entryByName[name] = index }
    }

    /// Sets what links that match nothing (or are malformed, or carry unusable values) turn
    /// into; the closure receives the link as given. Without a fallback those links throw.
    ///
    /// To learn why a link went to the fallback, use ``fallbackWithReason(_:)`` instead.
    public mutating func fallback(_ make: @escaping @MainActor (String) -> Target) {
        makeFallback = { make($0.url) }
        makePlainFallback = make
    }

    /// Sets what links that cannot be opened turn into; the closure receives the link with the
    /// reason (unknown path, which value failed to convert, malformed…), for a log or a message.
    ///
    /// ```swift
    /// links.fallbackWithReason { fallback in
    ///     logger.notice("no screen for \(fallback.url): \(fallback.description)")
    ///     return Link(to: web, with: fallback.url)
    /// }
    /// ```
    ///
    /// Replaces a fallback set with ``fallback(_:)``, and the other way round.
    public mutating func fallbackWithReason(_ make: @escaping @MainActor (LinkFallback) -> Target) {
        makeFallback = make
        makePlainFallback = nil
    }

    // MARK: Resolving

    /// The target for `url`.
    ///
    /// - Throws: A ``LinkError`` about the link when there is no fallback, or the error the
    ///   registration's closure threw.
    @MainActor
    public func resolve(_ url: String) throws(LinkError) -> Target {
        // The common cases first, without the generic `Outcome` or a `Lookup` to copy: a match
        // with no redirects, and a miss going to a fallback that needs no reason.
        var items = LinkCapturedValues()
        var layout: Unmanaged<LinkParameterLayout>?
        let entry = matcher.lookup(url, items: &items, layout: &layout)
        if entry >= 0, redirectTargets.isEmpty {
            // Values are byte ranges of the link: without values, nothing reads it, and
            // keeping it would retain and release it (two atomic operations).
            let source = items.isEmpty ? "" : url
            return try make(
                entry, LinkParameters(layout: layout?.takeRetainedValue(), source: source, items: consume items))
        }
        if entry < 0, let makePlainFallback { return makePlainFallback(url) }
        return try resolveOtherwise(url, entry: entry, layout: layout, items: items)
    }

    /// The rest of ``resolve(_:)`` after the lookup: a match that redirects, or a miss whose
    /// fallback wants a reason. Never inlined, so that the `Lookup` and the error it makes
    /// stay out of the frame of `resolve`, which every hit pays for.
    @MainActor
    @inline(never)
    private func resolveOtherwise(
        _ url: String, entry: Int, layout: Unmanaged<LinkParameterLayout>?, items: consuming LinkCapturedValues
    ) throws(LinkError) -> Target {
        let lookup: LinkMatcher.Lookup
        if entry >= 0 {
            let parameters = LinkParameters(layout: layout?.takeRetainedValue(), source: url, items: items)
            lookup = .found(entry: entry, parameters: parameters)
        } else {
            // A specific reason is found again by a lookup that keeps it.
            lookup = entry == LinkMatcher.explainedFailure ? matcher.lookup(url) : .failed(.unexplained)
        }
        return try resolveOtherwise(url, lookup: lookup)
    }

    /// The rest of ``resolve(_:)``: redirects and fallbacks that want a reason. Kept out of
    /// `resolve` so that the common cases never ask for the generic `Outcome`'s type metadata.
    @MainActor
    @inline(never)
    private func resolveOtherwise(_ url: String, lookup: LinkMatcher.Lookup) throws(LinkError) -> Target {
        try outcome(url, lookup: lookup, needsFallbackDetails: false).target
    }

    /// The target for `url`, with the pattern, parameters and redirects that led to it.
    ///
    /// - Throws: Like ``resolve(_:)``.
    @MainActor
    public func resolveLink(_ url: String) throws(LinkError) -> ResolvedLink<Target> {
        let outcome = try outcome(url)
        return ResolvedLink(
            target: outcome.target, url: url, name: outcome.entry.flatMap { entries[$0].name },
            pattern: outcome.entry.map { entries[$0].text }, parameters: outcome.parameters,
            redirectedFrom: outcome.redirectedFrom, fallbackReason: outcome.fallback?.reason
        )
    }

    /// What resolving a link produced, with the fallback's explanation left unbuilt.
    struct Outcome {
        var target: Target
        var entry: Int?
        var parameters: LinkParameters
        var redirectedFrom: [String]
        var fallback: LinkFallback?
    }

    /// Resolves `url`: the entry's closure, or the fallback with a reason it builds only when
    /// asked. Without `needsFallbackDetails`, a fallback set with ``fallback(_:)`` gets the
    /// link without any ``LinkFallback`` being made.
    @MainActor
    func outcome(_ url: String, needsFallbackDetails: Bool = true) throws(LinkError) -> Outcome {
        try outcome(url, lookup: matcher.lookup(url), needsFallbackDetails: needsFallbackDetails)
    }

    /// Like ``outcome(_:needsFallbackDetails:)``, for a link already looked up.
    @MainActor
    private func outcome(_ url: String, lookup: LinkMatcher.Lookup, needsFallbackDetails: Bool) throws(LinkError)
        -> Outcome
    {
        var entry: Int
        var parameters: LinkParameters
        switch lookup {
        case .found(let found, let foundParameters):
            entry = found
            parameters = foundParameters
        case .failed(let miss):
            if !needsFallbackDetails, let makePlainFallback {
                return Outcome(
                    target: makePlainFallback(url), entry: nil, parameters: LinkParameters(), redirectedFrom: [],
                    fallback: nil)
            }
            let table = self
            let explain: () -> LinkError? = {
                switch miss {
                case .error(let error): error
                case .unexplained: table.explainMiss(url)
                }
            }
            guard let makeFallback else { throw explain() ?? .noMatch(url: url, closest: []) }
            let fallback = LinkFallback(url: url, redirectedFrom: [], explain: explain)
            return Outcome(
                target: makeFallback(fallback), entry: nil, parameters: LinkParameters(), redirectedFrom: [],
                fallback: fallback)
        }
        var via: [Int] = []
        if !redirectTargets.isEmpty {
            // Loops are rejected when redirects are set; the count check only guards that promise.
            while let redirect = redirectTargets[entry], via.count <= redirectTargets.count {
                via.append(entry)
                switch redirect {
                case .fallback:
                    let redirectedFrom = via.map { entries[$0].text }
                    guard let makeFallback else { throw .noMatch(url: url, closest: []) }
                    let fallback = LinkFallback(url: url, redirectedFrom: redirectedFrom, explain: { nil })
                    return Outcome(
                        target: makeFallback(fallback), entry: nil, parameters: LinkParameters(),
                        redirectedFrom: redirectedFrom, fallback: fallback)
                case .entry(let next):
                    do {
                        parameters = try carry(parameters, to: next)
                    } catch {
                        guard let makeFallback else { throw error }
                        let fallback = LinkFallback(url: url, redirectedFrom: [], explain: { error })
                        return Outcome(
                            target: makeFallback(fallback), entry: nil, parameters: LinkParameters(),
                            redirectedFrom: [], fallback: fallback)
                    }
                    entry = next
                }
            }
        }
        return Outcome(
            target: try make(entry, parameters), entry: entry, parameters: parameters,
            redirectedFrom: via.map { entries[$0].text }, fallback: nil)
    }

    /// Runs entry `entry`'s closure; errors other than ``LinkError``s become ``LinkError/targetFailed(pattern:message:)``.
    @MainActor
    private func make(_ entry: Int, _ parameters: LinkParameters) throws(LinkError) -> Target {
        do {
            // `makers` holds only `LinkMaker<Target>`s (see `register`).
            return try unsafeDowncast(makers[entry], to: LinkMaker<Target>.self).make(parameters)
        } catch let error as LinkError {
            throw error
        } catch {
            throw .targetFailed(pattern: entries[entry].text, message: String(describing: error))
        }
    }

    /// Matches `url` against the patterns, ignoring redirects.
    func lookup(_ url: String) -> LinkMatcher.Lookup { matcher.lookup(url) }

    /// The entry `url` matches, ignoring redirects, with its parameters.
    func match(_ url: String) throws(LinkError) -> (entry: Int, parameters: LinkParameters) {
        switch lookup(url) {
        case .found(let entry, let parameters):
            return (entry, parameters)
        case .failed(.error(let error)):
            throw error
        case .failed(.unexplained):
            throw explainMiss(url) ?? .noMatch(url: url, closest: [])
        }
    }

    /// Why `url`, which the lookup did not match, matches nothing: the error `match(_:)` throws.
    ///
    /// Runs only when someone asks, since it parses the link again, walks the trie a second
    /// time with typed placeholders accepting any text, and lists the closest patterns.
    func explainMiss(_ url: String) -> LinkError? {
        let address: LinkAddress
        do {
            address = try LinkAddress(parsing: url)
        } catch {
            return error
        }
        guard let root = trie.roots[address.rootKey] else {
            return .noMatch(url: url, closest: closestUnderOtherHosts(of: address))
        }
        var progress = LinkTrie.Progress()
        var visits = 0
        if trie.match(address.segments, from: root, relaxed: false, progress: &progress, visits: &visits) != nil {
            return nil
        }
        // Nothing matched. If something would have with its typed placeholders accepting any
        // text, the link has a wrong value rather than a wrong shape: say which.
        var relaxedProgress = LinkTrie.Progress()
        if let near = trie.match(
            address.segments, from: root, relaxed: true, progress: &relaxedProgress, visits: &visits)
        {
            let entry = entries[near.entry]
            let pattern = entry.pattern
            for (position, segment) in pattern.segments.enumerated() where position < near.captures.count {
                guard let capture = near.captures[position], capture.value == nil else { continue }
                let placeholders = segment.placeholders
                let parts =
                    placeholders.count > 1
                    ? LinkSegmentSplit.parts(of: capture.text, separators: Array(segment.texts.dropFirst().dropLast()))
                    : [capture.text]
                let converters = entry.converters
                for (placeholder, part) in zip(placeholders, parts ?? [])
                where converters[placeholder.name].map({ Self.accepts(part, converter: $0) }) == false {
                    return .conversionFailed(
                        parameter: placeholder.name, expected: placeholder.type, found: part, pattern: pattern.text)
                }
            }
        }
        let stoppedAt = address.segments.indices.contains(progress.depth) ? address.segments[progress.depth] : nil
        let closest = trie.entries(below: progress.nodes, limit: 3, near: stoppedAt).map { entries[$0].text }
        return .noMatch(url: url, closest: closest)
    }

    /// Up to three patterns of the link's scheme under other hosts, the host spelt closest to the
    /// link's first (a mistyped host suggests the one meant), then in the order of the hosts' text.
    private func closestUnderOtherHosts(of address: LinkAddress) -> [String] {
        // Root keys are `scheme://host`, or `scheme:` for a scheme without hosts (see `LinkAddress`).
        let withHost = "\(address.scheme)://"
        let host = address.host ?? ""
        var ranked: [(distance: Int, host: String, root: Int)] = []
        for (key, root) in trie.roots where key.hasPrefix("\(address.scheme):") {
            let other = key.hasPrefix(withHost) ? String(key.dropFirst(withHost.count)) : ""
            ranked.append((editDistance(other, host, limit: 8), other, root))
        }
        ranked.sort { ($0.distance, $0.host) < ($1.distance, $1.host) }
        var closest: [Int] = []
        for candidate in ranked where closest.count < 3 {
            // A pattern registered for several hosts is under each of their roots: listed once.
            for entry in trie.entries(below: [candidate.root], limit: 3) where !closest.contains(entry) {
                if closest.count < 3 { closest.append(entry) }
            }
        }
        return closest.map { entries[$0].text }
    }

    /// Converts `texts` for the placeholder in `slot` of `entry` and appends them to `items`;
    /// nothing for an absent optional value.
    func append(
        slot: Int, texts: [String], in entry: Entry, to items: inout LinkCapturedValues
    ) throws(LinkError) {
        let layout = entry.layout
        guard !texts.isEmpty else {
            if layout.slots[slot].isOptional { return }
            throw .missingParameter(name: layout.slots[slot].name, pattern: entry.text)
        }
        for text in texts {
            guard let value = LinkValueConversion.convert(text, with: layout.slots[slot].converter) else {
                throw .conversionFailed(
                    parameter: layout.slots[slot].name, expected: layout.slots[slot].type, found: text,
                    pattern: entry.text)
            }
            items.append(slot: slot, text: .owned(text), value: value)
        }
    }

    /// Whether `text` is a value the placeholder type reads back unchanged from a link.
    static func accepts(_ text: String, converter: LinkConverter) -> Bool {
        // A catch-all value must be a path a link can carry (see `LinkCatchAllPath`).
        guard converter.type != .path else { return LinkCatchAllPath.segments(of: text) != nil }
        return converter.value(of: text) != nil
    }
}

/// A registration's closure, boxed so that ``LinkTable`` can keep it in a non-generic array.
final class LinkMaker<Target> {
    let make: @MainActor (LinkParameters) throws -> Target

    init(_ make: @escaping @MainActor (LinkParameters) throws -> Target) {
        self.make = make
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
