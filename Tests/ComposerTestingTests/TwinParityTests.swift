import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// UIKit rules of the parity table (`UIKitBehaviour.md`) that no other twin test pins.
@MainActor
@Suite("Twin: the remaining rows of the UIKit parity table")
struct TwinParityTests {
    /// A push onto the navigation stack around the current screen, for navigations through the router.
    private var detail: DestinationStep<TestScreen, Void> {
        StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("detail") })
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }

    @Test func tabChangesAreNeverAnimated() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.shopWindow(clock: clock)
        let tabs = try #require(window.root as? TestTabsContainer)
        window.lifecycle.clear()

        try await tabs.selectTab(at: 0)
        try await tabs.setTabs(tabs.tabScreens, selectedIndex: 1, animated: true)

        #expect(clock.pendingTransitions.isEmpty)
        #expect(
            window.lifecycle.lines == [
                "products: viewWillDisappear", "product 42: viewWillDisappear",
                "shop: viewWillAppear", "home: viewWillAppear",
                "products: viewDidDisappear", "product 42: viewDidDisappear",
                "shop: viewDidAppear", "home: viewDidAppear",
                "shop: viewWillDisappear", "home: viewWillDisappear",
                "products: viewWillAppear", "product 42: viewWillAppear",
                "shop: viewDidDisappear", "home: viewDidDisappear",
                "products: viewDidAppear", "product 42: viewDidAppear",
            ])
        #expect(tabs.selectedTabIndex == 1)
    }

    @Test func expandingGivesADetailShownWhileCollapsedBackToTheSecondaryColumn() async throws {
        let split = TestSplitContainer(
            "mail", primary: TestNavigationContainer("folders", stack: [TestScreen("inbox")]), isCollapsed: true)
        let window = TestWindow(root: split)
        try await split.showDetail(TestScreen("message"), animated: false)
        #expect(
            window.render() == """
                window
                  split "mail" collapsed
                    nav "folders"
                      screen "inbox"
                      screen "message"
                """)
        window.lifecycle.clear()

        split.isCollapsed = false

        #expect(
            window.render() == """
                window
                  split "mail" expanded
                    nav "folders"
                      screen "inbox"
                    screen "message"
                """)
        #expect(window.lifecycle.lines == ["inbox: viewWillAppear", "inbox: viewDidAppear"])
        #expect(window.current?.name == "message")
    }

    @Test func aNavigationStartedDuringARunningPopWaitsForItAndSeesThePoppedStack() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TestWindow(
            root: TestNavigationContainer("main", stack: [TestScreen("home"), TestScreen("list")]), clock: clock)
        let main = try TwinFixtures.navigation("main", in: window)
        let home = try TwinFixtures.screen("home", in: window)
        let router = DefaultRouter(window: window)

        // A pop the router did not start (a back button, a swipe that was let go) is still animating.
        let pop = Task { try await main.setStack([home], animated: true) }
        await clock.waitForPendingTransition()
        let navigation = Task { try await router.navigate(to: detail) }
        for _ in 0..<20 { await Task.yield() }

        #expect(clock.pendingTransitions == [#"pop to screen "home" on nav "main""#])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)

        clock.advance()
        try await pop.value
        await clock.waitForPendingTransition()
        #expect(clock.pendingTransitions == [#"push screen "detail" on nav "main""#])
        clock.advance()
        let shown = try await navigation.value

        #expect(shown.name == "detail")
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "detail"
                """)
        #expect(window.memory.isReleased("list"))
    }

    @Test func aNavigationStartedDuringARunningDismissalWaitsForItToEnd() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let home = try TwinFixtures.screen("home", in: window)
        try await home.presentScreen(TestScreen("modal"), animated: false)
        let router = DefaultRouter(window: window)

        let dismissal = Task { try await home.dismissPresentedScreen(animated: true) }
        await clock.waitForPendingTransition()
        let navigation = Task { try await router.navigate(to: detail) }
        for _ in 0..<20 { await Task.yield() }

        #expect(clock.pendingTransitions == [#"dismiss screen "modal" from nav "main""#])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    screen "modal" (dismissing)
                """)

        clock.advance()
        try await dismissal.value
        await clock.waitForPendingTransition()
        #expect(clock.pendingTransitions == [#"push screen "detail" on nav "main""#])
        clock.advance()
        _ = try await navigation.value

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "detail"
                """)
        #expect(window.memory.isReleased("modal"))
    }
}
