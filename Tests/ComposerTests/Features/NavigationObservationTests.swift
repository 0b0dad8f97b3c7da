import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Every jump seen")
struct NavigationObservationTests {
    let routes = ResultRoutes()
    let window = ResultRoutes.window()
    let router: DefaultRouter
    let events = EventLog()

    init() {
        router = DefaultRouter(window: window)
        router.addObserver { [events] in events.lines.append($0.description) }
    }

    @Test("The router's navigations are reported once each, in order, with the screen left and the screen shown")
    func routerNavigations() async throws {
        try await router.navigate(to: routes.pushed("list"), animated: false)
        try await router.navigate(to: routes.sheet("filters"), animated: false)
        try await router.navigate(to: routes.home, animated: false)
        #expect(
            events.lines == [
                #"router: screen "home" -> screen "list""#,
                #"router: screen "list" -> screen "filters""#,
                #"router: screen "filters" -> screen "home""#,
            ])
    }

    @Test("A navigation that leaves the current screen in place, or fails before changing it, reports nothing")
    func noChangeNoEvent() async throws {
        #expect(window.current?.name == "home")
        try await router.navigate(to: routes.home, animated: false)
        #expect(events.lines.isEmpty, "home stayed the current screen")
        let vetoing = TestScreen("form")
        vetoing.canBeDismissed = false
        // A push made on the container directly, not by a router, reports nothing either.
        try await TwinFixtures.navigation("main", in: window).push(vetoing, animated: false)
        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: routes.home, animated: false)
        }
        #expect(error?.code == .dismissalRefused)
        #expect(events.lines.isEmpty)
    }

    @Test("The user's back button is reported as the user's, and the tree shows the pop")
    func userBack() async throws {
        try await router.navigate(to: routes.pushed("list"), animated: false)
        try await router.navigate(to: routes.pushed("detail"), animated: false)
        try await TwinFixtures.navigation("main", in: window).userPop(animated: true)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "list"
                """)
        #expect(events.lines.suffix(1) == [#"user: screen "detail" -> screen "list""#])
    }

    @Test("The user swiping a sheet down is reported; a vetoed swipe springs back and reports nothing")
    func userSwipeDown() async throws {
        try await router.navigate(to: routes.sheet("filters"), animated: false)
        let filters = try TwinFixtures.screen("filters", in: window)
        filters.canBeDismissed = false
        await #expect(
            throws: UserGestureError.dismissalVetoed(screen: #"screen "filters""#, refusing: #"screen "filters""#)
        ) { try await filters.userSwipeDown(animated: false) }
        #expect(window.current === filters)
        filters.canBeDismissed = true
        try await filters.userSwipeDown(animated: false)
        #expect(window.render() == ScreenResultTests.home)
        #expect(
            events.lines == [
                #"router: screen "home" -> screen "filters""#,
                #"user: screen "filters" -> screen "home""#,
            ])
    }

    @Test(
        "Only sheets can be swiped down: a full-screen or over-full-screen presentation refuses the gesture",
        arguments: [TestModalStyle.fullScreen, .overFullScreen])
    func fullScreenCannotBeSwiped(style: TestModalStyle) async throws {
        let cover = TestScreen("cover")
        cover.modalStyle = style
        try await TwinFixtures.navigation("main", in: window).presentScreen(cover, animated: false)
        await #expect(throws: UserGestureError.notASheet(screen: #"screen "cover""#, style: style.description)) {
            try await cover.userSwipeDown(animated: false)
        }
        #expect(window.current === cover)
    }

    @Test("The user tapping a tab is reported as the user's")
    func userSelectsTab() async throws {
        let tabs = TestTabsContainer(
            "tabs",
            tabs: [
                TestNavigationContainer("first", stack: [TestScreen("home")]),
                TestNavigationContainer("second", stack: [TestScreen("search")]),
            ])
        let window = TestWindow(root: tabs)
        let router = DefaultRouter(window: window)
        var lines: [String] = []
        router.addObserver { lines.append($0.description) }
        try await tabs.userSelectTab(at: 1)
        try await tabs.userSelectTab(at: 1)
        #expect(tabs.selectedTabIndex == 1)
        #expect(lines == [#"user: screen "home" -> screen "search""#])
    }

    @Test("A screen removed after it finished with a result is reported as the router's")
    func finishedScreenIsRouterMade() async throws {
        let probe = ResultProbe(router, routes.presentedPicker, with: .blue)
        await turns { router.waitingResults > 0 }
        try #require(window.current as? ColourPicker).resultHandle?.finish(with: .red)
        await turns { probe.outcome != nil }
        #expect(
            events.lines == [
                #"router: screen "home" -> screen "picker blue""#,
                #"router: screen "picker blue" -> screen "home""#,
            ])
    }

    @Test("A cancelled token stops the events; routers of other windows do not hear this window's gestures")
    func tokenAndOtherWindows() async throws {
        let otherWindow = ResultRoutes.window()
        let other = DefaultRouter(window: otherWindow)
        var otherLines: [String] = []
        let token = other.addObserver { otherLines.append($0.description) }
        try await router.navigate(to: routes.pushed("list"), animated: false)
        try await TwinFixtures.navigation("main", in: window).userPop(animated: false)
        #expect(otherLines.isEmpty)
        #expect(events.lines.count == 2)

        try await other.navigate(to: routes.pushed("list"), animated: false)
        token.cancel()
        try await TwinFixtures.navigation("main", in: otherWindow).userPop(animated: false)
        #expect(otherLines == [#"router: screen "home" -> screen "list""#])
    }

    @Test("An observer added while a navigation runs sees that navigation's change")
    func observerAddedDuringNavigation() async throws {
        let window = ResultRoutes.window()
        let router = DefaultRouter(window: window)
        let lines = EventLog()
        let step = StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { TestScreen("list") })
            .adding(ClosureInterceptor<Void> { router.addObserver { lines.lines.append($0.description) } })
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
        try await router.navigate(to: step, animated: false)
        #expect(lines.lines == [#"router: screen "home" -> screen "list""#])
    }

    @Test("A sign-in sheet the user swipes away during a guarded navigation is seen, as the user's")
    func userChangeDuringGuard() async throws {
        let router = router
        let guarded = routes.guardedAccount(router, signIn: .pageSheet)
        var outcome: Result<TestScreen, RoutingError>?
        router.navigate(to: guarded, animated: false) { outcome = $0 }
        await turns { router.waitingResults > 0 }
        let signIn = try #require(window.current as? SignInScreen)
        try await signIn.userSwipeDown(animated: false)
        await turns { outcome != nil }
        #expect(throws: RoutingError.self) { try #require(outcome).get() }
        #expect(window.render() == ScreenResultTests.home)
        #expect(
            events.lines == [
                #"router: screen "home" -> screen "sign-in""#,
                #"user: screen "sign-in" -> screen "home""#,
            ])
    }

    @Test("A guard that shows sign-in and then refuses: the jump to sign-in is reported once")
    func guardThatNavigatesAndRefusesIsReportedOnce() async throws {
        let signIn = routes.signIn(.fullScreen)
        let router = router
        let guarded = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { TestScreen("account") }
        )
        .adding(
            ClosureInterceptor<Void> {
                try await router.navigate(to: signIn, animated: false)
                throw SignInRefused()
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
        await #expect(throws: RoutingError.self) { try await router.navigate(to: guarded, animated: false) }
        #expect(window.current is SignInScreen)
        #expect(events.lines == [#"router: screen "home" -> screen "sign-in""#])
    }

    @Test("An observer that another observer cancels while an event is sent does not receive it")
    func observerCancelledDuringAnEvent() async throws {
        let second = EventLog()
        var token: NavigationObserverToken?
        router.addObserver { _ in token?.cancel() }
        token = router.addObserver { second.lines.append($0.description) }
        try await router.navigate(to: routes.pushed("list"), animated: false)
        #expect(events.lines == [#"router: screen "home" -> screen "list""#])
        #expect(second.lines.isEmpty, "cancelled before this event reached it")
    }

    @Test("A tab the user taps is reported to every router that observes the window")
    func tabTapReachesEveryRouter() async throws {
        let tabs = TestTabsContainer(
            "tabs",
            tabs: [
                TestNavigationContainer("a", stack: [TestScreen("one")]),
                TestNavigationContainer("b", stack: [TestScreen("two")]),
            ])
        let window = TestWindow(root: tabs)
        let (first, second) = (DefaultRouter(window: window), DefaultRouter(window: window))
        let (firstLog, secondLog) = (EventLog(), EventLog())
        first.addObserver { firstLog.lines.append($0.description) }
        second.addObserver { secondLog.lines.append($0.description) }
        try await tabs.userSelectTab(at: 1)
        #expect(firstLog.lines == [#"user: screen "one" -> screen "two""#])
        #expect(secondLog.lines == [#"user: screen "one" -> screen "two""#])
    }

    @Test("A screen presented in a tab's context keeps its caller waiting when the user switches tabs")
    func tabSwitchKeepsAContextPresentationWaiting() async throws {
        let tabA = TestNavigationContainer("a", stack: [TestScreen("one")])
        tabA.definesPresentationContext = true
        let tabs = TestTabsContainer("tabs", tabs: [tabA, TestNavigationContainer("b", stack: [TestScreen("two")])])
        let window = TestWindow(root: tabs)
        let router = DefaultRouter(window: window)
        let contextPicker = routes.picker(presented: .overCurrentContext)
        let probe = ResultProbe(router, contextPicker, with: .blue)
        await turns { router.waitingResults > 0 }
        let picker = try #require(window.current as? ColourPicker)
        try await tabs.userSelectTab(at: 1)
        for _ in 0..<20 { await Task.yield() }
        #expect(probe.outcome == nil, "the picker is still presented in tab a")
        #expect(router.waitingResults == 1)
        #expect(picker.containingWindow === window)
    }
}

/// The events an observer received, as text.
@MainActor
final class EventLog {
    var lines: [String] = []
}
