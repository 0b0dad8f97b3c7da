import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Twin: screens that leave the tree are released")
struct TwinMemoryTests {
    @Test func poppedScreensAreReleased() async throws {
        let window = TestWindow(
            root: TestNavigationContainer(
                "main", stack: [TestScreen("home"), TestScreen("list"), TestScreen("product")]))
        let main = try TwinFixtures.navigation("main", in: window)
        #expect(window.memory.liveNames == ["home", "list", "main", "product"])

        try await main.setStack(Array(main.stack.prefix(1)), animated: true)

        #expect(window.memory.releasedNames == ["list", "product"])
        #expect(window.memory.liveNames == ["home", "main"])
        #expect(window.memory.isReleased("list"))
        #expect(!window.memory.isReleased("home"))
        #expect(!window.memory.isReleased("never seen"))
    }

    @Test func dismissedScreensAreReleasedWhenTheDismissalEnds() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let home = try TwinFixtures.screen("home", in: window)
        try await home.presentScreen(TestNavigationContainer("modal", stack: [TestScreen("login")]), animated: false)
        try await TwinFixtures.screen("login", in: window).presentScreen(TestScreen("terms"), animated: false)

        let dismissal = Task { try await home.dismissPresentedScreen(animated: true) }
        await clock.waitForPendingTransition()
        #expect(window.memory.releasedNames.isEmpty)

        clock.advance()
        try await dismissal.value
        #expect(window.memory.releasedNames == ["login", "modal", "terms"])
        #expect(window.memory.liveNames == ["home", "main"])
    }

    @Test func removedTabsAndAReplacedRootAreReleased() async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root as? TestTabsContainer)
        try await TwinFixtures.screen("home", in: window).presentScreen(TestScreen("promo"), animated: false)

        try await tabs.setTabs(Array(tabs.tabScreens.prefix(1)), selectedIndex: 0, animated: false)
        #expect(window.memory.releasedNames == ["list", "product 42", "products"])

        try await window.setRootScreen(TestScreen("onboarding"), animated: true)
        #expect(window.memory.liveNames == ["home", "main", "onboarding", "shop"])
        #expect(window.memory.isReleased("promo"))
        #expect(tabs.presentedScreen == nil)
    }

    /// The tracker learns of newcomers from attachments, not from a walk of the whole tree: a
    /// screen that joined a container while that container was out of the window is tracked once
    /// the container comes back, and a screen presented from inside a pushed stack is tracked too.
    @Test func screensThatJoinedOfflineAreTrackedWhenTheyEnter() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let home = try TwinFixtures.screen("home", in: window)
        let inner = TestNavigationContainer("inner", stack: [TestScreen("first")])
        try await home.presentScreen(inner, animated: false)
        #expect(window.memory.liveNames == ["first", "home", "inner", "main"])

        try await home.dismissPresentedScreen(animated: false)
        try await inner.setStack(inner.stack + [TestScreen("joined offline")], animated: false)
        try await home.presentScreen(TestScreen("interlude"), animated: false)
        try await home.dismissPresentedScreen(animated: false)
        #expect(window.memory.liveNames == ["first", "home", "inner", "main"])

        try await home.presentScreen(inner, animated: false)
        try await TwinFixtures.screen("joined offline", in: window).presentScreen(TestScreen("sheet"), animated: false)
        #expect(window.memory.liveNames == ["first", "home", "inner", "joined offline", "main", "sheet"])
    }

    /// Screens do not hold their container or presenter weakly (see `TestScreen.parentPointer`); a
    /// screen the test still holds after its container or host was deallocated must answer `nil`,
    /// never a freed object, and can join another tree.
    @Test func aScreenOutlivingItsContainerOrHostHasNoParentOrPresenter() async throws {
        let held = TestScreen("held")
        let sheet = TestScreen("sheet")
        let column = TestScreen("column")
        let menu = TestScreen("menu")
        weak var released: TestScreen?
        do {
            let stack = TestNavigationContainer("stack", stack: [held])
            let tabs = TestTabsContainer("tabs", tabs: [stack], selectedIndex: 0)
            let split = TestSplitContainer("split", primary: column, secondary: nil)
            let side = TestSideMenuContainer("side", menu: menu, content: nil)
            let window = TestWindow(root: tabs)
            try await held.presentScreen(sheet, animated: false)
            #expect(held.parentScreen === stack)
            #expect(sheet.presentingScreen === tabs)
            #expect(column.parentScreen === split && menu.parentScreen === side)
            try await window.setRootScreen(TestScreen("elsewhere"), animated: false)
            released = tabs
        }
        #expect(released == nil)
        #expect(held.parentScreen == nil)
        #expect(held.presentedScreen == nil)
        #expect(sheet.presentingScreen == nil)
        #expect(column.parentScreen == nil && menu.parentScreen == nil)

        let root = TestNavigationContainer("root of a window that goes away")
        do {
            let window = TestWindow(root: root)
            #expect(root.containingWindow === window)
        }
        #expect(root.containingWindow == nil)

        let window = TestWindow(root: TestNavigationContainer("again", stack: [held]))
        #expect(held.parentScreen === window.root)
        #expect(window.render().contains("screen \"held\""))
    }
}
