/// Describes one screen of a route: how to find it, how to build it, what guards and prepares it,
/// and (with `using(_:)` and `from`) how it joins the screen before it.
///
/// ```swift
/// let product = StepAssembly(
///         finder: ClassWithContextFinder<ProductScreen, ProductID>(),
///         factory: ProductFactory())
///     .adding(LoginInterceptor<ProductID>())
///     .using(UINavigationController.push())
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
    @inlinable
    public init<F: Finder, Fa: Factory>(finder: F, factory: Fa)
    where
        F.ViewController == ViewController, F.Context == Context, Fa.ViewController == ViewController,
        Fa.Context == Context
    {
        self.init(finder: finder, factory: factory, compiled: .of(finder))
    }

    /// A step built by `factory` when `finder` does not find it. Chosen for a
    /// ``StackIteratingFinder``, whose test planning can ask in a walk it shares with the next
    /// steps' finders.
    @inlinable
    public init<F: StackIteratingFinder, Fa: Factory>(finder: F, factory: Fa)
    where
        F.ViewController == ViewController, F.Context == Context, Fa.ViewController == ViewController,
        Fa.Context == Context
    {
        self.init(finder: finder, factory: factory, compiled: .of(finder))
    }

    /// The step of the public initializers with the finder's search as the app's module compiles
    /// it, for the finder's concrete type (see `GeneralStep.custom(_:compiled:)`).
    @usableFromInline
    init<F: Finder, Fa: Factory>(finder: F, factory: Fa, compiled: CompiledSearch<Context, ViewController>)
    where
        F.ViewController == ViewController, F.Context == Context, Fa.ViewController == ViewController,
        Fa.Context == Context
    {
        node = StepNode.building(finder: finder, factory: factory, compiled: compiled)
    }

    /// A container step built by `factory`, with the children that later steps integrate into it,
    /// when `finder` does not find it.
    @inlinable
    public init<F: Finder, Fa: ContainerFactory>(finder: F, factory: Fa)
    where
        F.ViewController == ViewController, F.Context == Context, Fa.ViewController == ViewController,
        Fa.Context == Context
    {
        self.init(finder: finder, containerFactory: factory, compiled: .of(finder))
    }

    /// A container step built by `factory`, with the children that later steps integrate into it,
    /// when `finder` does not find it. Chosen for a ``StackIteratingFinder``, whose test planning
    /// can ask in a walk it shares with the next steps' finders.
    @inlinable
    public init<F: StackIteratingFinder, Fa: ContainerFactory>(finder: F, factory: Fa)
    where
        F.ViewController == ViewController, F.Context == Context, Fa.ViewController == ViewController,
        Fa.Context == Context
    {
        self.init(finder: finder, containerFactory: factory, compiled: .of(finder))
    }

    /// The container step of the public initializers with the finder's search as the app's module
    /// compiles it.
    @usableFromInline
    init<F: Finder, Fa: ContainerFactory>(
        finder: F, containerFactory factory: Fa, compiled: CompiledSearch<Context, ViewController>
    )
    where
        F.ViewController == ViewController, F.Context == Context, Fa.ViewController == ViewController,
        Fa.Context == Context
    {
        node = StepNode.building(finder: finder, containerFactory: factory, compiled: compiled)
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
