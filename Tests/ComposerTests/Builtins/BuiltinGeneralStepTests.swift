import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// `GeneralStep.previous()` as "back", `adaptingContext(_:)` and `ChainAssembly.from(_:)`.
@MainActor
@Suite("Built-in general steps and chain joining")
struct BuiltinGeneralStepTests {
    private let stackUnderModal = """
        window
          tabs "main" selected=0
            nav "home-nav"
              screen "home"
              screen "feed"
          presented automatic (as pageSheet):
            nav "modal-nav"
              screen "login"
              screen "otp"
        """

    /// A tab with a two-screen stack, under a modal two-screen stack.
    private func windowWithStackUnderModal() async throws -> TestWindow {
        let window = TestWindow(
            root: TestTabsContainer(
                "main", tabs: [TestNavigationContainer("home-nav", stack: [TestScreen("home"), TestScreen("feed")])]))
        try await #require(window.root).presentScreen(
            TestNavigationContainer("modal-nav", stack: [TestScreen("login"), TestScreen("otp")]), animated: false)
        return window
    }

    @Test("previous() pops the current screen off its stack and releases it")
    func previousPops() async throws {
        let window = try await windowWithStackUnderModal()
        let router = DefaultRouter(window: window)
        #expect(window.render() == stackUnderModal)

        let shown = try await router.navigate(to: GeneralStep.previous())

        #expect((shown as? TestScreen)?.name == "login")
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "home-nav"
                      screen "home"
                      screen "feed"
                  presented automatic (as pageSheet):
                    nav "modal-nav"
                      screen "login"
                """)
        #expect(window.memory.isReleased("otp"))
        #expect(window.memory.liveNames == ["feed", "home", "home-nav", "login", "main", "modal-nav"])
    }

    @Test("previous() at the bottom of a modal stack dismisses the modal and releases its screens")
    func previousDismisses() async throws {
        let window = try await windowWithStackUnderModal()
        let router = DefaultRouter(window: window)
        try await router.navigate(to: GeneralStep.previous())
        let modalAtBottom = """
            window
              tabs "main" selected=0
                nav "home-nav"
                  screen "home"
                  screen "feed"
              presented automatic (as pageSheet):
                nav "modal-nav"
                  screen "login"
            """
        #expect(window.render() == modalAtBottom)

        let shown = try await router.navigate(to: GeneralStep.previous())

        #expect((shown as? TestScreen)?.name == "feed")
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "home-nav"
                      screen "home"
                      screen "feed"
                """)
        #expect(window.memory.isReleased("modal-nav"))
        #expect(window.memory.isReleased("login"))
        #expect(window.memory.liveNames == ["feed", "home", "home-nav", "main"])
    }

    @Test("previous() does not pop a screen that refuses, and nothing changes")
    func previousRefused() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home"), TestScreen("form")]))
        try #require(window.screen(named: "form")).canBeDismissed = false
        let router = DefaultRouter(window: window)
        let before = """
            window
              nav "main"
                screen "home"
                screen "form"
            """
        #expect(window.render() == before)

        let error = await #expect(throws: RoutingError.self) {
            _ = try await router.navigate(to: GeneralStep.previous())
        }

        #expect(error?.code == .dismissalRefused)
        #expect(error?.found == "screen \"form\" refuses (canBeDismissed is false)")
        #expect(window.render() == before)
    }

    @Test("previous() on a lone root has nothing to go back to and fails with noAnchor")
    func previousOnLoneRoot() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let before = """
            window
              nav "main"
                screen "home"
            """
        #expect(window.render() == before)

        let error = await #expect(throws: RoutingError.self) {
            _ = try await router.navigate(to: GeneralStep.previous())
        }

        #expect(error?.code == .noAnchor)
        #expect(error?.expected == "one step of the chain to find its screen (asked: previous screen)")
        #expect(window.render() == before)
    }

    /// The stack called "main", built as the window's root when missing; it needs no context.
    private var mainStack: DestinationStep<TestNavigationContainer, Void> {
        StepAssembly(
            finder: PredicateFinder<TestNavigationContainer, Void> { stack, _ in stack.name == "main" },
            factory: NavigationContainerFactory { _ in TestNavigationContainer("main") }
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    @Test("adaptingContext lets a step that needs no context be used from a chain with an Int context")
    func adaptingVoidStepFromIntChain() async throws {
        let journal = Journal()
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        let product = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .using(TestNavigationContainer.push())
        .from(mainStack.adaptingContext { (_: Int) in () })
        .assemble()
        #expect(
            window.render() == """
                window
                  (no root)
                """)

        try await router.navigate(to: product, with: 3)
        try await router.navigate(to: product, with: 4)

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "product 3"
                    screen "product 4"
                """)
        #expect(journal.lines == ["build product 3", "build product 4"])
    }

    @Test("adaptingContext whose conversion throws fails with contextMismatch naming both types, and nothing changes")
    func adaptingContextThrows() async throws {
        struct NotAName: Error {}
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let byName = GeneralStep.custom(PredicateFinder<TestScreen, String> { screen, name in screen.name == name })
        let byNumber = byName.adaptingContext { (number: Int) throws -> String in
            guard number > 0 else { throw NotAName() }
            return "screen \(number)"
        }
        let before = """
            window
              nav "main"
                screen "home"
            """
        #expect(window.render() == before)

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: byNumber, with: -1) }

        #expect(error?.code == .contextMismatch)
        #expect(error?.step == "context adapter Int → String")
        #expect(error?.found == "-1")
        #expect(error?.underlyingError is NotAName)
        #expect(window.render() == before)
    }

    @Test("ChainAssembly.from joins a step defined alone to a route defined elsewhere")
    func chainAssemblyJoinsSteps() async throws {
        let journal = Journal()
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let productStep = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
        let listStep = StepAssembly(
            finder: ClassFinder<ListScreen, Int>(), factory: ClosureFactory { _ in ListScreen() }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Int>()))
        .assemble()
        let product = ChainAssembly.from(productStep)
            .using(TestNavigationContainer.push())
            .from(listStep.expectingContainer())
            .assemble()
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)

        let shown = try await router.navigate(to: product, with: 8)

        #expect(shown.productID == 8)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "list"
                    screen "product 8"
                """)
    }
}
