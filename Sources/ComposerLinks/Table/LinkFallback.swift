/// A link that went to a table's fallback, and why, as the closure given to
/// ``LinkTable/fallbackWithReason(_:)`` receives it.
///
/// The reason is worked out when it is first read, not when the link is resolved: finding the
/// closest patterns walks the table again, and most fallbacks never ask.
public struct LinkFallback: CustomStringConvertible {
    /// The link as received.
    public let url: String
    /// The patterns the link was redirected away from before a redirect sent it to the
    /// fallback; empty when it went there because it could not be opened.
    public let redirectedFrom: [String]
    private let explanation: Explanation

    init(url: String, redirectedFrom: [String], explain: @escaping () -> LinkError?) {
        self.url = url
        self.redirectedFrom = redirectedFrom
        self.explanation = Explanation(explain)
    }

    /// The reason, worked out at its first read and kept: working it out runs the app's
    /// converters again, which a second read must not repeat.
    private final class Explanation {
        private var explain: (() -> LinkError?)?
        private var reason: LinkError?

        init(_ explain: @escaping () -> LinkError?) {
            self.explain = explain
        }

        var value: LinkError? {
            if let explain {
                reason = explain()
                self.explain = nil
            }
            return reason
        }
    }

    /// Why the link could not be opened: ``LinkError/noMatch(url:closest:)`` for an unknown path,
    /// ``LinkError/conversionFailed(parameter:expected:found:pattern:)`` naming the value that
    /// failed to convert, ``LinkError/malformedURL(url:column:reason:)``,
    /// ``LinkError/urlTooLong(length:limit:)`` or ``LinkError/missingParameter(name:pattern:)``.
    /// `nil` when a redirect sent the link to the fallback.
    public var reason: LinkError? { explanation.value }

    /// The reason as a sentence, or which redirect sent the link here.
    public var description: String {
        if let reason { return reason.description }
        return "'\(url)' is redirected to the fallback from '\(redirectedFrom.last ?? "")'"
    }
}
