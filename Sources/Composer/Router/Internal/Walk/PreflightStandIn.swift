/// Stands in, during preflight, for a screen not built yet, so that merging into a live container
/// shows which of its screens the merge would drop.
@MainActor
final class PreflightStandIn: Screen, CustomStringConvertible {
    /// The name of the type the step declares for the screen it builds, for refusals.
    let typeName: String

    init(for node: StepNode) {
        typeName = node.screenTypeName
    }

    var parentScreen: (any Screen)? { nil }
    var childScreens: [any Screen] { [] }
    var presentedScreen: (any Screen)? { nil }
    var presentingScreen: (any Screen)? { nil }
    var isBeingDismissed: Bool { false }
    nonisolated var description: String { "the new \(typeName), not built yet" }
}
