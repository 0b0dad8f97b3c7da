/// A complete, typed route to a screen: the destination step and every step back to an anchor.
///
/// Build one with ``StepAssembly`` (or ``SwitchAssembly``, ``ChainAssembly``) and hand it to
/// ``DefaultRouter/navigate(to:with:animated:)``. `ViewController` is the type of screen the
/// navigation returns; `Context` is the value every navigation to it must supply.
@MainActor
public struct DestinationStep<ViewController, Context> {
    let chain: StepChain

    /// The same route for navigations that supply another type of context, converted by `transform`.
    ///
    /// Contexts never convert silently: a chain whose steps need different contexts says so here.
    /// A thrown error ends the navigation with ``RoutingError/Code/contextMismatch``.
    public func adaptingContext<Outer>(
        _ transform: @escaping @MainActor (Outer) throws -> Context
    ) -> DestinationStep<ViewController, Outer> {
        let inner = chain
        let convert: @MainActor (Any) throws -> Any = { value in
            let outer = try castContext(value, to: Outer.self, for: "context adapter to \(Context.self)")
            do {
                return try transform(outer)
            } catch {
                throw RoutingError(
                    code: .contextMismatch, step: "context adapter \(Outer.self) → \(Context.self)",
                    expected: "a context convertible to \(Context.self)", found: "\(outer)", underlyingError: error)
            }
        }
        return DestinationStep<ViewController, Outer>(
            chain: StepChain { context, tree in
                try inner.resolve(convert(context), tree).map { $0.composingContext(convert) }
            })
    }

    /// The same route, standing for the nearest container of type `Container` around its screen.
    ///
    /// Use it to push onto the navigation stack that holds a list screen: the list step yields a
    /// list, `expectingContainer()` turns it into the stack around it, so a push can follow it. When
    /// the screen is built in the same navigation, the container it is integrated into counts.
    /// No such container is ``RoutingError/Code/containerNotFound``.
    public func expectingContainer<Container>(_ type: Container.Type = Container.self) -> DestinationStep<
        Container, Context
    > {
        let inner = chain
        let adapter = StepNode.TargetAdapter(
            name: "expecting container \(Container.self)",
            matchesType: { $0 is Container.Type },
            resolve: { screen in ScreenTree.nearest(Container.self, from: screen) as Any as? any Screen })
        return DestinationStep<Container, Context>(
            chain: StepChain { context, tree in
                var nodes = try inner.resolve(context, tree)
                if !nodes.isEmpty { nodes[0].targetAdapter = adapter }
                return nodes
            })
    }
}

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

    /// The screen the user would go back to: the one below the current screen in its navigation
    /// stack or, at the bottom of a stack, the screen under the topmost modal.
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

    private static func anchor<Context>(named name: String, find: @escaping @MainActor (ScreenTree) -> (any Screen)?)
        -> DestinationStep<any Screen, Context>
    {
        var node = StepNode(screenTypeName: "any Screen", declaredType: (any Screen).self, finderName: name)
        node.find = { _, tree in find(tree) }
        return DestinationStep(chain: .fixed([node]))
    }
}

/// The window seen as a screen, so that replacing its root is an action like any other.
@MainActor
public final class WindowAnchor: Screen {
    /// The window.
    public let window: any ScreenWindow

    init(window: any ScreenWindow) {
        self.window = window
    }

    /// Always `nil`: the window has no parent.
    public var parentScreen: (any Screen)? { nil }
    /// The root screen, if any.
    public var childScreens: [any Screen] { window.rootScreen.map { [$0] } ?? [] }
    /// Always `nil`.
    public var presentedScreen: (any Screen)? { nil }
    /// Always `nil`.
    public var presentingScreen: (any Screen)? { nil }
    /// Always `false`.
    public var isBeingDismissed: Bool { false }
}
