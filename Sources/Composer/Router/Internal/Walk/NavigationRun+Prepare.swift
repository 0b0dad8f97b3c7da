/// Phase 5, prepare: the context tasks on every screen of the plan, found or built, before any
/// new screen is shown.
extension NavigationRun {
    func prepareScreens() throws {
        stage = .preparing
        let globalTasks = globals.contextTasks
        for index in plan.shownSteps.reversed() {
            // Fields, not the whole step (see `RunPlan.Step`); most steps have no context task.
            guard let screen = plan.steps[index].screen else { continue }
            let contextTasks = plan.steps[index].node.contextTasks
            if !contextTasks.isEmpty {
                let context = plan.steps[index].context
                for task in contextTasks { try prepare(screen, with: task, context: context, step: index) }
            }
            // A router-wide task is named at the step whose screen it prepared.
            for task in globalTasks { try prepare(screen, with: task, context: navigationContext, step: index) }
        }
        stage = .prepared
    }

    private func prepare(_ screen: any Screen, with task: ErasedContextTask, context: Any, step: Int?) throws {
        appCodeMayChangeTree()
        do {
            // A navigation the task starts waits its turn, even in a guard's navigation.
            try NavigationScope.outsideNavigation { try task.run(screen, context) }
        } catch {
            throw failure(
                .contextTaskFailed, step: step, stepOverride: "context task \(task.name) on \(screen)",
                part: (.contextTask, task.name),
                expected: "the task to prepare the screen", found: "it threw", underlying: error)
        }
    }
}
