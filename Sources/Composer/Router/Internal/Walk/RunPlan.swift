/// What planning learnt about one navigation, handed from phase to phase: the chain's steps,
/// destination first, each with what the run knows of it, and the anchor, the step whose screen
/// is on screen already.
///
/// Preflight adds the predefined children of new containers, the build phase adds the built
/// screens, and the show phase reads where each one goes.
@MainActor
struct RunPlan {
    /// Where a new screen goes: into a screen that is on screen now, or into a step built in this run.
    enum Target {
        case live(any Screen)
        case node(Int)
        /// The container around the screen of a step that its own container creates, known only
        /// once that screen is found on screen.
        case around(Int, StepNode.TargetAdapter)

        /// Whether two steps put their screens into the same place (no target is no place).
        static func same(_ lhs: Target?, _ rhs: Target?) -> Bool {
            switch (lhs, rhs) {
            case (.live(let a)?, .live(let b)?): a === b
            case (.node(let a)?, .node(let b)?), (.around(let a, _)?, .around(let b, _)?): a == b
            default: false
            }
        }
    }

    /// One step of the chain and what the run has learnt about it.
    ///
    /// The run reads a step's fields from the list (`plan.steps[index].node`), not the step
    /// itself: `let step = plan.steps[index]` copies the whole step, a retain and a release for
    /// each of its references, and a navigation reads its steps dozens of times.
    @MainActor
    struct Step {
        /// The step as the chain resolved it (shared with the chain, not copied).
        let node: StepNode
        /// The step's own context, adapted from the navigation's.
        let context: Any
        /// The screen found on screen (the anchor) or built by this run.
        var screen: (any Screen)?
        /// Where this step's action puts its screen; set for the steps before the anchor.
        var target: Target?
        /// The new container this step's screen goes into through the container's factory.
        var mergedInto: Int?
        /// The children a new container always has, created in preflight so guards see them.
        var initialChildren: ContainerChildren?
    }

    /// Destination first, origin last.
    var steps: [Step]
    /// The position in ``steps`` of the step whose finder found its screen.
    let anchor: Int
    /// The window's tree revision when the plan was made, if the window counts its changes.
    let revision: Int?
    /// The cases the chain's ``SwitchAssembly`` routes took (``SwitchPicks``).
    var switchPicks: [Int] = []

    /// A plan before planning: no step, nothing to report.
    static let unplanned = RunPlan(steps: [], anchor: 0, revision: nil)

    /// The positions of the steps the run builds or finds inside new containers, destination first.
    var newSteps: Range<Int> { 0..<anchor }

    /// The positions of every step the navigation shows, destination to anchor.
    var shownSteps: ClosedRange<Int> { 0...anchor }

    /// The screen found on screen.
    var anchorScreen: (any Screen)? { steps.indices.contains(anchor) ? steps[anchor].screen : nil }
}

/// How far a run got, for its report.
enum RunStage: CustomStringConvertible {
    case planning, preflight, guarding, building, preparing, prepared, showing, doneShowing, finished

    var description: String {
        switch self {
        case .planning: "planning"
        case .preflight: "preflight"
        case .guarding: "guarding"
        case .building: "building"
        case .preparing: "preparing"
        case .prepared: "prepared"
        case .showing: "showing"
        case .doneShowing: "done showing"
        case .finished: "finished"
        }
    }
}
