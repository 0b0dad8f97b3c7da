import Composer

/// What ``ComposerLinks/Composer/Router/restore(_:using:animated:queueing:)`` put back, and where it stopped.
@MainActor
public struct LinkRestorationResult {
    /// The links opened, in order, with the screens they showed.
    public let opened: [OpenedLink]
    /// The link that failed, and why; `nil` when every link was opened.
    public let failure: LinkRestorationError?
    /// The links after the failed one, which were not tried.
    public let notAttempted: [String]

    /// Whether every saved link was opened.
    public var isComplete: Bool { failure == nil }
}
