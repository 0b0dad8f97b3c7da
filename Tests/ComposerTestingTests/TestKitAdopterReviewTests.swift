import Composer
import ComposerTesting
import Testing

// An adopter's navigation tests for a small app, "Birdwatch", written from the test kit's
// documentation (ComposerTesting.md, UIKitBehaviour.md, Getting started, Results and observation):
// a tab bar with a feed and a profile behind a login guard, a settings sheet that vetoes its
// dismissal while it has unsaved changes, and a compose flow that returns a typed draft.

// MARK: - The app under test

/// Who is signed in.
@MainActor
final class BirdwatchSession {
    var isSignedIn = false
}

/// The feed, at the bottom of the first tab.
final class BirdwatchFeedScreen: TestScreen {}

/// The profile, at the bottom of the second tab; only a signed-in user may see it.
final class BirdwatchProfileScreen: TestScreen {}

/// One sighting, pushed onto the feed's stack; the finder recognises it by its id.
final class BirdwatchSightingScreen: TestScreen, ContextChecking {
    let sightingID: Int

    init(sightingID: Int) {
        self.sightingID = sightingID
        super.init("sighting \(sightingID)")
    }

    func isTarget(for sightingID: Int) -> Bool { self.sightingID == sightingID }
}

/// The login sheet the guard shows; it answers whether the user signed in.
final class BirdwatchLoginScreen: TestScreen, ResultReturning {
    var resultHandle: ResultHandle<Bool>?
    private let session: BirdwatchSession

    init(session: BirdwatchSession) {
        self.session = session
        super.init("login")
    }

    func signIn() {
        session.isSignedIn = true
        resultHandle?.finish(with: true)
    }

    func cancel() {
        resultHandle?.finish(with: false)
    }
}

/// The settings sheet: while it has unsaved changes it refuses to leave.
final class BirdwatchSettingsScreen: TestScreen {
    var hasUnsavedChanges: Bool {
        get { !canBeDismissed }
        set { canBeDismissed = !newValue }
    }
}

/// What the compose flow hands back.
struct BirdwatchDraft: Equatable, Sendable {
    let species: String
    let count: Int
}

/// The compose screen, in a full-screen stack of its own; Post answers with the draft.
final class BirdwatchComposeScreen: TestScreen, ResultReturning {
    var resultHandle: ResultHandle<BirdwatchDraft>?
    var species = ""
    var count = 1

    func post() {
        resultHandle?.finish(with: BirdwatchDraft(species: species, count: count))
    }

    func discard() {
        resultHandle?.finish()
    }
}

struct BirdwatchSignInCancelled: Error, CustomStringConvertible {
    var description: String { "the user did not sign in" }
}

/// Shows the login sheet through the router and waits for its answer.
struct BirdwatchLoginGuard<Context>: RoutingInterceptor {
    let session: BirdwatchSession
    let router: DefaultRouter

    func intercept(with context: Context) async throws {
        if session.isSignedIn { return }
        let login = BirdwatchLoginScreen(session: session)
        let step = StepAssembly(
            finder: NilFinder<BirdwatchLoginScreen, Void>(), factory: ClosureFactory { _ in login }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        let signedIn = try await router.navigate(to: step, awaitingResult: Bool.self)
        guard signedIn == true else { throw BirdwatchSignInCancelled() }
    }
}

/// Every destination of Birdwatch.
@MainActor
struct BirdwatchRoutes {
    let session: BirdwatchSession
    let router: DefaultRouter

    /// The tab bar, built on a cold start as the window's root.
    func tabs<Context>() -> DestinationStep<TestTabsContainer, Context> {
        StepAssembly(
            finder: ClassFinder<TestTabsContainer, Context>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in TestTabsContainer("main") },
                children: [
                    { _ in TestNavigationContainer("feed-nav", stack: [BirdwatchFeedScreen("feed")]) },
                    { _ in TestNavigationContainer("profile-nav", stack: [BirdwatchProfileScreen("profile")]) },
                ])
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    /// The stack of one tab, that tab selected.
    private func tabStack<Context>(_ name: String) -> DestinationStep<TestNavigationContainer, Context> {
        StepAssembly(
            finder: PredicateFinder<TestNavigationContainer, Context> { stack, _ in stack.name == name },
            factory: BuiltByContainerFactory<TestNavigationContainer, Context>()
        )
        .using(TestTabsContainer.selectTab())
        .from(tabs())
        .assemble()
    }

    /// The feed, its tab selected.
    func feed<Context>() -> DestinationStep<BirdwatchFeedScreen, Context> {
        StepAssembly(
            finder: ClassFinder<BirdwatchFeedScreen, Context>(),
            factory: BuiltByContainerFactory<BirdwatchFeedScreen, Context>()
        )
        .using(GeneralAction.nothing())
        .from(tabStack("feed-nav"))
        .assemble()
    }

    /// A sighting, pushed onto the feed.
    var sighting: DestinationStep<BirdwatchSightingScreen, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<BirdwatchSightingScreen, Int>(),
            factory: ClosureFactory { id in BirdwatchSightingScreen(sightingID: id) }
        )
        .using(TestNavigationContainer.push())
        .from(feed().expectingContainer())
        .assemble()
    }

    /// The profile, behind the login guard.
    var profile: DestinationStep<BirdwatchProfileScreen, Void> {
        StepAssembly(
            finder: ClassFinder<BirdwatchProfileScreen, Void>(),
            factory: BuiltByContainerFactory<BirdwatchProfileScreen, Void>()
        )
        .adding(BirdwatchLoginGuard<Void>(session: session, router: router))
        .using(GeneralAction.nothing())
        .from(tabStack("profile-nav"))
        .assemble()
    }

    /// The settings, in a sheet of their own over whatever is on top.
    var settings: DestinationStep<BirdwatchSettingsScreen, Void> {
        StepAssembly(
            finder: ClassFinder<BirdwatchSettingsScreen, Void>(),
            factory: ClosureFactory { _ in BirdwatchSettingsScreen("settings") }
        )
        .using(TestNavigationContainer.push())
        .from(
            StepAssembly(
                finder: NilFinder<TestNavigationContainer, Void>(),
                factory: NavigationContainerFactory { _ in TestNavigationContainer("settings-nav") })
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    /// The compose flow, full screen over whatever is on top.
    var compose: DestinationStep<BirdwatchComposeScreen, Void> {
        StepAssembly(
            finder: NilFinder<BirdwatchComposeScreen, Void>(),
            factory: ClosureFactory { _ in BirdwatchComposeScreen("compose") }
        )
        .using(TestNavigationContainer.push())
        .from(
            StepAssembly(
                finder: NilFinder<TestNavigationContainer, Void>(),
                factory: NavigationContainerFactory { _ in
                    let stack = TestNavigationContainer("compose-nav")
                    stack.modalStyle = .fullScreen
                    return stack
                })
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }
}

/// One app instance: an empty window, its router, the routes and the jumps observers saw.
@MainActor
final class BirdwatchApp {
    let window = TestWindow()
    let session = BirdwatchSession()
    let router: DefaultRouter
    let routes: BirdwatchRoutes
    private(set) var jumps: [String] = []

    init(observing: Bool = true) {
        router = DefaultRouter(window: window)
        routes = BirdwatchRoutes(session: session, router: router)
        if observing {
            router.addObserver { [weak self] event in self?.jumps.append(event.description) }
        }
    }

    /// Starts the app on the feed, without animation, and forgets the start's callbacks and jumps.
    func launch() async throws {
        try await router.navigate(to: routes.feed(), with: (), animated: false)
        window.lifecycle.clear()
        jumps = []
    }

    var tabs: TestTabsContainer {
        get throws { try #require(window.root as? TestTabsContainer) }
    }
}

// MARK: - Tests

@MainActor
@Suite("Test kit adopter review: a Birdwatch app tested on the twin")
struct TestKitAdopterReviewTests {
    /// A cold start builds the tab bar as the root and a sighting is pushed onto the feed; the
    /// rendered tree is the text the documentation shows for tabs, stacks and screens.
    @Test func aColdStartBuildsTheTabsAndASightingIsPushedOntoTheFeed() async throws {
        let app = BirdwatchApp()

        let sighting = try await app.router.navigate(to: app.routes.sighting, with: 7)

        #expect(sighting.sightingID == 7)
        #expect(
            app.window.render() == """
                window
                  tabs "main" selected=0
                    nav "feed-nav"
                      screen "feed"
                      screen "sighting 7"
                    nav "profile-nav"
                      screen "profile"
                """)
    }

    /// A push logs UIKit's order (the leaving screen first in both pairs), and with a manual clock
    /// the tree has changed while the did-callbacks wait for the transition to end.
    @Test func aPushLogsTheLeavingScreenFirstAndWaitsForTheClock() async throws {
        let app = BirdwatchApp()
        try await app.launch()
        app.window.clock.mode = .manual

        let navigation = Task { try await app.router.navigate(to: app.routes.sighting, with: 3) }
        await app.window.clock.waitForPendingTransition()

        #expect(app.window.clock.pendingTransitions == [#"push screen "sighting 3" on nav "feed-nav""#])
        #expect(app.window.lifecycle.lines == ["feed: viewWillDisappear", "sighting 3: viewWillAppear"])
        #expect(!app.window.isSettled)

        app.window.clock.advance()
        _ = try await navigation.value

        #expect(
            app.window.lifecycle.lines == [
                "feed: viewWillDisappear", "sighting 3: viewWillAppear",
                "feed: viewDidDisappear", "sighting 3: viewDidAppear",
            ])
        #expect(app.jumps == [#"router: screen "feed" -> screen "sighting 3""#])
    }

    /// The back button is the user's: the router's observers see a `user` jump and the popped
    /// sighting is released once the test drops its own reference.
    @Test func theUsersBackIsReportedAndThePoppedScreenIsReleased() async throws {
        let app = BirdwatchApp()
        try await app.launch()
        try await app.router.navigate(to: app.routes.sighting, with: 3)
        let feedStack = try #require(app.window.screen(named: "feed-nav") as? TestNavigationContainer)

        try await feedStack.userPop()

        #expect(
            app.jumps == [
                #"router: screen "feed" -> screen "sighting 3""#,
                #"user: screen "sighting 3" -> screen "feed""#,
            ])
        #expect(app.window.memory.isReleased("sighting 3"))
        #expect(app.window.current?.name == "feed")
    }

    /// The back button of a stack at its bottom, or of a stack in a tab that is not selected,
    /// cannot be tapped: the gesture error names the stack and why.
    @Test func aBackTapTheUserCannotMakeSaysWhy() async throws {
        let app = BirdwatchApp()
        try await app.launch()
        let feedStack = try #require(app.window.screen(named: "feed-nav") as? TestNavigationContainer)
        let profileStack = try #require(app.window.screen(named: "profile-nav") as? TestNavigationContainer)
        try await profileStack.setStack([try #require(profileStack.topScreen), TestScreen("badges")], animated: false)

        await #expect(throws: UserGestureError.nothingToPop(navigation: #"nav "feed-nav""#)) {
            try await feedStack.userPop()
        }
        await #expect(throws: UserGestureError.notOnScreen(screen: #"nav "profile-nav""#)) {
            try await profileStack.userPop()
        }
        #expect(
            "\(UserGestureError.nothingToPop(navigation: #"nav "feed-nav""#))"
                == #"nav "feed-nav" shows its bottom screen, so it has no back button"#)
    }

    /// A navigation to the profile started in a task stops in its guard with the login sheet over
    /// the tab bar; signing in lets it go on to the profile tab. The jumps tell the whole story.
    @Test func theProfileWaitsForTheLoginSheetAndOpensOnceSignedIn() async throws {
        let app = BirdwatchApp()
        try await app.launch()

        let navigation = Task { try await app.router.navigate(to: app.routes.profile) }
        #expect(await app.router.waitForResultWait())

        #expect(
            app.window.render() == """
                window
                  tabs "main" selected=0
                    nav "feed-nav"
                      screen "feed"
                    nav "profile-nav"
                      screen "profile"
                  presented automatic (as pageSheet):
                    screen "login"
                """)
        try #require(app.window.current as? BirdwatchLoginScreen).signIn()
        _ = try await navigation.value

        #expect(app.session.isSignedIn)
        #expect(app.window.current?.name == "profile")
        #expect(try app.tabs.selectedTabIndex == 1)
        #expect(
            app.jumps == [
                #"router: screen "feed" -> screen "login""#,
                #"router: screen "login" -> screen "feed""#,
                #"router: screen "feed" -> screen "profile""#,
            ])
    }

    /// Swiping the login sheet away answers the guard with no result: the profile navigation fails
    /// as `interceptorRejected` and the feed tab stays selected.
    @Test func swipingTheLoginAwayRejectsTheProfile() async throws {
        let app = BirdwatchApp()
        try await app.launch()

        let navigation = Task { try await app.router.navigate(to: app.routes.profile) }
        #expect(await app.router.waitForResultWait())
        try await #require(app.window.current).userSwipeDown()

        let error = await #expect(throws: RoutingError.self) { try await navigation.value }
        #expect(error?.code == .interceptorRejected)
        #expect(try app.tabs.selectedTabIndex == 0)
        #expect(app.window.current?.name == "feed")
        #expect(
            app.jumps == [
                #"router: screen "feed" -> screen "login""#,
                #"user: screen "login" -> screen "feed""#,
            ])
    }

    /// A tap on the guarded profile tab runs the profile's guard before selecting the tab
    /// (`guardTabTaps(with:)`); cancelling the login keeps the feed tab and the tap throws the
    /// router's refusal.
    @Test func aTapOnTheGuardedProfileTabAsksForLoginFirst() async throws {
        let app = BirdwatchApp()
        app.router.guardTabTaps(with: app.routes.profile)
        try await app.launch()
        let tabs = try app.tabs

        let tap = Task { try await tabs.userSelectTab(at: 1) }
        #expect(await app.router.waitForResultWait())
        #expect(tabs.selectedTabIndex == 0)
        try #require(app.window.current as? BirdwatchLoginScreen).cancel()

        let error = await #expect(throws: RoutingError.self) { try await tap.value }
        #expect(error?.code == .interceptorRejected)
        #expect(tabs.selectedTabIndex == 0)
        #expect(app.window.current?.name == "feed")
    }

    /// A router-wide guard (the app is locked) stops every navigation, and the documentation says a
    /// tab tap is a navigation that runs the router-wide guards. It must not depend on whether
    /// some observer (analytics) happens to listen to the router.
    @Test func aRouterWideGuardStopsATabTapWithoutAnObserver() async throws {
        struct AppLocked: Error {}
        let app = BirdwatchApp(observing: false)
        try await app.launch()
        app.router.add(ClosureInterceptor<Any> { _ in throw AppLocked() })
        let tabs = try app.tabs

        await #expect(throws: RoutingError.self) { try await app.router.navigate(to: app.routes.profile) }
        await #expect(throws: (any Error).self) { try await tabs.userSelectTab(at: 1) }

        #expect(tabs.selectedTabIndex == 0)
        // The same tap is refused as soon as anything observes the router.
        try await tabs.selectTab(at: 0)
        app.router.addObserver { _ in }
        await #expect(throws: RoutingError.self) { try await tabs.userSelectTab(at: 1) }
        #expect(tabs.selectedTabIndex == 0)
    }

    /// The settings sheet with unsaved changes springs back when swiped, and a deep navigation that
    /// would dismiss it is refused before anything moves.
    @Test func unsavedSettingsVetoTheSwipeAndTheRouter() async throws {
        let app = BirdwatchApp()
        try await app.launch()
        let settings = try await app.router.navigate(to: app.routes.settings)
        settings.hasUnsavedChanges = true
        let before = app.window.render()

        await #expect(
            throws: UserGestureError.dismissalVetoed(
                screen: #"nav "settings-nav""#, refusing: #"screen "settings""#)
        ) {
            try await settings.userSwipeDown()
        }
        let error = await #expect(throws: RoutingError.self) {
            try await app.router.navigate(to: app.routes.sighting, with: 9)
        }
        #expect(error?.code == .dismissalRefused)
        #expect(app.window.render() == before)

        settings.hasUnsavedChanges = false
        try await settings.userSwipeDown()
        #expect(app.window.current?.name == "feed")
    }

    /// The compose flow returns its typed draft: full screen, so the feed disappears and comes back
    /// in UIKit's modal order, and the flow leaves the tree as it found it.
    @Test func theComposeFlowReturnsItsDraftAndRestoresTheTree() async throws {
        let app = BirdwatchApp()
        try await app.launch()
        let before = app.window.render()

        let asking = Task { try await app.router.navigate(to: app.routes.compose, awaitingResult: BirdwatchDraft.self) }
        #expect(await app.router.waitForResultWait())
        do {
            let compose = try #require(app.window.current as? BirdwatchComposeScreen)
            compose.species = "kingfisher"
            compose.count = 2
            compose.post()
        }
        let draft = try await asking.value

        #expect(draft == BirdwatchDraft(species: "kingfisher", count: 2))
        #expect(app.window.render() == before)
        #expect(
            app.window.lifecycle.lines == [
                "main: viewWillDisappear", "feed-nav: viewWillDisappear", "feed: viewWillDisappear",
                "compose-nav: viewWillAppear", "compose: viewWillAppear",
                "compose-nav: viewDidAppear", "compose: viewDidAppear",
                "main: viewDidDisappear", "feed-nav: viewDidDisappear", "feed: viewDidDisappear",
                "compose-nav: viewWillDisappear", "compose: viewWillDisappear",
                "main: viewWillAppear", "feed-nav: viewWillAppear", "feed: viewWillAppear",
                "main: viewDidAppear", "feed-nav: viewDidAppear", "feed: viewDidAppear",
                "compose-nav: viewDidDisappear", "compose: viewDidDisappear",
            ])
        #expect(app.window.memory.isReleased("compose"))
    }

    /// The compose screen alone, with the handle `ResultHandle.init(_:)` documents for testing a
    /// screen without a router: Post answers the draft once, a second tap changes nothing.
    @Test func theComposeScreenAloneAnswersItsDraftOnce() {
        let compose = BirdwatchComposeScreen("compose")
        var answers: [BirdwatchDraft?] = []
        compose.resultHandle = ResultHandle { answers.append($0) }
        compose.species = "heron"

        compose.post()
        compose.post()

        #expect(answers == [BirdwatchDraft(species: "heron", count: 1)])
        #expect(compose.resultHandle?.isFinished == true)
    }

    /// Tapping the selected feed tab again pops it to its root (as UIKit does) unless a screen the
    /// pop would remove refuses. The refusal is then about a tab tap: its message must not tell the
    /// reader that a sheet was swiped down.
    @Test func aRefusedReTapOfTheSelectedTabSaysItWasATabTap() async throws {
        let app = BirdwatchApp()
        try await app.launch()
        let sighting = try await app.router.navigate(to: app.routes.sighting, with: 5)
        sighting.canBeDismissed = false
        let tabs = try app.tabs

        let error = await #expect(throws: UserGestureError.self) { try await tabs.userSelectTab(at: 0) }

        #expect(app.window.current?.name == "sighting 5")
        let message = "\(try #require(error))"
        #expect(message.contains(#"screen "sighting 5""#))
        #expect(!message.contains("swiping down"), "the user tapped a tab; the message says: \(message)")
    }

    /// With a manual clock a dismissal in flight renders its level `(dismissing)` and the window
    /// reports it is not settled until the clock ends it.
    @Test func aDismissalInFlightRendersDismissing() async throws {
        let app = BirdwatchApp()
        try await app.launch()
        try await app.router.navigate(to: app.routes.settings)
        app.window.clock.mode = .manual

        let swipe = Task { try await #require(app.window.current).userSwipeDown() }
        await app.window.clock.waitForPendingTransition()

        #expect(
            app.window.render() == """
                window
                  tabs "main" selected=0
                    nav "feed-nav"
                      screen "feed"
                    nav "profile-nav"
                      screen "profile"
                  presented automatic (as pageSheet):
                    nav "settings-nav" (dismissing)
                      screen "settings"
                """)
        app.window.clock.advanceAll()
        try await swipe.value
        #expect(app.window.isSettled)
        #expect(app.window.memory.isReleased("settings"))
    }

    /// A signed-in user's tab tap switches tabs in push order, keeps the feed's stack as the user
    /// left it, and is reported as the user's to every router observing the window; tapping the
    /// feed tab again pops it to its root on the clock.
    @Test func tabTapsKeepTheStackAndReachEveryRouter() async throws {
        let app = BirdwatchApp()
        app.session.isSignedIn = true
        app.router.guardTabTaps(with: app.routes.profile)
        try await app.launch()
        try await app.router.navigate(to: app.routes.sighting, with: 2)
        let analytics = DefaultRouter(window: app.window)
        var seen: [String] = []
        analytics.addObserver { seen.append($0.description) }
        let tabs = try app.tabs
        app.window.lifecycle.clear()

        try await tabs.userSelectTab(at: 1)
        #expect(
            app.window.lifecycle.lines == [
                "feed-nav: viewWillDisappear", "sighting 2: viewWillDisappear",
                "profile-nav: viewWillAppear", "profile: viewWillAppear",
                "feed-nav: viewDidDisappear", "sighting 2: viewDidDisappear",
                "profile-nav: viewDidAppear", "profile: viewDidAppear",
            ])
        try await tabs.userSelectTab(at: 0)
        #expect(app.window.current?.name == "sighting 2")

        app.window.clock.mode = .manual
        let reTap = Task { try await tabs.userSelectTab(at: 0) }
        await app.window.clock.waitForPendingTransition()
        #expect(app.window.clock.pendingTransitions == [#"pop to screen "feed" on nav "feed-nav""#])
        app.window.clock.advanceAll()
        try await reTap.value

        let userJumps = [
            #"user: screen "sighting 2" -> screen "profile""#,
            #"user: screen "profile" -> screen "sighting 2""#,
            #"user: screen "sighting 2" -> screen "feed""#,
        ]
        #expect(seen == userJumps)
        #expect(app.jumps == [#"router: screen "feed" -> screen "sighting 2""#] + userJumps)
    }

    /// The full-screen compose flow cannot be swiped down, and the error says which level and
    /// why; the caller's cancelled wait leaves the flow on screen, as documented.
    @Test func theFullScreenComposeFlowCannotBeSwipedAway() async throws {
        let app = BirdwatchApp()
        try await app.launch()
        let asking = Task { try await app.router.navigate(to: app.routes.compose, awaitingResult: BirdwatchDraft.self) }
        #expect(await app.router.waitForResultWait())

        let gesture = await #expect(throws: UserGestureError.self) {
            try await #require(app.window.current).userSwipeDown()
        }
        asking.cancel()
        let error = await #expect(throws: RoutingError.self) { try await asking.value }

        #expect(
            gesture.map { "\($0)" }
                == #"nav "compose-nav" is presented as fullScreen, which cannot be swiped down (only sheets can)"#)
        #expect(error?.code == .cancelled)
        #expect(app.window.current?.name == "compose")
    }
}
