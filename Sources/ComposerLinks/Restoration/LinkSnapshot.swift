/// The links that rebuild a screen tree, level by level, as ``LinkRestoration/savedLinks(in:)-(ScreenTree)``
/// found them; save ``urls``.
public struct LinkSnapshot: Sendable, Equatable, CustomStringConvertible {
    /// One presentation level: the root level is 0, the first modal above it 1, and so on.
    public struct Level: Sendable, Equatable {
        /// The level's position, bottom first.
        public let index: Int
        /// The link that rebuilds the level, or `nil` when no screen of it has one.
        public let url: String?
        /// The screen the link leads back to, as text.
        public let screen: String?
        /// Why screens nearer the user were passed over (or why the level has no link), for a log
        /// that explains what will not come back.
        public let notes: [String]
    }

    /// Every level of the tree, bottom first, with or without a link.
    public let levels: [Level]

    /// The links to save, bottom level first: the input of ``ComposerLinks/Composer/Router/restore(_:using:animated:queueing:)``.
    public var urls: [String] { levels.compactMap(\.url) }

    /// One line per level: its link and screen, or why it has none.
    public var description: String {
        levels.map { level in
            let saved = level.url.map { "\($0) → \(level.screen ?? "")" } ?? "no link"
            let notes = level.notes.map { "\n    \($0)" }.joined()
            return "level \(level.index): \(saved)\(notes)"
        }.joined(separator: "\n")
    }
}
