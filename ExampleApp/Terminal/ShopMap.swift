import Composer
import ComposerLinks

extension ShopRoutes {
    /// The shop's main destinations as one graph, with the link patterns that open each. The product
    /// is drawn as the experiment group the session is in picks it. The screens that show the
    /// articles' promises (ShopFeatures.swift: size picker, review editor, side menu; the reviews)
    /// are left out, so the picture of the article *Drawing the route map* stays the one it describes.
    func makeMap(links: LinkMap) throws(RoutingError) -> RouteMap {
        let entries = makeCatalog(links: links).entries
        func patterns(_ names: String...) -> [String] {
            entries.filter { names.contains($0.name) }.compactMap(\.pattern)
        }
        var map = RouteMap()
        try map.add("Home", home, links: patterns("Home"))
        try map.add("Products", productList(), sampleContext: (), links: patterns("Products"))
        try map.add("Product", product, sampleContext: ProductID("42"), links: patterns("Product", "Product (web)"))
        try map.add("Cart", cart, links: patterns("Cart"))
        try map.add("Account", account, links: patterns("Account"))
        try map.add("Login", login)
        return map
    }
}
