import Composer
import ComposerTesting
import Testing

/// The twin's own containers for an app's containers: the wrapper and the side menu.
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
}
