import Composer
import ComposerTesting

/// Small chains for the built-in action, factory and finder tests: one new screen integrated by
/// one action into a container that is already on screen.
@MainActor
enum BuiltinChains {
    /// A new screen called `name` (never found: `NilFinder`), put by `action` into the first
    /// container of type `A.Container` that a `ClassFinder` finds.
    static func newScreen<A: ContainerAction>(_ name: String, _ action: A) -> DestinationStep<TestScreen, Void>
    where A.Container: Screen {
        screen(ClosureFactory { _ in TestScreen(name) }, action)
    }

    /// The screen `factory` gives (never found), declared as a `Built`, put by `action` into the
    /// first container of type `A.Container` that a `ClassFinder` finds; a factory may hand back a
    /// screen already on screen.
    static func screen<Built: TestScreen, A: ContainerAction>(
        _ factory: ClosureFactory<Built, Void>, _ action: A
    ) -> DestinationStep<Built, Void> where A.Container: Screen {
        StepAssembly(finder: NilFinder<Built, Void>(), factory: factory)
            .using(action)
            .from(GeneralStep.custom(ClassFinder<A.Container, Void>()))
            .assemble()
    }

    /// The screen called `name`, wherever it is in the window (it cannot be built).
    static func existing(_ name: String) -> DestinationStep<TestScreen, Void> {
        GeneralStep.custom(PredicateFinder<TestScreen, Void> { screen, _ in screen.name == name })
    }

    /// A new screen called `name` presented modally over the current screen.
    static func presented(_ name: String) -> DestinationStep<TestScreen, Void> {
        StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen(name) })
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }
}

/// The names of `screens`, in order (`?` for a screen that is not a `TestScreen`).
@MainActor
func screenNames(_ screens: [any Screen]) -> [String] {
    screens.map { ($0 as? TestScreen)?.name ?? "?" }
}

/// The message of the built-in action or factory error a routing error wraps.
func actionMessage(_ error: RoutingError?) -> String? {
    (error?.underlyingError as? ContainerActionError)?.message
}
