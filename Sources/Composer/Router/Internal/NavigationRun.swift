/// One navigation carried out by ``DefaultRouter``: plan, guard, build, show, prepare and finish over one chain.
///
/// It keeps what it learns (the anchor, each step's screen, how far it got) so that every error
/// can carry the plan as text.
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

    private(set) var nodes: [StepNode] = []
    private var contexts: [Any] = []
    private(set) var anchorIndex = -1
    private(set) var screens: [(any Screen)?] = []
    private var targets: [Target?] = []
    private var mergedInto: [Int?] = []
    private var stage = "planning"
    /// The show-phase transition running now, described only when a report is written.
    private var showingOperation: (position: Int, count: Int, operation: ShowOperation)?
    /// Whether the run has begun changing the screen; an interrupting navigation cancels only a
    /// run that has not.
    private(set) var hasStartedShowing = false
    /// The step interceptors already run, so a re-plan guards only the steps it adds.
    private var guarded: Set<String> = []
    /// Set by an interrupting navigation; the run stops at its next check, before showing.
    private(set) var isCancelled = false
    /// The task the interceptors run in while they run, so that cancelling the run reaches an
    /// interceptor that waits (for a user signing in) as task cancellation.
    private var guardTask: Task<Bool, any Error>?

    init(chain: StepChain, context: Any, tree: ScreenTree, globals: StepNode, logger: any RoutingLogger) {
        self.chain = chain
        self.navigationContext = context
        self.tree = tree
        self.globals = globals
        self.logger = logger
    }

    /// Runs every phase and returns the destination screen.
    func run(animated: Bool) async throws -> any Screen {
        try plan()
        try preflight()
        if logger.wants(.debug) { logger.log(RoutingLogEntry(level: .debug, message: report)) }
        var interceptorsRan = try await guardInOwnTask(includingGlobals: true)
        // Guards may change the tree (a login screen came and went, a flag flipped a
        // SwitchAssembly): plan again, and guard every step the new plan has that no plan guarded.
        var rounds = 0
        while interceptorsRan {
            try plan()
            try preflight()
            rounds += 1
            guard rounds < 8 else {
                throw failure(
                    .interceptorRejected, step: nil, expected: "the guards to settle on one plan",
                    found: "every re-plan after the guards brought new guarded steps (\(rounds) rounds)")
            }
            interceptorsRan = try await guardInOwnTask(includingGlobals: false)
        }
        try checkCancellation()
        try await buildMissingScreens()
        try prepareScreens()
        try checkCancellation()
        try await show(animated: animated)
        let destination = try destination()
        try finish(destination: destination)
        return destination
    }

    /// Asks, before any guard or factory runs, every question whose answer is already knowable:
    /// whether the screens that revealing the anchor removes (dismissed above it, popped off its
    /// stacks) accept leaving, and whether the anchor can dismiss what covers it. A refusal here
    /// leaves no trace: no interceptor, factory or task has run.
    private func preflight() throws {
        stage = "preflight"
        _ = try visibilityOperations()
    }

    // MARK: - 1. Plan

    private func plan() throws {
        stage = "planning"
        nodes = try chain.resolve(navigationContext, tree)
        contexts = try nodes.map { try $0.contextAdapter(navigationContext) }
        screens = Array(repeating: nil, count: nodes.count)
        anchorIndex = -1
        for index in nodes.indices {
            guard let find = nodes[index].find else { continue }
            do {
                if let found = try find(contexts[index], tree) {
                    screens[index] = found
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
        targets = Array(repeating: nil, count: nodes.count)
        mergedInto = Array(repeating: nil, count: nodes.count)
        for index in 0..<anchorIndex {
            let target = try resolveTarget(of: index)
            targets[index] = target
            if case .node(let container) = target, case .container = nodes[container].build,
                case .container = nodes[index].integration, !isBuiltByContainer(index)
            {
                mergedInto[index] = container
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
            if before == anchorIndex, let screen = screens[before] { return .live(screen) }
            return .node(before)
        }
        return try nearestContainer(adapter, from: before)
    }

    private func nearestContainer(_ adapter: StepNode.TargetAdapter, from index: Int) throws -> Target {
        if index == anchorIndex, let screen = screens[index] {
            guard let container = adapter.resolve(screen) else {
                throw failure(
                    .containerNotFound, step: index, expected: "\(adapter.name) around \(screen)",
                    found: "no such container among \(screen) and its parents")
            }
            return .live(container)
        }
        if adapter.matchesType(nodes[index].declaredType) { return .node(index) }
        if isBuiltByContainer(index) { return .around(index, adapter) }
        guard case .container = nodes[index].integration else {
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

    /// Runs ``guardNavigation(includingGlobals:)`` in a task of its own, which ``cancel()`` and the
    /// caller's cancellation both reach; a plan without interceptors to run creates no task.
    private func guardInOwnTask(includingGlobals: Bool) async throws -> Bool {
        let hasWork =
            (includingGlobals && !globals.interceptors.isEmpty)
            || (0...anchorIndex).contains { index in
                nodes[index].interceptors.contains { !guarded.contains(guardKey(index, $0.name)) }
            }
        guard hasWork else { return false }
        let task = Task { @MainActor in try await self.guardNavigation(includingGlobals: includingGlobals) }
        guardTask = task
        defer { guardTask = nil }
        if isCancelled { task.cancel() }
        return try await withTaskCancellationHandler {
            try await task.value
        } onCancel: {
            task.cancel()
        }
    }

    private func guardKey(_ index: Int, _ interceptorName: String) -> String {
        "\(nodes[index].summary) / \(interceptorName)"
    }

    /// Runs the interceptors not run yet in this navigation (a step's are known by the step's
    /// summary and the interceptor's type) and says whether any ran.
    private func guardNavigation(includingGlobals: Bool) async throws -> Bool {
        stage = "guarding"
        var ran = false
        if includingGlobals {
            for interceptor in globals.interceptors {
                ran = true
                try await intercept(interceptor, context: navigationContext, step: nil)
            }
        }
        for index in stride(from: anchorIndex, through: 0, by: -1) {
            for interceptor in nodes[index].interceptors
            where guarded.insert(guardKey(index, interceptor.name)).inserted {
                ran = true
                try await intercept(interceptor, context: contexts[index], step: index)
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
                    screens[index] = try make(contexts[index])
                case .container(_, let initialChildren, let make):
                    var children = try initialChildren(contexts[index])
                    try mergeChildren(into: &children, container: index)
                    screens[index] = try await make(contexts[index], children)
                }
            } catch let error as RoutingError {
                throw error.with(plan: report)
            } catch {
                throw failure(
                    .factoryFailed, step: index,
                    expected:
                        "\(nodes[index].buildName ?? "the factory") to build \(nodes[index].screenTypeName) from \(contexts[index])",
                    found: "it threw", underlying: error)
            }
        }
        try findScreensBuiltByContainers()
    }

    /// Hands the children that later steps integrate into a new container to its factory, anchor
    /// side first; an action that refuses is reported as the action's failure, not the factory's.
    private func mergeChildren(into children: inout ContainerChildren, container: Int) throws {
        for child in stride(from: container - 1, through: 0, by: -1) where mergedInto[child] == container {
            guard case .container(let name, let merge, _) = nodes[child].integration, let screen = screens[child]
            else { continue }
            do {
                try merge(screen, &children)
            } catch {
                throw failure(
                    .actionFailed, step: child, stepOverride: "action \(name)", part: (.action, name),
                    expected: "\(screen) to go into the new \(nodes[container].screenTypeName)",
                    found: "the action refused", underlying: error)
            }
        }
    }

    /// Finds, inside the containers just built, the screens those containers create themselves,
    /// so that a container lacking one fails the navigation before anything is shown.
    private func findScreensBuiltByContainers() throws {
        for index in stride(from: anchorIndex - 1, through: 0, by: -1) where isBuiltByContainer(index) {
            guard let container = screens[index + 1], let find = nodes[index].find,
                let found = try find(contexts[index], ScreenTree(window: DetachedWindow(root: container)))
            else {
                throw failure(
                    .screenNotFound, step: index,
                    expected:
                        "\(nodes[index].screenTypeName) inside \(screens[index + 1].map { "\($0)" } ?? "the step before it"), which creates it",
                    found: "the finder did not find it there; check that the container's factory creates it")
            }
            screens[index] = found
        }
    }

    // MARK: - 4. Show

    private func show(animated: Bool) async throws {
        stage = "showing"
        hasStartedShowing = true
        let operations = try visibilityOperations() + integrationOperations()
        for (position, operation) in operations.enumerated() {
            let isLast = position == operations.count - 1
            showingOperation = (position, operations.count, operation)
            do {
                try await operation.run(animated && isLast)
            } catch let error as RoutingError {
                throw error.with(plan: report)
            } catch let unable as NotModalPresentingError {
                throw failure(
                    .cannotPresent, step: nil, stepOverride: operation.summary,
                    expected: "a screen that can present and dismiss", found: unable.description)
            } catch let refusal as DismissalRefusedError {
                throw failure(
                    .dismissalRefused, step: nil, stepOverride: operation.summary,
                    expected: "every screen it removes to accept being dismissed", found: refusal.description)
            } catch {
                throw failure(
                    .actionFailed, step: nil, stepOverride: operation.summary,
                    expected: "the transition to succeed", found: "it failed", underlying: error)
            }
        }
        showingOperation = nil
        stage = "done showing"
    }

    /// Dismisses what covers the anchor and makes it visible in every container around it
    /// (selects its tabs, pops its stacks, shows an app container's panel), after checking that no
    /// screen that would leave the tree refuses.
    private func visibilityOperations() throws -> [ShowOperation] {
        guard let anchor = screens[anchorIndex] else { return [] }
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
                expected: "\(screens[anchorIndex].map { "\($0)" } ?? "the anchor") made visible",
                found: error.description)
        }
    }

    /// The integrations onto screens that are on screen, anchor side first; several into the same
    /// list container become one change.
    private func integrationOperations() throws -> [ShowOperation] {
        var operations: [ShowOperation] = []
        var index = anchorIndex - 1
        while index >= 0 {
            if mergedInto[index] != nil {
                index -= 1
                continue
            }
            var group = [index]
            if case .container = nodes[index].integration, !isBuiltByContainer(index) {
                while let next = group.last.map({ $0 - 1 }), next >= 0, mergedInto[next] == nil,
                    !isBuiltByContainer(next), case .container = nodes[next].integration,
                    sameTarget(targets[next], targets[index])
                {
                    group.append(next)
                }
            }
            operations.append(try operation(for: group))
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

    private func operation(for group: [Int]) throws -> ShowOperation {
        let first = group[0]
        let names = group.map { nodes[$0].screenTypeName }.joined(separator: ", ")
        let actionName = nodes[first].integration?.name ?? "no action"
        let isContainerGroup: Bool
        if case .container = nodes[first].integration, !isBuiltByContainer(first) {
            isContainerGroup = true
        } else {
            isContainerGroup = false
        }
        if isContainerGroup, case .live(let target)? = targets[first], let list = target as? any ChildListContainer {
            _ = try merged(group, into: list)
        }
        return ShowOperation(
            summary: "\(actionName) of \(names) (step \(group.map(String.init).joined(separator: ", ")))"
        ) {
            [unowned self] animated in
            let target = try self.liveTarget(of: first)
            if isContainerGroup, let list = target as? any ChildListContainer {
                try await list.setContainerChildren(try self.merged(group, into: list), animated: animated)
                return
            }
            for member in group {
                guard let screen = self.screens[member] else { continue }
                switch self.nodes[member].integration {
                case .plain(_, let perform)?, .container(_, _, let perform)?:
                    try await perform(screen, target, animated && member == group.last)
                case nil:
                    continue
                }
            }
        }
    }

    /// The children `list` will have once the group's screens are merged in, after checking that
    /// no screen the merge removes refuses to leave.
    private func merged(_ group: [Int], into list: any ChildListContainer) throws -> ContainerChildren {
        let before = list.containerChildren
        var children = before
        for member in group {
            guard case .container(_, let merge, _) = nodes[member].integration, let screen = screens[member] else {
                continue
            }
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
        switch targets[index] {
        case .live(let screen)?:
            return screen
        case .node(let container)?:
            if let screen = screens[container] { return screen }
            throw failure(
                .actionFailed, step: index, expected: "the screen of step \(container) to be on screen",
                found: "it was never built")
        case .around(let inner, let adapter)?:
            guard let screen = screens[inner], let container = adapter.resolve(screen) else {
                throw failure(
                    .containerNotFound, step: inner, expected: "\(adapter.name) around \(nodes[inner].screenTypeName)",
                    found: screens[inner].map { "no such container around \($0)" } ?? "the screen was not found")
            }
            return container
        case nil:
            throw failure(.actionFailed, step: index, expected: "a planned target", found: "none")
        }
    }

    // MARK: - 5. Prepare and 6. Finish

    private func prepareScreens() throws {
        stage = "preparing"
        for index in stride(from: anchorIndex, through: 0, by: -1) {
            guard let screen = screens[index] else { continue }
            let tasks =
                nodes[index].contextTasks.map { ($0, contexts[index], index as Int?) }
                + globals.contextTasks.map { ($0, navigationContext, nil as Int?) }
            for (task, context, step) in tasks {
                do {
                    try task.run(screen, context)
                } catch {
                    throw failure(
                        .contextTaskFailed, step: step, stepOverride: "context task \(task.name) on \(screen)",
                        part: (.contextTask, task.name),
                        expected: "the task to prepare the screen", found: "it threw", underlying: error)
                }
            }
        }
        stage = "prepared"
    }

    /// Runs the post tasks. Their types were checked when the route was assembled; a mismatch here
    /// (a context adapter that lies) is reported like a context task's, never skipped silently.
    private func finish(destination: any Screen) throws {
        let all = screens[0...anchorIndex].compactMap { $0 }
        for index in 0...anchorIndex {
            guard let screen = screens[index] else { continue }
            for task in nodes[index].postTasks { try task.run(screen, contexts[index], all) }
        }
        // Router-wide tasks get what `navigate` returns: the container when the destination expects one.
        for task in globals.postTasks { try task.run(destination, navigationContext, all) }
        stage = "finished"
        if logger.wants(.info) {
            logger.log(RoutingLogEntry(level: .info, message: "navigated to \(nodes[0].screenTypeName)\n\(report)"))
        }
    }

    private func destination() throws -> any Screen {
        guard let screen = screens[0] else {
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
        for (index, node) in nodes.enumerated() {
            let state: String
            if anchorIndex < 0 {
                state = "not found"
            } else if index == anchorIndex {
                state = "found, anchor: \(screens[index].map { "\($0)" } ?? "?")"
            } else if index < anchorIndex {
                state = screens[index].map { "built: \($0)" } ?? "to build"
            } else {
                state = "not needed"
            }
            lines.append("  \(index). \(node.summary) — \(state)")
        }
        if nodes.isEmpty { lines.append("  (no steps resolved)") }
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
        case .actionFailed, .dismissalRefused, .cannotPresent, .containerNotFound, .typeMismatch:
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
