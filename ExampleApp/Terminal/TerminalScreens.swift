import Composer
import ComposerTesting

// The terminal shop's screens: in-memory screens that follow UIKit's rules. The iOS app defines
// the same names with UIKit view controllers, so `ShopRoutes` compiles unchanged on both.

typealias ShopScreenBase = TestScreen
typealias ShopNavigationController = TestNavigationContainer
typealias ShopTabBarController = TestTabsContainer

final class HomeScreen: TestScreen {}
final class ProductListScreen: TestScreen {}
final class AccountScreen: TestScreen {}
final class LoginScreen: TestScreen {}

final class ProductScreen: TestScreen, ContextChecking {
    private(set) var productID: ProductID

    init(_ productID: ProductID) {
        self.productID = productID
        super.init("product \(productID)")
    }

    func isTarget(for context: ProductID) -> Bool { productID == context }

    func show(_ id: ProductID) { productID = id }
}

final class CartScreen: TestScreen {
    private(set) var items: [ProductID] = []

    func show(items: [ProductID]) { self.items = items }
}

@MainActor
enum ShopScreens {
    static func makeTabs() -> ShopTabBarController { TestTabsContainer("shop") }

    static func makeNavigation(named name: String, root: TestScreen?) -> ShopNavigationController {
        TestNavigationContainer(name, stack: root.map { [$0] } ?? [])
    }

    static func makeModalNavigation(named name: String, asSheet: Bool) -> ShopNavigationController {
        let navigation = TestNavigationContainer(name)
        navigation.modalStyle = asSheet ? .pageSheet : .fullScreen
        return navigation
    }

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
