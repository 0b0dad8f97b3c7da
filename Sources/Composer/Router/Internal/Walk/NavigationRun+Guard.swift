/// Phase 3, guard: the router's interceptors, the plan interceptors and every step's interceptors,
/// each run once per navigation, from the anchor to the destination.
extension NavigationRun {
    /// What the guard phase has run so far in this navigation.
    struct GuardRecord {
        /// A step's guard, known by where it stands and what it is: its step's position from the
        /// destination, the step itself (its summary), its place among the step's guards and its
        /// type. Two guards of one type
        /// on one step, or the same guards on two alike steps, are different guards; a re-plan that
        /// resolves the same step at the same position (even as a new object, as a ``SwitchAssembly``
        /// case may) does not run them again.
        struct Key: Hashable {
            let position: Int
            let step: String
            let slot: Int
            let interceptor: String
        }

        /// The step interceptors already run, so a re-plan guards only the steps it adds.
        var ran: Set<Key> = []
        /// The plan entries the plan interceptors last approved, so they run again only for a new plan.
        var approvedPlan: [PlanKey]?
    }

    /// What identifies a plan for the plan interceptors: a re-plan that reveals and builds the same
    /// screens does not ask them again. Predefined children are new objects in every plan, so only
    /// their types count.
    struct PlanKey: Equatable {
        let kind: NavigationPlan.Kind
        let type: ObjectIdentifier
        let screen: ObjectIdentifier?
    }

    /// What a guard round has to run: `nil` when no interceptor is left to run, so the round is
    /// skipped without awaiting anything.
    struct PendingGuard {
        let includingGlobals: Bool
        /// The plan the plan interceptors have not approved yet, made once for the check and the run.
        let unapprovedPlan: (plan: NavigationPlan, keys: [PlanKey])?
    }

    func pendingGuard(includingGlobals: Bool) -> PendingGuard? {
        var unapprovedPlan: (plan: NavigationPlan, keys: [PlanKey])?
        if !planInterceptors.isEmpty {
            let navigationPlan = navigationPlan()
            let keys = navigationPlan.entries.map { entry in
                PlanKey(
                    kind: entry.kind, type: ObjectIdentifier(entry.type),
                    screen: entry.kind == .reveal ? entry.screen.map(ObjectIdentifier.init) : nil)
            }
            if keys != guards.approvedPlan { unapprovedPlan = (navigationPlan, keys) }
        }
        let hasWork =
            (includingGlobals && !globals.interceptors.isEmpty) || unapprovedPlan != nil || hasStepInterceptorToRun
        return hasWork ? PendingGuard(includingGlobals: includingGlobals, unapprovedPlan: unapprovedPlan) : nil
    }

    /// Whether a shown step has an interceptor that has not run. Loops, not `contains(where:)`:
    /// Swift 6 checks at each call that a closure written in main-actor code runs there, and
    /// every navigation asks this.
    private var hasStepInterceptorToRun: Bool {
        for index in plan.shownSteps {
            let node = plan.steps[index].node
            for slot in node.interceptors.indices where !guards.ran.contains(guardKey(node, index, slot)) {
                return true
            }
        }
        return false
    }

    private func guardKey(_ node: StepNode, _ position: Int, _ slot: Int) -> GuardRecord.Key {
        GuardRecord.Key(position: position, step: node.summary, slot: slot, interceptor: node.interceptors[slot].name)
    }

    /// Runs ``guardNavigation(_:)`` in a task of its own, which ``cancel()`` and the caller's
    /// cancellation both reach.
    ///
    /// Where the toolchain's concurrency library has `Task.immediate` for every deployment target
    /// (Linux and the other platforms without Darwin), the task starts at once on the main actor,
    /// in the caller's turn, so a round whose interceptors never suspend ends without a hop
    /// through the main actor's queue, which cost more than the navigation it guarded. Apple's
    /// SDKs have it only from their 26 releases, and the SDK CI type-checks against (18.6) has not,
    /// so there the task is enqueued as before.
    func guardInOwnTask(_ pending: PendingGuard) async throws -> Bool {
        #if canImport(Darwin)
            let task = Task { @MainActor in try await self.guardNavigation(pending) }
        #else
            let task = Task.immediate { @MainActor in try await self.guardNavigation(pending) }
        #endif
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
    func navigationPlan() -> NavigationPlan {
        var entries: [NavigationPlan.Entry] = []
        if let anchor = plan.anchorScreen {
            for screen in revealedScreens(of: anchor) {
                entries.append(
                    NavigationPlan.Entry(
                        kind: .reveal, type: type(of: screen), screen: screen,
                        position: screen === anchor ? plan.anchor : nil))
            }
        }
        for index in plan.newSteps.reversed() {
            let step = plan.steps[index]
            if case .none = step.node.build { continue }
            entries.append(
                NavigationPlan.Entry(kind: .build, type: step.node.declaredType, screen: nil, position: index))
            for child in step.initialChildren?.screens ?? [] {
                for screen in ScreenTree.containedScreens(of: child) {
                    entries.append(
                        NavigationPlan.Entry(
                            kind: .predefinedChild, type: type(of: screen), screen: screen, position: nil))
                }
            }
        }
        return NavigationPlan(entries: entries)
    }

    /// Every screen revealing `anchor` can put on screen, at the end or on the way: the anchor and
    /// what is visible inside it; each container around it with what it shows now (the other
    /// column of a split view, the top of a stack until it is popped back to the anchor), with the
    /// presentations those screens host that the reveal leaves in place (a sheet in the context of
    /// the other column); and, when presentations above the anchor are dismissed, what is visible
    /// in every level that stays (a level under a sheet shows again once a full-screen modal above
    /// it is gone). A level that stays hidden under a full-screen presentation is listed too: the
    /// engine cannot tell styles apart, and a sign-in guard must not miss a screen.
    private func revealedScreens(of anchor: any Screen) -> [any Screen] {
        var result: [any Screen] = []
        var listed: Set<ObjectIdentifier> = []
        let revealing = anchor !== tree.current
        // What the reveal dismisses: the presentations that cover the anchor, with what they hold
        // and what is presented above them.
        let covering = revealing ? presentationsToDismiss(revealing: anchor) : []
        var dismissed: Set<ObjectIdentifier> = []
        for (_, presented) in covering {
            for screen in ScreenTree.screensRemovedByDismissing(presented) {
                dismissed.insert(ObjectIdentifier(screen))
            }
        }
        func addVisible(from start: any Screen) {
            var pending: [any Screen] = [start]
            while let next = pending.popLast(), result.count < 10_000 {
                guard listed.insert(ObjectIdentifier(next)).inserted else { continue }
                result.append(next)
                pending.append(contentsOf: ScreenTree.visibleChildren(of: next).reversed())
                // What this screen presents stays on screen with it unless the reveal dismisses it.
                if revealing, let presented = next.hostedPresentation, !presented.isBeingDismissed,
                    !dismissed.contains(ObjectIdentifier(presented))
                {
                    pending.append(presented)
                }
            }
        }
        addVisible(from: anchor)
        guard revealing else { return result }
        for container in ScreenTree.ancestors(of: anchor) {
            if listed.insert(ObjectIdentifier(container)).inserted { result.append(container) }
            for child in ScreenTree.visibleChildren(of: container) { addVisible(from: child) }
        }
        guard !covering.isEmpty else { return result }
        for level in tree.presentationLevels where !dismissed.contains(ObjectIdentifier(level)) {
            addVisible(from: level)
        }
        return result
    }

    /// Runs the interceptors not run yet in this navigation, the plan interceptors on the plan
    /// they have not approved if there is one, and says whether any ran.
    private func guardNavigation(_ pending: PendingGuard) async throws -> Bool {
        stage = .guarding
        var ran = false
        if pending.includingGlobals {
            for interceptor in globals.interceptors {
                ran = true
                try await intercept(interceptor.name, step: nil) { try await interceptor.run(navigationContext) }
            }
        }
        if let (navigationPlan, keys) = pending.unapprovedPlan {
            for interceptor in planInterceptors {
                ran = true
                try await intercept(interceptor.name, step: nil) { try await interceptor.run(navigationPlan) }
            }
            guards.approvedPlan = keys
        }
        for index in plan.shownSteps.reversed() {
            let step = plan.steps[index]
            for (slot, interceptor) in step.node.interceptors.enumerated()
            where guards.ran.insert(guardKey(step.node, index, slot)).inserted {
                ran = true
                try await intercept(interceptor.name, step: index) { try await interceptor.run(step.context) }
            }
        }
        return ran
    }

    private func intercept(_ name: String, step: Int?, _ run: () async throws -> Void) async throws {
        do {
            try await run()
        } catch {
            throw stopped(
                failure(
                    .interceptorRejected, step: step, stepOverride: "interceptor \(name)", part: (.interceptor, name),
                    expected: "the interceptor to let the navigation go ahead", found: "it stopped the navigation",
                    underlying: error))
        }
    }
}
