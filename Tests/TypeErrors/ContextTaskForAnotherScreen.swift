// expected-error: the types 'TestScreen' and 'TestNavigationContainer' be equivalent
// A context task written for navigation stacks cannot be added to a plain screen's step.
import Composer
import ComposerTesting

struct StackTask: ContextTask {
    func prepare(_ screen: TestNavigationContainer, with context: Int) throws {}
}

@MainActor
func route() -> StepAssembly<TestScreen, Int> {
    StepAssembly(finder: NilFinder<TestScreen, Int>(), factory: ClosureFactory { _ in TestScreen("product") })
        .adding(StackTask())
}
