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
}
