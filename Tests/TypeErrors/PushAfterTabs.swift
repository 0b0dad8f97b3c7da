// expected-error: no exact matches in call to instance method 'from'
// A push needs a navigation stack; the step before it yields tabs.
import Composer
import ComposerTesting

@MainActor
func route() -> DestinationStep<TestScreen, Int> {
    StepAssembly(finder: NilFinder<TestScreen, Int>(), factory: ClosureFactory { _ in TestScreen("product") })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<TestTabsContainer, Int>()))
        .assemble()
}
