import Composer
import ComposerLinks
import ComposerTesting
import Foundation
import Testing

/// A web page shown for links the app cannot open natively.
final class WebScreen: TestScreen {
    let url: String
    init(url: String) {
        self.url = url
        super.init("web \(url)")
    }
}

@MainActor
@Suite("Opening links through the router")
struct LinkRoutingTests {
    let journal = Journal()

    var web: DestinationStep<WebScreen, String> {
        StepAssembly(finder: NilFinder<WebScreen, String>(), factory: ClosureFactory { url in WebScreen(url: url) })
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }

    func links(gate: LoginGate? = nil) throws -> LinkMap {
        let routes = Routes(journal: journal)
        var product = routes.productPushed
        if let gate {
            product = StepAssembly(
                finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
            )
            .adding(LoginInterceptor<Int>(gate: gate))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
        }
        var links = LinkMap()
        try links.register("shop://product/<int:id>", as: "Product") { params in
            Link(to: product, with: try params.int("id"))
        }
        try links.register("https://{shop.example.com,www.shop.example.com}/products/<int:id>") { params in
            Link(to: product, with: try params.int("id"))
        }
        try links.register("shop://legacy/<int:id>") { params in Link(to: product, with: try params.int("id")) }
        links.fallback { url in Link(to: web, with: url) }
        return links
    }

    func shopWindow() -> TestWindow {
        TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
    }

    @Test("A custom-scheme link and a universal link open the same product exactly as a tap")
    func customAndUniversalLinks() async throws {
        let window = shopWindow()
        let router = DefaultRouter(window: window)
        let links = try links()

        let first = try await router.open("shop://product/42", using: links)
        let second = try await router.open("https://WWW.Shop.Example.com/products/7", using: links)

        #expect((first as? ProductScreen)?.productID == 42)
        #expect((second as? ProductScreen)?.productID == 7)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "product 42"
                    screen "product 7"
                """)
    }

    @Test("A login-gated screen stays gated when reached by link")
    func interceptorsApplyToLinks() async throws {
        let window = shopWindow()
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            _ = try await router.open("shop://product/42", using: links(gate: LoginGate(mode: .reject)))
        }

        #expect(error?.code == .interceptorRejected)
        #expect(error?.underlyingError is LoginRequired)
        #expect(window.render() == before)
    }

    @Test("An unknown URL opens the registered fallback; without one it is a LinkError naming the closest patterns")
    func unknownURLs() async throws {
        let window = shopWindow()
        let router = DefaultRouter(window: window)
        var links = try links()

        try await router.open("shop://video/9", using: links)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented fullScreen:
                    screen "web shop://video/9"
                """)

        links = LinkMap()
        try links.register("shop://product/<int:id>") { params in
            Link(to: Routes(journal: journal).productPushed, with: try params.int("id"))
        }
        let before = window.render()
        let error = await #expect(throws: LinkError.self) {
            _ = try await router.open("shop://products/1", using: links)
        }
        #expect(error?.description.contains("shop://product/<int:id>") == true)
        #expect(window.render() == before)
    }

    @Test("Malformed, over-long and unconvertible URLs are errors, never crashes, and change nothing")
    func badURLs() async throws {
        let window = shopWindow()
        let router = DefaultRouter(window: window)
        var links = try links()
        links.fallback { url in Link(to: web, with: url) }
        var strict = LinkMap()
        try strict.register("shop://product/<int:id>") { params in
            Link(to: Routes(journal: journal).productPushed, with: try params.int("id"))
        }
        let before = window.render()

        for url in ["shop://product/abc", "shop:product", "shop://product/%zz", String(repeating: "a", count: 5000)] {
            await #expect(throws: LinkError.self) { _ = try await router.open(url, using: strict) }
        }

        #expect(window.render() == before)
    }

    @Test("A redirect loaded at run time sends a broken screen's links to the fallback web page")
    func redirectToFallback() async throws {
        let window = shopWindow()
        let router = DefaultRouter(window: window)
        var links = try links()
        try links.loadRedirects(from: Data(#"{"redirects":[{"from":"shop://legacy/<int:id>","to":"fallback"}]}"#.utf8))

        try await router.open("shop://legacy/5", using: links)

        #expect(window.render().contains("screen \"web shop://legacy/5\""))
    }

    @Test("A link built from a destination name opens that destination: open(url(for:)) round-trips")
    func roundTrip() async throws {
        let window = shopWindow()
        let router = DefaultRouter(window: window)
        let links = try links()

        let url = try links.url(for: "Product", parameters: ["id": 12])
        let screen = try await router.open(url, using: links)

        #expect(url == "shop://product/12")
        #expect((screen as? ProductScreen)?.productID == 12)
    }

    @Test("The catalog lists every link and named destination with its sample URL and the context it needs")
    func catalog() async throws {
        let window = shopWindow()
        let router = DefaultRouter(window: window)
        var catalog = DestinationCatalog(links: try links())
        catalog.register("Web help") { Link(to: web, with: "https://shop.example.com/help") }

        let lines = catalog.entries.map(\.description)

        #expect(
            lines == [
                "Product  shop://product/<int:id>  → ProductScreen(Int)  e.g. shop://product/1",
                "https://{shop.example.com,www.shop.example.com}/products/<int:id>  → ProductScreen(Int)  e.g. https://shop.example.com/products/1",
                "shop://legacy/<int:id>  → ProductScreen(Int)  e.g. shop://legacy/1",
                "Web help  by name  → WebScreen(String)",
            ])
        let help = try #require(catalog.entry(named: "Web help")?.sample)
        try await router.navigate(to: help)
        #expect(window.render().contains("screen \"web https://shop.example.com/help\""))
    }

    /// Stands for a feature module that imports neither the product screen nor its routes: all it
    /// has is a URL and the app's LinkMap.
    func openFromAnotherComponent(_ url: String, links: LinkMap, router: DefaultRouter) async throws -> String {
        "\(try await router.open(url, using: links))"
    }

    @Test("A component that knows only the URL opens another component's screen")
    func componentsCallEachOtherByLink() async throws {
        let router = DefaultRouter(window: shopWindow())

        let opened = try await openFromAnotherComponent("shop://product/3", links: links(), router: router)

        #expect(opened == "screen \"product 3\"")
    }
}
