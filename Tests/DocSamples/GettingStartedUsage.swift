// The statements of GettingStarted.md, run as tests in the context the article gives them: the
// declarations are in GettingStarted.swift, the test the article ends with in GettingStartedTest.swift.
import Composer
import ComposerTesting
import Testing

// doc-sample: GettingStarted.md back
extension ShopRoutes {
    var back: DestinationStep<any Screen, Void> { GeneralStep.previous() }
}
// end-doc-sample

@MainActor
@Suite("GettingStarted.md, as written")
struct GettingStartedUsage {
    @Test("Navigate: a new stack with product 42 is presented over home")
    func navigate() async throws {
        let session = Session()
        session.isSignedIn = true
        // doc-sample: GettingStarted.md navigate
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let routes = ShopRoutes(session: session, experiments: Experiments(), router: router)

        let product = try await router.navigate(to: routes.productModal, with: 42)
        // end-doc-sample
        #expect(product.productID == 42)
        #expect(window.render().contains(#"screen "product 42""#))

        // The product was presented over home: back dismisses it, and back again has nowhere to go.
        // doc-sample: GettingStarted.md back
        try await router.navigate(to: routes.back)
        // end-doc-sample
        #expect(!window.render().contains("product"))
        do {
            try await router.navigate(to: routes.back)
            Issue.record("back from home must fail: there is nothing to go back to")
        } catch {
            #expect(error.code == .noAnchor)
        }
    }

    /// Home in a stack, signed out, with a navigation to product 42 waiting in its guard while the
    /// article's login screen is on top.
    @MainActor
    private struct WaitingForLogin {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router: DefaultRouter
        let session = Session()
        let routes: ShopRoutes
        let gated: Task<ProductScreen, any Error>
        /// The tree before the navigation began.
        let before: String

        init() async {
            router = DefaultRouter(window: window)
            routes = ShopRoutes(session: session, experiments: Experiments(), router: router)
            before = window.render()
            gated = Task { [routes, router] in
                try await router.navigate(to: routes.productModal, with: 42, animated: false)
            }
            while window.current?.name != "login" { await Task.yield() }
        }
    }

    @Test("The article's login screen, signed in: the product opens and the login screen is gone")
    func loginSignedIn() async throws {
        let scene = await WaitingForLogin()

        try #require(scene.window.current as? LoginScreen).signIn()

        let product = try await scene.gated.value
        #expect(product.productID == 42 && scene.session.isSignedIn)
        #expect(
            scene.window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    nav "product-nav"
                      screen "product 42"
                """)
    }

    /// The guard waits on the screen's answer, not on a session the screen must remember to call:
    /// a swipe that takes the screen away ends the wait, the navigation fails leaving the screens
    /// as they were, and the router is free.
    @Test("The article's login screen, swiped away: the navigation is refused, nothing else moves")
    func loginSwipedAway() async throws {
        let scene = await WaitingForLogin()

        var gatedEnded = false
        Task {
            _ = await scene.gated.result
            gatedEnded = true
        }
        try await #require(scene.window.current as? LoginScreen).userSwipeDown(animated: false)
        // The swipe ends the guard's wait, and the navigation ends with it (a loaded test run can
        // take more turns than usual; a guard that still waits shows below, after two seconds).
        await patientlyWait(turns: 1_000, minimumSeconds: 2) { gatedEnded }

        #expect(scene.window.render() == scene.before)
        #expect(scene.router.waitingNavigations == 0 && !scene.session.isSignedIn)
        // The router is free: a navigation that refuses to queue goes ahead. (A guard left waiting
        // for ever would make it fail as busy; cancelling then ends the wait, so the test ends.)
        scene.session.isSignedIn = true
        let next = try? await scene.router.navigate(
            to: scene.routes.productModal, with: 7, animated: false, queueing: .failIfBusy)
        #expect(next?.productID == 7, "the guard still waits on a screen that is gone")
        if next == nil { scene.gated.cancel() }
        let error = await #expect(throws: RoutingError.self) { try await scene.gated.value }
        #expect(error?.code == .interceptorRejected)
        #expect(error?.underlyingError is SignInCancelled)
    }

    @Test("The article's login interceptor, interrupted while it waits, closes its login screen and frees the router")
    func loginInterrupted() async throws {
        let scene = await WaitingForLogin()

        let root: DestinationStep<any Screen, Void> = GeneralStep.root()
        let forced = try await scene.router.navigate(to: root, animated: false, queueing: .interrupt)

        let error = await #expect(throws: RoutingError.self) { try await scene.gated.value }
        #expect(error?.code == .cancelled)
        #expect("\(forced)" == #"nav "main""#)
        #expect(scene.router.waitingNavigations == 0)
        #expect(scene.window.render() == scene.before)
    }

    @Test("When a navigation fails: a factory error reaches the catch with its code")
    func failure() async throws {
        let session = Session()
        session.isSignedIn = true
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let routes = ShopRoutes(session: session, experiments: Experiments(), router: router)
        let productID = -4
        let before = window.render()
        // doc-sample: GettingStarted.md failure
        do {
            try await router.navigate(to: routes.productModal, with: productID)
        } catch {
            switch error.code {
            case .interceptorRejected:
                break  // the user chose not to sign in
            default:
                print(error)
            }
        }
        // end-doc-sample
        #expect(window.render() == before)
    }

    @Test("A manual transition clock stops the navigation in the middle of the presentation")
    func manualClock() async throws {
        let session = Session()
        session.isSignedIn = true
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let routes = ShopRoutes(session: session, experiments: Experiments(), router: router)
        // doc-sample: GettingStarted.md manual-clock
        window.clock.mode = .manual
        let navigation = Task { try await router.navigate(to: routes.productModal, with: 42) }

        await window.clock.waitForPendingTransition()
        #expect(window.clock.pendingTransitions == [#"present nav "product-nav" from nav "main""#])

        window.clock.advance()
        let product = try await navigation.value
        #expect(product.productID == 42)
        // end-doc-sample
    }
}
