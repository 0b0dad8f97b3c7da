import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// The twin's own containers for an app's containers: the wrapper, the side menu and the stack
/// that wraps every screen.
@MainActor
@Suite("Twin app containers")
struct TwinAppContainerRulesTests {
    @Test("Showing a panel animated runs one transition on the clock; did-callbacks come when it ends")
    func showPanelWaitsForTheClock() async {
        let menu = TestSideMenuContainer(
            "app", menu: TestScreen("menu"), content: TestWrapperContainer(content: TestScreen("home")),
            shownPanel: .menu)
        let window = TestWindow(root: menu, clock: TransitionClock(mode: .manual))
        window.lifecycle.clear()

        let showing = Task { await menu.showPanel(.content, animated: true) }
        await window.clock.waitForPendingTransition()

        #expect(window.clock.pendingTransitions == [#"show content of sidemenu "app""#])
        #expect(
            window.lifecycle.lines == ["menu: viewWillDisappear", "[home]: viewWillAppear", "home: viewWillAppear"])
        window.clock.advanceAll()
        await showing.value
        #expect(
            window.lifecycle.lines == [
                "menu: viewWillDisappear", "[home]: viewWillAppear", "home: viewWillAppear",
                "menu: viewDidDisappear", "[home]: viewDidAppear", "home: viewDidAppear",
            ])
        #expect(
            window.render() == """
                window
                  sidemenu "app" visible=1
                    screen "menu"
                    wrapper "[home]"
                      screen "home"
                """)
    }

    @Test("A wrapper refuses a content screen already in a tree and stays empty, saying why")
    func wrapperRefusesScreenInTree() {
        let inStack = TestScreen("home")
        let navigation = TestNavigationContainer("main", stack: [inStack])

        let wrapper = TestWrapperContainer(content: inStack)

        #expect(wrapper.content == nil)
        #expect(
            wrapper.initializationErrors == [.alreadyInContainer(screen: #"screen "home""#, container: #"nav "main""#)])
        #expect(inStack.parentScreen === navigation)
    }

    @Test("Setting the stack keeps the wrappers of screens already in it and wraps the new ones")
    func setStackReusesWrappers() async throws {
        let home = TestScreen("home")
        let list = ListScreen()
        let navigation = TestWrappingNavigationContainer("main", screens: [home, list])
        let homeWrapper = try #require(navigation.stackScreens.first)
        _ = TestWindow(root: navigation)

        try await navigation.setStack([home, ProductScreen(3)], animated: false)

        #expect(navigation.stackScreens.first === homeWrapper)
        #expect(navigation.contentScreens.map(\.name) == ["home", "product 3"])
        #expect(list.parentScreen == nil)
    }

    @Test("A wrapping stack refuses what a navigation stack refuses, and changes nothing")
    func wrappingStackRefusals() async throws {
        let navigation = TestWrappingNavigationContainer("main", screens: [TestScreen("home")])
        let window = TestWindow(root: navigation)
        let before = window.render()
        let elsewhere = TestScreen("elsewhere")
        let other = TestNavigationContainer("other", stack: [elsewhere])
        let fresh = TestScreen("fresh")

        await #expect(
            throws: TestScreenError.navigationInsideNavigation(screen: #"nav "inner""#, navigation: #"wrapnav "main""#)
        ) {
            try await navigation.setStack([fresh, TestNavigationContainer("inner")], animated: false)
        }
        await #expect(
            throws: TestScreenError.alreadyInContainer(screen: #"screen "elsewhere""#, container: #"nav "other""#)
        ) {
            try await navigation.setStack([fresh, elsewhere], animated: false)
        }
        await #expect(throws: TestScreenError.duplicateChild(screen: #"screen "fresh""#, container: #"wrapnav "main""#))
        {
            try await navigation.setStack([fresh, fresh], animated: false)
        }

        #expect(window.render() == before)
        #expect(fresh.parentScreen == nil)
        #expect(elsewhere.parentScreen === other)
    }

    @Test("A wrapping stack refuses a bare screen that contains it, as a navigation stack does")
    func wrappingStackRefusesItsOwnAncestor() async throws {
        let navigation = TestWrappingNavigationContainer("inner", screens: [TestScreen("home")])
        let tabs = TestTabsContainer("tabs", tabs: [navigation], selectedIndex: 0)
        let before = ScreenTreeRenderer().render(tabs)

        await #expect(
            throws: TestScreenError.wouldContainItself(screen: #"tabs "tabs""#, container: #"wrapnav "inner""#)
        ) {
            try await navigation.setStack(navigation.stack + [tabs], animated: false)
        }

        #expect(ScreenTreeRenderer().render(tabs) == before)
        #expect(navigation.contentScreens.map(\.name) == ["home"])
    }

    /// The side menu shares the split view's slot adoption.
    @Test("One screen given as both panels fills the menu panel only, and the refusal is recorded")
    func aSideMenuDoesNotTakeOneScreenAsBothPanels() {
        let page = TestScreen("page")
        let menu = TestSideMenuContainer("drawer", menu: page, content: page)

        #expect(
            menu.initializationErrors == [.duplicateChild(screen: #"screen "page""#, container: #"sidemenu "drawer""#)])
        #expect(menu.menu === page)
        #expect(page.parentScreen === menu)
        #expect(menu.content == nil)
        #expect(menu.childScreens.count == 1)
    }
}
