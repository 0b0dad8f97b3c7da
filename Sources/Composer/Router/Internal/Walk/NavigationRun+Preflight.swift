/// Phase 2, preflight: every question whose answer is knowable before any guard, factory, task or
/// transition runs. A refusal here leaves no trace.
extension NavigationRun {
    /// One question preflight asks, in the order it asks them.
    enum PreflightCheck: CaseIterable {
        /// The screens that revealing the anchor removes (dismissed above it, popped off its stacks,
        /// hidden containers' panels) accept leaving, and the anchor can dismiss what covers it.
        case reveal
        /// The screens the actions remove from live containers accept leaving, and no merge into
        /// one refuses whatever screen its step brings (a tab index out of range).
        case removalsByActions
        /// The actions onto live screens accept the types of the screens they will put there
        /// (``ContainerAction/checkAccepts(_:on:)``), and so do the actions into containers built
        /// in this run whose answer holds for any container (a stack pushed into a new stack).
        case actionsAccept
        /// The factories and context tasks accept their contexts.
        case contexts
        /// The predefined children of new containers exist, so the plan interceptors see them.
        case initialChildren
        /// No merge into a new container refuses whatever screen its step brings (`pushOnDetail()`
        /// into a new split view); needs the predefined children.
        case mergesIntoNewContainers
    }

    /// Runs every ``PreflightCheck`` on the plan. The checks of the actions judge each one against
    /// the tree as the operations before it leave it: the reveal's pops and dismissals, then the
    /// actions nearer the anchor, which run first.
    func preflight() throws {
        stage = .preflight
        var reveal = CheckedReveal.none
        for check in PreflightCheck.allCases {
            switch check {
            case .reveal:
                reveal = try revealOperations()
                checkedReveal = (revisioning?.treeRevision, reveal)
            case .removalsByActions: try checkRemovalsByActions(after: reveal)
            case .actionsAccept: try checkActionsAccept(after: reveal)
            case .contexts: try validateContexts()
            case .initialChildren: try createInitialChildren()
            case .mergesIntoNewContainers: try checkMergesIntoNewContainers()
            }
        }
    }

    /// The screens that actions remove from containers on screen: what an action declares (a
    /// split view's replaced column) and what merging into a list container drops (with stand-ins
    /// for the screens not built yet), each against the containers as `reveal` and the actions
    /// before it leave them, anchor side first, the order they run in. A merge that refuses a
    /// stand-in where it would refuse any screen fails here as its step's action.
    private func checkRemovalsByActions(after reveal: CheckedReveal) throws {
        var columns = ColumnsProjection(after: reveal)
        for index in plan.newSteps.reversed() {
            guard case .live(let target)? = plan.steps[index].target,
                let integration = plan.steps[index].node.integration
            else { continue }
            let removed: [any Screen]
            if let action = integration.splitColumns, let met = columnsMet(by: index, action, on: target, &columns) {
                removed = action.screensRemoved(from: met)
            } else {
                removed = integration.removes(target)
            }
            try checkLeaving(
                removed, step: index,
                expected: "the screens \(integration.name) removes from \(target) to accept leaving")
        }
        do {
            _ = try integrationOperations(after: reveal, standingIn: true)
        } catch let error as RoutingError where error.code == .dismissalRefused || refusalHoldsForAnyScreen(error) {
            throw error
        } catch {
            // A refusal of the stand-in that the real screen may not meet (an app's action
            // refusing by type, `selectTab()` of a screen its factory takes from the tabs) is for
            // the show phase to report with the real screens.
        }
    }

    /// Whether `error` is a merge's refusal of the stand-in by an action that would refuse any
    /// screen there (`MergeRefusalHoldsForAnyScreen`): an index out of range, say, which depends
    /// only on the tree and the plan.
    private func refusalHoldsForAnyScreen(_ error: RoutingError) -> Bool {
        guard error.code == .actionFailed, let position = error.failingStep?.position,
            plan.steps.indices.contains(position)
        else { return false }
        return plan.steps[position].node.integration?.mergeRefusalHoldsForAnyScreen == true
    }

    /// Each action onto a screen on screen checks, by the type its step declares, that it can put
    /// the screen there, so a failure the in-memory rules foresee is not found halfway through
    /// the show phase. A split view action is asked about the columns `reveal` and the actions
    /// before it leave (a second action on one split view meets the primary column the first one
    /// set), anchor side first, the order they run in. An action into a container not built yet
    /// is asked only when its answer holds for any container of its kind: the public question
    /// needs the container itself.
    private func checkActionsAccept(after reveal: CheckedReveal) throws {
        var columns = ColumnsProjection(after: reveal)
        for index in plan.newSteps.reversed() {
            let node = plan.steps[index].node
            guard case .live(let target)? = plan.steps[index].target, let integration = node.integration else {
                // The answer was read as the route was assembled; asked again only for its error.
                if node.actionAnswers.refusedByTypeAlone, let acceptsByType = node.integration?.acceptsByType {
                    try checkAccepts(node.declaredType, by: acceptsByType, of: index)
                }
                continue
            }
            var met: SplitColumns?
            if let action = integration.splitColumns { met = columnsMet(by: index, action, on: target, &columns) }
            try asking(
                integration, of: index,
                expected: "\(integration.name) to put the new \(node.screenTypeName) on \(target)",
                found: "it refused before anything ran"
            ) {
                if let action = integration.splitColumns, let met {
                    try action.checkAccepts(node.declaredType, in: met)
                } else {
                    try integration.checkAccepts(node.declaredType, target)
                }
            }
        }
    }

    /// Asks step `index`'s action, whose container is not built yet, whether it takes a screen
    /// of `screenType` (what `acceptsByType` answers holds for any container of its kind), and
    /// reports a refusal as that step's action.
    private func checkAccepts(
        _ screenType: Any.Type, by acceptsByType: any AcceptanceHoldsForAnyContainer, of index: Int
    ) throws {
        do {
            try acceptsByType.checkAccepts(screenType)
        } catch {
            // The step's action is read only for the error (see `merged(_:into:from:standingIn:)`).
            guard let integration = plan.steps[index].node.integration else { throw error }
            try reportRefusal(error, by: integration, of: index)
        }
    }

    /// Throws `error`, step `index`'s action refusing its new screen for a container not built
    /// yet, as that action's ``RoutingError/Code/actionFailed``, before anything ran.
    private func reportRefusal(_ error: any Error, by integration: StepNode.Integration, of index: Int) throws {
        try asking(
            integration, of: index,
            expected:
                "\(integration.name) to put the new \(plan.steps[index].node.screenTypeName) into \(newTargetName(of: index))",
            found: "it refused before anything ran"
        ) { throw error }
    }

    /// The container not built yet that step `index`'s action works on, as a refusal names it.
    private func newTargetName(of index: Int) -> String {
        switch plan.steps[index].target {
        case .node(let container)?: "the new \(plan.steps[container].node.screenTypeName)"
        case .around(let inner, let adapter)?: "\(adapter.name) around the new \(plan.steps[inner].node.screenTypeName)"
        case .live(let target)?: "\(target)"
        case nil: "no target"
        }
    }

    /// The columns step `index`'s split view action meets in `target`, which `projection` then
    /// records as the action leaves them (with a stand-in for its screen, not built yet) for the
    /// steps after it; `nil` when `target` is not the action's kind of split view.
    private func columnsMet(
        by index: Int, _ action: any SplitColumnsAction, on target: any Screen, _ projection: inout ColumnsProjection
    ) -> SplitColumns? {
        guard let met = projection.columns(of: target, for: action) else { return nil }
        var left = met
        action.leave(&left, showing: plan.steps[index].screen ?? PreflightStandIn(for: plan.steps[index].node))
        projection.record(left, of: target)
        return met
    }

    /// Each factory of a screen to build and each context task of the chain (and the router's)
    /// checks its context.
    private func validateContexts() throws {
        for index in plan.newSteps {
            // Fields, not the whole step (see `RunPlan.Step`).
            let node = plan.steps[index].node
            guard let validate = node.validateBuild else { continue }
            let context = plan.steps[index].context
            do {
                try validate(context)
            } catch {
                let name = node.buildName ?? "factory"
                throw failure(
                    .factoryFailed, step: index, part: (.factory, name),
                    expected: "\(name) to accept the context \(contextText(context))",
                    found: "it refused it before anything ran", underlying: error)
            }
        }
        for index in plan.shownSteps {
            for task in plan.steps[index].node.contextTasks {
                try validate(task, context: plan.steps[index].context, step: index)
            }
        }
        for task in globals.contextTasks { try validate(task, context: navigationContext, step: nil) }
    }

    private func validate(_ task: ErasedContextTask, context: Any, step: Int?) throws {
        do {
            try task.validate(context)
        } catch {
            throw failure(
                .contextTaskFailed, step: step, stepOverride: "context task \(task.name)",
                part: (.contextTask, task.name), expected: "the task to accept the context \(contextText(context))",
                found: "it refused it before anything ran", underlying: error)
        }
    }

    /// Creates the children new containers always have (a tab bar's tabs), once per plan.
    private func createInitialChildren() throws {
        for index in plan.newSteps {
            guard case .container(let name, let initialChildren, _) = plan.steps[index].node.build else { continue }
            do {
                plan.steps[index].initialChildren = try initialChildren(plan.steps[index].context)
            } catch let error as RoutingError {
                throw error.with(plan: report)
            } catch {
                throw failure(
                    .factoryFailed, step: index, part: (.factory, name),
                    expected: "\(name) to create the children it always has", found: "it threw", underlying: error)
            }
        }
    }

    /// Merges, into the predefined children of each new container, stand-ins for the screens that
    /// go into it, anchor side first as the build phase merges the real ones, and reports a
    /// refusal that would hold for any screen (`MergeRefusalHoldsForAnyScreen`: `pushOnDetail()`
    /// into a new split view, `showDetail()` before any primary) as its step's action, as the build
    /// phase would after the guards and factories had run. A refusal the real screen may not meet
    /// ends the container's check: the children after it are not known. A container none of whose
    /// merges can refuse any screen is skipped, so a common navigation (pushes into a new stack)
    /// builds no stand-in.
    private func checkMergesIntoNewContainers() throws {
        var checked: [Int] = []
        for step in plan.newSteps where plan.steps[step].node.actionAnswers.mergeRefusalHoldsForAnyScreen {
            guard let container = plan.steps[step].mergedInto, !checked.contains(container) else { continue }
            checked.append(container)
            try checkMerges(into: container)
        }
    }

    /// Merges into the predefined children of the new container at `container` stand-ins for the
    /// screens of the steps that go into it (see ``checkMergesIntoNewContainers()``).
    private func checkMerges(into container: Int) throws {
        guard var children = plan.steps[container].initialChildren else { return }
        for child in (0..<container).reversed() where plan.steps[child].mergedInto == container {
            guard let integration = plan.steps[child].node.integration, let merge = integration.merge else { continue }
            do {
                try merge(plan.steps[child].screen ?? PreflightStandIn(for: plan.steps[child].node), &children)
            } catch {
                guard integration.mergeRefusalHoldsForAnyScreen else { break }
                // The child goes into `container`, so its target is named "the new <container>".
                try reportRefusal(error, by: integration, of: child)
            }
        }
    }

    /// Asks every screen of `leaving` whether it accepts leaving the tree, and reports the first
    /// refusal as ``RoutingError/Code/dismissalRefused`` of `step`.
    /// `byReveal`: the router's reveal of a found screen removes them (see `revealPart`).
    func checkLeaving(
        _ leaving: some Collection<any Screen>, step: Int?, byReveal: Bool = false, expected: @autoclosure () -> String
    ) throws {
        if let refusing = ScreenTree.firstRefusingToLeave(leaving) {
            throw failure(
                .dismissalRefused, step: step, part: byReveal ? Self.revealPart : nil, expected: expected(),
                found: DismissalRefusedError(refusing).description)
        }
    }
}
