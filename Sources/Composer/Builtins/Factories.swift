/// Builds a screen with a closure: the quickest factory, and the one tests use most.
public struct ClosureFactory<ViewController: Screen, Context>: Factory {
    private let make: @MainActor (Context) throws -> ViewController

    /// A factory calling `make`.
    public init(_ make: @escaping @MainActor (Context) throws -> ViewController) {
        self.make = make
    }

    /// Runs the closure given at creation; what it throws fails the navigation as a factory failure.
    public func build(with context: Context) throws -> ViewController {
        try make(context)
    }
}

/// Stands for a screen that a container earlier in the same navigation builds itself (a tab of a
/// tab container built with predefined tabs). The router finds it, with the step's finder, once
/// that container is on screen, and integrates the steps after it into it.
public struct BuiltByContainerFactory<ViewController: Screen, Context>: Factory, BuiltByContainer {
    /// The factory has nothing to configure: the step's finder says which child is meant.
    public init() {}

    /// Never called by the router; throws so that a direct call is not mistaken for a build.
    public func build(with context: Context) throws -> ViewController {
        throw ContainerActionError(
            "\(ViewController.self) is created by its container; the router finds it once the container is on screen")
    }
}

/// Builds a navigation stack holding the children later steps push into it.
public struct NavigationContainerFactory<Container: NavigationStackContainer, Context>: ContainerFactory {
    private let maker: EmptyContainerMaker<Container, Context>

    /// A factory that creates an empty stack with `make`, then fills it.
    public init(_ make: @escaping @MainActor (Context) throws -> Container) { maker = EmptyContainerMaker(make) }

    /// Creates the stack with `children` as its screens.
    public func build(with context: Context, children: ContainerChildren) async throws -> Container {
        try await maker.build(with: context, children: children) { stack, children in
            try await stack.setStack(children.screens, animated: false)
        }
    }
}

/// Builds a tab container holding the children later steps add as tabs.
public struct TabsContainerFactory<Container: TabsContainer, Context>: ContainerFactory {
    private let maker: EmptyContainerMaker<Container, Context>

    /// A factory that creates an empty tab container with `make`, then fills it.
    public init(_ make: @escaping @MainActor (Context) throws -> Container) { maker = EmptyContainerMaker(make) }

    /// Creates the container with `children` as its tabs and their selection.
    public func build(with context: Context, children: ContainerChildren) async throws -> Container {
        try await maker.build(with: context, children: children) { tabs, children in
            try await tabs.setTabs(children.screens, selectedIndex: children.selectedIndex, animated: false)
        }
    }
}

/// Builds a split view whose first child is the primary column and second the detail.
public struct SplitContainerFactory<Container: SplitContainer, Context>: ContainerFactory {
    private let maker: EmptyContainerMaker<Container, Context>

    /// A factory that creates an empty split view with `make`, then fills it.
    public init(_ make: @escaping @MainActor (Context) throws -> Container) { maker = EmptyContainerMaker(make) }

    /// Creates the split view with `children[0]` as primary and `children[1]` as detail.
    public func build(with context: Context, children: ContainerChildren) async throws -> Container {
        try await maker.build(with: context, children: children) { split, children in
            if children.screens.count > 2 {
                throw ContainerActionError(
                    "a split view holds a primary and a detail; \(children.screens.count) screens were given")
            }
            if let primary = children.screens.first { try await split.setPrimary(primary, animated: false) }
            if children.screens.count > 1 { try await split.showDetail(children.screens[1], animated: false) }
        }
    }
}

/// What the built-in container factories share: make the container empty, then, when there are
/// children, put them in through the container's protocol (no transition runs: it is not on
/// screen yet).
struct EmptyContainerMaker<Container, Context> {
    let make: @MainActor (Context) throws -> Container

    init(_ make: @escaping @MainActor (Context) throws -> Container) { self.make = make }

    @MainActor
    func build(
        with context: Context, children: ContainerChildren,
        fill: @MainActor (Container, ContainerChildren) async throws -> Void
    ) async throws -> Container {
        let container = try make(context)
        if !children.isEmpty { try await fill(container, children) }
        return container
    }
}

/// A container factory that always puts some children first (a tab bar's fixed tabs), before
/// the children later steps integrate.
///
/// Give the children as closures, or one at a time with their own factory, action and context
/// task (``with(_:using:)``).
public struct PredefinedChildrenFactory<Base: ContainerFactory>: ContainerFactory {
    private let base: Base
    /// Each predefined child, in order: builds it and puts it into the list of children.
    var predefined: [@MainActor (Base.Context, inout ContainerChildren) throws -> Void]
    /// The `validate(_:)` of each predefined child's factory, in order.
    var validations: [@MainActor (Base.Context) throws -> Void] = []

    /// Wraps `base`, building `children` first on every build.
    public init(_ base: Base, children: [@MainActor (Base.Context) throws -> any Screen]) {
        self.base = base
        self.predefined = children.map { make in { context, list in list.screens.append(try make(context)) } }
    }

    /// The children `base` always has, then the predefined ones, which later steps' actions then
    /// edit (insert before, select, replace).
    public func initialChildren(with context: Base.Context) throws -> ContainerChildren {
        var children = try base.initialChildren(with: context)
        for add in predefined { try add(context, &children) }
        return children
    }

    /// Asks `base`, then the factory of each predefined child, to check `context`: wrapping a
    /// factory keeps its check before any guard runs, and a child's factory refuses as a step's
    /// factory does, before anything is built.
    public func validate(_ context: Base.Context) throws {
        try base.validate(context)
        for validate in validations { try validate(context) }
    }

    /// Builds the container holding `children`, which already start with the predefined ones.
    public func build(with context: Base.Context, children: ContainerChildren) async throws -> Base.ViewController {
        try await base.build(with: context, children: children)
    }
}
