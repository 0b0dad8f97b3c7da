/// A saved link that could not be restored.
public struct LinkRestorationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The saved link.
    public let url: String
    /// Why: the link no longer resolves (``LinkOpenError/link(_:)``), or its navigation failed,
    /// a guard that refused, say (``LinkOpenError/routing(_:)``).
    public let error: LinkOpenError
    /// Whether the map now sends the link to its fallback, which restoring does not open.
    public let wentToFallback: Bool

    /// `cannot restore '<url>': <why>`.
    public var description: String {
        let fallback = wentToFallback ? " (the map sends it to its fallback, which restoring does not open)" : ""
        return "cannot restore '\(url)': \(error)\(fallback)"
    }
}
