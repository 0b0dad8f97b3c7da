/// What a ``LinkTable`` made of a link, with how it got there, for routing and for logs.
public struct ResolvedLink<Target> {
    /// What the registration's closure (or the fallback) returned.
    public let target: Target
    /// The link as received.
    public let url: String
    /// The destination name of the pattern that produced the target, if it was registered with one.
    public let name: String?
    /// The pattern that produced the target, as registered; `nil` when the fallback did.
    public let pattern: String?
    /// The values the target was made from; empty when the fallback produced it.
    public let parameters: LinkParameters
    /// The patterns the link was redirected away from, in order; empty without redirects.
    public let redirectedFrom: [String]
    /// Why the fallback produced the target: the error resolving would otherwise have thrown.
    /// `nil` when a pattern produced it, or when a redirect sent the link to the fallback.
    public let fallbackReason: LinkError?

    /// Whether the fallback produced the target, because nothing matched or a redirect said so.
    public var isFallback: Bool { pattern == nil }
}

extension ResolvedLink: Sendable where Target: Sendable {}
