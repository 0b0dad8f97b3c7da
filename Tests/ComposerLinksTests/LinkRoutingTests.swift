import Composer
import ComposerLinks
import ComposerTestFixtures
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

extension WebScreen {
    /// A web page presented over whatever is on screen: the fallback of the maps these tests open.
    @MainActor static var presented: DestinationStep<WebScreen, String> {
        StepAssembly(finder: NilFinder<WebScreen, String>(), factory: ClosureFactory { url in WebScreen(url: url) })
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }
}

@MainActor
@Suite("Opening links through the router")
struct LinkRoutingTests {
    let journal = Journal()

    var web: DestinationStep<WebScreen, String> { WebScreen.presented }

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

        #expect((first.screen as? ProductScreen)?.productID == 42)
        #expect((second.screen as? ProductScreen)?.productID == 7)
        #expect(first.pattern == "shop://product/<int:id>" && first.name == "Product" && !first.isFallback)
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

        let thrown = await #expect(throws: LinkOpenError.self) {
            _ = try await router.open("shop://product/42", using: links(gate: LoginGate(mode: .reject)))
        }
        guard case .routing(let error) = thrown else {
            Issue.record("expected a routing error, got \(String(describing: thrown))")
            return
        }

        #expect(error.code == .interceptorRejected)
        #expect(error.underlyingError is LoginRequired)
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
                  presented automatic (as pageSheet):
                    screen "web shop://video/9"
                """)

        links = LinkMap()
        try links.register("shop://product/<int:id>") { params in
            Link(to: Routes(journal: journal).productPushed, with: try params.int("id"))
        }
        let before = window.render()
        let error = await #expect(throws: LinkOpenError.self) {
            _ = try await router.open("shop://products/1", using: links)
        }
        #expect(error == .link(.noMatch(url: "shop://products/1", closest: ["shop://product/<int:id>"])))
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
            let error = await #expect(throws: LinkOpenError.self) { _ = try await router.open(url, using: strict) }
            #expect(error?.underlyingError is LinkError, "\(url)")
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
        #expect((screen.screen as? ProductScreen)?.productID == 12)
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
        "\(try await router.open(url, using: links).screen)"
    }

    @Test("A component that knows only the URL opens another component's screen")
    func componentsCallEachOtherByLink() async throws {
        let router = DefaultRouter(window: shopWindow())

        let opened = try await openFromAnotherComponent("shop://product/3", links: links(), router: router)

        #expect(opened == "screen \"product 3\"")
    }

    @Test("open takes a Foundation URL, and its result and typed error cross a Task in Swift 6 mode")
    func openURLFromTask() async throws {
        let window = shopWindow()
        let router = DefaultRouter(window: window)
        let links = try links()
        let url = try #require(URL(string: "https://shop.example.com/products/8"))

        let opened = try await Task { try await router.open(url, using: links) }.value
        let failure = await Task { () async -> LinkOpenError? in
            do throws(LinkOpenError) {
                _ = try await router.open(url, using: LinkMap())
                return nil
            } catch {
                return error
            }
        }.value

        #expect((opened.screen as? ProductScreen)?.productID == 8)
        #expect(opened.pattern == "https://{shop.example.com,www.shop.example.com}/products/<int:id>")
        #expect(
            failure
                == .link(
                    .noMatch(url: "https://shop.example.com/products/8", closest: [])))
        #expect(window.render().contains("screen \"product 8\""))
    }

    @Test("A link that lands on the fallback says why: unknown path, unconvertible value, malformed")
    func fallbackReasons() async throws {
        let router = DefaultRouter(window: shopWindow())
        var links = try links()
        var reasons: [String] = []
        links.fallbackWithReason { fallback in
            reasons.append(fallback.description)
            return Link(to: web, with: fallback.url)
        }

        for url in ["shop://video/9", "shop://product/abc", "shop://product/%zz"] {
            let opened = try await router.open(url, using: links)
            #expect(opened.isFallback && opened.pattern == nil, "\(url)")
            #expect(opened.fallback?.url == url)
        }
        let unknown = try await router.open("shop://video/9", using: links)

        #expect(
            reasons == [
                "no link pattern matches 'shop://video/9'; closest: 'shop://legacy/<int:id>', 'shop://product/<int:id>'",
                "parameter 'id' of 'shop://product/<int:id>' expects an int, found 'abc'",
                "malformed link 'shop://product/%zz' at column 16: invalid percent escape; expected '%' followed by two hexadecimal digits",
                "no link pattern matches 'shop://video/9'; closest: 'shop://legacy/<int:id>', 'shop://product/<int:id>'",
            ])
        #expect(
            unknown.fallback?.reason
                == .noMatch(url: "shop://video/9", closest: ["shop://legacy/<int:id>", "shop://product/<int:id>"]))
    }

    @Test("A custom scheme's first segment keeps its letter case: shop://PRODUCT/5 is not shop://product/5")
    func customSchemeFirstSegmentIsCaseSensitive() async throws {
        let window = shopWindow()
        let router = DefaultRouter(window: window)
        let links = try links()

        let lower = try await router.open("SHOP://product/5", using: links)
        let upper = try await router.open("SHOP://PRODUCT/5", using: links)

        #expect(upper.isFallback)
        // The pattern spelt the same but for its case comes first: it is the one meant.
        #expect(
            upper.fallback?.reason
                == .noMatch(url: "SHOP://PRODUCT/5", closest: ["shop://product/<int:id>", "shop://legacy/<int:id>"]))
        #expect((lower.screen as? ProductScreen)?.productID == 5)
    }
}
