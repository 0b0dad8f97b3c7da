import Composer

/// What ``ComposerLinks/Composer/Router/open(_:using:animated:queueing:)-(String,_,_,_)`` did: the screen shown, and
/// which pattern (or the fallback, and why) the link went to.
///
/// Main-actor isolated, so it can be the result of a `Task` started on the main actor.
@MainActor
public struct OpenedLink {
    /// The destination screen.
    public let screen: any Screen
    /// The link as received.
    public let url: String
    /// The destination name of the pattern that opened the screen, if it has one.
    public let name: String?
    /// The pattern that opened the screen; `nil` when the fallback did.
    public let pattern: String?
    /// The patterns the link was redirected away from, in order.
    public let redirectedFrom: [String]
    /// The link and the reason it went to the fallback; `nil` when a pattern opened it.
    public let fallback: LinkFallback?

    /// Whether the map's fallback chose the screen.
    public var isFallback: Bool { fallback != nil }
}
