import Composer

// The terminal shop's screen classes, on both of its platforms: `ShopScreenBase` is the twin's
// `TestScreen` (TerminalScreens.swift) or the SwiftUI model's `NavigationNode` (ModelScreens.swift
// of ComposerShopSwiftUI, which links this file). Each platform file adds its containers.

final class HomeScreen: ShopScreenBase {}
final class ProductListScreen: ShopScreenBase {}
final class AccountScreen: ShopScreenBase {}
final class LoginScreen: ShopScreenBase {}

final class ProductScreen: ShopScreenBase, ContextChecking {
    private(set) var productID: ProductID

    init(_ productID: ProductID) {
        self.productID = productID
        super.init("product \(productID)")
    }

    func isTarget(for context: ProductID) -> Bool { productID == context }

    func show(_ id: ProductID) { productID = id }
}

final class CartScreen: ShopScreenBase {
    private(set) var items: [ProductID] = []

    func show(items: [ProductID]) { self.items = items }
}

@MainActor
enum ShopScreens {
    static func makeTabs() -> ShopTabBarController { ShopTabBarController("shop") }
    static func makeHome() -> HomeScreen { HomeScreen("home") }
    static func makeProductList() -> ProductListScreen { ProductListScreen("products") }
    static func makeAccount() -> AccountScreen { AccountScreen("account") }
    static func makeLogin() -> LoginScreen { LoginScreen("login") }
    static func makeProduct(_ id: ProductID) -> ProductScreen { ProductScreen(id) }
    static func makeCart(items: [ProductID]) -> CartScreen {
        let cart = CartScreen("cart")
        cart.show(items: items)
        return cart
    }
}
