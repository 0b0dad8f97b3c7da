/// The run's report (its plan as text, with how far it got) and the errors that carry it.
extension NavigationRun {
    /// The plan as text, destination first.
    var report: String { report(of: plan.steps, anchor: plan.steps.isEmpty ? nil : plan.anchor) }

    /// `steps` as text, with the anchor at `anchor` (`nil`: no finder found anything).
    func report(of steps: [RunPlan.Step], anchor: Int?) -> String {
        let stageText =
            showingOperation.map { "showing (step \($0.position + 1) of \($0.count): \($0.describe()))" }
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
    /// that found no anchor), with the report. `failingPosition` is the position the failing step
    /// gives as data when the text names the step otherwise (`stepOverride` without `step`).
    func failure(
        _ code: RoutingError.Code, step: Int?, stepOverride: String? = nil,
        part: (role: FailingStep.Role, name: String)? = nil, failingPosition: Int? = nil, expected: String,
        found: String, underlying: (any Error)? = nil, unanchored: [RunPlan.Step]? = nil
    ) -> RoutingError {
        let steps = unanchored ?? plan.steps
        let node = step.map { steps[$0].node }
        let stepName =
            stepOverride.map { override in step.map { "\(override) of step \($0)" } ?? override }
            ?? step.map { "step \($0): \(steps[$0].node.summary)" }
        return RoutingError(
            code: code, step: stepName, expected: expected, found: found,
            plan: unanchored.map { report(of: $0, anchor: nil) } ?? report, underlyingError: underlying,
            failingStep: failingStep(
                code, position: step ?? failingPosition, node: node, part: part, fallbackName: stepOverride))
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
    /// Without a name for the failing part there is none (never a placeholder such as
    /// `finder finder`, which a program matching on the type would take for a type).
    private func failingStep(
        _ code: RoutingError.Code, position: Int?, node: StepNode?, part: (role: FailingStep.Role, name: String)?,
        fallbackName: String?
    ) -> FailingStep? {
        if let part { return FailingStep(position: position, role: part.role, typeName: part.name) }
        func named(_ role: FailingStep.Role, _ name: String?) -> FailingStep? {
            name.map { FailingStep(position: position, role: role, typeName: $0) }
        }
        switch code {
        case .noAnchor, .screenNotFound, .cannotReveal:
            return named(.finder, node?.finderName ?? fallbackName)
        case .factoryFailed:
            return named(.factory, node?.buildName ?? fallbackName)
        case .containerNotFound:
            // A step without an action (the current screen, expecting a container around it)
            // failed in what its finder found.
            if let action = node?.integration?.name { return named(.action, action) }
            return named(.finder, node?.finderName ?? fallbackName)
        case .actionFailed, .actionFailedAfterChanges, .dismissalRefused, .cannotPresent, .typeMismatch:
            return named(.action, node?.integration?.name ?? fallbackName)
        case .contextTaskFailed:
            return named(.contextTask, fallbackName)
        case .interceptorRejected:
            return named(.interceptor, fallbackName)
        case .noWindow, .cancelled, .busy, .contextMismatch, .noMatchingCase:
            return nil
        }
    }
}
