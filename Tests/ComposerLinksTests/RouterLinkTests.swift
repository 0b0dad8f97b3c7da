import Composer
import ComposerLinks
import ComposerTestFixtures
import ComposerTesting
import Testing

/// Passes every navigation to the router it wraps and writes down each destination first.
@MainActor
private final class CountingRouter: Router {
    let wrapped: any Router
    var jumps: [String] = []

    init(wrapping wrapped: any Router) {
        self.wrapped = wrapped
    }

    func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool,
        queueing: NavigationQueueing
    ) async throws(RoutingError) -> ViewController {
        jumps.append("\(ViewController.self) \(context)" + (queueing == .waitTurn ? "" : " [\(queueing)]"))
        return try await wrapped.navigate(to: step, with: context, animated: animated, queueing: queueing)
    }

    func navigate<ViewController: ResultReturning, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context,
        awaitingResult resultType: ViewController.ResultValue.Type, animated: Bool, queueing: NavigationQueueing
    ) async throws(RoutingError) -> ViewController.ResultValue? {
        jumps.append("\(ViewController.self) \(context), awaiting a result")
        return try await wrapped.navigate(
            to: step, with: context, awaitingResult: resultType, animated: animated, queueing: queueing)
    }
}

@MainActor
@Suite("Links open through any Router")
struct RouterLinkTests {
    let journal = Journal()

    /// A product in its own stack, presented full screen over whatever is on top.
    var product: DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .using(TestNavigationContainer.push())
            .from(FeatureFixtures.fullScreenStack("product-nav"))
            .assemble()
    }

    func links() throws -> LinkMap {
        let product = product
        var links = LinkMap()
        try links.register("shop://product/<int:id>", as: "Product") { params in
            Link(to: product, with: try params.int("id"))
        }
        return links
    }

    @Test("A recording router records what a link opened, and runs nothing")
    func recordingRouterOpensLinks() async throws {
        let router = RecordingRouter(answer: .screen { _ in ProductScreen(42) })
        let asProtocol: any Router = router

        let opened = try await asProtocol.open("shop://product/42", using: links(), animated: false)
        try await asProtocol.navigate(to: links().resolve("shop://product/7"))

        #expect(opened.pattern == "shop://product/<int:id>")
        #expect(opened.name == "Product")
        #expect((opened.screen as? ProductScreen)?.productID == 42)
        #expect(
            router.requests.map(\.description) == [
                "ProductScreen with 42 (not animated)",
                "ProductScreen with 7 (animated)",
            ])
        #expect(journal.lines.isEmpty)
    }

    @Test("A link the map cannot read never reaches the router")
    func unknownLinkIsNotRecorded() async throws {
        let router = RecordingRouter()
        let links = try links()
        do throws(LinkOpenError) {
            try await router.open("shop://nowhere", using: links)
            Issue.record("expected the link to fail")
        } catch {
            guard case .link(let linkError) = error else {
                Issue.record("expected a link error, got \(error)")
                return
            }
            #expect(linkError.description.contains("shop://nowhere"))
        }
        #expect(router.requests.isEmpty)
    }

    @Test("A decorator around the default router sees the link's jump, and the screen is shown")
    func decoratorSeesLinks() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = CountingRouter(wrapping: DefaultRouter(window: window))

        let opened = try await router.open("shop://product/5", using: links(), animated: false)

        #expect((opened.screen as? ProductScreen)?.productID == 5)
        #expect(router.jumps == ["ProductScreen 5"])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented fullScreen:
                    nav "product-nav"
                      screen "product 5"
                """)
    }
}
