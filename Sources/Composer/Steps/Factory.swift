/// Builds a step's screen when the finder did not find it.
///
/// The router builds every missing screen of a navigation before it integrates any, so a factory
/// that throws leaves the screen tree untouched.
@MainActor
public protocol Factory {
    /// The type of screen built.
    associatedtype ViewController: Screen
    /// The context the screen is built from.
    associatedtype Context

    /// Builds the screen, or throws an error that says what in `context` was not enough.
    func build(with context: Context) throws -> ViewController

    /// Checks that `context` is enough to build the screen, before any guard runs and before
    /// anything is built (RouteComposer's `prepare(with:)`): a malformed identifier, a missing
    /// parameter. A throw ends the navigation with ``RoutingError/Code/factoryFailed`` and nothing
    /// run. The default accepts every context.
    func validate(_ context: Context) throws
}

extension Factory {
    /// Accepts every context.
    public func validate(_ context: Context) throws {}
}

/// Builds a container together with the children that later steps of the chain integrate into it.
///
/// A deep link that needs tabs → navigation → list → product gets each container built with its
/// children already in place, so the whole back stack appears in one transition.
@MainActor
public protocol ContainerFactory {
    /// The type of container built.
    associatedtype ViewController: Screen
    /// The context the container is built from.
    associatedtype Context

    /// Builds the container holding `children` (possibly none).
    ///
    /// The container is not on screen yet, so filling it (through the container protocols, which
    /// are `async`) runs no transition.
    func build(with context: Context, children: ContainerChildren) async throws -> ViewController

    /// The children the container always has, built before later steps add theirs, so that an
    /// action's index (insert a tab at 1) means the same on a cold start as on a warm one.
    func initialChildren(with context: Context) throws -> ContainerChildren

    /// Checks that `context` is enough to build the container, before any guard runs and before
    /// anything is built. A throw ends the navigation with ``RoutingError/Code/factoryFailed`` and
    /// nothing run. The default accepts every context.
    func validate(_ context: Context) throws
}

extension ContainerFactory {
    /// No children of its own: only those later steps integrate.
    public func initialChildren(with context: Context) throws -> ContainerChildren { ContainerChildren() }

    /// Accepts every context.
    public func validate(_ context: Context) throws {}
}
