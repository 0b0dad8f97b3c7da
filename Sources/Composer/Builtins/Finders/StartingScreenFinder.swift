/// A ``StackIteratingFinder`` whose search starts from a screen chosen when the navigation runs,
/// such as the stack of one tab, instead of a whole presentation level.
///
/// ```swift
/// // The product in the shop tab's stack, even while another tab is selected.
/// let finder = ClassWithContextFinder<ProductScreen, Int>(options: .contained)
///     .searching { _, tree in try? shopStack.existingScreen(with: (), in: tree) }
/// ```
///
/// It asks the wrapped finder's ``StackIteratingFinder/isTarget(_:with:)`` about the candidates
/// of ``ScreenSearch/visitCandidates(in:options:from:_:)`` with the wrapped finder's options.
/// When the starting screen is `nil` or not in the tree, it finds nothing.
public struct StartingScreenFinder<Base: StackIteratingFinder>: Finder {
    private let base: Base
    private let start: @MainActor (Base.Context, ScreenTree) -> (any Screen)?

    /// A finder that searches like `base`, starting from the screen `start` answers.
    public init(_ base: Base, from start: @escaping @MainActor (Base.Context, ScreenTree) -> (any Screen)?) {
        self.base = base
        self.start = start
    }

    /// The first candidate from the starting screen that the wrapped finder accepts.
    public func findScreen(with context: Base.Context, in tree: ScreenTree) throws -> Base.ViewController? {
        guard let screen = start(context, tree) else { return nil }
        var found: Base.ViewController?
        ScreenSearch.visitCandidates(in: tree, options: base.options, from: screen) { candidate in
            guard let typed = candidate as? Base.ViewController, base.isTarget(typed, with: context) else {
                return false
            }
            found = typed
            return true
        }
        return found
    }
}

extension StackIteratingFinder {
    /// This finder, searching from the screen `start` answers for the navigation's context and
    /// tree rather than from the level its ``searchStart`` names.
    public func searching(
        from start: @escaping @MainActor (Context, ScreenTree) -> (any Screen)?
    ) -> StartingScreenFinder<Self> {
        StartingScreenFinder(self, from: start)
    }

    /// This finder, searching from `screen` while it is in the tree (it is not kept alive).
    public func searching(from screen: some Screen) -> StartingScreenFinder<Self> {
        StartingScreenFinder(self) { [weak screen] _, _ in screen }
    }
}
