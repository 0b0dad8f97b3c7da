import Composer
import ComposerTesting
import Testing

/// `addTab()` at every placement, with indices in and out of range, and `selectTab()`, on a tab
/// container that is already on screen.
@MainActor
@Suite("Built-in tab actions")
struct BuiltinTabActionTests {
    private let twoTabs = """
        window
          tabs "main" selected=0
            screen "home"
            screen "shop"
        """

    private func twoTabWindow() -> TestWindow {
        TestWindow(root: TestTabsContainer("main", tabs: [TestScreen("home"), TestScreen("shop")], selectedIndex: 0))
    }

    @Test("addTab() appends the new tab after the last one and selects it")
    func appendSelectsNewTab() async throws {
        let window = twoTabWindow()
        let router = DefaultRouter(window: window)
        #expect(window.render() == twoTabs)

        try await router.navigate(to: BuiltinChains.newScreen("profile", TestTabsContainer.addTab()))

        #expect(
            window.render() == """
                window
                  tabs "main" selected=2
                    screen "home"
                    screen "shop"
                    screen "profile"
                """)
        #expect(window.current?.name == "profile")
    }

    @Test("addTab(.insert(at:)) inserts the tab at the index, moves later tabs right and selects it")
    func insertAtIndex() async throws {
        let window = twoTabWindow()
        let router = DefaultRouter(window: window)
        #expect(window.render() == twoTabs)

        try await router.navigate(to: BuiltinChains.newScreen("profile", TestTabsContainer.addTab(.insert(at: 1))))

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    screen "home"
                    screen "profile"
                    screen "shop"
                """)
    }

    @Test("addTab(.insert(at: count)) is valid and puts the tab last")
    func insertAtCount() async throws {
        let window = twoTabWindow()
        let router = DefaultRouter(window: window)
        #expect(window.render() == twoTabs)

        try await router.navigate(to: BuiltinChains.newScreen("profile", TestTabsContainer.addTab(.insert(at: 2))))

        #expect(
            window.render() == """
                window
                  tabs "main" selected=2
                    screen "home"
                    screen "shop"
                    screen "profile"
                """)
    }

    @Test("addTab(.replace(at:)) puts the tab in place of the old one, selects it and releases the old tab")
    func replaceAtIndex() async throws {
        let window = TestWindow(
            root: TestTabsContainer(
                "main",
                tabs: [TestScreen("home"), TestNavigationContainer("shop-nav", stack: [TestScreen("list")])],
                selectedIndex: 0))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    screen "home"
                    nav "shop-nav"
                      screen "list"
                """)

        try await router.navigate(to: BuiltinChains.newScreen("sale", TestTabsContainer.addTab(.replace(at: 1))))

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    screen "home"
                    screen "sale"
                """)
        #expect(window.memory.isReleased("shop-nav"))
        #expect(window.memory.isReleased("list"))
        #expect(window.memory.liveNames == ["home", "main", "sale"])
    }

    @Test(
        "addTab() with an index out of range fails, names the index and the valid range, and changes nothing",
        arguments: [
            (TabPlacement.insert(at: 3), "cannot insert a tab at index 3: there are 2 tab(s), valid indices are 0...2"),
            (.insert(at: -1), "cannot insert a tab at index -1: there are 2 tab(s), valid indices are 0...2"),
            (.replace(at: 2), "cannot replace the tab at index 2: there are 2 tab(s), valid indices are 0...1"),
            (.replace(at: -1), "cannot replace the tab at index -1: there are 2 tab(s), valid indices are 0...1"),
        ])
    func outOfRangeIndex(placement: TabPlacement, message: String) async throws {
        let window = twoTabWindow()
        let router = DefaultRouter(window: window)
        #expect(window.render() == twoTabs)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: BuiltinChains.newScreen("profile", TestTabsContainer.addTab(placement)))
        }

        #expect(error?.code == .actionFailed)
        #expect(actionMessage(error) == message)
        #expect(error?.description.contains(message) == true)
        #expect(window.render() == twoTabs)
    }

    @Test("addTab(.replace(at: 0)) on a tab container without tabs fails and says there are no tabs")
    func replaceOnEmptyTabs() async throws {
        let window = TestWindow(root: TestTabsContainer("main"))
        let router = DefaultRouter(window: window)
        let before = """
            window
              tabs "main" selected=none
            """
        #expect(window.render() == before)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(
                to: BuiltinChains.newScreen("profile", TestTabsContainer.addTab(.replace(at: 0))))
        }

        #expect(error?.code == .actionFailed)
        #expect(actionMessage(error) == "cannot replace the tab at index 0: there are 0 tab(s)")
        #expect(window.render() == before)
    }

    @Test("addTab() refuses a screen that is already one of the tabs")
    func addExistingTab() async throws {
        let window = twoTabWindow()
        let router = DefaultRouter(window: window)
        #expect(window.render() == twoTabs)
        let shop = try #require(window.screen(named: "shop"))

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(
                to: BuiltinChains.screen(ClosureFactory { _ in shop }, TestTabsContainer.addTab()))
        }

        #expect(error?.code == .actionFailed)
        #expect(actionMessage(error) == "screen \"shop\" is already a tab")
        #expect(window.render() == twoTabs)
    }

    @Test("selectTab() selects a screen that is one of the tabs")
    func selectExistingTab() async throws {
        let window = twoTabWindow()
        let router = DefaultRouter(window: window)
        #expect(window.render() == twoTabs)
        let shop = try #require(window.screen(named: "shop"))

        try await router.navigate(to: BuiltinChains.screen(ClosureFactory { _ in shop }, TestTabsContainer.selectTab()))

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    screen "home"
                    screen "shop"
                """)
    }

    @Test("selectTab() on a screen that is not a tab fails, names the screen, and changes nothing")
    func selectScreenThatIsNotATab() async throws {
        let window = twoTabWindow()
        let router = DefaultRouter(window: window)
        #expect(window.render() == twoTabs)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: BuiltinChains.newScreen("stranger", TestTabsContainer.selectTab()))
        }

        #expect(error?.code == .actionFailed)
        #expect(actionMessage(error) == "screen \"stranger\" is not one of the 2 tab(s), so it cannot be selected")
        #expect(window.render() == twoTabs)
    }

    @Test("addTab() with an index out of range on a tab container built in the same navigation is an action failure")
    func outOfRangeIndexIntoNewTabs() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        let before = """
            window
              screen "splash"
            """
        #expect(window.render() == before)
        let tabs = StepAssembly(
            finder: NilFinder<TestTabsContainer, Void>(),
            factory: TabsContainerFactory { _ in TestTabsContainer("main") }
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
        let profile = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("profile") }
        )
        .using(TestTabsContainer.addTab(.insert(at: 1)))
        .from(tabs)
        .assemble()

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: profile) }

        #expect(
            actionMessage(error) == "cannot insert a tab at index 1: there are 0 tab(s), valid indices are 0...0")
        #expect(window.render() == before)
        #expect(error?.code == .actionFailed)
    }

    @Test("addTab(.replace(at:)) does not drop a tab that refuses to be dismissed: the navigation fails")
    func replaceAsksVetoingTab() async throws {
        let window = twoTabWindow()
        try #require(window.screen(named: "shop")).canBeDismissed = false
        let router = DefaultRouter(window: window)
        #expect(window.render() == twoTabs)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(
                to: BuiltinChains.newScreen("sale", TestTabsContainer.addTab(.replace(at: 1))))
        }
        #expect(error?.code == .dismissalRefused)
        #expect(window.render() == twoTabs)
    }

    @Test(
        "a new stack added as a tab and a screen pushed onto it are two changes: the screen goes into the stack, not the tabs"
    )
    func pushOntoANewTabIsItsOwnChange() async throws {
        let window = twoTabWindow()
        let router = DefaultRouter(window: window)
        // The stack comes from a plain factory (not a container factory), so the push is not merged
        // into it before it is shown: the two container actions have different targets.
        let newStack = StepAssembly(
            finder: NilFinder<TestNavigationContainer, Void>(),
            factory: ClosureFactory { _ in TestNavigationContainer("orders") }
        )
        .using(TestTabsContainer.addTab())
        .from(GeneralStep.custom(ClassFinder<TestTabsContainer, Void>()))
        .assemble()
        let order = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("order") }
        )
        .using(TestNavigationContainer.push())
        .from(newStack)
        .assemble()

        try await router.navigate(to: order, animated: false)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=2
                    screen "home"
                    screen "shop"
                    nav "orders"
                      screen "order"
                """)
        #expect(window.current?.name == "order")
    }
}
