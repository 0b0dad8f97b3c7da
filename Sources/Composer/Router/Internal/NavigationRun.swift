/// One navigation carried out by ``DefaultRouter``: plan, guard, build, show, prepare and finish over one chain.
///
/// It keeps what it learns (the anchor, each step's screen, how far it got) so that every error
/// can carry the plan as text.
///
/// Its state is `@exclusivity(unchecked)`: the run is confined to the main actor, no access to it
/// overlaps another (each reads or assigns an element and ends), and the dynamic checks of a class's
/// stored properties, with the thread-local look-up each one makes, cost a navigation to a screen
/// already on screen about a tenth of its time.
@MainActor
final class NavigationRun {
    /// Where a new screen goes: into a screen that is on screen now, or into a step built in this run.
    enum Target {
        case live(any Screen)
        case node(Int)
        /// The container around the screen of a step that its own container creates, known only
        /// once that screen is found on screen.
        case around(Int, StepNode.TargetAdapter)
    }

    /// One transition of the show phase. Its summary is text only an error or a logger reads, so
    /// it is written only when asked for.
    private struct ShowOperation {
        let describe: @MainActor () -> String
        let run: @MainActor (Bool) async throws -> Void

        init(
            summary: @escaping @autoclosure @MainActor () -> String,
            run: @escaping @MainActor (Bool) async throws -> Void
        ) {
            self.describe = summary
            self.run = run
        }

        @MainActor var summary: String { describe() }
    }

    let tree: ScreenTree
    let navigationContext: Any
    private let chain: StepChain
    private let globals: StepNode
    private let logger: any RoutingLogger

    /// One step of the plan: what the run has learnt about the step of ``nodes`` at its index.
    struct PlannedStep {
        /// The step's own context, adapted from the navigation's.
        let context: Any
        /// The screen found on screen (the anchor) or built by this run.
        var screen: (any Screen)?
        /// Where this step's action puts its screen; set for the steps before the anchor.
        var target: Target?
        /// The new container this step's screen goes into through the container's factory.
        var mergedInto: Int?
        /// The children a new container always has, created while planning so guards see them.
        var initialChildren: ContainerChildren?
    }

    /// The steps of the chain, destination first, as the chain resolved them (shared with the chain,
    /// not copied).
    @exclusivity(unchecked) private(set) var nodes: [StepNode] = []
    /// What the run learnt about each of ``nodes``; the anchor is at ``anchorIndex``.
    @exclusivity(unchecked) private(set) var steps: [PlannedStep] = []
    @exclusivity(unchecked) private(set) var anchorIndex = -1
    private let planInterceptors: [(name: String, run: @MainActor (NavigationPlan) async throws -> Void)]
    /// The window, when it counts the changes to its tree.
    private let revisioning: (any TreeRevisioning)?
    /// The window's tree revision when the plan was made, if the window counts its changes.
    @exclusivity(unchecked) private var plannedRevision: Int?
    /// The visibility operations preflight checked, reused by the show phase while the tree is
    /// unchanged.
    @exclusivity(unchecked) private var checkedVisibility: (revision: Int, operations: [ShowOperation])?
    /// The plan entries the plan interceptors last approved, so they run again only for a new plan.
    @exclusivity(unchecked) private var approvedPlan: [PlanKey]?
    /// The transitions of the show phase already applied, for an error that must say so.
    @exclusivity(unchecked) private var appliedOperations: [ShowOperation] = []
    @exclusivity(unchecked) private var stage = "planning"
    /// The show-phase transition running now, described only when a report is written.
    @exclusivity(unchecked) private var showingOperation: (position: Int, count: Int, operation: ShowOperation)?
    /// Whether the run has begun changing the screen; an interrupting navigation cancels only a
    /// run that has not.
    @exclusivity(unchecked) private(set) var hasStartedShowing = false
    /// The step interceptors already run, so a re-plan guards only the steps it adds.
    @exclusivity(unchecked) private var guarded: Set<String> = []
    /// Set by an interrupting navigation; the run stops at its next check, before showing.
    @exclusivity(unchecked) private(set) var isCancelled = false
    /// The task the interceptors run in while they run, so that cancelling the run reaches an
    /// interceptor that waits (for a user signing in) as task cancellation.
    @exclusivity(unchecked) private var guardTask: Task<Bool, any Error>?

    /// The routers to mark active in the task while the run executes the app's code (guards,
    /// factories, actions), so that a navigation started there runs at once instead of waiting for
    /// this one; `nil` when the caller's task has them marked already.
    private let scope: ActiveRouters?

    init(
        chain: StepChain, context: Any, tree: ScreenTree, scope: ActiveRouters?,
        globals: StepNode,
        planInterceptors: [(name: String, run: @MainActor (NavigationPlan) async throws -> Void)] = [],
        logger: any RoutingLogger
    ) {
        self.planInterceptors = planInterceptors
        self.revisioning = tree.revisioning
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
        try plan()
        try preflight()
        if logger.wants(.debug) { logger.log(RoutingLogEntry(level: .debug, message: report)) }
        var interceptorsRan = false
        if let pending = pendingGuard(includingGlobals: true) {
            interceptorsRan = try await inScope { try await guardInOwnTask(pending) }
        }
        // Guards may change the tree (a login screen came and went) or what a SwitchAssembly
        // picks: then plan again, and guard every step the new plan has that no plan guarded.
        var rounds = 0
        while interceptorsRan, try planIsStale() {
            try plan()
            try preflight()
            rounds += 1
            guard rounds < 8 else {
                throw failure(
                    .interceptorRejected, step: nil, expected: "the guards to settle on one plan",
                    found: "every re-plan after the guards brought new guarded steps (\(rounds) rounds)")
            }
            interceptorsRan = false
            if let pending = pendingGuard(includingGlobals: false) {
                interceptorsRan = try await inScope { try await guardInOwnTask(pending) }
            }
        }
        try checkCancellation()
        if anchorIndex > 0 { try await inScope { try await buildMissingScreens() } }
        try prepareScreens()
        try checkCancellation()
        let operations = try showOperations()
        if !operations.isEmpty || anchorIndex > 0 {
            try await inScope { try await show(operations, animated: animated) }
        }
        stage = "done showing"
        do {
            let destination = try destination()
            try finish(destination: destination)
            return destination
        } catch let error as RoutingError {
            // The destination's own action ran last and is the one at fault: only what ran
            // before it counts as changes.
            throw afterChanges(error, countingLast: false)
        }
    }

    /// Runs `body`, which runs the app's asynchronous code, with ``scope`` marked in the task (and
    /// in the tasks it creates, such as the guards' own). The phases that run none skip the
    /// task-local binding, a noticeable share of a navigation to a screen already on screen.
    private func inScope<T>(_ body: () async throws -> T) async throws -> T {
        guard let scope else { return try await body() }
        return try await NavigationScope.$activeRouters.withValue(scope, operation: body)
    }

    /// Asks, before any guard or factory runs, every question whose answer is already knowable:
    /// whether the screens that revealing the anchor removes (dismissed above it, popped off its
    /// stacks, hidden containers' panels) accept leaving, whether the anchor can dismiss what
    /// covers it, whether the screens the actions remove from live containers accept leaving, and
    /// whether the factories and context tasks accept their contexts. A refusal here leaves no
    /// trace: no interceptor, factory, task or transition has run. Then it creates the predefined
    /// children of new containers, so the plan interceptors see them.
    private func preflight() throws {
        stage = "preflight"
        let visibility = try visibilityOperations()
        checkedVisibility = revisioning.map { ($0.treeRevision, visibility) }
        try checkRemovalsByActions()
        try validateContexts()
        try createInitialChildren()
    }

    /// Whether the plan may no longer match the tree: the window does not count its changes, or
    /// it changed since planning, or the chain now resolves to other steps (a SwitchAssembly).
    private func planIsStale() throws -> Bool {
        guard let plannedRevision, let revisioning, revisioning.treeRevision == plannedRevision else { return true }
        let resolved = try chain.resolve(navigationContext, tree)
        return resolved.count != nodes.count
            || zip(resolved, nodes).contains { node, planned in
                node.summary != planned.summary
                    || !node.interceptors.map(\.name).elementsEqual(planned.interceptors.map(\.name))
            }
    }

    /// The screens that actions remove from containers on screen, asked before any guard: what
    /// an action declares (a split view's replaced column) and what merging into a list container
    /// drops (with stand-ins for the screens not built yet).
    private func checkRemovalsByActions() throws {
        for index in 0..<anchorIndex {
            guard case .live(let target)? = steps[index].target, let integration = nodes[index].integration
            else { continue }
            do {
                try ScreenTree.checkDismissal(of: integration.removes(target))
            } catch let refusal as DismissalRefusedError {
                throw failure(
                    .dismissalRefused, step: index,
                    expected: "the screens \(integration.name) removes from \(target) to accept leaving",
                    found: refusal.description)
            }
        }
        do {
            _ = try integrationOperations(standingIn: true)
        } catch let error as RoutingError where error.code == .dismissalRefused {
            throw error
        } catch {
            // Anything else is for the show phase to report with the real screens.
        }
    }

    /// Each factory of a screen to build and each context task of the chain (and the router's)
    /// checks its context.
    private func validateContexts() throws {
        for index in 0..<anchorIndex {
            guard let validate = nodes[index].validateBuild else { continue }
            do {
                try validate(steps[index].context)
            } catch {
                let name = nodes[index].buildName ?? "factory"
                throw failure(
                    .factoryFailed, step: index, part: (.factory, name),
                    expected: "\(name) to accept the context \(steps[index].context)",
                    found: "it refused it before anything ran", underlying: error)
            }
        }
        for index in 0...anchorIndex {
            for task in nodes[index].contextTasks {
                try validate(task, context: steps[index].context, step: index)
            }
        }
        for task in globals.contextTasks { try validate(task, context: navigationContext, step: nil) }
    }

    private func validate(
        _ task: (
            name: String, run: @MainActor (any Screen, Any) throws -> Void, validate: @MainActor (Any) throws -> Void
        ),
        context: Any, step: Int?
    ) throws {
        do {
            try task.validate(context)
        } catch {
            throw failure(
                .contextTaskFailed, step: step, stepOverride: "context task \(task.name)",
                part: (.contextTask, task.name), expected: "the task to accept the context \(context)",
                found: "it refused it before anything ran", underlying: error)
        }
    }

    /// Creates the children new containers always have (a tab bar's tabs), once per plan.
    private func createInitialChildren() throws {
        for index in 0..<anchorIndex {
            guard case .container(let name, let initialChildren, _) = nodes[index].build else { continue }
            do {
                steps[index].initialChildren = try initialChildren(steps[index].context)
            } catch let error as RoutingError {
                throw error.with(plan: report)
            } catch {
                throw failure(
                    .factoryFailed, step: index, part: (.factory, name),
                    expected: "\(name) to create the children it always has", found: "it threw", underlying: error)
            }
        }
    }

    // MARK: - 1. Plan

    private func plan() throws {
        stage = "planning"
        plannedRevision = revisioning?.treeRevision
        // Both at once: the report reads them side by side.
        let resolved = try chain.resolve(navigationContext, tree)
        let planned = try resolved.map { PlannedStep(context: try $0.contextAdapter(navigationContext)) }
        (nodes, steps) = (resolved, planned)
        anchorIndex = -1
        for index in steps.indices {
            guard let find = nodes[index].find else { continue }
            do {
                if let found = try find(steps[index].context, tree) {
                    steps[index].screen = found
                    anchorIndex = index
                    break
                }
            } catch let error as RoutingError {
                throw error.with(plan: report)
            } catch {
                throw failure(
                    .screenNotFound, step: index, expected: "the finder to answer whether the screen exists",
                    found: "the finder threw", underlying: error)
            }
        }
        guard anchorIndex >= 0 else {
            let asked = nodes.compactMap(\.finderName).joined(separator: ", ")
            throw failure(
                .noAnchor, step: nil, expected: "one step of the chain to find its screen (asked: \(asked))",
                found: "none of them found anything in the current tree")
        }
        for index in 0..<anchorIndex {
            if case .none = nodes[index].build {
                throw failure(
                    .screenNotFound, step: index, expected: "the screen to exist, since this step cannot be built",
                    found: "no such screen in the current tree")
            }
        }
        for index in 0..<anchorIndex {
            let target = try resolveTarget(of: index)
            steps[index].target = target
            if case .node(let container) = target, case .container = nodes[container].build,
                nodes[index].integration?.isContainer == true, !isBuiltByContainer(index)
            {
                steps[index].mergedInto = container
            }
        }
    }

    private func isBuiltByContainer(_ index: Int) -> Bool {
        if case .builtByContainer = nodes[index].build { return true }
        return false
    }

    /// The screen step `index`'s action works on: the screen of the step before, or the container around
    /// it when that step expects one.
    private func resolveTarget(of index: Int) throws -> Target {
        let before = index + 1
        guard nodes[index].integration != nil else {
            throw failure(
                .actionFailed, step: index, expected: "an action that puts this screen on the one of the step before",
                found: "no action: use .using(...) on this step")
        }
        guard let adapter = nodes[before].targetAdapter else {
            if before == anchorIndex, let screen = steps[before].screen { return .live(screen) }
            return .node(before)
        }
        return try nearestContainer(adapter, from: before)
    }

    private func nearestContainer(_ adapter: StepNode.TargetAdapter, from index: Int) throws -> Target {
        if index == anchorIndex, let screen = steps[index].screen {
            guard let container = adapter.resolve(screen) else {
                throw failure(
                    .containerNotFound, step: index, expected: "\(adapter.name) around \(screen)",
                    found: "no such container among \(screen) and its parents")
            }
            return .live(container)
        }
        if adapter.matchesType(nodes[index].declaredType) { return .node(index) }
        if isBuiltByContainer(index) { return .around(index, adapter) }
        guard nodes[index].integration?.isContainer == true else {
            throw failure(
                .containerNotFound, step: index,
                expected: "\(adapter.name) around the new \(nodes[index].screenTypeName)",
                found: "its action \(nodes[index].integration?.name ?? "none") does not put it into a container")
        }
        switch try resolveTarget(of: index) {
        case .live(let parent):
            guard let container = adapter.resolve(parent) else {
                throw failure(
                    .containerNotFound, step: index, expected: "\(adapter.name) at or around \(parent)",
                    found: "no such container")
            }
            return .live(container)
        case .node(let parent):
            return try nearestContainer(adapter, from: parent)
        case .around(let parent, _):
            return .around(parent, adapter)
        }
    }

    // MARK: - 2. Guard

    /// Stops the run at its next check, and cancels the task of the interceptors running now.
    func cancel() {
        isCancelled = true
        guardTask?.cancel()
    }

    /// What a guard round has to run: `nil` when no interceptor is left to run, so the round is
    /// skipped without awaiting anything.
    private struct PendingGuard {
        let includingGlobals: Bool
        /// The plan the plan interceptors have not approved yet, made once for the check and the run.
        let unapprovedPlan: (plan: NavigationPlan, keys: [PlanKey])?
    }

    private func pendingGuard(includingGlobals: Bool) -> PendingGuard? {
        var unapprovedPlan: (plan: NavigationPlan, keys: [PlanKey])?
        if !planInterceptors.isEmpty {
            let plan = navigationPlan()
            let keys = planKeys(of: plan)
            if keys != approvedPlan { unapprovedPlan = (plan, keys) }
        }
        let hasWork =
            (includingGlobals && !globals.interceptors.isEmpty) || unapprovedPlan != nil
            || (0...anchorIndex).contains { index in
                nodes[index].interceptors.contains { !guarded.contains(guardKey(index, $0.name)) }
            }
        return hasWork ? PendingGuard(includingGlobals: includingGlobals, unapprovedPlan: unapprovedPlan) : nil
    }

    /// Runs ``guardNavigation(includingGlobals:plan:)`` in a task of its own, which ``cancel()`` and the
    /// caller's cancellation both reach.
    private func guardInOwnTask(_ pending: PendingGuard) async throws -> Bool {
        let task = Task { @MainActor in
            try await self.guardNavigation(includingGlobals: pending.includingGlobals, plan: pending.unapprovedPlan)
        }
        guardTask = task
        defer { guardTask = nil }
        if isCancelled { task.cancel() }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    /// The plan as router-wide plan interceptors see it: the anchor and what is visible inside it,
    /// then each screen to build with the predefined children of new containers, destination last.
    private func navigationPlan() -> NavigationPlan {
        var entries: [NavigationPlan.Entry] = []
        if let anchor = steps[anchorIndex].screen {
            var pending: [any Screen] = [anchor]
            while let next = pending.popLast(), entries.count < 10_000 {
                entries.append(
                    NavigationPlan.Entry(
                        kind: .reveal, type: type(of: next), screen: next, position: next === anchor ? anchorIndex : nil
                    ))
                pending.append(contentsOf: ScreenTree.visibleChildren(of: next).reversed())
            }
        }
        for index in stride(from: anchorIndex - 1, through: 0, by: -1) {
            if case .none = nodes[index].build { continue }
            entries.append(
                NavigationPlan.Entry(kind: .build, type: nodes[index].declaredType, screen: nil, position: index))
            for child in steps[index].initialChildren?.screens ?? [] {
                for screen in ScreenTree.containedScreens(of: child) {
                    entries.append(
                        NavigationPlan.Entry(
                            kind: .predefinedChild, type: type(of: screen), screen: screen, position: nil))
                }
            }
        }
        return NavigationPlan(entries: entries)
    }

    /// What identifies a plan for the plan interceptors: a re-plan that reveals and builds the same
    /// screens does not ask them again. Predefined children are new objects in every plan, so only
    /// their types count.
    private struct PlanKey: Equatable {
        let kind: NavigationPlan.Kind
        let type: ObjectIdentifier
        let screen: ObjectIdentifier?
    }

    private func planKeys(of plan: NavigationPlan) -> [PlanKey] {
        plan.entries.map { entry in
            PlanKey(
                kind: entry.kind, type: ObjectIdentifier(entry.type),
                screen: entry.kind == .reveal ? entry.screen.map(ObjectIdentifier.init) : nil)
        }
    }

    private func guardKey(_ index: Int, _ interceptorName: String) -> String {
        "\(nodes[index].summary) / \(interceptorName)"
    }

    /// Runs the interceptors not run yet in this navigation (a step's are known by the step's
    /// summary and the interceptor's type), the plan interceptors on `unapprovedPlan` if there is
    /// one, and says whether any ran.
    private func guardNavigation(
        includingGlobals: Bool, plan unapprovedPlan: (plan: NavigationPlan, keys: [PlanKey])?
    ) async throws -> Bool {
        stage = "guarding"
        var ran = false
        if includingGlobals {
            for interceptor in globals.interceptors {
                ran = true
                try await intercept(interceptor, context: navigationContext, step: nil)
            }
        }
        if let (plan, keys) = unapprovedPlan {
            for interceptor in planInterceptors {
                ran = true
                try await intercept(
                    (interceptor.name, { _ in try await interceptor.run(plan) }), context: (), step: nil)
            }
            approvedPlan = keys
        }
        for index in stride(from: anchorIndex, through: 0, by: -1) {
            for interceptor in nodes[index].interceptors
            where guarded.insert(guardKey(index, interceptor.name)).inserted {
                ran = true
                try await intercept(interceptor, context: steps[index].context, step: index)
            }
        }
        return ran
    }

    private func intercept(
        _ interceptor: (name: String, run: @MainActor (Any) async throws -> Void), context: Any, step: Int?
    ) async throws {
        do {
            try await interceptor.run(context)
        } catch {
            throw failure(
                .interceptorRejected, step: step, stepOverride: "interceptor \(interceptor.name)",
                part: (.interceptor, interceptor.name),
                expected: "the interceptor to let the navigation go ahead", found: "it stopped the navigation",
                underlying: error)
        }
    }

    private func checkCancellation() throws {
        if isCancelled || Task.isCancelled {
            throw failure(
                .cancelled, step: nil, expected: "the navigation's task to stay alive",
                found: "it was cancelled while \(stage); nothing on screen was changed")
        }
    }

    // MARK: - 3. Build

    private func buildMissingScreens() async throws {
        stage = "building"
        for index in 0..<anchorIndex {
            do {
                switch nodes[index].build {
                case .none, .builtByContainer:
                    continue
                case .screen(_, let make):
                    steps[index].screen = try make(steps[index].context)
                case .container(_, let initialChildren, let make):
                    var children = try steps[index].initialChildren ?? initialChildren(steps[index].context)
                    try mergeChildren(into: &children, container: index)
                    steps[index].screen = try await make(steps[index].context, children)
                }
            } catch let error as RoutingError {
                throw error.with(plan: report)
            } catch {
                throw failure(
                    .factoryFailed, step: index,
                    expected:
                        "\(nodes[index].buildName ?? "the factory") to build \(nodes[index].screenTypeName) from \(steps[index].context)",
                    found: "it threw", underlying: error)
            }
        }
        try findScreensBuiltByContainers()
    }

    /// Hands the children that later steps integrate into a new container to its factory, anchor
    /// side first; an action that refuses is reported as the action's failure, not the factory's.
    private func mergeChildren(into children: inout ContainerChildren, container: Int) throws {
        for child in stride(from: container - 1, through: 0, by: -1) where steps[child].mergedInto == container {
            guard let integration = nodes[child].integration, let merge = integration.merge,
                let screen = steps[child].screen
            else { continue }
            do {
                try merge(screen, &children)
            } catch {
                throw failure(
                    .actionFailed, step: child, stepOverride: "action \(integration.name)",
                    part: (.action, integration.name),
                    expected: "\(screen) to go into the new \(nodes[container].screenTypeName)",
                    found: "the action refused", underlying: error)
            }
        }
    }

    /// Finds, inside the containers just built, the screens those containers create themselves,
    /// so that a container lacking one fails the navigation before anything is shown.
    private func findScreensBuiltByContainers() throws {
        for index in stride(from: anchorIndex - 1, through: 0, by: -1) where isBuiltByContainer(index) {
            guard let container = steps[index + 1].screen, let find = nodes[index].find,
                let found = try find(steps[index].context, ScreenTree(window: DetachedWindow(root: container)))
            else {
                throw failure(
                    .screenNotFound, step: index,
                    expected:
                        "\(nodes[index].screenTypeName) inside \(steps[index + 1].screen.map { "\($0)" } ?? "the step before it"), which creates it",
                    found: "the finder did not find it there; check that the container's factory creates it")
            }
            steps[index].screen = found
        }
    }

    // MARK: - 4. Show

    /// The transitions of the show phase: revealing the anchor, then integrating the new screens.
    private func showOperations() throws -> [ShowOperation] {
        stage = "showing"
        hasStartedShowing = true
        let visibility =
            if let checkedVisibility, checkedVisibility.revision == revisioning?.treeRevision {
                checkedVisibility.operations
            } else {
                try visibilityOperations()
            }
        return anchorIndex > 0 ? visibility + (try integrationOperations(standingIn: false)) : visibility
    }

    private func show(_ operations: [ShowOperation], animated: Bool) async throws {
        for (position, operation) in operations.enumerated() {
            showingOperation = (position, operations.count, operation)
            try await apply(operation, animated: animated && position == operations.count - 1)
        }
        showingOperation = nil
        if anchorIndex > 0 { try await revealNewDestination() }
    }

    /// Makes a built destination visible inside the containers it joined, when its actions left it
    /// hidden (a tab a new tab bar created, joined with `nothing()`): a navigation that succeeds
    /// ends with its destination on screen. Only changes that remove nothing are made; the screens
    /// around a new destination are new too, so none is expected.
    private func revealNewDestination() async throws {
        guard anchorIndex > 0, let destination = steps[0].screen else { return }
        var reveals: [ContainerReveal] = []
        var child = destination
        for container in ScreenTree.ancestors(of: destination) {
            if let reveal = try? container.asContainer?.revealing(child), reveal.removedScreens.isEmpty {
                reveals.append(reveal)
            }
            child = container
        }
        for reveal in reveals.reversed() {
            try await apply(ShowOperation(summary: reveal.summary, run: reveal.perform), animated: false)
        }
    }

    /// Runs one transition and records it as applied; a failure is reported by ``showFailure(_:in:)``.
    private func apply(_ operation: ShowOperation, animated: Bool) async throws {
        do {
            try await operation.run(animated)
        } catch {
            throw showFailure(error, in: operation)
        }
        appliedOperations.append(operation)
    }

    /// The error for a transition that failed: its own code while nothing has changed yet, and
    /// ``RoutingError/Code/actionFailedAfterChanges`` with the transitions already applied after.
    private func showFailure(_ error: any Error, in operation: ShowOperation) -> RoutingError {
        let failed: RoutingError
        switch error {
        case let error as RoutingError:
            failed = error.with(plan: report)
        case let unable as NotModalPresentingError:
            failed = failure(
                .cannotPresent, step: nil, stepOverride: operation.summary,
                expected: "a screen that can present and dismiss", found: unable.description)
        case let refusal as DismissalRefusedError:
            failed = failure(
                .dismissalRefused, step: nil, stepOverride: operation.summary,
                expected: "every screen it removes to accept being dismissed", found: refusal.description)
        default:
            failed = failure(
                .actionFailed, step: nil, stepOverride: operation.summary,
                expected: "the transition to succeed", found: "it failed", underlying: error)
        }
        return afterChanges(failed)
    }

    /// `error`, recoded as ``RoutingError/Code/actionFailedAfterChanges`` when transitions of this
    /// run have already changed the screen.
    private func afterChanges(_ error: RoutingError, countingLast: Bool = true) -> RoutingError {
        let applied = countingLast ? appliedOperations : Array(appliedOperations.dropLast())
        guard !applied.isEmpty else { return error }
        return RoutingError(
            code: .actionFailedAfterChanges, step: error.step, expected: error.expected,
            found: "\(error.found) (\(error.code.rawValue), after the screen had changed)", plan: error.plan,
            underlyingError: error.underlyingError, failingStep: error.failingStep,
            appliedOperations: applied.map(\.summary))
    }

    /// Dismisses what covers the anchor and makes it visible in every container around it
    /// (selects its tabs, pops its stacks, shows an app container's panel), after checking that no
    /// screen that would leave the tree refuses.
    private func visibilityOperations() throws -> [ShowOperation] {
        // The current screen is covered by nothing and shown by every container around it (a
        // container's focused child is visible): the most frequent anchor needs no reveal.
        guard let anchor = steps[anchorIndex].screen, anchor !== tree.current else { return [] }
        var operations: [ShowOperation] = []
        var leaving: [any Screen] = []
        // The outermost presentation first: dismissing it leaves an inner host's own one in place.
        for (host, covering) in ScreenTree.presentationsCovering(anchor).reversed() {
            leaving.append(covering)
            let presenter: any ModalPresenting
            do {
                presenter = try ScreenTree.modalPresenter(host, toDo: "dismiss \(covering), which covers \(anchor)")
            } catch {
                throw failure(
                    .cannotPresent, step: anchorIndex,
                    expected: "\(host) to dismiss \(covering), which covers \(anchor)",
                    found: error.description)
            }
            operations.append(
                ShowOperation(summary: "dismiss \(covering) to reveal \(anchor)") { animated in
                    try await presenter.dismissPresentedScreen(animated: animated)
                })
        }
        var child = anchor
        var pathOperations: [ShowOperation] = []
        for container in ScreenTree.ancestors(of: anchor) {
            defer { child = container }
            guard let reveal = try revealing(child, in: container) else { continue }
            leaving += reveal.removedScreens
            pathOperations.append(ShowOperation(summary: reveal.summary, run: reveal.perform))
        }
        do {
            try ScreenTree.checkDismissal(of: leaving)
        } catch let refusal as DismissalRefusedError {
            throw failure(
                .dismissalRefused, step: anchorIndex,
                expected: "every screen above \(anchor) to accept being dismissed or popped", found: refusal.description
            )
        }
        return operations + pathOperations.reversed()
    }

    private func revealing(_ child: any Screen, in container: any Screen) throws -> ContainerReveal? {
        guard let screenContainer = container.asContainer else { return nil }
        do {
            return try screenContainer.revealing(child)
        } catch {
            throw failure(
                .cannotReveal, step: anchorIndex,
                expected: "\(steps[anchorIndex].screen.map { "\($0)" } ?? "the anchor") made visible",
                found: error.description)
        }
    }

    /// The integrations onto screens that are on screen, anchor side first; several into the same
    /// list container become one change.
    ///
    /// `standingIn` (preflight) merges stand-ins for the screens not built yet, so the screens a
    /// merge drops from a live container are asked before anything is built.
    private func integrationOperations(standingIn: Bool) throws -> [ShowOperation] {
        var operations: [ShowOperation] = []
        var index = anchorIndex - 1
        while index >= 0 {
            if steps[index].mergedInto != nil {
                index -= 1
                continue
            }
            var group = [index]
            if nodes[index].integration?.isContainer == true, !isBuiltByContainer(index) {
                while let next = group.last.map({ $0 - 1 }), next >= 0, steps[next].mergedInto == nil,
                    !isBuiltByContainer(next), nodes[next].integration?.isContainer == true,
                    sameTarget(steps[next].target, steps[index].target)
                {
                    group.append(next)
                }
            }
            operations.append(try operation(for: group, standingIn: standingIn))
            index -= group.count
        }
        return operations
    }

    private func sameTarget(_ lhs: Target?, _ rhs: Target?) -> Bool {
        switch (lhs, rhs) {
        case (.live(let a), .live(let b)): a === b
        case (.node(let a), .node(let b)), (.around(let a, _), .around(let b, _)): a == b
        default: false
        }
    }

    private func operation(for group: [Int], standingIn: Bool) throws -> ShowOperation {
        let first = group[0]
        let names = group.map { nodes[$0].screenTypeName }.joined(separator: ", ")
        let actionName = nodes[first].integration?.name ?? "no action"
        let isContainerGroup = nodes[first].integration?.isContainer == true && !isBuiltByContainer(first)
        if isContainerGroup, case .live(let target)? = steps[first].target, let list = target as? any ChildListContainer
        {
            _ = try merged(group, into: list, standingIn: standingIn)
        }
        return ShowOperation(
            summary: "\(actionName) of \(names) (step \(group.map(String.init).joined(separator: ", ")))"
        ) {
            [unowned self] animated in
            let target = try self.liveTarget(of: first)
            if isContainerGroup, let list = target as? any ChildListContainer {
                try await list.setContainerChildren(
                    try self.merged(group, into: list, standingIn: false), animated: animated)
                return
            }
            for member in group {
                guard let screen = self.steps[member].screen, let integration = self.nodes[member].integration
                else { continue }
                try await integration.perform(screen, target, animated && member == group.last)
            }
        }
    }

    /// The children `list` will have once the group's screens are merged in, after checking that
    /// no screen the merge removes refuses to leave.
    private func merged(_ group: [Int], into list: any ChildListContainer, standingIn: Bool) throws
        -> ContainerChildren
    {
        let before = list.containerChildren
        var children = before
        for member in group {
            guard let merge = nodes[member].integration?.merge,
                let screen = steps[member].screen ?? (standingIn ? PreflightStandIn() : nil)
            else { continue }
            try merge(screen, &children)
        }
        let removed = before.screens.filter { old in !children.screens.contains { $0 === old } }
        do {
            try ScreenTree.checkDismissal(of: removed)
        } catch let refusal as DismissalRefusedError {
            throw failure(
                .dismissalRefused, step: group[0],
                expected:
                    "the screens \(nodes[group[0]].integration?.name ?? "the action") removes from \(list) to accept leaving",
                found: refusal.description)
        }
        return children
    }

    private func liveTarget(of index: Int) throws -> any Screen {
        switch steps[index].target {
        case .live(let screen)?:
            return screen
        case .node(let container)?:
            if let screen = steps[container].screen { return screen }
            throw failure(
                .actionFailed, step: index, expected: "the screen of step \(container) to be on screen",
                found: "it was never built")
        case .around(let inner, let adapter)?:
            guard let screen = steps[inner].screen, let container = adapter.resolve(screen) else {
                throw failure(
                    .containerNotFound, step: inner,
                    expected: "\(adapter.name) around \(nodes[inner].screenTypeName)",
                    found: steps[inner].screen.map { "no such container around \($0)" } ?? "the screen was not found")
            }
            return container
        case nil:
            throw failure(.actionFailed, step: index, expected: "a planned target", found: "none")
        }
    }

    // MARK: - 5. Prepare and 6. Finish

    private func prepareScreens() throws {
        stage = "preparing"
        let globalTasks = globals.contextTasks
        for index in stride(from: anchorIndex, through: 0, by: -1) {
            guard let screen = steps[index].screen else { continue }
            for task in nodes[index].contextTasks {
                try prepare(screen, with: task, context: steps[index].context, step: index)
            }
            for task in globalTasks { try prepare(screen, with: task, context: navigationContext, step: nil) }
        }
        stage = "prepared"
    }

    private func prepare(
        _ screen: any Screen,
        with task: (
            name: String, run: @MainActor (any Screen, Any) throws -> Void, validate: @MainActor (Any) throws -> Void
        ),
        context: Any, step: Int?
    ) throws {
        do {
            try task.run(screen, context)
        } catch {
            throw failure(
                .contextTaskFailed, step: step, stepOverride: "context task \(task.name) on \(screen)",
                part: (.contextTask, task.name),
                expected: "the task to prepare the screen", found: "it threw", underlying: error)
        }
    }

    /// Runs the post tasks. Their types were checked when the route was assembled; a mismatch here
    /// (a context adapter that lies) is reported like a context task's, never skipped silently.
    private func finish(destination: any Screen) throws {
        let hasPostTasks = !globals.postTasks.isEmpty || nodes[0...anchorIndex].contains { !$0.postTasks.isEmpty }
        let all = hasPostTasks ? steps[0...anchorIndex].compactMap(\.screen) : []
        for index in 0...anchorIndex {
            guard let screen = steps[index].screen else { continue }
            for task in nodes[index].postTasks { try task.run(screen, steps[index].context, all) }
        }
        // Router-wide tasks get what `navigate` returns: the container when the destination expects one.
        for task in globals.postTasks { try task.run(destination, navigationContext, all) }
        stage = "finished"
        if logger.wants(.info) {
            logger.log(
                RoutingLogEntry(level: .info, message: "navigated to \(nodes[0].screenTypeName)\n\(report)"))
        }
    }

    private func destination() throws -> any Screen {
        guard let screen = steps[0].screen else {
            throw failure(.screenNotFound, step: 0, expected: "the destination on screen", found: "nothing")
        }
        if anchorIndex > 0,
            ScreenTree.levelRoot(of: screen).map({ $0.presentingScreen == nil && $0 !== tree.root }) ?? true
        {
            throw failure(
                .actionFailed, step: 0, expected: "\(screen) in the window once its action finished",
                found: "\(nodes[0].integration?.name ?? "the action") left it outside the screen tree")
        }
        guard let adapter = nodes[0].targetAdapter else { return screen }
        guard let container = adapter.resolve(screen) else {
            throw failure(
                .containerNotFound, step: 0, expected: "\(adapter.name) around \(screen)", found: "no such container")
        }
        return container
    }

    // MARK: - Reporting

    /// The plan as text, destination first.
    var report: String {
        let stageText =
            showingOperation.map { "showing (step \($0.position + 1) of \($0.count): \($0.operation.summary))" }
            ?? stage
        var lines = ["plan (destination first), stage: \(stageText)"]
        for index in steps.indices {
            let state: String
            if anchorIndex < 0 {
                state = "not found"
            } else if index == anchorIndex {
                state = "found, anchor: \(steps[index].screen.map { "\($0)" } ?? "?")"
            } else if index < anchorIndex {
                state = steps[index].screen.map { "built: \($0)" } ?? "to build"
            } else {
                state = "not needed"
            }
            lines.append("  \(index). \(nodes[index].summary) — \(state)")
        }
        if steps.isEmpty { lines.append("  (no steps resolved)") }
        return lines.joined(separator: "\n")
    }

    private func failure(
        _ code: RoutingError.Code, step: Int?, stepOverride: String? = nil,
        part: (role: FailingStep.Role, name: String)? = nil, expected: String, found: String,
        underlying: (any Error)? = nil
    ) -> RoutingError {
        let stepName =
            stepOverride.map { override in step.map { "\(override) of step \($0)" } ?? override }
            ?? step.map { "step \($0): \(nodes[$0].summary)" }
        return RoutingError(
            code: code, step: stepName, expected: expected, found: found, plan: report, underlyingError: underlying,
            failingStep: failingStep(code, step: step, part: part, fallbackName: stepOverride))
    }

    /// The failing step as data: the role follows from the code unless the caller names the part.
    private func failingStep(
        _ code: RoutingError.Code, step: Int?, part: (role: FailingStep.Role, name: String)?, fallbackName: String?
    ) -> FailingStep? {
        if let part { return FailingStep(position: step, role: part.role, typeName: part.name) }
        let node = step.map { nodes[$0] }
        switch code {
        case .noAnchor, .screenNotFound, .cannotReveal:
            return FailingStep(position: step, role: .finder, typeName: node?.finderName ?? fallbackName ?? "finder")
        case .factoryFailed:
            return FailingStep(position: step, role: .factory, typeName: node?.buildName ?? fallbackName ?? "factory")
        case .actionFailed, .actionFailedAfterChanges, .dismissalRefused, .cannotPresent, .containerNotFound,
            .typeMismatch:
            return FailingStep(
                position: step, role: .action, typeName: node?.integration?.name ?? fallbackName ?? "action")
        case .contextTaskFailed:
            return FailingStep(position: step, role: .contextTask, typeName: fallbackName ?? "context task")
        case .interceptorRejected:
            return FailingStep(position: step, role: .interceptor, typeName: fallbackName ?? "interceptor")
        case .noWindow, .cancelled, .busy, .contextMismatch, .noMatchingCase:
            return nil
        }
    }
}

/// Stands in, during preflight, for a screen not built yet, so that merging into a live container
/// shows which of its screens the merge would drop.
@MainActor
private final class PreflightStandIn: Screen, CustomStringConvertible {
    var parentScreen: (any Screen)? { nil }
    var childScreens: [any Screen] { [] }
    var presentedScreen: (any Screen)? { nil }
    var presentingScreen: (any Screen)? { nil }
    var isBeingDismissed: Bool { false }
    nonisolated var description: String { "the screen to build" }
}
