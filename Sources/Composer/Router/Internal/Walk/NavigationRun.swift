/// One navigation carried out by ``DefaultRouter`` over one chain, in seven phases, each in a file
/// of its own and each handing a value to the next:
///
/// 1. **plan** (`NavigationRun+Plan.swift`): resolves the chain, asks the finders from the
///    destination back (the first found screen is the anchor) and where each new screen goes;
///    hands on a ``RunPlan``.
/// 2. **preflight** (`NavigationRun+Preflight.swift`): a list of checks that ask, before any app
///    code runs, every question whose answer is already knowable (vetoes, reveals, contexts);
///    hands on the reveal it checked (`NavigationRun+Reveal.swift`).
/// 3. **guard** (`NavigationRun+Guard.swift`): the interceptors, once each; planned and
///    preflighted again while they change the tree.
/// 4. **build** (`NavigationRun+Build.swift`): the missing screens, into the plan.
/// 5. **prepare** (`NavigationRun+Prepare.swift`): the context tasks on every screen of the plan.
/// 6. **show** (`NavigationRun+Show.swift`): hands on the list of transitions (reveal, then
///    integrations) and applies them.
/// 7. **finish** (`NavigationRun+Finish.swift`): checks the destination is on screen, runs the
///    post tasks and logs the run's report (`NavigationRun+Report.swift`).
///
/// It keeps what it learns so that every error can carry the plan as text.
///
/// Its state is `@exclusivity(unchecked)`: the run is confined to the main actor, no access to it
/// overlaps another (each reads or assigns an element and ends), and the dynamic checks of a class's
/// stored properties, with the thread-local look-up each one makes, cost a navigation to a screen
/// already on screen about a tenth of its time.
@MainActor
final class NavigationRun {
    let tree: ScreenTree
    let navigationContext: Any
    let chain: StepChain
    let globals: StepNode
    let logger: any RoutingLogger
    let planInterceptors: [ErasedPlanInterceptor]
    /// What the router knows of the window: whether it counts the changes to its tree, and whether
    /// it can say that it shows what the run changed. The traits, not the protocol existentials:
    /// copying one of those costs more than a retain.
    let traits: DefaultRouter.WindowTraits
    /// The window, when it counts the changes to its tree.
    var revisioning: (any TreeRevisioning)? { traits.revisioning }
    /// The routers to mark active in the task while the run executes the app's code (guards,
    /// factories, actions), so that a navigation started there runs at once instead of waiting for
    /// this one; `nil` when the caller's task has them marked already.
    let scope: ActiveRouters?

    /// The plan of the run, as the last planning made it and the phases since completed it.
    @exclusivity(unchecked) var plan = RunPlan.unplanned
    @exclusivity(unchecked) var stage = RunStage.planning
    /// The reveal preflight checked, reused by the show phase while the tree is unchanged: while
    /// its revision is the tree's, or, for a tree that counts none (`nil`), until the run awaits or
    /// runs a context task.
    @exclusivity(unchecked) var checkedReveal: (revision: Int?, reveal: CheckedReveal)?
    /// What the guard phase has run so far (guards are run once each per navigation).
    @exclusivity(unchecked) var guards = GuardRecord()
    /// The transitions of the show phase already applied, for an error that must say so.
    @exclusivity(unchecked) var appliedOperations: [ShowOperation] = []
    /// The show-phase transition running now, described only when a report is written (its
    /// description alone: the whole operation would make the optional a larger value, copied and
    /// destroyed at every transition through the runtime's generic tuple functions).
    @exclusivity(unchecked) var showingOperation: (position: Int, count: Int, describe: @MainActor () -> String)?
    /// Whether the run has begun changing the screen; an interrupting navigation cancels only a
    /// run that has not.
    @exclusivity(unchecked) private(set) var hasStartedShowing = false
    /// Set by an interrupting navigation; the run stops at its next check, before showing.
    @exclusivity(unchecked) private(set) var isCancelled = false
    /// The window's tree revision when the run first planned, if the window counts its changes:
    /// a cancellation tells whether the guards' own navigations changed the screen since.
    @exclusivity(unchecked) private var revisionAtStart: Int?
    /// The task the interceptors run in while they run, so that cancelling the run reaches an
    /// interceptor that waits (for a user signing in) as task cancellation.
    @exclusivity(unchecked) var guardTask: Task<Bool, any Error>?

    init(
        chain: StepChain, context: Any, tree: ScreenTree, traits: DefaultRouter.WindowTraits,
        scope: ActiveRouters?, globals: StepNode, planInterceptors: [ErasedPlanInterceptor] = [],
        logger: any RoutingLogger
    ) {
        self.planInterceptors = planInterceptors
        self.traits = traits
        self.scope = scope
        self.chain = chain
        self.navigationContext = context
        self.tree = tree
        self.globals = globals
        self.logger = logger
    }

    /// Runs every phase and returns the destination screen.
    ///
    /// A phase with nothing to do is not awaited at all: each `await` of an async function costs a
    /// frame and an executor check even when it never suspends, which is most of the cost of a
    /// navigation to a screen already on screen.
    func run(animated: Bool) async throws -> any Screen {
        tree.holdLevels()
        defer { tree.forgetLevels(stopHolding: true) }
        plan = try makePlan()
        revisionAtStart = plan.revision
        try preflight()
        if logger.wants(.debug) { logger.log(RoutingLogEntry(level: .debug, message: report)) }
        var interceptorsRan = false
        if let pending = pendingGuard(includingGlobals: true) {
            interceptorsRan = try await awaiting { try await guardInOwnTask(pending) }
        }
        // Guards may change the tree (a login screen came and went) or what a SwitchAssembly
        // picks: then plan again, and guard every step the new plan has that no plan guarded.
        var rounds = 0
        while interceptorsRan {
            // Checked, and planned again if stale, once no transition runs, as at the start: a
            // guard may have waited (for the network, for the user) while the user moved, and a
            // back swipe still animating leaves a tree that is neither the one before nor after.
            // A cancellation during the wait is checked below, or after the loop.
            await traits.settle()
            guard try planIsStale() else { break }
            // A run an interrupt cancelled during the last round asks no guard of a new plan: one
            // that ignores cancellation would show its screens for a navigation that is over.
            try checkCancellation()
            plan = try makePlan()
            try preflight()
            rounds += 1
            guard rounds < 8 else {
                throw failure(
                    .interceptorRejected, step: nil, expected: "the guards to settle on one plan",
                    found: "the plan changed after each of \(rounds) rounds of guards (they changed the tree, or what"
                        + " a SwitchAssembly picks, every time)")
            }
            interceptorsRan = false
            if let pending = pendingGuard(includingGlobals: false) {
                interceptorsRan = try await awaiting { try await guardInOwnTask(pending) }
            }
        }
        try checkCancellation()
        if plan.anchor > 0 {
            try await awaiting { try await buildMissingScreens() }
            // A factory may finish after the task was cancelled: the context tasks would prepare
            // the screens on screen for a navigation that will not happen.
            try checkCancellation()
        }
        try prepareScreens()
        try checkCancellation()
        hasStartedShowing = true
        let operations = try showOperations()
        // The transitions change the tree from here on.
        tree.forgetLevels(stopHolding: true)
        if !operations.isEmpty || plan.anchor > 0 {
            try await inScope { try await show(operations, animated: animated) }
        }
        stage = .doneShowing
        return try finish()
    }

    /// Stops the run at its next check, and cancels the task of the interceptors running now.
    func cancel() {
        isCancelled = true
        guardTask?.cancel()
    }

    func checkCancellation() throws {
        if isCancelled || Task.isCancelled {
            // This run changed nothing; its guards' own navigations (a sign-in screen) may have,
            // which a window that counts its changes tells.
            var changedByGuards = false
            if let start = revisionAtStart, let revisioning { changedByGuards = revisioning.treeRevision != start }
            throw failure(
                .cancelled, step: nil, expected: "the navigation's task to stay alive",
                found: "it was cancelled while \(stage); "
                    + (changedByGuards
                        ? "this navigation changed nothing on screen, but what its guards changed (a screen"
                            + " they showed through the router) stays"
                        : "nothing on screen was changed"))
        }
    }

    /// Runs `body`, which awaits guards or factories, in the router's scope, after
    /// ``appCodeMayChangeTree()``: the tree may change while it waits.
    private func awaiting<T>(_ body: () async throws -> T) async throws -> T {
        appCodeMayChangeTree()
        return try await inScope(body)
    }

    /// `failure`, the failure of a guard or factory that stopped the navigation, or, when the run
    /// or its task was cancelled by then, the cancellation: the step stopped because of it (as a
    /// `CancellationError` or an error of its own), and the caller is to hear `cancelled`, which
    /// it can ignore, rather than a refusal it would report. The step and its error stay. Asked
    /// only on the way out, so a navigation that goes ahead pays nothing for it.
    func stopped(_ failure: RoutingError) -> RoutingError {
        guard failure.code != .cancelled, isCancelled || Task.isCancelled else { return failure }
        return RoutingError(
            code: .cancelled, step: failure.step, expected: "the navigation's task to stay alive",
            found: "it was cancelled while \(stage), and the step above then stopped it; the router changed"
                + " nothing on screen",
            plan: failure.plan, underlyingError: failure.underlyingError ?? failure)
    }

    /// The app's code runs next (a guard, a factory, a context task). A tree that counts no
    /// revisions may change without the router knowing, so the reveal preflight checked and the
    /// levels the tree holds are dropped and asked again; while no app code ran since preflight,
    /// the tree is the one preflight saw.
    func appCodeMayChangeTree() {
        if checkedReveal?.revision == nil { checkedReveal = nil }
        tree.forgetLevels()
    }

    /// Runs `body`, which runs the app's asynchronous code, with ``scope`` marked in the task (and
    /// in the tasks it creates, such as the guards' own). The phases that run none skip the
    /// task-local binding, a noticeable share of a navigation to a screen already on screen.
    private func inScope<T>(_ body: () async throws -> T) async throws -> T {
        guard let scope else { return try await body() }
        return try await NavigationScope.$activeRouters.withValue(scope, operation: body)
    }
}
