/// Puts a newly built screen on screen, relative to the screen of the step before it.
///
/// The ``Presenter`` type is checked by the compiler against the step the action is placed after:
/// an action that needs a navigation stack cannot follow a step that yields tabs.
@MainActor
public protocol Action {
    /// The type of screen this action works on (the screen of the step before).
    associatedtype Presenter

    /// Integrates `screen` relative to `presenter`, returning when the transition has finished.
    func perform(_ screen: any Screen, on presenter: Presenter, animated: Bool) async throws

    /// The screens ``perform(_:on:animated:)`` would take out of the tree when run on `presenter`,
    /// which is on screen already. The router asks each of them (``DismissalVetoing``) before any
    /// guard runs. The default is none.
    func screensRemoved(on presenter: Presenter) -> [any Screen]
}

extension Action {
    /// None.
    public func screensRemoved(on presenter: Presenter) -> [any Screen] { [] }
}

/// Puts a screen into a container: pushes it, adds it as a tab, shows it as a detail.
///
/// When the container is itself built in the same navigation, the router calls ``merge(_:into:)``
/// and hands the result to the container's factory instead of running a transition; when several
/// screens go into the same existing ``ChildListContainer``, their merges are applied as one change.
@MainActor
public protocol ContainerAction {
    /// The type of container this action integrates into.
    associatedtype Container

    /// Adds `screen` to a list of children, as this action would add it to the container.
    func merge(_ screen: any Screen, into children: inout ContainerChildren) throws

    /// Integrates `screen` into an existing container, returning when the transition has finished.
    func perform(_ screen: any Screen, on container: Container, animated: Bool) async throws

    /// The screens ``perform(_:on:animated:)`` would take out of `container`, which is on screen
    /// already, asked (``DismissalVetoing``) before any guard runs. For a ``ChildListContainer``
    /// the router also finds them itself by merging into its children. The default is none.
    func screensRemoved(on container: Container) -> [any Screen]

    /// Refuses, before any guard, factory or transition runs, a screen of `screenType` that
    /// ``perform(_:on:animated:)`` could never put on `container` as it is now (a navigation stack
    /// pushed into a stack, a detail for a split view without a primary column), so the navigation
    /// fails with nothing changed instead of halfway through showing. `screenType` is the type the
    /// step declares; the screen itself is not built yet. The default accepts everything.
    func checkAccepts(_ screenType: Any.Type, on container: Container) throws
}

extension ContainerAction {
    /// None.
    public func screensRemoved(on container: Container) -> [any Screen] { [] }

    /// Accepts every screen type.
    public func checkAccepts(_ screenType: Any.Type, on container: Container) throws {}
}

/// A ``ContainerAction`` whose ``ContainerAction/merge(_:into:)``, when it refuses a screen that is
/// not among the children and is no container (the stand-in preflight merges for a screen not built
/// yet), would refuse any screen: it refuses only for what the children are (an index out of
/// range, no primary column), or refuses a screen already among them as well. Preflight reports
/// such a refusal before any guard or factory runs. An action whose merge never refuses the
/// stand-in needs no conformance. ``SelectTabAction`` has none: it refuses every screen that is not
/// a tab yet, and its factory may hand back one that is. Nor has an app's own action: its merge may
/// refuse by the screen's type, which a stand-in lacks, so its refusal is reported with the real
/// screen in the show phase.
protocol MergeRefusalHoldsForAnyScreen {}

/// A ``ContainerAction`` whose ``ContainerAction/checkAccepts(_:on:)`` answers from the screen type
/// alone, the same for every container of its kind: preflight can then ask it also when the
/// container is built in the same navigation and does not exist yet (a navigation stack pushed
/// into a new stack), which the public question, needing a container, cannot be asked about. An
/// app's own action has none: its answer may depend on the container it is given.
@MainActor
protocol AcceptanceHoldsForAnyContainer {
    /// Refuses a screen of `screenType` that no container of the action's kind accepts.
    func checkAccepts(_ screenType: Any.Type) throws
}

extension ContainerAction where Container: ChildListContainer {
    /// Reads the container's children, merges `screen` and writes them back as one change.
    public func perform(_ screen: any Screen, on container: Container, animated: Bool) async throws {
        var children = container.containerChildren
        try merge(screen, into: &children)
        try await container.setContainerChildren(children, animated: animated)
    }
}
