import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Twin: appearance callbacks come in UIKit's order")
struct TwinLifecycleOrderTests {
    /// UIKit tells the leaving top screen first in both pairs, will-disappear before will-appear.
    @Test func pushCallsWillDisappearWillAppearThenDidDisappearDidAppear() async throws {
        let window = TwinFixtures.navigationWindow()
        let main = try TwinFixtures.navigation("main", in: window)

        try await main.push(TestScreen("list"), animated: true)

        #expect(
            window.lifecycle.lines == [
                "home: viewWillDisappear", "list: viewWillAppear", "home: viewDidDisappear", "list: viewDidAppear",
            ])
    }

    @Test func popCallsTheSameOrderWithTheRolesSwapped() async throws {
        let window = TwinFixtures.navigationWindow()
        let main = try TwinFixtures.navigation("main", in: window)
        let home = try TwinFixtures.screen("home", in: window)
        try await main.push(TestScreen("list"), animated: false)
        window.lifecycle.clear()

        try await main.setStack([home], animated: true)

        #expect(
            window.lifecycle.lines == [
                "list: viewWillDisappear", "home: viewWillAppear", "list: viewDidDisappear", "home: viewDidAppear",
            ])
    }

    @Test func aFullScreenPresentationCallsWillDisappearWillAppearThenDidAppearDidDisappear() async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        let modal = TestNavigationContainer("modal", stack: [TestScreen("login")])
        modal.modalStyle = .fullScreen

        try await home.presentScreen(modal, animated: true)

        #expect(
            window.lifecycle.lines == [
                "main: viewWillDisappear", "home: viewWillDisappear",
                "modal: viewWillAppear", "login: viewWillAppear",
                "modal: viewDidAppear", "login: viewDidAppear",
                "main: viewDidDisappear", "home: viewDidDisappear",
            ])
    }

    @Test(arguments: [TestModalStyle.pageSheet, .formSheet, .overCurrentContext])
    func aSheetOrAnOverCurrentContextPresentationLeavesThePresenterOnScreen(style: TestModalStyle) async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        let sheet = TestScreen("sheet")
        sheet.modalStyle = style

        try await home.presentScreen(sheet, animated: true)
        try await home.dismissPresentedScreen(animated: true)

        #expect(
            window.lifecycle.lines == [
                "sheet: viewWillAppear", "sheet: viewDidAppear",
                "sheet: viewWillDisappear", "sheet: viewDidDisappear",
            ])
    }

    @Test func dismissingAFullScreenPresentationCallsWillDisappearWillAppearThenDidAppearDidDisappear() async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        let modal = TestNavigationContainer("modal", stack: [TestScreen("login")])
        modal.modalStyle = .fullScreen
        try await home.presentScreen(modal, animated: false)
        window.lifecycle.clear()

        try await home.dismissPresentedScreen(animated: true)

        #expect(
            window.lifecycle.lines == [
                "modal: viewWillDisappear", "login: viewWillDisappear",
                "main: viewWillAppear", "home: viewWillAppear",
                "main: viewDidAppear", "home: viewDidAppear",
                "modal: viewDidDisappear", "login: viewDidDisappear",
            ])
    }

    @Test func aCurrentContextPresentationHidesOnlyItsContextAndRevealsItOnDismissal() async throws {
        let window = TwinFixtures.shopWindow()
        let products = try TwinFixtures.navigation("products", in: window)
        products.definesPresentationContext = true
        let filter = TestScreen("filter")
        filter.modalStyle = .currentContext
        window.lifecycle.clear()

        try await TwinFixtures.screen("product 42", in: window).presentScreen(filter, animated: true)
        #expect(
            window.lifecycle.lines == [
                "products: viewWillDisappear", "product 42: viewWillDisappear",
                "filter: viewWillAppear", "filter: viewDidAppear",
                "products: viewDidDisappear", "product 42: viewDidDisappear",
            ])
        window.lifecycle.clear()

        try await products.dismissPresentedScreen(animated: true)
        #expect(
            window.lifecycle.lines == [
                "filter: viewWillDisappear",
                "products: viewWillAppear", "product 42: viewWillAppear",
                "products: viewDidAppear", "product 42: viewDidAppear",
                "filter: viewDidDisappear",
            ])
    }

    /// UIKit passes a full-screen request from a screen that covers only its context on to one that
    /// covers the window: the tabs present the alert, and it hides the whole window.
    @Test func aFullScreenPresentationFromAContextPresentationIsHostedByTheWindowsLevelAndHidesIt() async throws {
        let window = TwinFixtures.shopWindow()
        try TwinFixtures.navigation("products", in: window).definesPresentationContext = true
        let filter = TestScreen("filter")
        filter.modalStyle = .currentContext
        try await TwinFixtures.screen("product 42", in: window).presentScreen(filter, animated: false)
        window.lifecycle.clear()
        let alert = TestScreen("alert")
        alert.modalStyle = .fullScreen

        try await filter.presentScreen(alert, animated: true)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "shop"
                      screen "home"
                    nav "products"
                      screen "list"
                      screen "product 42"
                    presented currentContext:
                      screen "filter"
                  presented fullScreen:
                    screen "alert"
                """)
        #expect(window.current?.name == "alert")
        #expect(
            window.lifecycle.lines == [
                "main: viewWillDisappear", "filter: viewWillDisappear", "alert: viewWillAppear",
                "alert: viewDidAppear", "main: viewDidDisappear", "filter: viewDidDisappear",
            ])
    }

    @Test func switchingTabsTellsTheOldTabFirstInBothPairsLikeAPush() async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root as? TestTabsContainer)
        window.lifecycle.clear()

        try await tabs.selectTab(at: 0)

        #expect(
            window.lifecycle.lines == [
                "products: viewWillDisappear", "product 42: viewWillDisappear",
                "shop: viewWillAppear", "home: viewWillAppear",
                "products: viewDidDisappear", "product 42: viewDidDisappear",
                "shop: viewDidAppear", "home: viewDidAppear",
            ])
    }

    @Test func theRootAppearsWithItsVisibleChildrenParentFirst() {
        let window = TwinFixtures.shopWindow()
        #expect(
            window.lifecycle.events == [
                LifecycleEvent(screenName: "main", kind: .willAppear),
                LifecycleEvent(screenName: "products", kind: .willAppear),
                LifecycleEvent(screenName: "product 42", kind: .willAppear),
                LifecycleEvent(screenName: "main", kind: .didAppear),
                LifecycleEvent(screenName: "products", kind: .didAppear),
                LifecycleEvent(screenName: "product 42", kind: .didAppear),
            ])
    }

    @Test func aHiddenTabAndAScreenOutsideTheWindowGetNoCallbacks() async throws {
        let window = TwinFixtures.shopWindow()
        window.lifecycle.clear()

        try await TwinFixtures.navigation("shop", in: window).push(TestScreen("offers"), animated: true)
        let loose = TestNavigationContainer("loose", stack: [TestScreen("a")])
        try await loose.push(TestScreen("b"), animated: true)
        #expect(window.lifecycle.lines.isEmpty)

        // A stack that has left the window logs nothing to it either, though it was on screen.
        let tabs = try #require(window.root as? TestTabsContainer)
        let products = try TwinFixtures.navigation("products", in: window)
        let shop = try TwinFixtures.navigation("shop", in: window)
        try await tabs.setTabs([shop], selectedIndex: 0, animated: false)
        #expect(window.lifecycle.lines.contains("products: viewDidDisappear"))
        window.lifecycle.clear()
        try await products.push(TestScreen("late"), animated: true)
        #expect(window.lifecycle.lines.isEmpty)
    }

    /// The did-callbacks of a transition follow the tree as it is when the transition ends: a stack
    /// set back while an animated push runs leaves the pushed screen, which has left the tree, last
    /// told `viewDidDisappear`, and the screen on screen last told `viewDidAppear`; the push, when
    /// it ends, tells neither again.
    @Test func didCallbacksOfARunningPushFollowTheTreeAsItIsWhenItEnds() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let main = try TwinFixtures.navigation("main", in: window)
        let home = try TwinFixtures.screen("home", in: window)

        let push = Task { try await main.push(TestScreen("pushed"), animated: true) }
        await clock.waitForPendingTransition()
        try await main.setStack([home], animated: false)
        #expect(clock.advance())
        try await push.value

        #expect(window.current === home)
        #expect(lastEvent(of: "pushed", in: window) == "pushed: viewDidDisappear")
        #expect(lastEvent(of: "home", in: window) == "home: viewDidAppear")
        #expect(
            window.lifecycle.lines == [
                "home: viewWillDisappear", "pushed: viewWillAppear",
                "pushed: viewWillDisappear", "home: viewWillAppear", "pushed: viewDidDisappear", "home: viewDidAppear",
            ])
    }

    /// A second push while an animated one runs: when the first ends, the screen it covered, still
    /// hidden, gets its `viewDidDisappear`; the screen it pushed, covered since, gets no
    /// `viewDidAppear`.
    @Test func aRunningPushThatEndsUnderAnotherTellsOnlyWhatIsStillTrue() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let main = try TwinFixtures.navigation("main", in: window)

        let push = Task { try await main.push(TestScreen("first"), animated: true) }
        await clock.waitForPendingTransition()
        try await main.push(TestScreen("second"), animated: false)
        #expect(clock.advance())
        try await push.value

        #expect(window.current?.name == "second")
        #expect(
            window.lifecycle.lines == [
                "home: viewWillDisappear", "first: viewWillAppear",
                "first: viewWillDisappear", "second: viewWillAppear", "first: viewDidDisappear",
                "second: viewDidAppear",
                "home: viewDidDisappear",
            ])
    }

    private func lastEvent(of name: String, in window: TestWindow) -> String? {
        window.lifecycle.lines.last { $0.hasPrefix("\(name): ") }
    }
}
