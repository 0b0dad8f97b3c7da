/// Joins steps defined elsewhere into a route, starting from an existing step.
///
/// ```swift
/// let productInStack = ChainAssembly.from(productStep)
///     .using(UINavigationController.push())
///     .from(listStep.expectingContainer())
///     .assemble()
/// ```
@MainActor
public enum ChainAssembly {
    /// Starts a route at `step`; the next call gives its action.
    public static func from<VC: Screen, C>(_ step: StepAssembly<VC, C>) -> ChainTail<VC, C> {
        ChainTail(nodes: [step.node])
    }
}
