/// Anchors that start a chain: the screen on top, the window's root, a screen a finder finds, or
/// the window itself (to replace its root).
@MainActor
public enum GeneralStep {
    /// The screen the user sees on top now.
    public static func current<Context>() -> DestinationStep<any Screen, Context> {
        anchor(named: "current screen") { tree in tree.current }
    }

    /// The root screen of the window.
    public static func root<Context>() -> DestinationStep<any Screen, Context> {
        anchor(named: "root screen") { tree in tree.root }
    }

    /// The screen the user would go back to: the one below the current screen's branch in the
    /// nearest navigation stack around it that holds more than one screen (at the bottom of an
    /// inner stack, a container pushed onto an outer stack goes back in the outer one) or, when
    /// no stack of its level can go back, the screen under the topmost modal.
    ///
    /// Navigating to it is "back" as a first-class navigation: the router pops or dismisses what
    /// covers it, asks ``DismissalVetoing`` screens first, and runs the usual guards and tasks.
    /// With nothing to go back to, the navigation fails with ``RoutingError/Code/noAnchor``.
    public static func previous<Context>() -> DestinationStep<any Screen, Context> {
        anchor(named: "previous screen") { tree in
            guard let current = tree.current else { return nil }
            for container in ScreenTree.ancestors(of: current) {
                if let stack = container as? any NavigationStackContainer, stack.stack.count > 1 {
                    return stack.stack[stack.stack.count - 2]
                }
            }
            let levels = tree.presentationLevels
            guard levels.count > 1 else { return nil }
            return ScreenTree.visibleLeaf(of: levels[levels.count - 2])
        }
    }

    /// The window itself, always present: the origin for ``ReplaceRootAction``, even on a cold start.
    public static func window<Context>() -> DestinationStep<WindowAnchor, Context> {
        var node = StepNode(screenTypeName: "WindowAnchor", declaredType: WindowAnchor.self, finderName: "window")
        node.find = { _, tree in WindowAnchor(window: tree.window) }
        return DestinationStep(chain: .fixed([node]))
    }

    /// Whatever `finder` finds; the chain has no anchor when it finds nothing.
    public static func custom<F: Finder>(_ finder: F) -> DestinationStep<F.ViewController, F.Context> {
        DestinationStep(chain: .fixed([StepNode.finding(finder, declaredType: F.ViewController.self)]))
    }

    /// Whatever `finder` finds; the chain has no anchor when it finds nothing. Chosen for a finder
    /// of a screen type, whose result needs no dynamic cast to become a screen.
    @inlinable
    public static func custom<F: Finder>(_ finder: F) -> DestinationStep<F.ViewController, F.Context>
    where F.ViewController: Screen {
        custom(finder, compiled: .of(finder))
    }

    /// Whatever `finder` finds; the chain has no anchor when it finds nothing. Chosen for a
    /// ``StackIteratingFinder`` of a screen type, whose test planning can ask in a walk it shares
    /// with the next steps' finders.
    @inlinable
    public static func custom<F: StackIteratingFinder>(_ finder: F) -> DestinationStep<F.ViewController, F.Context>
    where F.ViewController: Screen {
        custom(finder, compiled: .of(finder))
    }

    /// The step of `custom(_:)` with the finder's search as the app's module compiles it: written
    /// there, the search is made for the finder's concrete type, so it runs for the app's own
    /// screen class rather than through the finder's protocol.
    @usableFromInline
    static func custom<F: Finder>(
        _ finder: F, compiled: CompiledSearch<F.Context, F.ViewController>
    ) -> DestinationStep<F.ViewController, F.Context> where F.ViewController: Screen {
        DestinationStep(
            chain: .fixed([StepNode.findingScreens(finder, declaredType: F.ViewController.self, compiled: compiled)]))
    }

    private static func anchor<Context>(named name: String, find: @escaping @MainActor (ScreenTree) -> (any Screen)?)
        -> DestinationStep<any Screen, Context>
    {
        var node = StepNode(screenTypeName: "any Screen", declaredType: (any Screen).self, finderName: name)
        node.find = { _, tree in find(tree) }
        return DestinationStep(chain: .fixed([node]))
    }
}
