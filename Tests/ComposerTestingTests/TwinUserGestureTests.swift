import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// The user's gestures (the back button, a tab tap, a sheet swiped down) as UIKit lets the user
/// make them.
@MainActor
@Suite("Twin: the user's gestures follow UIKit")
struct TwinUserGestureTests {
    /// UIKit's `UITabBarController` overview: a user tap always shows the tab's root view, "even if
    /// the tab was already selected"; for a navigation controller in the tab, tapping its selected
    /// tab again pops it to its root.
    @Test func tappingTheSelectedTabAgainPopsItsStackToTheRoot() async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root as? TestTabsContainer)
        let router = DefaultRouter(window: window)
        var reported: [String] = []
        router.addObserver { reported.append($0.description) }
        window.lifecycle.clear()

        try await tabs.userSelectTab(at: 1)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "shop"
                      screen "home"
                    nav "products"
                      screen "list"
                """)
        #expect(
            window.lifecycle.lines == [
                "product 42: viewWillDisappear", "list: viewWillAppear",
                "product 42: viewDidDisappear", "list: viewDidAppear",
            ])
        #expect(reported == [#"user: screen "product 42" -> screen "list""#])
    }

    /// A screen the re-tap's pop would remove that refuses to leave (unsaved edits) keeps the
    /// stack, as the UIKit adapter refuses that tap in `tabBarController(_:shouldSelect:)`.
    @Test func tappingTheSelectedTabAgainKeepsAScreenThatRefusesToLeave() async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root as? TestTabsContainer)
        let product = try TwinFixtures.screen("product 42", in: window)
        product.canBeDismissed = false
        let before = window.render()
        window.lifecycle.clear()

        await #expect(
            throws: UserGestureError.popToRootVetoed(navigation: #"nav "products""#, refusing: #"screen "product 42""#)
        ) {
            try await tabs.userSelectTab(at: 1)
        }

        #expect(window.render() == before)
        #expect(window.lifecycle.lines.isEmpty)
        product.canBeDismissed = true
        try await tabs.userSelectTab(at: 1)
        #expect(window.current.map { "\($0)" } == #"screen "list""#)
    }

    /// Tapping the selected tab again when its stack shows its root, or when the tab is no
    /// navigation container, changes nothing.
    @Test func tappingTheSelectedTabAgainOnItsRootChangesNothing() async throws {
        let tabs = TestTabsContainer(
            "main", tabs: [TestNavigationContainer("shop", stack: [TestScreen("home")]), TestScreen("about")])
        let window = TestWindow(root: tabs)
        let before = window.render()
        window.lifecycle.clear()

        try await tabs.userSelectTab(at: 0)

        #expect(window.lifecycle.lines.isEmpty)
        #expect(window.render() == before)

        try await tabs.selectTab(at: 1)
        window.lifecycle.clear()
        try await tabs.userSelectTab(at: 1)

        #expect(window.lifecycle.lines.isEmpty)
        #expect(tabs.selectedTabIndex == 1)
    }

    /// The back button of a stack in a tab that is not selected is not on screen: no user can tap
    /// it, so the gesture is refused and nothing changes.
    @Test func theUserCannotTapBackInATabThatIsNotSelected() async throws {
        let shop = TestNavigationContainer("shop", stack: [TestScreen("home"), TestScreen("cart")])
        let tabs = TestTabsContainer(
            "main", tabs: [shop, TestNavigationContainer("products", stack: [TestScreen("list")])], selectedIndex: 1)
        let window = TestWindow(root: tabs)
        let before = window.render()

        await #expect(throws: UserGestureError.notOnScreen(screen: #"nav "shop""#)) {
            try await shop.userPop(animated: false)
        }
        #expect(window.render() == before)
    }

    /// The tab bar of a tab container inside a tab that is not selected is not on screen either.
    @Test func theUserCannotTapATabBarThatIsNotOnScreen() async throws {
        let inner = TestTabsContainer("inner", tabs: [TestScreen("a"), TestScreen("b")])
        let window = TestWindow(root: TestTabsContainer("outer", tabs: [inner, TestScreen("c")], selectedIndex: 1))
        let before = window.render()

        await #expect(throws: UserGestureError.notOnScreen(screen: #"tabs "inner""#)) {
            try await inner.userSelectTab(at: 1)
        }
        #expect(window.render() == before)
    }

    /// A sheet presented inside a tab's context (from a context presentation its stack hosts) stays
    /// with the tab when another is selected: the user cannot swipe it down from there.
    @Test func theUserCannotSwipeDownASheetInATabThatIsNotSelected() async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root as? TestTabsContainer)
        let filter = TestScreen("filter")
        filter.modalStyle = .overCurrentContext
        let sheet = TestScreen("sheet")
        try await tabs.selectTab(at: 0)
        try await TwinFixtures.screen("home", in: window).presentScreen(filter, animated: false)
        try await filter.presentScreen(sheet, animated: false)
        try await tabs.selectTab(at: 1)
        let before = window.render()

        await #expect(throws: UserGestureError.notOnScreen(screen: #"screen "sheet""#)) {
            try await sheet.userSwipeDown(animated: false)
        }
        #expect(window.render() == before)
        #expect(before.contains("presented automatic (as pageSheet):"))
    }
}
