/// Stands in, during preflight, for a screen not built yet, so that merging into a live container
/// shows which of its screens the merge would drop, a merge into a new container that refuses any
/// screen refuses it, and a split view's columns as an earlier action leaves them can be judged by
/// the type the new screen's step declares.
@MainActor
final class PreflightStandIn: Screen, CustomStringConvertible {
    /// The type the step declares for the screen it builds.
    let declaredType: Any.Type
    /// That type's name, for refusals that name the column.
    let typeName: String

    init(for node: StepNode) {
        declaredType = node.declaredType
        typeName = node.screenTypeName
    }

    var parentScreen: (any Screen)? { nil }
    var childScreens: [any Screen] { [] }
    var presentedScreen: (any Screen)? { nil }
    var presentingScreen: (any Screen)? { nil }
    var isBeingDismissed: Bool { false }
    nonisolated var description: String { "the new \(typeName), not built yet" }
}
