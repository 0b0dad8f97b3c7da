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
