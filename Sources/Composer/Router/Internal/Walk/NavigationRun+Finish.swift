/// Phase 7, finish: the destination is on screen, the post tasks run, the report is logged.
extension NavigationRun {
    /// Returns what `navigate` returns (the container, when the destination expects one) after the
    /// post tasks ran.
    func finish() throws -> any Screen {
        do {
            let destination = try destination()
            try runPostTasks(destination: destination)
            stage = .finished
            if logger.wants(.info) {
                logger.log(
                    RoutingLogEntry(
                        level: .info, message: "navigated to \(plan.steps[0].node.screenTypeName)\n\(report)"))
            }
            return destination
        } catch let error as RoutingError {
            // The destination's own action ran last and is the one at fault: only what ran
            // before it counts as changes.
            throw afterChanges(error, countingLast: false)
        }
    }

    /// Runs the post tasks. Their types were checked when the route was assembled; a mismatch here
    /// (a context adapter that lies) is reported like a context task's, never skipped silently.
    private func runPostTasks(destination: any Screen) throws {
        var hasPostTasks = !globals.postTasks.isEmpty
        // A loop, not `contains(where:)`: a closure written in main-actor code is checked at run
        // time. Over positions, reading fields (see `RunPlan.Step`).
        for index in plan.shownSteps where !plan.steps[index].node.postTasks.isEmpty {
            hasPostTasks = true
            break
        }
        guard hasPostTasks else { return }
        let shown = plan.steps[plan.shownSteps]
        let all = shown.compactMap(\.screen)
        // A navigation a post task starts waits its turn, even in a guard's navigation.
        try NavigationScope.outsideNavigation {
            for step in shown {
                guard let screen = step.screen else { continue }
                for task in step.node.postTasks { try task.run(screen, step.context, all) }
            }
            // Router-wide tasks get what `navigate` returns: the container when the destination expects one.
            for task in globals.postTasks { try task.run(destination, navigationContext, all) }
        }
    }

    /// Whether `screen` is in no level of the window: its level's root is neither presented nor
    /// the window's root. Not `Optional.map`: a closure written in main-actor code is checked at
    /// run time.
    private func isOutsideTree(_ screen: any Screen) -> Bool {
        guard let levelRoot = ScreenTree.levelRoot(of: screen) else { return true }
        return levelRoot.presentingScreen == nil && levelRoot !== tree.root
    }

    private func destination() throws -> any Screen {
        // Fields, not the whole step (see `RunPlan.Step`).
        guard let screen = plan.steps[0].screen else {
            throw failure(.screenNotFound, step: 0, expected: "the destination on screen", found: "nothing")
        }
        if plan.anchor > 0, isOutsideTree(screen) {
            throw failure(
                .actionFailed, step: 0, expected: "\(screen) in the window once its action finished",
                found: "\(plan.steps[0].node.integration?.name ?? "the action") left it outside the screen tree")
        }
        guard let adapter = plan.steps[0].node.targetAdapter else { return screen }
        guard let container = adapter.resolve(screen) else {
            throw failure(
                .containerNotFound, step: 0, expected: "\(adapter.name) around \(screen)", found: "no such container")
        }
        return container
    }
}
