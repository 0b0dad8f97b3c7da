import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// A view model as an app writes one: it knows the router only as `any Router`.
@MainActor
private final class ProductListModel {
    let router: any Router
    let routes: Routes
    private(set) var shown: [String] = []
    private(set) var message: String?

    init(router: any Router, routes: Routes) {
        self.router = router
        self.routes = routes
    }

    func select(_ id: Int) async {
        do {
            let product = try await router.navigate(to: routes.productModal, with: id)
            shown.append(product.name)
        } catch {
            message = "could not open product \(id): \(error.found)"
        }
    }

    func showList() async {
        do {
            try await router.navigate(to: routes.list(), animated: false)
        } catch {
            message = "could not open the list: \(error.found)"
        }
    }
}

/// Counts every jump before handing it to the router it wraps, and can refuse jumps before any
/// planning happens.
@MainActor
private final class AnalyticsRouter: Router {
    let wrapped: any Router
    var events: [String] = []
    var blocked: Set<String> = []

    init(wrapping wrapped: any Router) {
        self.wrapped = wrapped
    }

    func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool,
        queueing: NavigationQueueing
    ) async throws(RoutingError) -> ViewController {
        let name = "\(ViewController.self)"
        guard !blocked.contains(name) else {
            events.append("blocked \(name)")
            throw RoutingError(
                code: .interceptorRejected, step: "AnalyticsRouter", expected: "\(name) to be allowed",
                found: "it is on the blocked list")
        }
        events.append("jump to \(name) with \(context)")
        do {
            let screen = try await wrapped.navigate(to: step, with: context, animated: animated, queueing: queueing)
            events.append("arrived at \(name)")
            return screen
        } catch {
            events.append("failed \(name): \(error.code.rawValue)")
            throw error
        }
    }
    func navigate<ViewController: ResultReturning, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context,
        awaitingResult resultType: ViewController.ResultValue.Type, animated: Bool, queueing: NavigationQueueing
    ) async throws(RoutingError) -> ViewController.ResultValue? {
        events.append("ask \(ViewController.self) with \(context)")
        return try await wrapped.navigate(
            to: step, with: context, awaitingResult: resultType, animated: animated, queueing: queueing)
    }
}

@MainActor
@Suite("Router as a protocol")
struct RouterProtocolTests {
    let journal = Journal()
    var routes: Routes { Routes(journal: journal) }

    @Test("A view model's navigations are recorded in order, with their context and animation")
    func viewModelRecordsRequests() async throws {
        let router = RecordingRouter(answer: .screen { _ in ProductScreen(7) })
        let model = ProductListModel(router: router, routes: routes)

        await model.select(7)
        router.answer = .screen { _ in ListScreen() }
        await model.showList()

        #expect(
            router.requests.map(\.description) == [
                "ProductScreen with 7 (animated)",
                "ListScreen with () (not animated)",
            ])
        #expect(
            router.requests.first == RecordingRouter.Request(destination: "ProductScreen", context: "7", animated: true)
        )
        #expect(model.shown == ["product 7"])
        #expect(model.message == nil)
        // Nothing ran: the recording router never touches the steps.
        #expect(journal.lines.isEmpty)
    }

    @Test("A recording router's failure reaches the view model as the routing error it chose")
    func viewModelSeesFailure() async throws {
        let router = RecordingRouter(
            answer: .failure(
                RoutingError(code: .interceptorRejected, expected: "a signed-in user", found: "nobody signed in")))
        let model = ProductListModel(router: router, routes: routes)

        await model.select(3)

        #expect(router.requests.map(\.description) == ["ProductScreen with 3 (animated)"])
        #expect(model.shown.isEmpty)
        #expect(model.message == "could not open product 3: nobody signed in")
    }

    @Test("A screen of the wrong type is a type mismatch naming both types, not a crash")
    func wrongAnswerType() async throws {
        let router = RecordingRouter()
        await #expect(throws: RoutingError.self) {
            try await router.navigate(to: routes.productModal, with: 1)
        }
        do {
            try await router.navigate(to: routes.productModal, with: 1, animated: false)
            Issue.record("expected a type mismatch")
        } catch {
            #expect(error.code == .typeMismatch)
            #expect(error.expected == "a screen of type ProductScreen")
            #expect(error.found == "TestScreen: screen \"ProductScreen\"")
        }
        router.clear()
        #expect(router.requests.isEmpty)
    }

    @Test("The completion form goes through the one requirement, so the recorder sees it")
    func completionFormIsRecorded() async throws {
        let router = RecordingRouter(answer: .screen { _ in ProductScreen(9) })
        let result: Result<ProductScreen, RoutingError> = await withCheckedContinuation { continuation in
            router.navigate(to: routes.productModal, with: 9, animated: false) { result in
                continuation.resume(returning: result)
            }
        }
        #expect((try? result.get())?.name == "product 9")
        #expect(router.requests.map(\.description) == ["ProductScreen with 9 (not animated)"])
    }

    @Test("An analytics decorator around the default router sees each jump, and the tree is built")
    func analyticsDecorator() async throws {
        let window = TestWindow()
        let router = AnalyticsRouter(wrapping: DefaultRouter(window: window))
        let asProtocol: any Router = router

        let product = try await asProtocol.navigate(to: routes.productInShop, with: 42)

        #expect(product.name == "product 42")
        #expect(router.events == ["jump to ProductScreen with 42", "arrived at ProductScreen"])
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "shop-nav"
                      screen "list"
                      screen "product 42"
                """)

        router.blocked = ["ProductScreen"]
        await #expect(throws: RoutingError.self) {
            try await asProtocol.navigate(to: routes.productModal, with: 5)
        }
        #expect(router.events.last == "blocked ProductScreen")
        #expect(!journal.lines.contains { $0.contains("5") })
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "shop-nav"
                      screen "list"
                      screen "product 42"
                """)

        router.blocked = []
        await #expect(throws: RoutingError.self) {
            try await asProtocol.navigate(to: routes.productModal, with: -1)
        }
        #expect(router.events.last == "failed ProductScreen: factoryFailed")
    }
}
