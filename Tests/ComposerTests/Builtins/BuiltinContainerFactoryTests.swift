import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// The container factories build a container together with the children later steps put into it,
/// so a cold-start deep link builds the whole back stack at once.
@MainActor
@Suite("Built-in container factories")
struct BuiltinContainerFactoryTests {
    private let splash = """
        window
          screen "splash"
        """

    /// A root container built by `factory` (never found) that replaces the window's root.
    private func root<Fa: ContainerFactory>(_ factory: Fa) -> DestinationStep<Fa.ViewController, Void>
    where Fa.Context == Void {
        StepAssembly(finder: NilFinder<Fa.ViewController, Void>(), factory: factory)
            .using(GeneralAction.replaceRoot())
            .from(GeneralStep.window())
            .assemble()
    }

    /// Makers of the screens called `names`, for `PredefinedChildrenFactory`.
    private func fixedScreens(_ names: String...) -> [@MainActor (()) throws -> any Screen] {
        names.map { name in { _ in TestScreen(name) } }
    }

    /// Makers of a home stack and a shop stack holding the product list.
    private var shopTabs: [@MainActor (Int) throws -> any Screen] {
        [
            { _ in TestNavigationContainer("home-nav", stack: [TestScreen("home")]) },
            { _ in TestNavigationContainer("shop-nav", stack: [ListScreen()]) },
        ]
    }

    /// A new screen called `name`.
    private func screen(_ name: String) -> StepAssembly<TestScreen, Void> {
        StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen(name) })
    }

    @Test("NavigationContainerFactory builds the stack with every screen pushed into it in the same navigation")
    func navigationFactoryGetsChildren() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)
        let list = screen("list")
            .using(TestNavigationContainer.push())
            .from(root(NavigationContainerFactory { _ in TestNavigationContainer("main") }))
            .assemble()
        let product = screen("product")
            .using(TestNavigationContainer.push())
            .from(list.expectingContainer(TestNavigationContainer.self))
            .assemble()

        try await router.navigate(to: product)

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "product"
                """)
        #expect(window.memory.isReleased("splash"))
    }

    @Test("TabsContainerFactory gets the tabs added in the same navigation and selects the last one added")
    func tabsFactoryGetsChildrenAndSelection() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)
        let home = screen("home")
            .using(TestTabsContainer.addTab())
            .from(root(TabsContainerFactory { _ in TestTabsContainer("main") }))
            .assemble()
        let shop = screen("shop")
            .using(TestTabsContainer.addTab())
            .from(home.expectingContainer(TestTabsContainer.self))
            .assemble()

        try await router.navigate(to: shop)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    screen "home"
                    screen "shop"
                """)
        #expect(window.current?.name == "shop")
    }

    @Test("TabsContainerFactory keeps the placement and selection of an insert among the tabs handed in")
    func tabsFactoryInsertSelection() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)
        let home = screen("home")
            .using(TestTabsContainer.addTab())
            .from(root(TabsContainerFactory { _ in TestTabsContainer("main") }))
            .assemble()
        let shop = screen("shop")
            .using(TestTabsContainer.addTab(.insert(at: 0)))
            .from(home.expectingContainer(TestTabsContainer.self))
            .assemble()

        try await router.navigate(to: shop)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    screen "shop"
                    screen "home"
                """)
    }

    @Test("SplitContainerFactory with one child makes it the primary column")
    func splitFactoryOneChild() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)
        let menu = screen("menu")
            .using(TestSplitContainer.setPrimary())
            .from(root(SplitContainerFactory { _ in TestSplitContainer("split") }))
            .assemble()

        try await router.navigate(to: menu)

        #expect(
            window.render() == """
                window
                  split "split" expanded
                    screen "menu"
                """)
    }

    @Test("SplitContainerFactory with two children makes them the primary and the detail columns")
    func splitFactoryTwoChildren() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)
        let menu = screen("menu")
            .using(TestSplitContainer.setPrimary())
            .from(root(SplitContainerFactory { _ in TestSplitContainer("split") }))
            .assemble()
        let detail = screen("item 3")
            .using(TestSplitContainer.showDetail())
            .from(menu.expectingContainer(TestSplitContainer.self))
            .assemble()

        try await router.navigate(to: detail)

        #expect(
            window.render() == """
                window
                  split "split" expanded
                    screen "menu"
                    screen "item 3"
                """)
    }

    @Test("SplitContainerFactory refuses three children, says how many it got, and nothing changes")
    func splitFactoryThreeChildren() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)
        let split = PredefinedChildrenFactory(
            SplitContainerFactory { _ in TestSplitContainer("split") },
            children: fixedScreens("menu", "placeholder", "more"))
        let extra = screen("extra")
            .using(TestSplitContainer.setPrimary())
            .from(root(split))
            .assemble()

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: extra) }

        #expect(error?.code == .factoryFailed)
        #expect(actionMessage(error) == "a split view holds a primary and a detail; 3 screens were given")
        #expect(window.render() == splash)
    }

    @Test("PredefinedChildrenFactory puts its tabs first, then the tab added in the navigation, which is selected")
    func predefinedTabsThenMergedChild() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)
        let tabs = PredefinedChildrenFactory(
            TabsContainerFactory { _ in TestTabsContainer("main") },
            children: fixedScreens("home", "settings"))
        let shop = screen("shop")
            .using(TestTabsContainer.addTab())
            .from(root(tabs))
            .assemble()

        try await router.navigate(to: shop)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=2
                    screen "home"
                    screen "settings"
                    screen "shop"
                """)
    }

    @Test("PredefinedChildrenFactory alone builds its tabs with the first one selected")
    func predefinedTabsAlone() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)
        let tabs = PredefinedChildrenFactory(
            TabsContainerFactory { _ in TestTabsContainer("main") },
            children: fixedScreens("home", "settings"))

        try await router.navigate(to: root(tabs))

        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    screen "home"
                    screen "settings"
                """)
    }

    /// Tabs with a predefined home stack and shop stack; the shop stack step is an
    /// `BuiltByContainerFactory`, selected once the tabs are on screen, and the product is pushed into it.
    private func productInPredefinedShop(journal: Journal) -> DestinationStep<ProductScreen, Int> {
        let tabs = StepAssembly(
            finder: ClassFinder<TestTabsContainer, Int>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { (_: Int) in TestTabsContainer("main") },
                children: shopTabs)
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
        let shopStack = StepAssembly(
            finder: PredicateFinder<TestNavigationContainer, Int> { stack, _ in stack.name == "shop-nav" },
            factory: BuiltByContainerFactory<TestNavigationContainer, Int>()
        )
        .using(TestTabsContainer.selectTab())
        .from(tabs)
        .assemble()
        return StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .using(TestNavigationContainer.push())
        .from(shopStack)
        .assemble()
    }

    @Test(
        "BuiltByContainerFactory finds the tab a predefined factory created once the tabs are shown, and pushes into it"
    )
    func builtByContainerFindsPredefinedTab() async throws {
        let journal = Journal()
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)

        let product = try await router.navigate(to: productInPredefinedShop(journal: journal), with: 5)

        #expect(product.name == "product 5")
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
        #expect(journal.lines == ["build product 5"])
    }

    @Test("BuiltByContainerFactory finds the existing tab on a later navigation and nothing else is rebuilt")
    func builtByContainerOnSecondNavigation() async throws {
        let journal = Journal()
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        let route = productInPredefinedShop(journal: journal)
        try await router.navigate(to: route, with: 5)
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

        try await router.navigate(to: route, with: 6)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "home-nav"
                      screen "home"
                    nav "shop-nav"
                      screen "list"
                      screen "product 5"
                      screen "product 6"
                """)
        #expect(journal.lines == ["build product 5", "build product 6"])
    }

    @Test("BuiltByContainerFactory whose container does not create the screen fails with screenNotFound")
    func builtByContainerMissing() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)
        let tabs = StepAssembly(
            finder: NilFinder<TestTabsContainer, Void>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in TestTabsContainer("main") }, children: fixedScreens("home"))
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
        let settings = StepAssembly(
            finder: PredicateFinder<TestScreen, Void> { screen, _ in screen.name == "settings" },
            factory: BuiltByContainerFactory<TestScreen, Void>()
        )
        .using(TestTabsContainer.selectTab())
        .from(tabs)
        .assemble()

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: settings) }

        #expect(error?.code == .screenNotFound)
        // The screens it looked at are named, so a misspelt condition shows beside the one meant.
        #expect(
            error?.found
                == "the finder found none of its screens (screen \"home\"); check the finder's condition, "
                + "and that the container's factory creates the screen")
        #expect(window.render() == splash)
    }

    /// Tabs built with the predefined tabs "home" and "settings", made the window's root.
    private var predefinedTabs: DestinationStep<TestTabsContainer, Void> {
        StepAssembly(
            finder: ClassFinder<TestTabsContainer, Void>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in TestTabsContainer("main") }, children: fixedScreens("home", "settings"))
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    @Test("addTab(.insert(at: 0)) puts the tab first among predefined tabs, on a warm start as on a cold start")
    func insertAmongPredefinedTabs() async throws {
        let shopFirst = screen("shop")
            .using(TestTabsContainer.addTab(.insert(at: 0)))
            .from(predefinedTabs)
            .assemble()
        let expected = """
            window
              tabs "main" selected=0
                screen "shop"
                screen "home"
                screen "settings"
            """
        let warmWindow = TestWindow(root: TestScreen("splash"))
        let warmRouter = DefaultRouter(window: warmWindow)
        try await warmRouter.navigate(to: predefinedTabs)
        try await warmRouter.navigate(to: shopFirst)
        #expect(warmWindow.render() == expected)
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)

        try await router.navigate(to: shopFirst)

        #expect(window.render() == expected)
    }

    @Test("addTab(.replace(at: 1)) replaces a predefined tab, on a cold start as on a warm start")
    func replacePredefinedTab() async throws {
        let saleInstead = screen("sale")
            .using(TestTabsContainer.addTab(.replace(at: 1)))
            .from(predefinedTabs)
            .assemble()
        let expected = """
            window
              tabs "main" selected=1
                screen "home"
                screen "sale"
            """
        let warmWindow = TestWindow(root: TestScreen("splash"))
        let warmRouter = DefaultRouter(window: warmWindow)
        try await warmRouter.navigate(to: predefinedTabs)
        try await warmRouter.navigate(to: saleInstead)
        #expect(warmWindow.render() == expected)
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        #expect(window.render() == splash)

        try await router.navigate(to: saleInstead)
        #expect(window.render() == expected)
    }
}
