/// Phase 6, show: the list of transitions (the anchor's reveal, then the new screens' integrations
/// outward from it), applied in order, only the last one animated.
extension NavigationRun {
    /// One transition of the show phase. Its summary is text only an error or a logger reads, so
    /// it is written only when asked for.
    struct ShowOperation {
        let describe: @MainActor () -> String
        let run: @MainActor (Bool) async throws -> Void
        /// The step whose action this transition runs (the first of a group joining one
        /// container), and how many steps it serves: a failure names that action as the failing
        /// step, as preflight names it, with the step's position when it serves one. -1 and 0 for
        /// a transition of the router's own (a reveal). Plain integers: an operation is copied as
        /// the show phase lists it, and a name would be retained at every copy (an optional would
        /// cost a runtime call for its tag at every copy of the optional tuple it sits in).
        let actionStep: Int
        let stepCount: Int

        init(
            summary: @escaping @autoclosure @MainActor () -> String,
            actionStep: Int = -1, stepCount: Int = 0,
            run: @escaping @MainActor (Bool) async throws -> Void
        ) {
            self.describe = summary
            self.actionStep = actionStep
            self.stepCount = stepCount
            self.run = run
        }

        /// The transition of a container's reveal, described by the reveal's own words.
        init(_ reveal: ContainerReveal) {
            describe = reveal.describe
            actionStep = -1
            stepCount = 0
            run = reveal.perform
        }

        @MainActor var summary: String { describe() }
    }

    /// The transitions of the show phase: revealing the anchor, then integrating the new screens.
    func showOperations() throws -> [ShowOperation] {
        stage = .showing
        let reveal =
            if let checkedReveal, checkedReveal.revision == nil || checkedReveal.revision == revisioning?.treeRevision {
                checkedReveal.reveal
            } else {
                try revealOperations()
            }
        // Let go once read: the screens the reveal removes are slices of the containers' own
        // lists, and held while the transitions run they would make a stack's pop copy the screens
        // it keeps.
        checkedReveal = nil
        guard plan.anchor > 0 else { return reveal.operations }
        return reveal.operations + (try integrationOperations(after: reveal, standingIn: false))
    }

    func show(_ operations: [ShowOperation], animated: Bool) async throws {
        appliedOperations.reserveCapacity(appliedOperations.count + operations.count)
        for (position, operation) in operations.enumerated() {
            showingOperation = (position, operations.count, operation.describe)
            try await apply(operation, animated: animated && position == operations.count - 1)
        }
        showingOperation = nil
        if plan.anchor > 0 { try await revealNewDestination() }
        // Checked here: a call of an async function costs a frame even when it does not suspend.
        if let settling = traits.settling, !settling.isSettled { try await waitUntilShown(by: settling) }
    }

    /// Waits until `settling`, the window, which is not settled, shows what the transitions
    /// changed: a window that applies a change without waiting for it (the SwiftUI model's
    /// tab selection, or a pop it keeps for a push that did not come) shows it only on its next
    /// update, and a navigation returns once its destination is on screen. A change the window
    /// reports it will never show fails the navigation, after the changes, as its last transition.
    private func waitUntilShown(by settling: any TransitionSettling) async throws {
        do {
            try await settling.waitUntilChangesShown()
        } catch {
            throw afterChanges(
                failure(
                    .actionFailed, step: nil, stepOverride: appliedOperations.last?.summary ?? "the show phase",
                    expected: "the window to show the changes", found: "\(error)", underlying: error))
        }
    }

    /// Makes a built destination visible inside the containers it joined, when its actions left it
    /// hidden (a tab a new tab bar created, joined with `nothing()`): a navigation that succeeds
    /// ends with its destination on screen. Only changes that remove nothing are made; the screens
    /// around a new destination are new too, so none is expected.
    private func revealNewDestination() async throws {
        guard plan.anchor > 0, let destination = plan.steps[0].screen else { return }
        var reveals: [ContainerReveal] = []
        var child = destination
        for container in ScreenTree.ancestors(of: destination) {
            if let reveal = try? container.asContainer?.revealing(child), reveal.removedRange.isEmpty {
                reveals.append(reveal)
            }
            child = container
        }
        for reveal in reveals.reversed() {
            try await apply(ShowOperation(reveal), animated: false)
        }
    }

    /// Runs one transition and records it as applied; a failure is reported by ``showFailure(_:in:)``.
    /// Inlined into its callers: as a call, each transition paid an async frame of its own (a task
    /// allocation, a thread-local look-up, a retain and a release), about 280 instructions; a
    /// reveal's three transitions cost 862 instructions more (minimal screens, 993).
    @inline(__always)
    private func apply(_ operation: ShowOperation, animated: Bool) async throws {
        let revisionBefore = revisioning?.treeRevision
        do {
            try await operation.run(animated)
        } catch {
            // An operation that changed the tree before it threw (an app's own action that presents
            // and then fails) counts as applied: the error must not claim the screen is unchanged.
            // One the window took back at once (the SwiftUI model withdrawing a presentation its
            // views never showed) left the tree as it was.
            if let revisionBefore, revisioning?.treeIsUnchanged(since: revisionBefore) == false {
                appliedOperations.append(operation)
            }
            throw showFailure(error, in: operation)
        }
        appliedOperations.append(operation)
    }

    /// The error for a transition that failed: its own code while nothing has changed yet, and
    /// ``RoutingError/Code/actionFailedAfterChanges`` with the transitions already applied after.
    private func showFailure(_ error: any Error, in operation: ShowOperation) -> RoutingError {
        let failed: RoutingError
        let step = operation.actionStep
        let action = plan.steps.indices.contains(step) ? plan.steps[step].node.integration?.name : nil
        let part = action.map { (role: FailingStep.Role.action, name: $0) }
        let position = operation.stepCount == 1 ? step : nil
        switch error {
        case let error as RoutingError:
            failed = error.with(plan: report)
        case let unable as NotModalPresentingError:
            failed = failure(
                .cannotPresent, step: nil, stepOverride: operation.summary, part: part, failingPosition: position,
                expected: "a screen that can present and dismiss", found: unable.description)
        case let refusal as DismissalRefusedError:
            failed = failure(
                .dismissalRefused, step: nil, stepOverride: operation.summary, part: part, failingPosition: position,
                expected: "every screen it removes to accept being dismissed", found: refusal.description)
        default:
            failed = failure(
                .actionFailed, step: nil, stepOverride: operation.summary, part: part, failingPosition: position,
                expected: "the transition to succeed", found: "it failed", underlying: error)
        }
        return afterChanges(failed)
    }

    /// `error`, recoded as ``RoutingError/Code/actionFailedAfterChanges`` when transitions of this
    /// run have already changed the screen.
    func afterChanges(_ error: RoutingError, countingLast: Bool = true) -> RoutingError {
        let applied = countingLast ? appliedOperations : Array(appliedOperations.dropLast())
        guard !applied.isEmpty else { return error }
        return RoutingError(
            code: .actionFailedAfterChanges, step: error.step, expected: error.expected,
            found: "\(error.found) (\(error.code.rawValue), after the screen had changed)", plan: error.plan,
            underlyingError: error.underlyingError, failingStep: error.failingStep,
            appliedOperations: applied.map(\.summary))
    }

    /// The integrations onto screens that are on screen, anchor side first; several into the same
    /// list container become one change.
    ///
    /// Each merge into a live list container is checked, before any transition runs, against the
    /// children that `reveal` and the groups before it leave there: the screen a merge really
    /// drops is the one on top once the reveal has popped back to the anchor, not the one on top
    /// now. `standingIn` (preflight) merges stand-ins for the screens not built yet, so the screens
    /// a merge drops from a live container are asked before anything is built.
    func integrationOperations(after reveal: CheckedReveal, standingIn: Bool) throws -> [ShowOperation] {
        var projection = ListProjection(after: reveal)
        var operations: [ShowOperation] = []
        var index = plan.anchor - 1
        while index >= 0 {
            // Fields, not the whole step (see `RunPlan.Step`). No closure (`Optional.map`): one
            // written here is checked at run time.
            if plan.steps[index].mergedInto != nil {
                index -= 1
                continue
            }
            var group = [index]
            let node = plan.steps[index].node
            if node.integration?.isContainer == true, !node.isBuiltByContainer {
                let target = plan.steps[index].target
                var next = index - 1
                while next >= 0, plan.steps[next].mergedInto == nil, !plan.steps[next].node.isBuiltByContainer,
                    plan.steps[next].node.integration?.isContainer == true,
                    RunPlan.Target.same(plan.steps[next].target, target)
                {
                    group.append(next)
                    next -= 1
                }
            }
            operations.append(try operation(for: group, standingIn: standingIn, projection: &projection))
            index -= group.count
        }
        return operations
    }

    private func operation(for group: [Int], standingIn: Bool, projection: inout ListProjection) throws
        -> ShowOperation
    {
        let firstNode = plan.steps[group[0]].node
        // Loops, not `map`: a closure written in main-actor code is checked at run time.
        var names = ""
        for member in group {
            if !names.isEmpty { names += ", " }
            names += plan.steps[member].node.screenTypeName
        }
        let actionName = firstNode.integration?.name ?? "no action"
        let isContainerGroup = firstNode.integration?.isContainer == true && !firstNode.isBuiltByContainer
        if isContainerGroup, case .live(let target)? = plan.steps[group[0]].target,
            let list = ScreenClassConformances.childList(target)
        {
            let children = try merged(group, into: list, from: projection.children(of: list), standingIn: standingIn)
            projection.record(children, of: list)
        }
        return ShowOperation(
            summary: "\(actionName) of \(names) (step \(group.map(String.init).joined(separator: ", ")))",
            actionStep: group[0], stepCount: group.count
        ) {
            [unowned self] animated in
            let target = try self.liveTarget(of: group[0])
            if isContainerGroup, let list = ScreenClassConformances.childList(target) {
                // The merge with the screens now built asks the screens it removes (guards may
                // have run since preflight). Several steps joining one container become one change
                // from it. A step alone runs its own action instead, so that what the action adds to
                // the change (a custom transition, say) takes part; for the built-in actions that is
                // the same merge and change.
                let children = try self.merged(group, into: list, from: list.containerChildren, standingIn: false)
                if group.count > 1 {
                    try await list.setContainerChildren(children, animated: animated)
                    return
                }
            }
            for member in group {
                guard let screen = self.plan.steps[member].screen,
                    let integration = self.plan.steps[member].node.integration
                else { continue }
                try await integration.perform(screen, target, animated && member == group.last)
            }
        }
    }

    /// The children `list`, holding `before` when the group's transition runs, will have once the
    /// group's screens are merged in, after checking that no screen the merge removes refuses to
    /// leave. An action that refuses its screen fails as that step's action
    /// (``RoutingError/Code/actionFailed``), with its error as the cause.
    private func merged(
        _ group: [Int], into list: any ChildListContainer, from before: ContainerChildren, standingIn: Bool
    ) throws -> ContainerChildren {
        var children = before
        for member in group {
            guard let merge = plan.steps[member].node.integration?.merge,
                let screen = plan.steps[member].screen
                    ?? (standingIn ? PreflightStandIn(for: plan.steps[member].node) : nil)
            else { continue }
            do {
                try merge(screen, &children)
            } catch {
                // The step's action is read only for the error: the whole action, copied, retains
                // each of its closures, and every push merges.
                guard let integration = plan.steps[member].node.integration else { throw error }
                try asking(
                    integration, of: member,
                    expected:
                        "\(integration.name) to put the new \(plan.steps[member].node.screenTypeName) into \(list)",
                    found: standingIn ? "it refused before anything ran" : "it refused"
                ) { throw error }
            }
        }
        var removed: [any Screen] = []
        for old in before.screens where children.screens.firstIndex(ofIdentical: old) == nil { removed.append(old) }
        try checkLeaving(
            removed, step: group[0],
            expected:
                "the screens \(plan.steps[group[0]].node.integration?.name ?? "the action") removes from \(list) to accept leaving"
        )
        return children
    }

    private func liveTarget(of index: Int) throws -> any Screen {
        switch plan.steps[index].target {
        case .live(let screen)?:
            return screen
        case .node(let container)?:
            if let screen = plan.steps[container].screen { return screen }
            throw failure(
                .actionFailed, step: index, expected: "the screen of step \(container) to be on screen",
                found: "it was never built")
        case .around(let inner, let adapter)?:
            guard let screen = plan.steps[inner].screen, let container = adapter.resolve(screen) else {
                throw failure(
                    .containerNotFound, step: inner,
                    expected: "\(adapter.name) around \(plan.steps[inner].node.screenTypeName)",
                    found: plan.steps[inner].screen.map { "no such container around \($0)" }
                        ?? "the screen was not found")
            }
            return container
        case nil:
            throw failure(.actionFailed, step: index, expected: "a planned target", found: "none")
        }
    }
}
