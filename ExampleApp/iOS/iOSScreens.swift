import ComposerUIKit
import UIKit

// The iOS shop's screens: UIKit view controllers under the names the shared `ShopRoutes` uses. The
// terminal app defines the same names with in-memory screens, so the routes compile unchanged on both.

/// The base class of every shop screen, as `ShopRoutes` names it.
typealias ShopScreenBase = UIViewController
/// The navigation stack of the tabs and of the modals.
typealias ShopNavigationController = UINavigationController
/// The tab bar at the root of the window.
typealias ShopTabBarController = UITabBarController

/// The home tab: a welcome, shortcuts that navigate through the router, and the debug menu.
final class HomeScreen: UIViewController {
    /// Builds the content; the screen is code-only.
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Composer Shop"
        view.backgroundColor = .systemBackground
        navigationItem.leftBarButtonItems = [
            UIBarButtonItem(
                title: "Menu", image: UIImage(systemName: "line.3.horizontal"),
                primaryAction: UIAction { [weak self] _ in
                    self?.runNavigation("showing the side menu") { try await $0.router.navigate(to: $0.routes.menu) }
                }, menu: nil),
            UIBarButtonItem(
                title: "Debug", image: UIImage(systemName: "ladybug"),
                primaryAction: UIAction { [weak self] _ in self?.openDebugMenu() }, menu: nil),
        ]
        let about = UIBarButtonItem(
            title: "About", image: UIImage(systemName: "info.circle"), primaryAction: nil, menu: nil)
        about.primaryAction = UIAction { [weak self, weak about] _ in
            guard let about else { return }
            self?.runNavigation("showing about") { try await $0.router.navigate(to: $0.routes.about(from: about)) }
        }
        navigationItem.rightBarButtonItems = [
            UIBarButtonItem(
                title: "Cart", image: UIImage(systemName: "cart"),
                primaryAction: UIAction { [weak self] _ in self?.openCart() }, menu: nil),
            about,
        ]
        installContent([
            makeLabel("Every button below navigates through the router.", style: .body),
            makeButton("Browse products", symbol: "bag", prominent: true) { [weak self] in
                self?.runNavigation("showing the products") {
                    try await $0.router.navigate(to: $0.routes.productList(), with: ())
                }
            },
            makeButton("Open shop://product/42", symbol: "link") { [weak self] in
                self?.runNavigation("opening shop://product/42") {
                    try await $0.router.open("shop://product/42", using: $0.links)
                }
            },
            makeButton("Show the cart", symbol: "cart") { [weak self] in self?.openCart() },
        ])
    }

    /// The cart, presented over whatever is on screen.
    private func openCart() {
        runNavigation("showing the cart") { try await $0.router.navigate(to: $0.routes.cart) }
    }

    /// Every destination of the catalog, in a sheet (an iOS-only route, see `DebugMenuScreen`).
    private func openDebugMenu() {
        runNavigation("showing the debug menu") {
            try await $0.router.navigate(to: $0.routes.debugMenu(links: $0.links))
        }
    }
}

/// The products tab: a table of the sample products; a row navigates to the product.
final class ProductListScreen: UITableViewController {
    private static let cellIdentifier = "product"
    private let products = SampleProduct.all

    /// Registers the cell and names the screen.
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Products"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
    }

    /// One row per sample product.
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        products.count
    }

    /// The product's name, id and symbol.
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        var content = cell.defaultContentConfiguration()
        if products.indices.contains(indexPath.row) {
            let product = products[indexPath.row]
            content.text = product.name
            content.secondaryText = "#\(product.id)"
            content.image = UIImage(systemName: product.symbol)
        }
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    /// Navigates to the product through the router, so sign-in and the A/B group apply.
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard products.indices.contains(indexPath.row) else { return }
        let id = products[indexPath.row].id
        runNavigation("showing product \(id)") { try await $0.router.navigate(to: $0.routes.product, with: id) }
    }
}

/// One product: its name and id, the size picked, "Add to cart", "Pick a size", "Write a review",
/// "Reviews" and "View cart". Found again by its id. Its navigation bar is its own (`ShopBar.product`:
/// orange buttons on a bar without a background), applied by the `ScreenBarNavigationController` it
/// is pushed into.
final class ProductScreen: UIViewController, ContextChecking, NavigationBarConfiguring {
    /// The product shown; `show(_:)` replaces it when a navigation reuses this screen.
    private(set) var productID: ProductID
    private let nameLabel = UILabel()
    private let idLabel = UILabel()
    private let cartLabel = UILabel()
    private let sizeLabel = UILabel()

    /// A screen for product `productID`.
    init(_ productID: ProductID) {
        self.productID = productID
        super.init(nibName: nil, bundle: nil)
        title = "Product \(productID)"
    }

    /// Not used: the app builds its screens in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) {
        return nil
    }

    /// Whether this screen shows `context`, so the router reuses it rather than pushing a twin.
    func isTarget(for context: ProductID) -> Bool { productID == context }

    /// An orange-tinted bar without a background while this screen is on top (`ShopBar.product`).
    var navigationBarConfiguration: NavigationBarConfiguration { NavigationBarConfiguration(ShopBar.of(self)) }

    /// Shows what the size picker answered (`ShopRoutes.pickSize(for:)` calls this): a size, or
    /// that the picker was closed without one.
    func show(size: ProductSize?) {
        sizeLabel.text = ProductSize.note(for: size)
    }

    /// Shows product `id` (the router's `ShowProductTask` calls this on a found or new screen).
    func show(_ id: ProductID) {
        productID = id
        title = "Product \(id)"
        if isViewLoaded { refresh() }
    }

    /// Builds the content.
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        for label in [nameLabel, idLabel, sizeLabel, cartLabel] {
            label.numberOfLines = 0
            label.textAlignment = .center
            label.adjustsFontForContentSizeCategory = true
        }
        nameLabel.font = .preferredFont(forTextStyle: .title1)
        idLabel.font = .preferredFont(forTextStyle: .subheadline)
        idLabel.textColor = .secondaryLabel
        cartLabel.font = .preferredFont(forTextStyle: .footnote)
        sizeLabel.font = .preferredFont(forTextStyle: .subheadline)
        installContent([
            nameLabel, idLabel, sizeLabel,
            makeButton("Add to cart", symbol: "cart.badge.plus", prominent: true) { [weak self] in self?.addToCart() },
            makeButton("Pick a size", symbol: "tshirt") { [weak self] in
                guard let id = self?.productID else { return }
                // Awaits the picker's answer; the route shows it on this screen.
                self?.runNavigation("asking the size of \(id)") { _ = try await $0.routes.pickSize(for: id) }
            },
            makeButton("Write a review", symbol: "square.and.pencil") { [weak self] in
                guard let id = self?.productID else { return }
                self?.runNavigation("editing the review of \(id)") {
                    try await $0.router.navigate(to: $0.routes.reviewEditor, with: id)
                }
            },
            makeButton("Reviews", symbol: "text.bubble") { [weak self] in
                guard let id = self?.productID else { return }
                self?.runNavigation("showing the reviews of \(id)") {
                    try await $0.router.navigate(to: $0.routes.reviews, with: id)
                }
            },
            makeButton("View cart", symbol: "cart") { [weak self] in
                self?.runNavigation("showing the cart") { try await $0.router.navigate(to: $0.routes.cart) }
            },
            cartLabel,
        ])
        refresh()
    }

    /// Refreshes the cart count, and offers Close when this screen is the root of a sheet
    /// (experiment group B), which only the window knows by now.
    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        refresh()
        let navigation = navigationController
        let isSheetRoot = navigation?.viewControllers.first === self && navigation?.presentingViewController != nil
        navigationItem.leftBarButtonItem =
            isSheetRoot
            ? UIBarButtonItem(
                systemItem: .close,
                primaryAction: UIAction { [weak self] _ in
                    self?.runNavigation("closing the product") { try await $0.router.navigate(to: $0.routes.back) }
                })
            : nil
    }

    /// Puts this product in the session's cart.
    private func addToCart() {
        guard let session = shopEnvironment?.session else { return }
        session.cart.append(productID)
        refresh()
    }

    /// Shows the product and, once on screen, how many items the cart holds.
    private func refresh() {
        nameLabel.text = SampleProduct.name(of: productID)
        idLabel.text = "Product #\(productID)"
        let count = viewIfLoaded?.window == nil ? nil : shopEnvironment?.session.cart.count
        cartLabel.text = count.map { "The cart holds \($0) item(s)." } ?? ""
    }
}

/// The cart, in its own modal navigation stack: the items, and Close.
final class CartScreen: UITableViewController {
    private static let cellIdentifier = "item"
    /// The items shown; `show(items:)` replaces them.
    private(set) var items: [ProductID] = []

    /// Shows `items` (the factory and the router's `RefreshCartTask` call this).
    func show(items: [ProductID]) {
        self.items = items
        if isViewLoaded { tableView.reloadData() }
    }

    /// Registers the cell and adds Close.
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Cart"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        tableView.allowsSelection = false
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            systemItem: .close,
            primaryAction: UIAction { [weak self] _ in
                self?.runNavigation("closing the cart") { try await $0.router.navigate(to: $0.routes.back) }
            })
    }

    /// One row per item, or one row saying the cart is empty.
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        max(items.count, 1)
    }

    /// The item's name and id.
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        var content = cell.defaultContentConfiguration()
        if items.indices.contains(indexPath.row) {
            let id = items[indexPath.row]
            content.text = SampleProduct.name(of: id)
            content.secondaryText = "#\(id)"
        } else {
            content.text = "Your cart is empty."
            content.textProperties.color = .secondaryLabel
        }
        cell.contentConfiguration = content
        return cell
    }
}

/// Sign in or cancel, answering the navigation that waits for it (`SignInInterceptor`).
final class LoginScreen: UIViewController, ResultReturning {
    /// Set by the router while a sign-in guard awaits the answer.
    var resultHandle: ResultHandle<Bool>?

    /// Builds the content.
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Sign in"
        view.backgroundColor = .systemBackground
        installContent([
            makeLabel("Sign in to continue", style: .title2),
            makeLabel("This screen only asks; no account is needed.", style: .footnote),
            makeButton("Sign in", symbol: "person.crop.circle.badge.checkmark", prominent: true) { [weak self] in
                self?.answer(approved: true)
            },
            makeButton("Cancel", symbol: "xmark") { [weak self] in self?.answer(approved: false) },
        ])
    }

    /// Answers the waiting navigation: the router closes this screen, then the guard lets the
    /// navigation go on or stops it. Opened with nothing waiting (from the debug menu), it signs in
    /// or not and closes itself.
    private func answer(approved: Bool) {
        guard let environment = shopEnvironment else { return }
        if answer(signedIn: approved, in: environment.session) { return }
        environment.navigate("closing the login screen") { try await $0.router.navigate(to: $0.routes.back) }
    }
}

/// The account tab: who is signed in, the A/B experiment switch, and sign out.
final class AccountScreen: UIViewController {
    private let statusLabel = UILabel()
    private let experimentSwitch = UISwitch()

    /// An account screen; its content reflects the session each time it appears.
    init() {
        super.init(nibName: nil, bundle: nil)
    }

    /// Not used: the app builds its screens in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) {
        return nil
    }

    /// Builds the content.
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Account"
        view.backgroundColor = .systemBackground
        statusLabel.numberOfLines = 0
        statusLabel.textAlignment = .center
        statusLabel.font = .preferredFont(forTextStyle: .title3)
        statusLabel.adjustsFontForContentSizeCategory = true
        experimentSwitch.addAction(
            UIAction { [weak self] _ in self?.experimentChanged() }, for: .valueChanged)
        let experimentLabel = makeLabel("Products in a sheet (A/B group B)", style: .body)
        experimentLabel.textAlignment = .natural
        let experimentRow = UIStackView(arrangedSubviews: [experimentLabel, experimentSwitch])
        experimentRow.spacing = 12
        experimentRow.alignment = .center
        installContent([
            statusLabel, experimentRow,
            makeButton("Sign out", symbol: "rectangle.portrait.and.arrow.right") { [weak self] in self?.signOut() },
        ])
    }

    /// Reads the session now that the screen is in its window (its scene's environment is known).
    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        guard let session = shopEnvironment?.session else { return }
        statusLabel.text = session.isSignedIn ? "You are signed in." : "You are not signed in."
        experimentSwitch.isOn = session.productsAsSheet
    }

    /// Moves the user to the other experiment group; the next product navigation uses it.
    private func experimentChanged() {
        shopEnvironment?.session.productsAsSheet = experimentSwitch.isOn
    }

    /// Signs out and leaves every screen that needs sign-in: this tab, and the products pushed in
    /// the products tab or shown in a sheet.
    private func signOut() {
        shopEnvironment?.navigate("leaving the signed-in screens after signing out") {
            try await $0.routes.forceSignOut()
        }
    }
}

/// Builds the shop's screens for `ShopRoutes`: the same functions, with the same signatures, as the
/// terminal app's `ShopScreens`.
@MainActor
enum ShopScreens {
    /// The tab bar. A tap on one of its tabs reaches the router through the scene's
    /// `UserNavigationReporter`, so the account tab asks for sign-in as the account route does.
    static func makeTabs() -> ShopTabBarController {
        let tabs = UITabBarController()
        tabs.title = "shop"
        return tabs
    }

    /// A tab's navigation stack, with the tab bar item of its root screen. `name` becomes the
    /// title, which routing errors quote; the tab bar item is set after it so it keeps its own.
    /// Each screen in it owns its navigation bar (`ScreenBarNavigationController`).
    static func makeNavigation(named name: String, root: UIViewController?) -> ShopNavigationController {
        let navigation =
            root.map { ScreenBarNavigationController(rootViewController: $0) } ?? ScreenBarNavigationController()
        navigation.title = name
        navigation.navigationBar.prefersLargeTitles = true
        if let item = tabItem(for: root) { navigation.tabBarItem = item }
        return navigation
    }

    /// A navigation stack to present: full screen, or a page sheet that rests at half height
    /// or full height when `asSheet`. Its screens own their bars too (the review editor's Save).
    static func makeModalNavigation(named name: String, asSheet: Bool) -> ShopNavigationController {
        let navigation = ScreenBarNavigationController()
        navigation.title = name
        navigation.modalPresentationStyle = asSheet ? .pageSheet : .fullScreen
        if asSheet, let sheet = navigation.sheetPresentationController {
            SheetConfiguration(detents: [.medium, .large], prefersGrabberVisible: true).apply(to: sheet)
        }
        return navigation
    }

    /// The home tab's screen.
    static func makeHome() -> HomeScreen { HomeScreen() }

    /// The products tab's screen.
    static func makeProductList() -> ProductListScreen { ProductListScreen(style: .insetGrouped) }

    /// The account tab's screen.
    static func makeAccount() -> AccountScreen { AccountScreen() }

    /// The login screen, a sheet: a user who swipes it away answers the guard that waits with
    /// no answer, which stops the navigation it guards.
    static func makeLogin() -> LoginScreen { LoginScreen() }

    /// A product screen.
    static func makeProduct(_ id: ProductID) -> ProductScreen { ProductScreen(id) }

    /// The cart screen, showing `items`.
    static func makeCart(items: [ProductID]) -> CartScreen {
        let cart = CartScreen(style: .insetGrouped)
        cart.show(items: items)
        return cart
    }

    /// The tab bar item (title and SF Symbol) of the tab whose root is `root`.
    private static func tabItem(for root: UIViewController?) -> UITabBarItem? {
        let title: String
        let symbol: String
        switch root {
        case is HomeScreen: (title, symbol) = ("Home", "house")
        case is ProductListScreen: (title, symbol) = ("Products", "bag")
        case is AccountScreen: (title, symbol) = ("Account", "person.crop.circle")
        default: return nil
        }
        return UITabBarItem(
            title: title, image: UIImage(systemName: symbol), selectedImage: UIImage(systemName: "\(symbol).fill"))
    }
}

// MARK: Layout helpers

/// The few layout pieces the code-only screens share, so each screen reads as its content.
extension UIViewController {
    /// Lays `views` out in a vertical stack centred in the safe area, within the readable margins:
    /// the shop's screens are a few labels and buttons.
    func installContent(_ views: [UIView]) {
        let stack = UIStackView(arrangedSubviews: views)
        stack.axis = .vertical
        stack.spacing = 16
        stack.translatesAutoresizingMaskIntoConstraints = false
        view.addSubview(stack)
        NSLayoutConstraint.activate([
            stack.leadingAnchor.constraint(equalTo: view.readableContentGuide.leadingAnchor),
            stack.trailingAnchor.constraint(equalTo: view.readableContentGuide.trailingAnchor),
            stack.centerYAnchor.constraint(equalTo: view.safeAreaLayoutGuide.centerYAnchor),
        ])
    }

    /// A centred, wrapping label in `style`, scaling with Dynamic Type.
    func makeLabel(_ text: String, style: UIFont.TextStyle) -> UILabel {
        let label = UILabel()
        label.text = text
        label.numberOfLines = 0
        label.textAlignment = .center
        label.font = .preferredFont(forTextStyle: style)
        label.adjustsFontForContentSizeCategory = true
        return label
    }

    /// A button with a title and an SF Symbol that runs `action`; `prominent` for the main action.
    func makeButton(
        _ title: String, symbol: String, prominent: Bool = false, action: @escaping @MainActor () -> Void
    ) -> UIButton {
        var configuration: UIButton.Configuration = prominent ? .filled() : .tinted()
        configuration.title = title
        configuration.image = UIImage(systemName: symbol)
        configuration.imagePadding = 8
        return UIButton(configuration: configuration, primaryAction: UIAction { _ in action() })
    }
}
