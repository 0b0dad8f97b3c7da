/// A step still being assembled that stands for the container around its screen, so the route
/// can go on from that container: what ``StepAssembly/expectingContainer(_:)`` returns.
///
/// ```swift
/// let product = ChainAssembly.from(productStep)
///     .using(TestNavigationContainer.push())
///     .from(listStep.expectingContainer())
///     .using(TestNavigationContainer.push())
///     .from(shopStack)
///     .assemble()
/// ```
///
/// It only goes into `from`: the step's own interceptors and tasks are added before
/// `expectingContainer()`, where they are typed for the step's screen, and its action after, with
/// the `using` that follows the `from`.
@MainActor
public struct ExpectingContainerAssembly<Container, Context> {
    let node: StepNode
}

extension StepAssembly {
    /// The same step, standing for the nearest container of type `Container` around its screen,
    /// for a route that is still being assembled.
    ///
    /// The step is found or built as usual; the action placed before it in the chain (a push, say)
    /// then works on the container around its screen, or, when the screen is built in the same
    /// navigation, on the container it is integrated into. No such container is
    /// ``RoutingError/Code/containerNotFound``. ``DestinationStep/expectingContainer(_:)`` does the
    /// same for a finished route.
    public func expectingContainer<Container>(_ type: Container.Type = Container.self)
        -> ExpectingContainerAssembly<Container, Context>
    {
        var copy = node
        copy.targetAdapter = .nearest(Container.self)
        return ExpectingContainerAssembly(node: copy)
    }
}

extension ActionAssembly where Target: Screen {
    /// Continues the route with a step that stands for the container around its screen; give that
    /// step's own action next.
    public func from(_ step: ExpectingContainerAssembly<Target, Context>) -> ChainTail<ViewController, Context> {
        ChainTail(nodes: attached() + [step.node])
    }
}

extension ActionAssembly where Target == any Screen {
    /// Continues the route with a step that stands for the container around its screen: an action
    /// that works on any screen can follow any container.
    public func from<S>(_ step: ExpectingContainerAssembly<S, Context>) -> ChainTail<ViewController, Context> {
        ChainTail(nodes: attached() + [step.node])
    }
}

extension ChainAssembly {
    /// Starts a route whose destination is the container around `step`'s screen; the next call
    /// gives the step's action.
    public static func from<Container, C>(_ step: ExpectingContainerAssembly<Container, C>) -> ChainTail<Container, C> {
        ChainTail(nodes: [step.node])
    }
}

extension StepNode.TargetAdapter {
    /// Turns a step's screen into the nearest container of type `Container` around it.
    static func nearest<Container>(_ type: Container.Type) -> Self {
        let isContainer = ClassMatch<Container>()
        return Self(
            name: "expecting container \(Container.self)",
            matchesType: { $0 is Container.Type },
            resolve: { screen in ScreenTree.nearestScreen(from: screen) { isContainer.matches($0) } })
    }
}
