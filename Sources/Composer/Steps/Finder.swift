/// Answers whether a step's screen already exists in the live tree.
///
/// The router asks the finders of a chain from the destination back towards its origin; the first
/// one that finds its screen is the anchor, and only the steps closer to the destination are built.
@MainActor
public protocol Finder {
    /// The type of screen this finder finds.
    associatedtype ViewController
    /// The context the finder compares screens against.
    associatedtype Context

    /// The matching screen in `tree`, or `nil` when it is not there.
    func findScreen(with context: Context, in tree: ScreenTree) throws -> ViewController?
}

/// A finder that walks the tree in a fixed order and asks only "is this the one?".
@MainActor
public protocol StackIteratingFinder: Finder {
    /// Which screens are looked at.
    var options: SearchOptions { get }

    /// Where the walk starts; the top presentation level unless overridden.
    var searchStart: SearchStart { get }

    /// Whether `screen` is the screen this finder looks for.
    func isTarget(_ screen: ViewController, with context: Context) -> Bool
}

extension StackIteratingFinder {
    /// The top presentation level.
    public var searchStart: SearchStart { .topmost }

    /// The first candidate of type ``Finder/ViewController`` for which ``isTarget(_:with:)`` holds.
    @inlinable public func findScreen(with context: Context, in tree: ScreenTree) throws -> ViewController? {
        ScreenSearch.firstScreen(of: self, with: context, in: tree)
    }
}
