/// Describes one screen of a route: how to find it, how to build it, what guards and prepares it,
/// and (with `using(_:)` and `from`) how it joins the screen before it.
///
/// ```swift
/// let product = StepAssembly(
///         finder: ClassWithContextFinder<ProductScreen, ProductID>(),
///         factory: ProductFactory())
///     .adding(LoginInterceptor<ProductID>())
///     .using(NavigationStack.push())
///     .from(navigationStep)
///     .using(GeneralAction.presentModally())
///     .from(GeneralStep.current())
///     .assemble()
/// ```
///
/// The same initializer takes a ``ContainerFactory``, for a container built with its children
/// (``ContainerStepAssembly`` names that use).
@MainActor
public struct StepAssembly<ViewController: Screen, Context> {
    var node: StepNode

    /// A step built by `factory` when `finder` does not find it.
    public init<F: Finder, Fa: Factory>(finder: F, factory: Fa)
    where
        F.ViewController == ViewController, F.Context == Context, Fa.ViewController == ViewController,
        Fa.Context == Context
    {
        node = StepNode.building(finder: finder, factory: factory)
    }

    /// A container step built by `factory`, with the children that later steps integrate into it,
    /// when `finder` does not find it.
    public init<F: Finder, Fa: ContainerFactory>(finder: F, factory: Fa)
    where
        F.ViewController == ViewController, F.Context == Context, Fa.ViewController == ViewController,
        Fa.Context == Context
    {
        node = StepNode.building(finder: finder, containerFactory: factory)
    }

    /// Adds a guard that runs before anything changes, even when this screen already exists.
    public func adding<I: RoutingInterceptor>(_ interceptor: I) -> Self where I.Context == Context {
        var copy = self
        copy.node.add(interceptor: interceptor)
        return copy
    }

    /// Adds a task that prepares this screen with the context, whether found or built.
    public func adding<T: ContextTask>(_ task: T) -> Self
    where T.ViewController == ViewController, T.Context == Context {
        var copy = self
        copy.node.add(contextTask: task)
        return copy
    }

    /// Adds a task that runs after the navigation succeeded.
    public func adding<T: PostRoutingTask>(_ task: T) -> Self
    where T.ViewController == ViewController, T.Context == Context {
        var copy = self
        copy.node.add(postTask: task)
        return copy
    }

    /// How this screen joins the screen of the next `from`: the action's presenter type must be that
    /// screen's type.
    public func using<A: Action>(_ action: A) -> ActionAssembly<ViewController, Context, A.Presenter> {
        ActionAssembly(nodes: [node], integration: .of(action))
    }

    /// How this screen goes into the container of the next `from`.
    public func using<A: ContainerAction>(_ action: A) -> ActionAssembly<ViewController, Context, A.Container> {
        ActionAssembly(nodes: [node], integration: .of(action))
    }
}

/// The name ``StepAssembly`` goes by when it builds a container with a ``ContainerFactory``.
public typealias ContainerStepAssembly<ViewController: Screen, Context> = StepAssembly<ViewController, Context>

/// A route under construction whose last step has its action and waits for the step it acts on.
///
/// `Target` is the screen type the action needs; `from` accepts only steps of that type, or any
/// step when the action works on any screen.
@MainActor
public struct ActionAssembly<ViewController, Context, Target> {
    let nodes: [StepNode]
    let integration: StepNode.Integration

    private func attached() -> [StepNode] {
        var result = nodes
        result[result.count - 1].integration = integration
        return result
    }

    /// Ends the route at `step`, a complete route of its own (an anchor, or a longer route).
    public func from(_ step: DestinationStep<Target, Context>) -> CompletedAssembly<ViewController, Context> {
        CompletedAssembly(chain: step.chain.appending(after: attached()))
    }
}

extension ActionAssembly where Target: Screen {
    /// Continues the route with `step`, which needs an action of its own next.
    public func from(_ step: StepAssembly<Target, Context>) -> ChainTail<ViewController, Context> {
        ChainTail(nodes: attached() + [step.node])
    }
}

extension ActionAssembly where Target == any Screen {
    /// Ends the route at `step`: an action that works on any screen can follow any step.
    public func from<S>(_ step: DestinationStep<S, Context>) -> CompletedAssembly<ViewController, Context> {
        CompletedAssembly(chain: step.chain.appending(after: attached()))
    }

    /// Continues the route with `step`: an action that works on any screen can follow any step.
    public func from<S: Screen>(_ step: StepAssembly<S, Context>) -> ChainTail<ViewController, Context> {
        ChainTail(nodes: attached() + [step.node])
    }
}

/// A route under construction whose last step still needs its action.
@MainActor
public struct ChainTail<ViewController, Context> {
    let nodes: [StepNode]

    /// How the last step joins the screen of the next `from`.
    public func using<A: Action>(_ action: A) -> ActionAssembly<ViewController, Context, A.Presenter> {
        ActionAssembly(nodes: nodes, integration: .of(action))
    }

    /// How the last step goes into the container of the next `from`.
    public func using<A: ContainerAction>(_ action: A) -> ActionAssembly<ViewController, Context, A.Container> {
        ActionAssembly(nodes: nodes, integration: .of(action))
    }
}

/// A route that reaches an anchor; ``assemble()`` makes it a ``DestinationStep``.
@MainActor
public struct CompletedAssembly<ViewController, Context> {
    let chain: StepChain

    /// The finished route.
    public func assemble() -> DestinationStep<ViewController, Context> {
        DestinationStep(chain: chain)
    }
}

/// Joins steps defined elsewhere into a route, starting from an existing step.
///
/// ```swift
/// let productInStack = ChainAssembly.from(productStep)
///     .using(NavigationStack.push())
///     .from(listStep.expectingContainer())
///     .assemble()
/// ```
@MainActor
public enum ChainAssembly {
    /// Starts a route at `step`; the next call gives its action.
    public static func from<VC: Screen, C>(_ step: StepAssembly<VC, C>) -> ChainTail<VC, C> {
        ChainTail(nodes: [step.node])
    }
}
