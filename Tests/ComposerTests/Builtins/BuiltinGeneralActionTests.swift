import Composer
import ComposerTesting
import Testing

/// `presentModally()`, `dismissAndPresent()`, `replaceRoot()` and `nothing()`, driven through the router.
@MainActor
@Suite("Built-in general actions")
struct BuiltinGeneralActionTests {
    @Test("presentModally() presents the new screen over the current one, hosted by the root container")
    func presentOverCurrent() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)

        try await router.navigate(to: BuiltinChains.presented("sheet"))

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    screen "sheet"
                """)
        #expect(window.current?.name == "sheet")
    }

    @Test("presentModally() from the current screen while a modal is shown presents over that modal")
    func presentOverModal() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        try await #require(window.root).presentScreen(TestScreen("promo"), animated: false)
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    screen "promo"
                """)

        try await router.navigate(to: BuiltinChains.presented("sheet"))

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    screen "promo"
                    presented automatic (as pageSheet):
                      screen "sheet"
                """)
    }

    @Test("presentModally() over a screen whose container already presents first dismisses and pops to reveal it")
    func presentOverCoveredAnchor() async throws {
        let window = TestWindow(
            root: TestNavigationContainer("main", stack: [TestScreen("home"), TestScreen("detail")]))
        try await #require(window.root).presentScreen(TestScreen("promo"), animated: false)
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "detail"
                  presented automatic (as pageSheet):
                    screen "promo"
                """)
        let sheetOverHome = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("sheet") }
        )
        .using(GeneralAction.presentModally())
        .from(BuiltinChains.existing("home"))
        .assemble()

        try await router.navigate(to: sheetOverHome)

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    screen "sheet"
                """)
        #expect(window.memory.isReleased("promo"))
        #expect(window.memory.isReleased("detail"))
        #expect(window.memory.liveNames == ["home", "main", "sheet"])
    }

    @Test("dismissAndPresent() from the root swaps the modal it presents for the new screen")
    func dismissAndPresentSwapsModal() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        try await #require(window.root).presentScreen(
            TestNavigationContainer("login-nav", stack: [TestScreen("login")]), animated: false)
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    nav "login-nav"
                      screen "login"
                """)
        let onboarding = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("onboarding") }
        )
        .using(GeneralAction.dismissAndPresent())
        .from(GeneralStep.root())
        .assemble()

        try await router.navigate(to: onboarding)

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    screen "onboarding"
                """)
        #expect(window.memory.isReleased("login-nav"))
        #expect(window.memory.isReleased("login"))
        #expect(window.memory.liveNames == ["home", "main", "onboarding"])
    }

    @Test("dismissAndPresent() does not swap a modal that refuses to be dismissed, and nothing changes")
    func dismissAndPresentRefused() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let form = TestScreen("form")
        form.canBeDismissed = false
        try await #require(window.root).presentScreen(form, animated: false)
        let router = DefaultRouter(window: window)
        let before = """
            window
              nav "main"
                screen "home"
              presented automatic (as pageSheet):
                screen "form"
            """
        #expect(window.render() == before)
        let onboarding = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("onboarding") }
        )
        .using(GeneralAction.dismissAndPresent())
        .from(GeneralStep.root())
        .assemble()

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: onboarding) }

        #expect(error?.code == .dismissalRefused)
        #expect(error?.found == "screen \"form\" refuses (canBeDismissed is false)")
        #expect(window.render() == before)
    }

    @Test("dismissAndPresent() called on a presenter that presents swaps the modal, and refuses a vetoing one")
    func dismissAndPresentDirectCall() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let main = try #require(window.root)
        try await main.presentScreen(TestScreen("promo"), animated: false)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    screen "promo"
                """)

        try await GeneralAction.dismissAndPresent().perform(TestScreen("form"), on: main, animated: false)

        let swapped = """
            window
              nav "main"
                screen "home"
              presented automatic (as pageSheet):
                screen "form"
            """
        #expect(window.render() == swapped)
        #expect(window.memory.isReleased("promo"))
        try #require(window.screen(named: "form")).canBeDismissed = false

        let error = await #expect(throws: DismissalRefusedError.self) {
            try await GeneralAction.dismissAndPresent().perform(TestScreen("other"), on: main, animated: false)
        }

        #expect(error?.description == "screen \"form\" refuses (canBeDismissed is false)")
        #expect(window.render() == swapped)
    }

    @Test("replaceRoot() from GeneralStep.window() sets the first root on a cold start")
    func replaceRootColdStart() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  (no root)
                """)
        let home = StepAssembly(
            finder: ClassFinder<TestNavigationContainer, Void>(),
            factory: NavigationContainerFactory { _ in TestNavigationContainer("main") }
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()

        try await router.navigate(to: home)

        #expect(
            window.render() == """
                window
                  nav "main"
                """)
    }

    @Test("replaceRoot() replaces the whole tree, modals included, and releases every old screen")
    func replaceRootReleasesOldTree() async throws {
        let window = TestWindow(
            root: TestNavigationContainer("main", stack: [TestScreen("home"), TestScreen("detail")]))
        try await #require(window.root).presentScreen(TestScreen("promo"), animated: false)
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "detail"
                  presented automatic (as pageSheet):
                    screen "promo"
                """)
        let welcome = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("welcome") }
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()

        try await router.navigate(to: welcome)

        #expect(
            window.render() == """
                window
                  screen "welcome"
                """)
        for name in ["main", "home", "detail", "promo"] {
            #expect(window.memory.isReleased(name), "\(name) is still alive")
        }
        #expect(window.memory.liveNames == ["welcome"])
    }

    @Test("replaceRoot() fails when a screen of the current tree refuses dismissal, and nothing changes")
    func replaceRootRefused() async throws {
        let window = TestWindow(
            root: TestNavigationContainer("main", stack: [TestScreen("home"), TestScreen("unsaved")]))
        try #require(window.screen(named: "unsaved")).canBeDismissed = false
        let router = DefaultRouter(window: window)
        let before = """
            window
              nav "main"
                screen "home"
                screen "unsaved"
            """
        #expect(window.render() == before)
        let welcome = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("welcome") }
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: welcome) }

        #expect(error?.found == "screen \"unsaved\" refuses (canBeDismissed is false)")
        #expect(window.render() == before)
        #expect(window.memory.liveNames == ["home", "main", "unsaved"])
        #expect(error?.code == .dismissalRefused)
    }

    @Test("nothing() leaves the tree as it is and returns the screen the step's factory gives")
    func nothingChangesNothing() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let before = """
            window
              nav "main"
                screen "home"
            """
        #expect(window.render() == before)
        let home = try #require(window.screen(named: "home"))
        let alreadyThere = StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in home })
            .using(GeneralAction.nothing())
            .from(GeneralStep.current())
            .assemble()

        let result = try await router.navigate(to: alreadyThere)

        #expect(result === home)
        #expect(window.render() == before)
    }

    @Test("nothing() with a factory that builds a new screen fails: the destination never reached the screen")
    func nothingWithNewScreenFails() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let before = window.render()
        let lost = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("orphan") }
        )
        .using(GeneralAction.nothing())
        .from(GeneralStep.current())
        .assemble()

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: lost) }

        #expect(error?.code == .actionFailed)
        #expect(error?.found == "NoAction left it outside the screen tree")
        #expect(window.render() == before)
    }
}
