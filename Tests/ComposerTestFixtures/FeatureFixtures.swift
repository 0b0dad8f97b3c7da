import Composer
import ComposerTesting

@MainActor
package enum FeatureFixtures {
    /// A new navigation stack called `name`, presented over the current screen with the full-screen
    /// style set explicitly, so renderings do not depend on the twin's default style.
    package static func fullScreenStack<Context>(_ name: String) -> DestinationStep<TestNavigationContainer, Context> {
        StepAssembly(
            finder: NilFinder<TestNavigationContainer, Context>(),
            factory: NavigationContainerFactory { _ in
                let stack = TestNavigationContainer(name)
                stack.modalStyle = .fullScreen
                return stack
            }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }
}
