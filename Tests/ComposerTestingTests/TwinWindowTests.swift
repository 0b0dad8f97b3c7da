import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Twin: the window holds one root")
struct TwinWindowTests {
    @Test func aScreenThatHasAParentCannotBecomeTheRoot() async throws {
        let window = TwinFixtures.shopWindow()
        let before = window.render()
        let home = try TwinFixtures.screen("home", in: window)

        await #expect(throws: TestScreenError.alreadyInContainer(screen: #"screen "home""#, container: #"nav "shop""#))
        {
            try await window.setRootScreen(home, animated: false)
        }
        await #expect(throws: TestScreenError.notATestScreen(type: "TwinForeignScreen")) {
            try await window.setRootScreen(TwinForeignScreen(), animated: false)
        }
        #expect(window.render() == before)
    }

    @Test func replacingTheRootSwapsTheTreeAndItsCallbacks() async throws {
        let window = TwinFixtures.navigationWindow()

        try await window.setRootScreen(TestScreen("onboarding"), animated: true)

        #expect(window.render() == "window\n  screen \"onboarding\"")
        #expect(
            window.lifecycle.lines == [
                "main: viewWillDisappear", "home: viewWillDisappear", "onboarding: viewWillAppear",
                "main: viewDidDisappear", "home: viewDidDisappear", "onboarding: viewDidAppear",
            ])
    }

    @Test func aScreenFindsItsWindowThroughContainersAndPresentations() async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        let login = TestScreen("login")
        let modal = TestNavigationContainer("modal", stack: [login])
        #expect(login.containingWindow == nil)

        try await home.presentScreen(modal, animated: false)
        #expect(login.containingWindow === window)

        try await home.dismissPresentedScreen(animated: false)
        #expect(login.containingWindow == nil)
    }

    @Test func aWindowWorksWithTheRoutersWindowProvider() async throws {
        let window = TwinFixtures.navigationWindow()
        let provider = FixedWindowProvider(window)
        #expect(provider.window === window)
        // A router given the provider navigates in that window.
        let router = DefaultRouter(windowProvider: provider)
        let detail = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("detail") }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
        try await router.navigate(to: detail, animated: false)
        #expect(window.render() == "window\n  nav \"main\"\n    screen \"home\"\n    screen \"detail\"")
    }
}
