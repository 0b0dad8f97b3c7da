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

    @Test("The article's login interceptor, interrupted while it waits, closes its login screen and frees the router")
    func loginInterrupted() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let session = Session()
        let routes = ShopRoutes(session: session, experiments: Experiments(), router: router)
        let gated = Task { try await router.navigate(to: routes.productModal, with: 42, animated: false) }
        while window.current?.name != "login" { await Task.yield() }

        let root: DestinationStep<any Screen, Void> = GeneralStep.root()
        let forced = try await router.navigate(to: root, animated: false, queueing: .interrupt)

        let outcome = await gated.result
        #expect(throws: RoutingError.self) { try outcome.get() }
        #expect("\(forced)" == #"nav "main""#)
        #expect(router.waitingNavigations == 0)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
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
