/// Phase 4, build: every screen the plan lacks, into the plan, before anything is shown.
extension NavigationRun {
    func buildMissingScreens() async throws {
        stage = .building
        for index in plan.newSteps {
            // Fields, not the whole step (see `RunPlan.Step`).
            let node = plan.steps[index].node
            let context = plan.steps[index].context
            do {
                switch node.build {
                case .none, .builtByContainer:
                    continue
                case .screen(_, let make):
                    plan.steps[index].screen = try make(context)
                case .container(_, let initialChildren, let make):
                    var children = try plan.steps[index].initialChildren ?? initialChildren(context)
                    try mergeChildren(into: &children, container: index)
                    plan.steps[index].screen = try await make(context, children)
                }
            } catch let error as RoutingError {
                throw error.with(plan: report)
            } catch {
                throw stopped(
                    failure(
                        .factoryFailed, step: index,
                        expected:
                            "\(node.buildName ?? "the factory") to build \(node.screenTypeName) from \(contextText(context))",
                        found: "it threw", underlying: error))
            }
        }
        try findScreensBuiltByContainers()
    }

    /// Hands the children that later steps integrate into a new container to its factory, anchor
    /// side first; an action that refuses is reported as the action's failure, not the factory's.
    private func mergeChildren(into children: inout ContainerChildren, container: Int) throws {
        for child in (0..<container).reversed() where plan.steps[child].mergedInto == container {
            guard let integration = plan.steps[child].node.integration, let merge = integration.merge,
                let screen = plan.steps[child].screen
            else { continue }
            try asking(
                integration, of: child,
                expected: "\(screen) to go into the new \(plan.steps[container].node.screenTypeName)",
                found: "the action refused"
            ) { try merge(screen, &children) }
        }
    }

    /// What a finder that found nothing inside a new container looked at: its screens, named, so
    /// that a misspelt name in the finder's condition shows beside the one meant.
    private static func notFoundAmongChildren(of container: any Screen) -> String {
        let children = container.childScreens
        guard !children.isEmpty else { return "the finder found nothing: it has no screens; check its factory" }
        let shown = children.prefix(8).map { "\($0)" }.joined(separator: ", ")
        let more = children.count > 8 ? " and \(children.count - 8) more" : ""
        return "the finder found none of its screens (\(shown)\(more)); check the finder's condition, "
            + "and that the container's factory creates the screen"
    }

    /// Finds, inside the containers just built, the screens those containers create themselves,
    /// so that a container lacking one fails the navigation before anything is shown.
    private func findScreensBuiltByContainers() throws {
        for index in plan.newSteps.reversed() where plan.steps[index].node.isBuiltByContainer {
            let step = plan.steps[index]
            let container = plan.steps[index + 1].screen
            guard let container, let find = step.node.find,
                let found = try find(step.context, ScreenTree(window: DetachedWindow(root: container)))
            else {
                throw failure(
                    .screenNotFound, step: index,
                    expected:
                        "\(step.node.screenTypeName) inside \(container.map { "\($0)" } ?? "the step before it"), which creates it",
                    found: container.map(Self.notFoundAmongChildren) ?? "no container was built")
            }
            plan.steps[index].screen = found
        }
    }
}
