// doc-sample: GettingStarted.md test
import Composer
import ComposerTesting
import Testing

@MainActor
@Test("Product 42 opens in a new stack over the home screen")
func productOpensModally() async throws {
    let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
    let router = DefaultRouter(window: window)
    let session = Session()
    session.isSignedIn = true
    let routes = ShopRoutes(session: session, experiments: Experiments(), router: router)

    let product = try await router.navigate(to: routes.productModal, with: 42)

    #expect(product.refreshCount == 1)
    #expect(
        window.render() == """
            window
              nav "main"
                screen "home"
              presented automatic (as pageSheet):
                nav "product-nav"
                  screen "product 42"
            """)
}
// end-doc-sample
