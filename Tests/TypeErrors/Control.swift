// compiles: the correct chain that every other file here breaks in one way.
import Composer
import ComposerTesting

@MainActor
func route() -> DestinationStep<TestScreen, Int> {
    StepAssembly(finder: NilFinder<TestScreen, Int>(), factory: ClosureFactory { _ in TestScreen("product") })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Int>()))
        .assemble()
}
