/// The run's report (its plan as text, with how far it got) and the errors that carry it.
extension NavigationRun {
    /// The plan as text, destination first.
    var report: String { report(of: plan.steps, anchor: plan.steps.isEmpty ? nil : plan.anchor) }

    /// `steps` as text, with the anchor at `anchor` (`nil`: no finder found anything).
    func report(of steps: [RunPlan.Step], anchor: Int?) -> String {
        let stageText =
            showingOperation.map { "showing (step \($0.position + 1) of \($0.count): \($0.operation.summary))" }
            ?? stage.description
        var lines = ["plan (destination first), stage: \(stageText)"]
        for (index, step) in steps.enumerated() {
            let state: String
            if let anchor {
                if index == anchor {
                    state = "found, anchor: \(step.screen.map { "\($0)" } ?? "?")"
                } else if index < anchor {
                    state = step.screen.map { "built: \($0)" } ?? "to build"
                } else {
                    state = "not needed"
                }
            } else {
                state = "not found"
            }
            lines.append("  \(index). \(step.node.summary) — \(state)")
        }
        if steps.isEmpty { lines.append("  (no steps resolved)") }
        return lines.joined(separator: "\n")
    }

    /// The error of step `step` (a position in the plan, or in `unanchored`, the steps of a plan
    /// that found no anchor), with the report.
    func failure(
        _ code: RoutingError.Code, step: Int?, stepOverride: String? = nil,
        part: (role: FailingStep.Role, name: String)? = nil, expected: String, found: String,
        underlying: (any Error)? = nil, unanchored: [RunPlan.Step]? = nil
    ) -> RoutingError {
        let steps = unanchored ?? plan.steps
        let node = step.map { steps[$0].node }
        let stepName =
            stepOverride.map { override in step.map { "\(override) of step \($0)" } ?? override }
            ?? step.map { "step \($0): \(steps[$0].node.summary)" }
        return RoutingError(
            code: code, step: stepName, expected: expected, found: found,
            plan: unanchored.map { report(of: $0, anchor: nil) } ?? report, underlyingError: underlying,
            failingStep: failingStep(code, step: step, node: node, part: part, fallbackName: stepOverride))
    }

    /// Runs `question`, a question to step `step`'s action that changes nothing on screen (does it
    /// accept this screen, can it merge it into a new container); a throw becomes the step's
    /// ``RoutingError/Code/actionFailed`` naming the action, with the action's error as the cause.
    /// The texts are made only then: describing a screen reflects over it, which cost a build more
    /// than its search.
    func asking(
        _ action: StepNode.Integration, of step: Int, expected: @autoclosure () -> String,
        found: @autoclosure () -> String, _ question: () throws -> Void
    ) throws {
        do {
            try question()
        } catch {
            throw failure(
                .actionFailed, step: step, stepOverride: "action \(action.name)", part: (.action, action.name),
                expected: expected(), found: found(), underlying: error)
        }
    }

    /// The failing step as data: the role follows from the code unless the caller names the part.
    private func failingStep(
        _ code: RoutingError.Code, step: Int?, node: StepNode?, part: (role: FailingStep.Role, name: String)?,
        fallbackName: String?
    ) -> FailingStep? {
        if let part { return FailingStep(position: step, role: part.role, typeName: part.name) }
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
