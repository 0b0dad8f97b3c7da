// The statements of Links.md, in the context the article gives them (the declarations are in
// Links.swift): the routes of GettingStarted.md with the links registered in `makeLinks()`.
import Composer
import ComposerLinks
import ComposerTesting
import Foundation
import Testing

@MainActor
@Suite("Links.md, as written")
struct LinksUsage {
    let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
    let router: DefaultRouter
    let routes: ShopRoutes

    init() {
        let session = Session()
        session.isSignedIn = true
        router = DefaultRouter(window: window)
        routes = ShopRoutes(session: session, experiments: Experiments(), router: router)
    }

    @Test("Both registered URLs open product 42; the second finds the first one's screen")
    func open() async throws {
        let links = try routes.makeLinks()
        // doc-sample: Links.md open
        try await router.open("shop://product/42", using: links)
        try await router.open("https://www.shop.example.com/products/42", using: links)
        // end-doc-sample
        #expect(window.render().components(separatedBy: #"screen "product 42""#).count == 2)
    }

    @Test("The search registration fills the query from the URL")
    func search() async throws {
        var links = LinkMap()
        let search = routes.search
        // doc-sample: Links.md search
        try links.register(
            "shop://search?q=<q>&page=<int:page?>&tag=<tag?>", as: "Search", samples: ["q": "red shoes"]
        ) { params in
            let query = SearchQuery(
                text: try params.string("q"),
                page: try params.optionalInt("page") ?? 1,
                tags: try params.strings("tag"))
            return Link(to: search, with: query)
        }
        // end-doc-sample
        let screen = try await router.open("shop://search?q=red%20shoes&tag=new&tag=sale", using: links)
        let query = (screen.screen as? SearchScreen)?.query
        #expect(query == SearchQuery(text: "red shoes", page: 1, tags: ["new", "sale"]))
    }

    @Test("A case-insensitive map opens /Products/42 and /PRODUCTS/42 with one pattern")
    func letterCase() async throws {
        let product = routes.product
        // doc-sample: Links.md letter-case
        var webLinks = LinkMap(pathCase: .insensitive)
        try webLinks.register("https://shop.example.com/products/<int:id>") { params in
            Link(to: product, with: try params.int("id"))
        }
        // https://shop.example.com/Products/42 and .../PRODUCTS/42 open product 42 too.
        // end-doc-sample
        for url in ["https://shop.example.com/Products/42", "https://shop.example.com/PRODUCTS/42"] {
            let opened = try await router.open(url, using: webLinks)
            #expect((opened.screen as? ProductScreen)?.productID == 42)
        }
    }

    @Test("A converter turns SKU-7 into product 7")
    func converter() async throws {
        var links = LinkMap()
        let product = routes.product
        // doc-sample: Links.md converter
        try links.registerConverter("sku", sample: "SKU-1") { text in
            text.hasPrefix("SKU-") ? Int(text.dropFirst(4)) : nil
        }
        try links.register("shop://item/<sku:code>") { params in
            Link(to: product, with: try params.value("code", as: Int.self))
        }
        // end-doc-sample
        let screen = try await router.open("shop://item/SKU-7", using: links)
        #expect((screen.screen as? ProductScreen)?.productID == 7)
    }

    func handleErrors(url: String, links: LinkMap) async {
        // doc-sample: Links.md errors
        do {
            try await router.open(url, using: links)
        } catch .link(let error) {
            print("cannot open \(url): \(error)")
        } catch .routing(let error) where error.code == .interceptorRejected {
            print("the user did not sign in")
        } catch {
            print(error)
        }
        // end-doc-sample
    }

    func openFromATask(url: URL, links: LinkMap) async throws {
        // doc-sample: Links.md open-task
        let opened = try await Task { try await router.open(url, using: links) }.value
        // end-doc-sample
        _ = opened
    }

    func fallbackWithReason(links: inout LinkMap, web: DestinationStep<WebScreen, String>) {
        // doc-sample: Links.md fallback-reason
        links.fallbackWithReason { fallback in
            print("no screen for \(fallback.url): \(fallback)")
            // no link pattern matches 'shop://video/9'; closest: 'shop://product/<int:id>'
            return Link(to: web, with: fallback.url)
        }
        // end-doc-sample
    }

    func loadRedirects(json: Data) throws {
        var links = try routes.makeLinks()
        // doc-sample: Links.md redirects
        do {
            try links.loadRedirects(from: json)
        } catch {
            print(error)  // the table was refused; the previous redirects stay in use
        }
        // end-doc-sample
    }

    @Test("URLs are built back from the registered names")
    func buildURLs() throws {
        var links = try routes.makeLinks()
        let search = routes.search
        try links.register("shop://search?q=<q>&page=<int:page?>&tag=<tag?>", as: "Search") { params in
            Link(to: search, with: SearchQuery(text: try params.string("q"), tags: try params.strings("tag")))
        }
        // doc-sample: Links.md build-urls
        let productURL = try links.url(for: "Product", parameters: ["id": 42])
        // shop://product/42
        let searchURL = try links.url(for: "Search", parameters: ["q": "red shoes", "tag": ["new", "sale"]])
        // shop://search?q=red%20shoes&tag=new&tag=sale
        // end-doc-sample
        #expect(productURL == "shop://product/42")
        #expect(searchURL == "shop://search?q=red%20shoes&tag=new&tag=sale")
    }

    // The fragments below are compiled, not run: they need a context the article only describes.

    func listCatalog(links: LinkMap) {
        // doc-sample: Links.md catalog
        for entry in routes.makeCatalog(links: links).entries {
            print(entry)
        }
        // end-doc-sample
    }

    func openFromMenu(catalog: DestinationCatalog) async throws {
        // doc-sample: Links.md menu
        if let link = catalog.entry(named: "Search")?.sample {
            try await router.navigate(to: link)
        }
        // end-doc-sample
    }
}
