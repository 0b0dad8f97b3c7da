/// Which screens a ``StackIteratingFinder`` looks at, and so which screens it can find.
///
/// The tree is seen as presentation levels: the window's root with everything it contains, then
/// what it presents, and so on. The *top level* is the highest one (where the current screen is)
/// unless the finder sets another ``SearchStart``.
public struct SearchOptions: OptionSet, Sendable, Hashable {
    /// The option bits.
    public let rawValue: Int

    /// Creates options from their raw bits.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }

    /// The screen the user sees on top of the starting level (the current screen when the search
    /// starts at the top level).
    public static let current = SearchOptions(rawValue: 1 << 0)
    /// The screens on screen at the starting level: visible tabs, stack tops, split columns.
    public static let visible = SearchOptions(rawValue: 1 << 1)
    /// Every screen contained at the starting level, visible or not: all tabs, whole stacks.
    public static let contained = SearchOptions(rawValue: 1 << 2)
    /// The levels below the starting one: the screens that present it, directly or not.
    public static let presenting = SearchOptions(rawValue: 1 << 3)
    /// The levels above the starting one: what it presents, directly or not.
    public static let presented = SearchOptions(rawValue: 1 << 4)
    /// The containers around the current screen.
    public static let parent = SearchOptions(rawValue: 1 << 5)

    /// The current screen and the others visible with it.
    public static let currentVisible: SearchOptions = [.current, .visible]
    /// The current screen and every screen of its level, such as the whole stack and all tabs.
    public static let currentAllStack: SearchOptions = [.current, .contained]
    /// The current screen and the containers around it.
    public static let currentAndParents: SearchOptions = [.current, .parent]
    /// Every visible screen of every level, the current one first.
    public static let allVisible: SearchOptions = [.current, .visible, .presenting]
    /// Every screen on the window's presentation levels, the current one first (a presentation in
    /// the context of a tab that is not selected is on none: see ``ScreenTree/contains(_:)``).
    public static let all: SearchOptions = [.current, .visible, .contained, .presenting, .presented, .parent]
}

/// Where a ``StackIteratingFinder`` starts looking.
public enum SearchStart: Sendable, Hashable {
    /// The top presentation level, where the current screen is.
    case topmost
    /// The window's root level.
    case root
}
