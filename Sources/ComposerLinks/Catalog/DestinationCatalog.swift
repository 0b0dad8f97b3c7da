/// Every destination an app can open from outside or by name, for a debug menu that lists every
/// screen and opens any of them with a sample context.
///
/// Links come from a ``LinkMap`` (with their pattern and sample URL); destinations that have no
/// URL are added by name with a sample ``Link``.
@MainActor
public struct DestinationCatalog {
    /// One destination of the catalog.
    public struct Entry: CustomStringConvertible {
        /// The name the destination was registered under, or its pattern when it has none.
        public let name: String
        /// The URL pattern, for destinations reached by link.
        public let pattern: String?
        /// A URL that opens the destination, for destinations reached by link.
        public let sampleURL: String?
        /// The destination's screen type, as text (`nil` when its sample could not be made). For a
        /// pattern that a redirect sends elsewhere, the screen of the redirect's destination, which
        /// is what its links open.
        public let destinationName: String?
        /// The type of context the destination needs, as text.
        public let contextTypeName: String?
        /// A link that opens the destination with the sample context (through redirects, as the
        /// link itself would be).
        public let sample: Link?

        /// `name  pattern  → Destination(Context)  e.g. sample`; the pattern is left out when it is
        /// the name, and reads `by name` for destinations without a URL.
        public var description: String {
            let origin = pattern.map { $0 == name ? "" : "  \($0)" } ?? "  by name"
            let target = destinationName.map { "\($0)(\(contextTypeName ?? "?"))" } ?? "no sample"
            return "\(name)\(origin)  → \(target)\(sampleURL.map { "  e.g. \($0)" } ?? "")"
        }
    }

    private let links: LinkMap
    private var named: [(name: String, make: @MainActor () -> Link)] = []

    /// A catalog of every pattern registered in `links`.
    public init(links: LinkMap) {
        self.links = links
    }

    /// Adds a destination that has no URL, with the link its debug-menu item opens.
    public mutating func register(_ name: String, sample: @escaping @MainActor () -> Link) {
        named.append((name, sample))
    }

    /// The links first, in registration order, then the destinations added by name.
    public var entries: [Entry] {
        let linked = links.catalog.map { entry in
            let sample = entry.sampleURL.flatMap { try? links.resolve($0) }
            return Entry(
                name: entry.name ?? entry.pattern, pattern: entry.pattern, sampleURL: entry.sampleURL,
                destinationName: sample?.destinationName, contextTypeName: sample?.contextTypeName, sample: sample)
        }
        let byName = named.map { item in
            let sample = item.make()
            return Entry(
                name: item.name, pattern: nil, sampleURL: nil, destinationName: sample.destinationName,
                contextTypeName: sample.contextTypeName, sample: sample)
        }
        return linked + byName
    }

    /// The entry registered as `name`, if any.
    public func entry(named name: String) -> Entry? {
        entries.first { $0.name == name }
    }
}
