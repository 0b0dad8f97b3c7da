import Composer
import ComposerLinks

extension ShopRoutes {
    /// The screens that come back where the user left them, each with the link that leads back to
    /// it: what the iOS app saves in its scene's restoration activity and the terminal's `save` keeps.
    func makeRestoration(links: LinkMap) throws -> LinkRestoration {
        var restoration = LinkRestoration(links: links)
        try restoration.register("Product", for: ProductScreen.self) { ["id": $0.productID.rawValue] }
        try restoration.register("Cart", for: CartScreen.self) { _ in [:] }
        try restoration.register("Products", for: ProductListScreen.self) { _ in [:] }
        try restoration.register("Account", for: AccountScreen.self) { _ in [:] }
        try restoration.register("Home", for: HomeScreen.self) { _ in [:] }
        return restoration
    }
}

extension ShopRoutes {
    /// The links and the restoration, for an app that keeps running when a registration fails (a
    /// bad pattern is a programming error): a part that failed is empty (no URL opens, no screen
    /// comes back) and `reportError` says which and why.
    func makeLinksAndRestoration(reportError: (String) -> Void) -> (links: LinkMap, restoration: LinkRestoration?) {
        var links = LinkMap()
        do {
            links = try makeLinks()
        } catch {
            reportError("the shop's links did not register, so no URL will open: \(error)")
        }
        do {
            return (links, try makeRestoration(links: links))
        } catch {
            reportError("the shop's restoration did not register, so screens will not come back: \(error)")
            return (links, nil)
        }
    }
}
