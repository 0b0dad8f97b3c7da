import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// What "current" and "on screen" mean where a level is covered twice and in split views, and that
/// the reveal of a found screen agrees with it.
@MainActor
@Suite("Current screen and reveal agree")
struct CurrentAndRevealTests {
    /// Tabs whose first tab defines the presentation context and presents "orders detail" over it,
    /// while the tab container itself presents "promo" full screen over everything.
    private func doublyCoveredWindow() async throws -> TestWindow {
        let orders = TestScreen("orders")
        orders.definesPresentationContext = true
        let tabs = TestTabsContainer("tabs", tabs: [orders, TestScreen("account")])
        let window = TestWindow(root: tabs)
        let detail = ProductScreen(7)
        detail.modalStyle = .currentContext
        try await orders.presentScreen(detail, animated: false)
        let promo = TestScreen("promo")
        promo.modalStyle = .fullScreen
        try await tabs.presentScreen(promo, animated: false)
        return window
    }

    @Test("A full-screen modal of the level's root is current, above a context-defining screen's own modal")
    func rootModalIsCurrentAboveContextModal() async throws {
        let window = try await doublyCoveredWindow()
        #expect(window.current?.name == "promo")
        #expect(
            ScreenTree(window: window).presentationLevels.map { "\($0)" } == [
                #"tabs "tabs""#, #"screen "product 7""#, #"screen "promo""#,
            ])
    }

    @Test("previous() from that modal dismisses it alone and lands on the context's modal")
    func previousDismissesOnlyTheTopModal() async throws {
        let window = try await doublyCoveredWindow()
        let router = DefaultRouter(window: window)

        let back = try await router.navigate(to: GeneralStep.previous(), animated: false)

        #expect("\(back)" == #"screen "product 7""#)
        #expect(window.current?.name == "product 7")
        #expect(
            window.render() == """
                window
                  tabs "tabs" selected=0
                    screen "orders"
                    presented currentContext:
                      screen "product 7"
                    screen "account"
                """)
    }

    @Test("Revealing the context's modal under the root's modal dismisses the root's modal")
    func revealUnderRootModal() async throws {
        let window = try await doublyCoveredWindow()
        let router = DefaultRouter(window: window)

        let found = try await router.navigate(
            to: GeneralStep.custom(ClassWithContextFinder<ProductScreen, Int>()), with: 7, animated: false)

        #expect(found.name == "product 7")
        #expect(window.current === found)
    }

    @Test("A screen in the hidden secondary column of a collapsed split view is refused before anything runs")
    func hiddenSecondaryColumnIsRefused() async throws {
        let split = TestSplitContainer(
            "split", primary: TestScreen("menu"), secondary: ProductScreen(3), isCollapsed: true)
        let window = TestWindow(root: split)
        let router = DefaultRouter(window: window)
        let journal = Journal()
        let before = window.render()
        let step = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: step, with: 3, animated: false)
        }

        #expect(error?.code == .cannotReveal)
        // The router's reveal of the found product failed, not the step's presentation, which a
        // found screen does not run.
        #expect(error?.failingStep == FailingStep(position: 0, role: .action, typeName: "reveal"))
        #expect(error?.description.contains("hidden secondary column") == true)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
    }

    @Test("The primary column of an expanded split view is on screen: found, nothing changes, current stays the detail")
    func primaryColumnOfExpandedSplitIsOnScreen() async throws {
        let split = TestSplitContainer("split", primary: ProductScreen(1), secondary: ProductScreen(2))
        let window = TestWindow(root: split)
        let router = DefaultRouter(window: window)
        let before = window.render()

        let found = try await router.navigate(
            to: GeneralStep.custom(ClassWithContextFinder<ProductScreen, Int>()), with: 1, animated: false)

        #expect(found.name == "product 1")
        #expect(ScreenTree.visibleChildren(of: split).contains { $0 === found })
        #expect(window.current?.name == "product 2")
        #expect(window.render() == before)
    }

    @Test("A destination built inside a tab its new tab bar created, joined with nothing(), ends selected")
    func builtDestinationInHiddenTabIsRevealed() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        let tabs = StepAssembly(
            finder: ClassFinder<TestTabsContainer, Int>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { (_: Int) in TestTabsContainer("main") },
                children: [
                    { _ in TestNavigationContainer("home-nav", stack: [TestScreen("home")]) },
                    { _ in TestNavigationContainer("shop-nav", stack: [ListScreen()]) },
                ])
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
        let shopStack = StepAssembly(
            finder: PredicateFinder<TestNavigationContainer, Int> { stack, _ in stack.name == "shop-nav" },
            factory: BuiltByContainerFactory<TestNavigationContainer, Int>()
        )
        .using(GeneralAction.nothing())
        .from(tabs)
        .assemble()
        let product = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: Journal())
        )
        .using(TestNavigationContainer.push())
        .from(shopStack)
        .assemble()

        let found = try await router.navigate(to: product, with: 5, animated: false)

        #expect(window.current === found)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "home-nav"
                      screen "home"
                    nav "shop-nav"
                      screen "list"
                      screen "product 5"
                """)
    }
}
