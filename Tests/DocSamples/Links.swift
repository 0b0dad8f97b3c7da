// doc-sample: Links.md register
import Composer
import ComposerLinks
import ComposerTesting

/// A web page shown inside the app, for links the app has no screen for.
final class WebScreen: TestScreen {
    let url: String

    init(url: String) {
        self.url = url
        super.init("web \(url)")
    }
}

extension ShopRoutes {
    /// The web page, presented over whatever is on top.
    var web: DestinationStep<WebScreen, String> {
        StepAssembly(finder: NilFinder<WebScreen, String>(), factory: ClosureFactory { url in WebScreen(url: url) })
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }

    /// Every URL the shop opens.
    func makeLinks() throws -> LinkMap {
        var links = LinkMap()
        try links.register("shop://product/<int:id>", as: "Product") { params in
            Link(to: product, with: try params.int("id"))
        }
        try links.register(
            "https://{shop.example.com,www.shop.example.com}/products/<int:id>", as: "Product (web)"
        ) { params in
            Link(to: product, with: try params.int("id"))
        }
        links.fallback { url in Link(to: web, with: url) }
        return links
    }
}
// end-doc-sample

// doc-sample: Links.md search-query
struct SearchQuery: Equatable {
    var text: String
    var page = 1
    var tags: [String] = []
}
// end-doc-sample

/// The search results; the article names it in the catalog's listing.
final class SearchScreen: TestScreen {
    let query: SearchQuery

    init(query: SearchQuery) {
        self.query = query
        super.init("search \(query.text)")
    }
}

extension ShopRoutes {
    /// The search the article's `search` registration opens (the article assumes it exists).
    var search: DestinationStep<SearchScreen, SearchQuery> {
        StepAssembly(
            finder: NilFinder<SearchScreen, SearchQuery>(), factory: ClosureFactory { SearchScreen(query: $0) }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }
}

// doc-sample: Links.md catalog
extension ShopRoutes {
    func makeCatalog(links: LinkMap) -> DestinationCatalog {
        var catalog = DestinationCatalog(links: links)
        catalog.register("Help page") { Link(to: web, with: "https://shop.example.com/help") }
        return catalog
    }
}
// end-doc-sample
