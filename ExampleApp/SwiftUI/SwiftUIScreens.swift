import ComposerSwiftUI
import Observation

// The SwiftUI shop's screens: navigation-model nodes under the names the shared `ShopRoutes` uses.
// The terminal app defines the same names with in-memory screens and the UIKit app with view
// controllers, so the routes compile unchanged on all three. A node holds a screen's state; its
// view is registered once in `SwiftUIShop.registerViews()`.

/// The base class of every shop screen, as `ShopRoutes` names it.
typealias ShopScreenBase = NavigationNode
/// The navigation stack of the tabs and of the modals: a `NavigationStack` and its path.
typealias ShopNavigationController = StackNode
/// The tab bar at the root of the scene: a `TabView`.
typealias ShopTabBarController = TabsNode

/// The home tab.
final class HomeScreen: NavigationNode {}
/// The products tab: the sample products.
final class ProductListScreen: NavigationNode {}
/// The account tab; signing in is required.
final class AccountScreen: NavigationNode {}
/// Sign in or cancel, answering the navigation that waits for it (`SignInInterceptor`).
final class LoginScreen: NavigationNode, ResultReturning {
    /// Set by the router while a sign-in guard awaits the answer.
    var resultHandle: ResultHandle<Bool>?
}
/// What the shop is, in a popover from the home screen.
final class AboutScreen: NavigationNode {}

/// One product. Found again by its id, so a second navigation to it reveals this node.
@Observable
final class ProductScreen: NavigationNode, ContextChecking {
    /// The product shown; `show(_:)` replaces it when a navigation reuses this node.
    private(set) var productID: ProductID
    /// What the size picker last answered for this node; `nil` before any answer.
    private(set) var sizeNote: String?

    /// A node for product `productID`.
    init(_ productID: ProductID) {
        self.productID = productID
        super.init("product \(productID)")
        title = SampleProduct.name(of: productID)
    }

    /// Whether this node shows `context`, so the router reuses it rather than pushing a twin.
    func isTarget(for context: ProductID) -> Bool { productID == context }

    /// Shows product `id` (the router's `ShowProductTask` calls this on a found or new node).
    func show(_ id: ProductID) {
        productID = id
        title = SampleProduct.name(of: id)
    }

    /// Shows what the size picker answered (`ShopRoutes.pickSize(for:)` calls this).
    func show(size: ProductSize?) { sizeNote = ProductSize.note(for: size) }
}

/// Answers with a size for its product (`ResultReturning`); the router removes the sheet and hands
/// the answer to whoever awaits it. A swipe down answers nothing.
final class SizePickerScreen: NavigationNode, ResultReturning {
    /// The product whose size is asked.
    let productID: ProductID
    /// Set by the router while someone awaits the answer.
    var resultHandle: ResultHandle<ProductSize>?

    /// A picker for `productID`'s size, in a sheet that rests at half height.
    init(for productID: ProductID) {
        self.productID = productID
        super.init("size picker")
        title = "Size"
        presentationStyle = .sheet(detents: [.medium])
    }
}

/// A product's review being written. With unsaved edits it refuses to close (`ReviewDrafting`): the
/// router refuses navigations that would remove it, and the sheet cannot be swiped down.
@Observable
final class ReviewEditorScreen: NavigationNode, ContextChecking, ReviewDrafting {
    /// The product reviewed.
    let productID: ProductID
    /// The review as saved.
    var savedText: String
    /// The text being written.
    var text: String

    /// An editor of `productID`'s review, starting from its saved review, if any.
    init(for productID: ProductID, saved: String?) {
        self.productID = productID
        savedText = saved ?? ""
        text = savedText
        super.init("review of \(productID)")
        title = "Review"
    }

    /// Whether this editor is the one for `context`.
    func isTarget(for context: ProductID) -> Bool { productID == context }
}

/// The side menu's menu panel.
final class MenuScreen: NavigationNode {}
/// The side menu's content panel: help.
final class HelpScreen: NavigationNode {}

/// The cart, in its own modal navigation stack.
@Observable
final class CartScreen: NavigationNode {
    /// The items shown; `show(items:)` replaces them.
    private(set) var items: [ProductID] = []

    /// Shows `items` (the factory and the router's `RefreshCartTask` call this).
    func show(items: [ProductID]) { self.items = items }
}

/// The nodes the shared routes build, as the SwiftUI app makes them.
@MainActor
enum ShopScreens {
    static func makeTabs() -> ShopTabBarController { TabsNode("shop") }

    static func makeNavigation(named name: String, root: NavigationNode?) -> ShopNavigationController {
        let navigation = StackNode(name, nodes: root.map { [$0] } ?? [])
        navigation.title = root?.title ?? name
        return navigation
    }

    /// A stack for a modal: a sheet that rests at half height and can be pulled up, or a cover.
    static func makeModalNavigation(named name: String, asSheet: Bool) -> ShopNavigationController {
        let navigation = StackNode(name)
        navigation.presentationStyle = asSheet ? .sheet(detents: [.medium, .large]) : .fullScreenCover
        return navigation
    }

    static func makeHome() -> HomeScreen { titled(HomeScreen("home"), "Home") }
    static func makeProductList() -> ProductListScreen { titled(ProductListScreen("products"), "Products") }
    static func makeAccount() -> AccountScreen { titled(AccountScreen("account"), "Account") }

    /// The login screen, a sheet: a user who swipes it away answers the guard that waits with no
    /// answer, which stops the navigation it guards.
    static func makeLogin() -> LoginScreen { titled(LoginScreen("login"), "Sign in") }

    static func makeProduct(_ id: ProductID) -> ProductScreen { ProductScreen(id) }

    static func makeSizePicker(for id: ProductID) -> SizePickerScreen { SizePickerScreen(for: id) }

    static func makeReviewEditor(for id: ProductID, saved: String?) -> ReviewEditorScreen {
        ReviewEditorScreen(for: id, saved: saved)
    }

    /// The side menu (ShopSideMenu.swift) over the whole scene, showing its menu: SwiftUI has no
    /// over-full-screen presentation, so it is a full-screen cover.
    static func makeSideMenu() -> ShopSideMenu {
        let sideMenu = ShopSideMenu(
            menu: titled(MenuScreen("menu"), "Menu"), content: titled(HelpScreen("help"), "Help"))
        sideMenu.presentationStyle = .fullScreenCover
        return sideMenu
    }

    static func makeCart(items: [ProductID]) -> CartScreen {
        let cart = titled(CartScreen("cart"), "Cart")
        cart.show(items: items)
        return cart
    }

    /// The SF Symbol of a tab, by the name of its stack.
    static func tabSymbol(of tab: NavigationNode) -> String {
        switch tab.name {
        case "home-nav": "house"
        case "products-nav": "bag"
        case "account-nav": "person.crop.circle"
        default: "square"
        }
    }

    private static func titled<Node: NavigationNode>(_ node: Node, _ title: String) -> Node {
        node.title = title
        return node
    }
}

extension ShopRoutes {
    /// About the shop, in a popover anchored on the screen that asked for it (a sheet in a compact
    /// width, where SwiftUI adapts popovers).
    var about: DestinationStep<AboutScreen, Void> {
        StepAssembly(
            finder: ClassFinder<AboutScreen, Void>(),
            factory: ClosureFactory { _ in
                let about = AboutScreen("about")
                about.title = "About"
                about.presentationStyle = .popover
                return about
            }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }
}
