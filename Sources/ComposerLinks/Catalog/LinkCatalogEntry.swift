/// One registered link destination as a debug menu lists it: what it is called, what it
/// matches, a link that opens it and what that link must carry. ``LinkTable/catalog`` makes
/// them; an app reads them.
public struct LinkCatalogEntry: Sendable, Equatable, CustomStringConvertible {
    /// The destination name, if the pattern was registered with one.
    public let name: String?
    /// The pattern, as registered.
    public let pattern: String
    /// A link that resolves to this pattern, built from the registration's samples or from each
    /// type's default sample (`1` for int, a fixed UUID, the placeholder's name for strings…);
    /// optional query keys are left out unless a sample was given. `nil` when those values
    /// would resolve to another pattern, for example `shop://product/id` for `<id>` when a
    /// static `shop://product/id` is registered; give a sample to fix it.
    public let sampleURL: String?
    /// The values the pattern captures, path ones first.
    public let parameters: [LinkPlaceholder]
    /// Where links to this pattern are currently redirected, if anywhere.
    public let redirect: LinkRedirect.Destination?

    /// The parameters on one line, such as `id: int (path), color: string (query 'color', optional)`,
    /// or `no parameters`.
    public var parameterSummary: String {
        parameters.isEmpty ? "no parameters" : parameters.map(\.description).joined(separator: ", ")
    }

    /// `name  pattern  sample  (parameters)` for plain-text listings.
    public var description: String {
        var line = "\(name ?? "-")  \(pattern)  \(sampleURL ?? "(no sample)")  (\(parameterSummary))"
        if let redirect { line += "  → \(redirect)" }
        return line
    }
}
