import Composer
import ComposerLinks

extension ShopRoutes {
    /// Every URL the shop opens, custom scheme and universal links alike. Unknown URLs show the
    /// home tab rather than failing.
    func makeLinks() throws -> LinkMap {
        var links = LinkMap()
        try links.register("shop://product/<id>", as: "Product", samples: ["id": "42"]) { [unowned self] params in
            Link(to: product, with: ProductID(try params.string("id")))
        }
        try links.register(
            "https://{shop.example.com,www.shop.example.com}/products/<id>", as: "Product (web)",
            samples: ["id": "42"]
        ) { [unowned self] params in
            Link(to: product, with: ProductID(try params.string("id")))
        }
        try links.register("shop://cart", as: "Cart") { [unowned self] _ in Link(to: cart) }
        try links.register("shop://account", as: "Account") { [unowned self] _ in Link(to: account) }
        try links.register("shop://products", as: "Products") { [unowned self] _ in Link(to: productList(), with: ()) }
        try links.register("shop://home", as: "Home") { [unowned self] _ in Link(to: home) }
        // The old app's item links: they open the product list until a redirect loaded at run time
        // (ExampleApp/scripts/redirects.json) sends them to their product.
        try links.register("shop://item/<id>", as: "Item (old link)", samples: ["id": "42"]) { [unowned self] _ in
            Link(to: productList(), with: ())
        }
        links.fallback { [unowned self] _ in Link(to: home) }
        return links
    }

    /// The debug menu's list: every link, plus the screens that have no URL.
    func makeCatalog(links: LinkMap) -> DestinationCatalog {
        var catalog = DestinationCatalog(links: links)
        catalog.register("Login") { [unowned self] in Link(to: login) }
        return catalog
    }
}
