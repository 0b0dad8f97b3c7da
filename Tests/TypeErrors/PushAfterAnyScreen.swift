// expected-error: requires the types 'TestNavigationContainer' and 'any Screen' be equivalent
// The current screen may be anything; pushing needs `.expectingContainer()` to say a stack is expected.
import Composer
import ComposerTesting

@MainActor
func route() -> DestinationStep<TestScreen, Int> {
    StepAssembly(finder: NilFinder<TestScreen, Int>(), factory: ClosureFactory { _ in TestScreen("product") })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current())
        .assemble()
}
