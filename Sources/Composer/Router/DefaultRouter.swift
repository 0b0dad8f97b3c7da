/// Walks a ``DestinationStep`` against the live screen tree and does the least work that puts the
/// destination on screen.
///
/// Each navigation runs in this order: **plan** (ask the finders from the destination back; the
/// first found screen is the anchor), **preflight** (every ``DismissalVetoing`` screen that revealing
/// the anchor removes is asked, before anything else runs), **guard** (global interceptors, then
/// the plan interceptors, then those of every step from the anchor to the destination; planned
/// and preflighted again if any ran), **build** (every missing screen), **prepare** (context tasks on every screen of the chain,
/// before any is shown), **show** (make the anchor visible, then integrate the new screens outward
/// from it, animating only the last transition) and **finish** (post tasks, once the destination is
/// known to be on screen).
///
/// One navigation runs at a time: others wait their turn in the order they were asked for, or
/// fail at once, or interrupt (``NavigationQueueing``). A navigation started from inside a running
/// one that awaits it (an interceptor showing a login screen) runs at once. A cancelled navigation
/// that has not started showing changes nothing.
@MainActor
public final class DefaultRouter {
    /// Where navigations run.
    public let windowProvider: any WindowProvider
    /// Receives the plan and the outcome of every navigation.
    public var logger: any RoutingLogger

    // The state every navigation reads is `@exclusivity(unchecked)`, as `NavigationRun`'s is.
    @exclusivity(unchecked) private var globals = StepNode(screenTypeName: "router", declaredType: DefaultRouter.self)
    @exclusivity(unchecked) private var planInterceptors: [ErasedPlanInterceptor] = []
    let queue = NavigationQueue()
    /// The observers, the result waits and the runs in progress (NavigationObservation.swift).
    let observation = RouterObservation()
    /// The outermost run in progress, to tell whether it has started changing the screen.
    @exclusivity(unchecked) private var activeRun: NavigationRun?
    /// The last window navigated in and what it adopts, so a navigation in the same window costs
    /// no conformance look-up. It holds that window until a navigation runs in another one.
    @exclusivity(unchecked) private var lastWindow: WindowTraits?
    /// How many navigations started inside this router's running one (by its guards) are running.
    @exclusivity(unchecked) private var nestedNavigations = 0
    /// How deep navigations started inside guards may nest (a login inside a guard is one).
    static let maximumNestedNavigations = 32
    /// The steps whose guards run when the user taps the tab they lead into (TabTaps.swift).
    var tabTapGuards: [StepChain] = []

    /// A router that navigates in the window `windowProvider` answers at the start of each navigation.
    public init(windowProvider: any WindowProvider, logger: any RoutingLogger = SilentRoutingLogger()) {
        self.windowProvider = windowProvider
        self.logger = logger
    }

    /// A router that always navigates in `window`.
    public convenience init(window: any ScreenWindow, logger: any RoutingLogger = SilentRoutingLogger()) {
        self.init(windowProvider: FixedWindowProvider(window), logger: logger)
    }

    /// The number of navigations waiting for the running one to finish.
    public var waitingNavigations: Int { queue.waitingCount }

    /// Adds an interceptor that guards every navigation; it receives the navigation's context.
    ///
    /// A router with a guard of its own handles the user's tab taps in its window (see
    /// ``tabTapRouter(in:)``), so a tab the user taps is guarded as a navigation is.
    public func add<I: RoutingInterceptor>(_ interceptor: I) where I.Context == Any {
        globals.add(interceptor: interceptor)
        observation.registerGuards(of: self)
    }

    /// Adds a guard that sees the whole plan of every navigation (every screen it reveals, builds
    /// or creates as a predefined child), so one guard protects a screen wherever it appears.
    /// Like a router-wide interceptor, it makes the router handle the user's tab taps in its window.
    public func add<I: NavigationPlanInterceptor>(planInterceptor interceptor: I) {
        planInterceptors.append(
            ErasedPlanInterceptor(name: "\(I.self)") { plan in try await interceptor.intercept(plan) })
        observation.registerGuards(of: self)
    }

    /// Adds a context task that runs on every screen of every navigation.
    public func add<T: ContextTask>(_ task: T) where T.ViewController == any Screen, T.Context == Any {
        globals.add(contextTask: task)
    }

    /// Adds a post task that runs after every successful navigation, with its destination.
    public func add<T: PostRoutingTask>(_ task: T) where T.ViewController == any Screen, T.Context == Any {
        globals.add(postTask: task)
    }

    /// Navigates to `step` with `context` and returns the destination screen once it is on screen.
    ///
    /// `queueing` says how the navigation joins the queue when another one is running: wait its
    /// turn (the default), fail at once, or interrupt (see ``NavigationQueueing``). A navigation
    /// started from inside a running one that awaits it (an interceptor showing a login screen)
    /// runs at once whatever `queueing` says.
    ///
    /// - Throws: a ``RoutingError`` naming the step that failed, what it expected and found, and
    ///   the plan; the screen tree is left consistent.
    @discardableResult
    public func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool = true,
        queueing: NavigationQueueing = .waitTurn
    ) async throws(RoutingError) -> ViewController {
        // The navigation runs in the caller's task: creating a task per navigation costs more than
        // a whole navigation to a found screen. An interrupting navigation cancels the run itself
        // (`NavigationRun.cancel()`), whose interceptors run in a task of the run's own.
        let outcome = try await inTurn(queueing) { scope async throws(RoutingError) in
            try await perform(step.chain, context: context, animated: animated, scope: scope)
        }
        // A pattern, not `as?`, which in this unspecialized generic function would look up the
        // type `ViewController?` at every navigation (see `castErased`).
        switch outcome.screen {
        case let destination as ViewController:
            return destination
        default:
            throw logged(
                RoutingError(
                    code: .typeMismatch, step: "destination", expected: "a screen of type \(ViewController.self)",
                    found: "\(type(of: outcome.screen)): \(outcome.screen)", plan: outcome.run.report))
        }
    }

    /// Runs `change` in this router's turn, as every change the router makes does (a navigation,
    /// removing a finished screen): at once inside a navigation of this router that awaits it
    /// (`nested`, or the task marks this router active; `change` then gets no scope to mark),
    /// otherwise once the queue is free, with the scope that marks this router active.
    func inTurn<T>(
        _ queueing: NavigationQueueing, nested: Bool = false,
        _ change: (_ scope: ActiveRouters?) async throws(RoutingError) -> T
    ) async throws(RoutingError) -> T {
        let id = ObjectIdentifier(self)
        let outerScope = NavigationScope.activeRouters
        if nested || outerScope.contains(id) {
            // A guard whose own navigation runs it again (a sign-in route from a screen that needs
            // sign-in, guarded by the guard that shows it) would recurse until the stack overflows:
            // refused past a depth no app's guards reach, before anything of it runs.
            guard nestedNavigations < Self.maximumNestedNavigations else {
                throw logged(
                    RoutingError(
                        code: .interceptorRejected, step: "navigation started inside a guard",
                        expected: "navigations started inside guards to nest at most"
                            + " \(Self.maximumNestedNavigations) deep",
                        found: "a guard's navigation ran guards that navigate again, \(nestedNavigations) deep:"
                            + " a guard that starts a navigation it guards itself?; nothing on screen was changed"))
            }
            nestedNavigations += 1
            defer { nestedNavigations -= 1 }
            return try await change(nil)
        }
        // A free queue is taken without suspending: most navigations never wait.
        if !queue.tryAcquire() { try await takeTurn(queueing) }
        defer { queue.release() }
        var scope = outerScope
        scope.insert(id)
        return try await change(scope)
    }

    func takeTurn(_ queueing: NavigationQueueing) async throws(RoutingError) {
        switch queueing {
        case .failIfBusy where queue.isRunning:
            // Logged as every failed navigation is: the queue refuses before any run exists.
            throw logged(
                RoutingError(
                    code: .busy, expected: "no other navigation running (failIfBusy)",
                    found: "another navigation is running; nothing on screen was changed"))
        case .interrupt where queue.isRunning:
            // A caller already cancelled never runs: it must not stop the navigation running.
            guard !Task.isCancelled else { break }
            // The running navigation and those it started (a guard's, a container factory's), which
            // run in its turn and may wait in a guard of their own, stop at their next check.
            if let activeRun, !activeRun.hasStartedShowing {
                for run in observation.runs where !run.hasStartedShowing { run.cancel() }
            }
        default:
            break
        }
        do {
            try await queue.acquire(first: queueing == .interrupt)
        } catch {
            throw logged(
                RoutingError(
                    code: .cancelled, expected: "the navigation to wait for its turn",
                    found: "its task was cancelled while waiting; nothing on screen was changed"))
        }
    }

    /// Runs one navigation and returns its destination with the run, whose plan a type mismatch
    /// reports. `scope` marks this router active while the run executes the app's code, or is
    /// `nil` inside a navigation that marked it already. Not generic: each generic function costs
    /// every navigation its type look-ups.
    private func perform(_ chain: StepChain, context: Any, animated: Bool, scope: ActiveRouters?)
        async throws(RoutingError) -> (screen: any Screen, run: NavigationRun)
    {
        let traits: WindowTraits
        do {
            traits = try changingWindow(step: nil, expected: "a window to navigate in")
        } catch {
            throw logged(error)
        }
        let run = NavigationRun(
            chain: chain, context: context, tree: ScreenTree(window: traits.window, revisioning: traits.revisioning),
            traits: traits, scope: scope, globals: globals, planInterceptors: planInterceptors,
            logger: logger)
        let isOutermost = activeRun == nil
        if isOutermost { activeRun = run }
        observation.runs.append(run)
        defer {
            if isOutermost { activeRun = nil }
            // A loop, not `removeAll(where:)`: Swift 6 checks at each call that a closure written in
            // main-actor code runs there. The run was appended once, and is most often the last.
            var index = observation.runs.endIndex
            while index > observation.runs.startIndex {
                index -= 1
                if observation.runs[index] === run {
                    observation.runs.remove(at: index)
                    break
                }
            }
        }
        // The navigation of a tab the user tapped is the user's change (TabTaps.swift).
        return try await reportingJump(
            in: traits.window, current: run.tree.current, byUser: isOutermost && TabTap.isRunning
        ) { () async throws(RoutingError) in
            await traits.settle()
            traits.navigationWillBegin()
            defer { traits.navigationDidEnd() }
            do {
                return (try await run.run(animated: animated), run)
            } catch {
                throw logged(
                    (error as? RoutingError)
                        ?? RoutingError(
                            code: .actionFailed, expected: "the navigation to finish", found: "an unexpected error",
                            plan: run.report, underlyingError: error))
            }
        }
    }

    /// The window a change happens in, with the traits the router asks it for; a provider without
    /// one fails the change with ``RoutingError/Code/noWindow``.
    func changingWindow(step: String?, expected: String) throws(RoutingError) -> WindowTraits {
        guard let window = windowProvider.window else {
            throw RoutingError(
                code: .noWindow, step: step, expected: expected, found: "the window provider returned nil")
        }
        return traits(of: window)
    }

    /// Runs `change` and then reports the jump it made to observers and result waits, as the
    /// user's when `byUser` says so, and ends the waits of other routers for screens of `window`
    /// it took away. Without any listening the change costs nothing more: the current screen
    /// before and `byUser` are read only for them.
    func reportingJump<T>(
        in window: any ScreenWindow, current: @autoclosure () -> (any Screen)?,
        byUser: @autoclosure () -> Bool = false, _ change: () async throws(RoutingError) -> T
    ) async throws(RoutingError) -> T {
        let listens = observation.listens
        // Inside another change of this router (a guard's navigation), the report goes on from
        // the screen last reported: the screen on screen now may differ, when the app's own code
        // changed it since (a guard that dismissed the login screen it had shown through the
        // router), and starting from it would leave observers believing that screen still current.
        let isNested = observation.jumpsRunning > 0
        let before = listens ? (isNested ? observation.lastCurrent : current()) : nil
        if listens, !isNested { observation.lastCurrent = before }
        let reportsBefore = observation.reportsMade
        observation.jumpsRunning += 1
        defer {
            observation.jumpsRunning -= 1
            // A router that began listening during this change, or that reported a change
            // meanwhile (the user's, a navigation a guard made), reports from the screen it saw then.
            if listens || observation.listens {
                let seenSince = !listens || observation.reportsMade != reportsBefore
                observation.report(
                    cause: byUser() ? .user : .router, from: seenSince ? observation.lastCurrent : before, in: window)
            }
            RouterObservation.endWaits(in: window, exceptOf: self)
        }
        return try await change()
    }

    /// `error`, logged for a logger that wants errors.
    func logged(_ error: RoutingError) -> RoutingError {
        if logger.wants(.error) { logger.log(RoutingLogEntry(level: .error, message: error.description)) }
        return error
    }
}

extension DefaultRouter {
    /// A window and the optional protocols the router asks it for (a class: one retain to pass on).
    @MainActor
    final class WindowTraits {
        let window: any ScreenWindow
        let settling: (any TransitionSettling)?
        let revisioning: (any TreeRevisioning)?
        let bracketing: (any NavigationBracketing)?

        /// Per window class, whether it adopts each protocol: a window that adopts neither (the
        /// usual kind) is not cast at all. Casting to these protocols, which values adopt as well
        /// as classes, took about 2,600 instructions, a seventh of a navigation to the current
        /// screen, for every router and every change of window. Main actor only.
        @exclusivity(unchecked) private static var adoptions = ClassTable<
            (settling: Bool, revisioning: Bool, bracketing: Bool)
        >()

        init(window: any ScreenWindow) {
            self.window = window
            let adopts = Self.adoptions.value(for: ObjectIdentifier(type(of: window))) {
                (window is any TransitionSettling, window is any TreeRevisioning, window is any NavigationBracketing)
            }
            settling = adopts.settling ? window as? any TransitionSettling : nil
            revisioning = adopts.revisioning ? window as? any TreeRevisioning : nil
            bracketing = adopts.bracketing ? window as? any NavigationBracketing : nil
        }

        /// Returns once the window has no transition running, if it can say so.
        func settle() async {
            if let settling, !settling.isSettled { await settling.waitUntilSettled() }
        }

        /// Tells the window that a navigation begins, if it wants to know.
        func navigationWillBegin() {
            if let bracketing { bracketing.navigationWillBegin() }
        }

        /// Tells the window that a navigation ended, if it wants to know.
        func navigationDidEnd() {
            if let bracketing { bracketing.navigationDidEnd() }
        }
    }

    func traits(of window: any ScreenWindow) -> WindowTraits {
        if let lastWindow, lastWindow.window === window { return lastWindow }
        let traits = WindowTraits(window: window)
        lastWindow = traits
        return traits
    }
}
