/// A screen that can tell whether it shows a given context: the product screen answers whether
/// it shows product 42. ``ClassWithContextFinder`` asks this to find an existing screen.
@MainActor
public protocol ContextChecking {
    /// The context this screen shows.
    associatedtype Context

    /// Whether this screen shows `context`.
    func isTarget(for context: Context) -> Bool
}
