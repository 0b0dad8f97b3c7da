/// One named value a link pattern captures, such as `<int:id>` in a path or `<color?>` in a query.
///
/// Used to describe what a pattern needs (catalog, error messages) and to check redirects,
/// which carry values across patterns by name.
public struct LinkPlaceholder: Sendable, Hashable, CustomStringConvertible {
    /// Where in a link a placeholder takes its value from.
    public enum Location: Sendable, Hashable {
        /// From one path segment, or from the rest of the path for a catch-all.
        case path
        /// From every occurrence of a query key.
        case query(key: String)
    }

    /// The name the value is read back by, unique within its pattern.
    public let name: String
    /// The type the text must convert to.
    public let type: LinkValueType
    /// Whether the link may leave the value out; only query placeholders can be optional.
    public let isOptional: Bool
    /// Where the value comes from.
    public let location: Location

    /// Creates a placeholder description; patterns make these when they are parsed.
    public init(name: String, type: LinkValueType, isOptional: Bool = false, location: Location = .path) {
        self.name = name
        self.type = type
        self.isOptional = isOptional
        self.location = location
    }

    /// A one-line summary for debug menus, such as `id: int (path)` or
    /// `color: string (query 'color', optional)`.
    public var description: String {
        switch location {
        case .path where type == .path:
            return "\(name): path (rest of the path)"
        case .path:
            return "\(name): \(type) (path)"
        case .query(let key):
            return "\(name): \(type) (query '\(key)'\(isOptional ? ", optional" : ""))"
        }
    }

    /// How the placeholder is written in a pattern, such as `<int:id>` or `<color?>`.
    var patternText: String {
        let typePart = type == .string ? "" : "\(type):"
        return "<\(typePart)\(name)\(isOptional ? "?" : "")>"
    }
}
