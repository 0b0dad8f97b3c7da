import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// The router sees through containers it has no built-in kind for: an invisible wrapper, an app's
/// side menu, and a navigation stack whose every screen is wrapped (the twin of ComposerUIKit's
/// `WrappingNavigationController`).
@MainActor
@Suite("Any container")
struct AnyContainerTests {
    // MARK: - A wrapper inside a navigation stack

    /// `nav "shop"` holding "list" and, on top, "product 7" inside an invisible wrapper.
    private func wrappedProductWindow() -> TestWindow {
        let wrapper = TestWrapperContainer(content: ProductScreen(7))
        return TestWindow(root: TestNavigationContainer("shop", stack: [ListScreen(), wrapper]))
    }

    private static let wrappedProductTree = """
        window
          nav "shop"
            screen "list"
            wrapper "[product 7]"
              screen "product 7"
        """

    @Test("The current screen is the wrapped screen, not its wrapper")
    func currentIsInsideTheWrapper() {
        let window = wrappedProductWindow()

        #expect(window.render() == Self.wrappedProductTree)
        #expect(window.current?.name == "product 7")
    }

    @Test("A visible-only search finds the wrapped screen, and navigating to it changes nothing")
    func visibleSearchFindsWrappedScreen() async throws {
        let window = wrappedProductWindow()
        let router = DefaultRouter(window: window)
        window.lifecycle.clear()

        let found = try await router.navigate(
            to: GeneralStep.custom(ClassWithContextFinder<ProductScreen, Int>(options: .visible)), with: 7,
            animated: true)

        #expect(found.name == "product 7")
        #expect(window.render() == Self.wrappedProductTree)
        #expect(window.lifecycle.lines.isEmpty)
    }

    @Test("A push after the wrapped screen goes onto the stack around its wrapper")
    func pushAfterWrappedScreen() async throws {
        let window = wrappedProductWindow()
        let router = DefaultRouter(window: window)
        let shownProduct = GeneralStep.custom(
            PredicateFinder<ProductScreen, Int>(options: .visible) { screen, _ in screen.productID == 7 })
        let next = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: Journal())
        )
        .using(TestNavigationContainer.push())
        .from(shownProduct.expectingContainer())
        .assemble()
        window.lifecycle.clear()

        let pushed = try await router.navigate(to: next, with: 8, animated: true)

        #expect(pushed === window.current)
        #expect(
            window.render() == """
                window
                  nav "shop"
                    screen "list"
                    wrapper "[product 7]"
                      screen "product 7"
                    screen "product 8"
                """)
        #expect(
            window.lifecycle.lines == [
                "[product 7]: viewWillDisappear", "product 7: viewWillDisappear", "product 8: viewWillAppear",
                "[product 7]: viewDidDisappear", "product 7: viewDidDisappear", "product 8: viewDidAppear",
            ])
    }

    // MARK: - A side menu with two panels

    /// A side menu showing its menu; the hidden content panel is a stack of "home" and "product 7".
    private func sideMenuWindow(
        shown: TestSideMenuContainer.Panel = .menu, aboveProduct: [TestScreen] = []
    ) -> (TestWindow, TestSideMenuContainer) {
        let content = TestNavigationContainer("content", stack: [TestScreen("home"), ProductScreen(7)] + aboveProduct)
        let menu = TestSideMenuContainer("app", menu: TestScreen("menu"), content: content, shownPanel: shown)
        return (TestWindow(root: menu), menu)
    }

    /// The side menu once its content panel is shown, with product 7 on top.
    private static let contentShownTree = """
        window
          sidemenu "app" visible=1
            screen "menu"
            nav "content"
              screen "home"
              screen "product 7"
        """

    @Test("A screen in the hidden panel is found and revealed: the panel switches with its callbacks")
    func revealInHiddenPanel() async throws {
        let (window, menu) = sideMenuWindow()
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  sidemenu "app" visible=0
                    screen "menu"
                    nav "content"
                      screen "home"
                      screen "product 7"
                """)
        #expect(window.current?.name == "menu")
        window.lifecycle.clear()

        let found = try await router.navigate(
            to: GeneralStep.custom(ClassWithContextFinder<ProductScreen, Int>()), with: 7, animated: true)

        #expect(found === window.current)
        #expect(menu.shownPanel == .content)
        #expect(window.render() == Self.contentShownTree)
        #expect(
            window.lifecycle.lines == [
                "menu: viewWillDisappear", "content: viewWillAppear", "product 7: viewWillAppear",
                "menu: viewDidDisappear", "content: viewDidAppear", "product 7: viewDidAppear",
            ])
    }

    @Test("A screen that refuses to be popped stops the reveal before the panel moves; a hidden menu is not asked")
    func vetoInHiddenPanel() async throws {
        let form = TestScreen("form")
        form.canBeDismissed = false
        let (window, menu) = sideMenuWindow(aboveProduct: [form])
        menu.menu?.canBeDismissed = false
        let router = DefaultRouter(window: window)
        let before = window.render()
        window.lifecycle.clear()
        let product = GeneralStep.custom(ClassWithContextFinder<ProductScreen, Int>())

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: product, with: 7, animated: false)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(error?.description.contains(#"screen "form""#) == true)
        #expect(window.render() == before)
        #expect(window.lifecycle.lines.isEmpty)

        form.canBeDismissed = true
        let found = try await router.navigate(to: product, with: 7, animated: false)

        #expect(found === window.current)
        #expect(window.render() == Self.contentShownTree)
    }

    @Test("A visible-only search misses a screen in the hidden panel, and finds it once the panel is shown")
    func visibleSearchMissesHiddenPanel() async throws {
        let (window, menu) = sideMenuWindow()
        let router = DefaultRouter(window: window)
        let before = window.render()
        let visibleProduct = GeneralStep.custom(ClassWithContextFinder<ProductScreen, Int>(options: .visible))

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: visibleProduct, with: 7, animated: false)
        }

        #expect(error?.code == .noAnchor)
        #expect(window.render() == before)

        await menu.showPanel(.content, animated: false)
        let found = try await router.navigate(to: visibleProduct, with: 7, animated: false)

        #expect(found === window.current)
    }

    // MARK: - A navigation stack that wraps every screen

    private func productInWrappedStack(_ journal: Journal) -> DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .using(TestWrappingNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }

    @Test("Pushes through the router are wrapped; revealing a wrapped screen pops back to its wrapper")
    func routingThroughWrappedStack() async throws {
        let navigation = TestWrappingNavigationContainer("main", screens: [TestScreen("home")])
        let window = TestWindow(root: navigation)
        let router = DefaultRouter(window: window)
        let product = productInWrappedStack(Journal())

        try await router.navigate(to: product, with: 7, animated: true)
        try await router.navigate(to: product, with: 8, animated: true)

        #expect(window.current?.name == "product 8")
        #expect(
            window.render() == """
                window
                  wrapnav "main"
                    wrapper "[home]"
                      screen "home"
                    wrapper "[product 7]"
                      screen "product 7"
                    wrapper "[product 8]"
                      screen "product 8"
                """)
        window.lifecycle.clear()

        let revealed = try await router.navigate(to: product, with: 7, animated: true)

        #expect(revealed === window.current)
        #expect(navigation.contentScreens.map(\.name) == ["home", "product 7"])
        #expect(
            window.render() == """
                window
                  wrapnav "main"
                    wrapper "[home]"
                      screen "home"
                    wrapper "[product 7]"
                      screen "product 7"
                """)
        #expect(
            window.lifecycle.lines == [
                "[product 8]: viewWillDisappear", "product 8: viewWillDisappear",
                "[product 7]: viewWillAppear", "product 7: viewWillAppear",
                "[product 8]: viewDidDisappear", "product 8: viewDidDisappear",
                "[product 7]: viewDidAppear", "product 7: viewDidAppear",
            ])
        #expect(window.memory.isReleased("product 8"))
        #expect(window.memory.isReleased("[product 8]"))
    }
}
