/// Type erasure of the step protocols into the closures of ``StepNode``.
@MainActor
extension StepNode {
    static func finding<F: Finder>(_ finder: F, declaredType: Any.Type) -> StepNode {
        finding(finder, declaredType: declaredType, compiled: .of(finder)) { found in found as Any as? any Screen }
    }

    /// A finder of a screen type: what it finds is a screen without a dynamic cast, which a
    /// navigation would otherwise pay for on every plan.
    static func findingScreens<F: Finder>(
        _ finder: F, declaredType: Any.Type, compiled: CompiledSearch<F.Context, F.ViewController>
    ) -> StepNode where F.ViewController: Screen {
        finding(finder, declaredType: declaredType, compiled: compiled) { found in found }
    }

    /// `compiled` is the finder's search, made by an inlinable entry point where the finder's type
    /// is known (in the app's module), or here, through the finder's protocol.
    private static func finding<F: Finder>(
        _ finder: F, declaredType: Any.Type, compiled: CompiledSearch<F.Context, F.ViewController>,
        asScreen: @escaping @MainActor (F.ViewController) -> (any Screen)?
    ) -> StepNode {
        let finderName = "\(F.self)"
        var node = StepNode(
            screenTypeName: "\(F.ViewController.self)", declaredType: declaredType, finderName: finderName,
            find: { context, tree in
                let typed = try castContext(context, to: F.Context.self, for: "finder \(finderName)")
                guard let found = try compiled.find(typed, tree) else { return nil }
                guard let screen = asScreen(found) else {
                    throw RoutingError(
                        code: .typeMismatch, step: "finder \(finderName)", expected: "a Screen",
                        found: "\(type(of: found as Any)), which does not conform to Screen")
                }
                return screen
            })
        let compiledCheck = compiled.check.map { check in
            { @MainActor (context: Any) throws -> CandidateCheck in
                check(try castContext(context, to: F.Context.self, for: "finder \(finderName)"))
            }
        }
        node.candidateTest = (finder as? any CandidateTesting)?.candidateTest(
            finderName: finderName, compiled: compiledCheck)
        return node
    }

    static func building<F: Finder, Fa: Factory>(
        finder: F, factory: Fa, compiled: CompiledSearch<F.Context, F.ViewController>
    ) -> StepNode
    where F.ViewController == Fa.ViewController {
        var node = findingScreens(finder, declaredType: Fa.ViewController.self, compiled: compiled)
        node.screenTypeName = "\(Fa.ViewController.self)"
        let name = "\(Fa.self)"
        if factory is any BuiltByContainer {
            node.build = .builtByContainer
        } else {
            node.build = .screen(name: name) { context in
                try factory.build(with: castContext(context, to: Fa.Context.self, for: "factory \(name)"))
            }
            node.validateBuild = { context in
                try factory.validate(castContext(context, to: Fa.Context.self, for: "factory \(name)"))
            }
        }
        return node
    }

    static func building<F: Finder, Fa: ContainerFactory>(
        finder: F, containerFactory factory: Fa, compiled: CompiledSearch<F.Context, F.ViewController>
    ) -> StepNode
    where F.ViewController == Fa.ViewController {
        var node = findingScreens(finder, declaredType: Fa.ViewController.self, compiled: compiled)
        node.screenTypeName = "\(Fa.ViewController.self)"
        let name = "\(Fa.self)"
        node.build = .container(
            name: name,
            initialChildren: { context in
                try factory.initialChildren(with: castContext(context, to: Fa.Context.self, for: "factory \(name)"))
            },
            make: { context, children in
                try await factory.build(
                    with: castContext(context, to: Fa.Context.self, for: "factory \(name)"), children: children)
            })
        node.validateBuild = { context in
            try factory.validate(castContext(context, to: Fa.Context.self, for: "factory \(name)"))
        }
        return node
    }

    mutating func add<I: RoutingInterceptor>(interceptor: I) {
        let name = "\(I.self)"
        interceptors.append(
            ErasedInterceptor(name: name) { context in
                try await interceptor.intercept(with: castContext(context, to: I.Context.self, for: name))
            })
    }

    mutating func add<T: ContextTask>(contextTask: T) {
        let name = "\(T.self)"
        contextTasks.append(
            ErasedContextTask(
                name: name,
                run: { screen, context in
                    try contextTask.prepare(
                        castScreen(screen, to: T.ViewController.self, for: name),
                        with: castContext(context, to: T.Context.self, for: name))
                },
                validate: { context in try contextTask.validate(castContext(context, to: T.Context.self, for: name)) }
            ))
    }

    mutating func add<T: PostRoutingTask>(postTask: T) {
        let name = "\(T.self)"
        postTasks.append(
            ErasedPostTask(name: name) { screen, context, screens in
                postTask.execute(
                    on: try castScreen(screen, to: T.ViewController.self, for: name),
                    with: try castContext(context, to: T.Context.self, for: name), screens: screens)
            })
    }
}

@MainActor
extension StepNode.Integration {
    static func of<A: Action>(_ action: A) -> Self {
        let name = "\(A.self)"
        return StepNode.Integration(
            name: name, merge: nil,
            perform: { screen, presenter, animated in
                try await action.perform(
                    screen, on: castScreen(presenter, to: A.Presenter.self, for: "action \(name)"), animated: animated)
            },
            removes: { presenter in
                // Not `Optional.map`: a main-actor method handed to it is checked at run time. A
                // pattern, not `as?`, which would look up the type `A.Presenter?` (see `castErased`).
                guard case let presenter as A.Presenter = presenter else { return [] }
                return action.screensRemoved(on: presenter)
            })
    }

    static func of<A: ContainerAction>(_ action: A) -> Self {
        let name = "\(A.self)"
        var integration = StepNode.Integration(
            name: name,
            merge: { screen, children in try action.merge(screen, into: &children) },
            perform: { screen, container, animated in
                try await action.perform(
                    screen, on: castScreen(container, to: A.Container.self, for: "action \(name)"), animated: animated)
            },
            removes: { container in
                guard case let container as A.Container = container else { return [] }
                return action.screensRemoved(on: container)
            },
            checkAccepts: { screenType, container in
                if case let container as A.Container = container { try action.checkAccepts(screenType, on: container) }
            },
            mergeRefusalHoldsForAnyScreen: action is any MergeRefusalHoldsForAnyScreen)
        // Asked once, as the route is assembled, not per navigation.
        integration.splitColumns = action as? any SplitColumnsAction
        integration.acceptsByType = action as? any AcceptanceHoldsForAnyContainer
        return integration
    }
}

/// A guard of a step or of the router, its types erased.
@MainActor
struct ErasedInterceptor {
    let name: String
    let run: @MainActor (Any) async throws -> Void
}

/// A context task, its types erased: it prepares a screen, and checks a context before anything runs.
@MainActor
struct ErasedContextTask {
    let name: String
    let run: @MainActor (any Screen, Any) throws -> Void
    let validate: @MainActor (Any) throws -> Void
}

/// A post task, its types erased: it gets the screen, the context and every screen of the navigation.
@MainActor
struct ErasedPostTask {
    let name: String
    let run: @MainActor (any Screen, Any, [any Screen]) throws -> Void
}

/// A router-wide guard of the whole plan, its type erased.
@MainActor
struct ErasedPlanInterceptor {
    let name: String
    let run: @MainActor (NavigationPlan) async throws -> Void
}

/// Marks a factory whose screen is built by a container earlier in the same navigation.
@MainActor
protocol BuiltByContainer {}

/// A finder's search as the app's module compiles it: the public entry points that take a finder
/// are inlinable and make these closures there, where the finder's type is concrete, so that the
/// search runs for the app's own screen class rather than through the finder's protocol.
@MainActor @usableFromInline
struct CompiledSearch<Context, ViewController> {
    /// The finder's ``Finder/findScreen(with:in:)``.
    let find: @MainActor (Context, ScreenTree) throws -> ViewController?
    /// For a ``StackIteratingFinder``: its test of one candidate, for planning's shared walk.
    let check: (@MainActor (Context) -> CandidateCheck)?

    @usableFromInline
    init(
        find: @escaping @MainActor (Context, ScreenTree) throws -> ViewController?,
        check: (@MainActor (Context) -> CandidateCheck)? = nil
    ) {
        self.find = find
        self.check = check
    }

    /// The search of `finder`.
    @inlinable
    static func of<F: Finder>(_ finder: F) -> Self where F.Context == Context, F.ViewController == ViewController {
        CompiledSearch { context, tree in try finder.findScreen(with: context, in: tree) }
    }

    /// The search and the candidate test of `finder`.
    @inlinable
    static func of<F: StackIteratingFinder>(_ finder: F) -> Self
    where F.Context == Context, F.ViewController == ViewController {
        CompiledSearch(
            find: { context, tree in try finder.findScreen(with: context, in: tree) },
            check: { context in makeCandidateCheck(finder, of: ViewController.self, with: context) })
    }
}
