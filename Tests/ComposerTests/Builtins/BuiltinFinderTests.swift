import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// Which screen each built-in finder finds, and which screens each `SearchOptions` looks at, on a
/// tree with tabs, stacks and a presented modal.
@MainActor
@Suite("Built-in finders and search options")
struct BuiltinFinderTests {
    private let tabs = """
        window
          tabs "main" selected=0
            nav "home-nav"
              screen "home"
              screen "feed"
            nav "shop-nav"
              screen "list"
              screen "product 7"
        """

    private var tabsUnderModal: String {
        tabs + """

              presented automatic (as pageSheet):
                nav "modal-nav"
                  screen "login"
                  screen "otp"
            """
    }

    /// Two tabs of stacks: home selected, the shop with a list and product 7.
    private func windowWithTabs() -> TestWindow {
        TestWindow(
            root: TestTabsContainer(
                "main",
                tabs: [
                    TestNavigationContainer("home-nav", stack: [TestScreen("home"), TestScreen("feed")]),
                    TestNavigationContainer("shop-nav", stack: [ListScreen(), ProductScreen(7)]),
                ], selectedIndex: 0))
    }

    /// ``windowWithTabs()`` under a modal stack.
    private func windowWithTabsUnderModal() async throws -> TestWindow {
        let window = windowWithTabs()
        try await #require(window.root).presentScreen(
            TestNavigationContainer("modal-nav", stack: [TestScreen("login"), TestScreen("otp")]), animated: false)
        return window
    }

    @Test(
        "SearchOptions select the screens a finder looks at, nearest to the user first",
        arguments: [
            (SearchOptions.current, ["otp"]),
            (.currentVisible, ["otp", "modal-nav"]),
            (.currentAllStack, ["otp", "modal-nav", "login"]),
            (.currentAndParents, ["otp", "modal-nav"]),
            (.presenting, ["main", "home-nav", "feed"]),
            (.all, ["otp", "modal-nav", "login", "main", "home-nav", "feed", "home", "shop-nav", "list", "product 7"]),
        ])
    func searchOptionsCandidates(options: SearchOptions, expected: [String]) async throws {
        let window = try await windowWithTabsUnderModal()
        #expect(window.render() == tabsUnderModal)

        let candidates = ScreenSearch.candidates(in: ScreenTree(window: window), options: options)

        #expect(screenNames(candidates) == expected)
        #expect(window.render() == tabsUnderModal)
    }

    @Test("A search that starts at the root level looks at the root's current screen, then at what it presents")
    func searchFromRoot() async throws {
        let window = try await windowWithTabsUnderModal()
        #expect(window.render() == tabsUnderModal)

        let candidates = ScreenSearch.candidates(
            in: ScreenTree(window: window), options: [.current, .visible, .presented], start: .root)

        #expect(screenNames(candidates) == ["feed", "main", "home-nav", "modal-nav", "otp"])
        #expect(window.render() == tabsUnderModal)
    }

    @Test("ClassFinder finds the screen of its class nearest to the user")
    func classFinderFindsNearest() async throws {
        let window = try await windowWithTabsUnderModal()
        let tree = ScreenTree(window: window)
        #expect(window.render() == tabsUnderModal)

        let stack = try ClassFinder<TestNavigationContainer, Void>().findScreen(with: (), in: tree)
        let tabs = try ClassFinder<TestTabsContainer, Void>().findScreen(with: (), in: tree)
        let visibleOnly = try ClassFinder<TestTabsContainer, Void>(options: .currentVisible)
            .findScreen(with: (), in: tree)

        #expect(stack?.name == "modal-nav")
        #expect(tabs?.name == "main")
        #expect(visibleOnly == nil)
        #expect(window.render() == tabsUnderModal)
    }

    @Test("Navigating to a ClassFinder's screen under a modal in a background tab reveals it and releases the rest")
    func classFinderRevealsAndReleases() async throws {
        let window = try await windowWithTabsUnderModal()
        let router = DefaultRouter(window: window)
        #expect(window.render() == tabsUnderModal)

        let list = try await router.navigate(to: GeneralStep.custom(ClassFinder<ListScreen, Void>()))

        #expect(list.name == "list")
        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "home-nav"
                      screen "home"
                      screen "feed"
                    nav "shop-nav"
                      screen "list"
                """)
        for name in ["modal-nav", "login", "otp", "product 7"] {
            #expect(window.memory.isReleased(name), "\(name) is still alive")
        }
        #expect(window.memory.liveNames == ["feed", "home", "home-nav", "list", "main", "shop-nav"])
    }

    @Test("A ClassFinder limited to the current stack does not find a screen under the modal: no anchor, no change")
    func classFinderWithNarrowOptions() async throws {
        let window = try await windowWithTabsUnderModal()
        let router = DefaultRouter(window: window)
        #expect(window.render() == tabsUnderModal)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: GeneralStep.custom(ClassFinder<ListScreen, Void>(options: .currentAllStack)))
        }

        #expect(error?.code == .noAnchor)
        #expect(error?.expected == "one step of the chain to find its screen (asked: ClassFinder<ListScreen, ()>)")
        // The screen on top is named: what the finders were asked from.
        #expect(error?.found == #"none of them found anything in the current tree (on screen: screen "otp")"#)
        #expect(window.render() == tabsUnderModal)
    }

    @Test("ClassWithContextFinder finds the screen that shows the navigation's context, not another of its class")
    func classWithContextFinder() async throws {
        let window = TestWindow(
            root: TestTabsContainer(
                "main",
                tabs: [
                    TestNavigationContainer("a-nav", stack: [ProductScreen(1)]),
                    TestNavigationContainer("b-nav", stack: [ProductScreen(2), TestScreen("reviews")]),
                ], selectedIndex: 0))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "a-nav"
                      screen "product 1"
                    nav "b-nav"
                      screen "product 2"
                      screen "reviews"
                """)

        let found = try await router.navigate(
            to: GeneralStep.custom(ClassWithContextFinder<ProductScreen, Int>()), with: 2)

        #expect(found.productID == 2)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "a-nav"
                      screen "product 1"
                    nav "b-nav"
                      screen "product 2"
                """)
        #expect(window.memory.isReleased("reviews"))
    }

    @Test("InstanceFinder finds its screen while it is in the tree and not once it has been removed")
    func instanceFinderOnlyInTree() async throws {
        let detail = TestScreen("detail")
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home"), detail]))
        let router = DefaultRouter(window: window)
        let finder = InstanceFinder<TestScreen, Void>(detail)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "detail"
                """)
        #expect(try finder.findScreen(with: (), in: ScreenTree(window: window)) === detail)

        try await router.navigate(to: BuiltinChains.existing("home"))

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
        #expect(!window.memory.isReleased("detail"))
        #expect(try finder.findScreen(with: (), in: ScreenTree(window: window)) == nil)
    }

    @Test("InstanceFinder does not keep its screen alive: a popped screen is released")
    func instanceFinderDoesNotRetain() async throws {
        let window = TestWindow(
            root: TestNavigationContainer("main", stack: [TestScreen("home"), TestScreen("detail")]))
        let router = DefaultRouter(window: window)
        let finder = InstanceFinder<TestScreen, Void>(try #require(window.screen(named: "detail")))
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "detail"
                """)
        #expect(try finder.findScreen(with: (), in: ScreenTree(window: window))?.name == "detail")

        try await router.navigate(to: BuiltinChains.existing("home"))

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
        #expect(window.memory.isReleased("detail"))
        #expect(window.memory.liveNames == ["home", "main"])
        #expect(try finder.findScreen(with: (), in: ScreenTree(window: window)) == nil)
    }

    @Test("InstanceFinder anchors a navigation at its screen and makes it visible")
    func instanceFinderNavigation() async throws {
        let home = TestScreen("home")
        let window = TestWindow(root: TestNavigationContainer("main", stack: [home, TestScreen("detail")]))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "detail"
                """)

        let found = try await router.navigate(to: GeneralStep.custom(InstanceFinder<TestScreen, Void>(home)))

        #expect(found === home)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
    }

    @Test("NilFinder never finds its screen, so its step is built on every navigation")
    func nilFinderAlwaysBuilds() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let page = BuiltinChains.newScreen("page", TestNavigationContainer.push())
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)

        try await router.navigate(to: page)
        try await router.navigate(to: page)

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "page"
                    screen "page"
                """)
        #expect(try NilFinder<TestScreen, Void>().findScreen(with: (), in: ScreenTree(window: window)) == nil)
    }

    @Test("PredicateFinder finds the screen for which its predicate holds with the navigation's context")
    func predicateFinderUsesContext() async throws {
        let window = try await windowWithTabsUnderModal()
        let router = DefaultRouter(window: window)
        let named = GeneralStep.custom(PredicateFinder<TestScreen, String> { screen, name in screen.name == name })
        #expect(window.render() == tabsUnderModal)

        try await router.navigate(to: named, with: "login")

        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "home-nav"
                      screen "home"
                      screen "feed"
                    nav "shop-nav"
                      screen "list"
                      screen "product 7"
                  presented automatic (as pageSheet):
                    nav "modal-nav"
                      screen "login"
                """)
        #expect(window.memory.isReleased("otp"))
    }

    @Test("PredicateFinder with .currentVisible does not look into a background tab")
    func predicateFinderRespectsOptions() async throws {
        // No modal: what keeps "list" out of reach is only that its tab is not selected.
        let window = windowWithTabs()
        let router = DefaultRouter(window: window)
        func named(_ options: SearchOptions) -> DestinationStep<TestScreen, String> {
            GeneralStep.custom(
                PredicateFinder<TestScreen, String>(options: options) { screen, name in screen.name == name })
        }
        #expect(window.render() == tabs)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: named(.currentVisible), with: "list")
        }
        #expect(error?.code == .noAnchor)
        #expect(window.render() == tabs)
        #expect(try await router.navigate(to: named(.currentVisible), with: "feed").name == "feed")
        #expect(try await router.navigate(to: named(.currentVisible), with: "home-nav").name == "home-nav")
        #expect(window.render() == tabs)

        // The same finder looking everywhere finds it, and the router selects its tab.
        #expect(try await router.navigate(to: named(.all), with: "list").name == "list")
        #expect(window.render().contains("tabs \"main\" selected=1"))
    }
}
