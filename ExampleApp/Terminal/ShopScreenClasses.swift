import Composer

// The terminal shop's screen classes, on both of its platforms: `ShopScreenBase` is the twin's
// `TestScreen` (TerminalScreens.swift) or the SwiftUI model's `NavigationNode` (ModelScreens.swift
// of ComposerShopSwiftUI, which links this file). Each platform file adds its containers.

final class HomeScreen: ShopScreenBase {}
final class ProductListScreen: ShopScreenBase {}
final class AccountScreen: ShopScreenBase {}

/// Signs in or not (`login`, `cancel`), answering the sign-in guard that awaits it
/// (`SignInInterceptor`, which also answers for it).
final class LoginScreen: ShopScreenBase, ResultReturning {
    var resultHandle: ResultHandle<Bool>?
}

final class ProductScreen: ShopScreenBase, ContextChecking {
    private(set) var productID: ProductID
    /// What the size picker last answered for this screen; `nil` before any answer.
    private(set) var sizeNote: String?

    init(_ productID: ProductID) {
        self.productID = productID
        super.init("product \(productID)")
    }

    func isTarget(for context: ProductID) -> Bool { productID == context }

    func show(_ id: ProductID) { productID = id }

    func show(size: ProductSize?) { sizeNote = ProductSize.note(for: size) }
}

/// Answers with a size for its product (`ResultReturning`): `choose` finishes with one, and the
/// router removes the picker and hands the size to whoever awaits it.
final class SizePickerScreen: ShopScreenBase, ResultReturning {
    let productID: ProductID
    var resultHandle: ResultHandle<ProductSize>?

    init(for productID: ProductID) {
        self.productID = productID
        super.init("size picker")
    }

    /// Whether someone awaits the answer (the router sets the handle while they do).
    var isAsked: Bool { resultHandle != nil }

    func choose(_ size: ProductSize) { resultHandle?.finish(with: size) }
}

/// A review being written; with unsaved edits it refuses to close (`ReviewDrafting`).
final class ReviewEditorScreen: ShopScreenBase, ContextChecking, ReviewDrafting {
    let productID: ProductID
    var savedText: String
    var text: String

    init(for productID: ProductID, saved: String?) {
        self.productID = productID
        savedText = saved ?? ""
        text = savedText
        super.init("review of \(productID)")
    }

    func isTarget(for context: ProductID) -> Bool { productID == context }
}

/// A product's reviews, pushed above the product with a transition of their own (see `ShopReviewsPush`).
final class ReviewsScreen: ShopScreenBase, ContextChecking {
    let productID: ProductID
    /// The transition the screen was pushed with, which its pop runs reversed; `nil` for the
    /// platform's own push.
    var pushTransition: ShopTransition?
    /// Whether the terminal has printed the push's transition (a later reveal is no push).
    var pushWasReported = false

    init(for productID: ProductID) {
        self.productID = productID
        super.init("reviews of \(productID)")
    }

    func isTarget(for context: ProductID) -> Bool { productID == context }
}

/// The side menu's panels.
final class MenuScreen: ShopScreenBase {}
final class HelpScreen: ShopScreenBase {}

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
    static func makeSizePicker(for id: ProductID) -> SizePickerScreen { SizePickerScreen(for: id) }
    static func makeReviewEditor(for id: ProductID, saved: String?) -> ReviewEditorScreen {
        ReviewEditorScreen(for: id, saved: saved)
    }
    static func makeReviews(for id: ProductID) -> ReviewsScreen { ReviewsScreen(for: id) }
    static func makeCart(items: [ProductID]) -> CartScreen {
        let cart = CartScreen("cart")
        cart.show(items: items)
        return cart
    }
}
