// expected-error: DestinationStep<TestNavigationContainer, String>
// The product needs an Int; the stack step was written for String contexts and is not adapted.
import Composer
import ComposerTesting

@MainActor
func route() -> DestinationStep<TestScreen, Int> {
    StepAssembly(finder: NilFinder<TestScreen, Int>(), factory: ClosureFactory { _ in TestScreen("product") })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, String>()))
        .assemble()
}
