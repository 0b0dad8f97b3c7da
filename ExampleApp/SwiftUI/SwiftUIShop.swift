import ComposerSwiftUI
import Foundation
import SwiftUI
import os

/// What one scene of the SwiftUI shop needs: the session, the shared routes, the navigation model
/// the scene shows, the router that navigates in it, the links, and the view of each screen.
///
/// One per scene (``ShopScene`` keeps it in its state): on iPad every window is a scene, and each
/// must navigate in its own model and answer its own login screen.
@MainActor
final class SwiftUIShop {
    /// Who is signed in, the cart and the A/B group, for this scene.
    let session = ShopSession()
    /// The shop's destinations, shared with the terminal and the UIKit app.
    let routes: ShopRoutes
    /// The scene's screens, which `NavigationModelView` renders.
    let model = NavigationModel()
    /// Navigates in ``model``; `routes.router` points at it weakly, so it is kept here.
    let router: DefaultRouter
    /// Every URL the shop opens; empty (with an error logged) if the patterns do not register. Its
    /// redirects come from the bundled `redirects.json` at launch, as remote configuration would.
    private(set) var links: LinkMap
    /// One screen view per change of the visible screen, the user's included, sent to the log.
    let analytics: ShopAnalytics
    /// Which screens come back at the next launch; `nil` (logged) if a registration failed.
    let restoration: LinkRestoration?
    /// The view of each kind of node, each built once per node.
    let registry = NodeViewRegistry()

    /// The app's own log.
    static let log = Logger(subsystem: Bundle.main.bundleIdentifier ?? "ComposerShopSwiftUI", category: "Shop")

    /// A shop with nothing on screen yet; ``start(restoring:)`` shows home.
    init() {
        routes = ShopRoutes(session: session)
        router = DefaultRouter(windowProvider: FixedWindowProvider(model))
        routes.router = router
        analytics = ShopAnalytics(router: router) { Self.log.info("analytics: \($0)") }
        let registered = routes.makeLinksAndRestoration { Self.log.error("\($0)") }
        links = registered.links
        restoration = registered.restoration
        registerViews()
        loadRedirects(from: Bundle.main.url(forResource: "redirects", withExtension: "json"))
    }

    /// Loads the link redirects (here the bundled `redirects.json`, which an app would fetch from its
    /// server). A table that is refused leaves the links as they were, and the log says why.
    func loadRedirects(from url: URL?) {
        guard let url, let json = try? Data(contentsOf: url) else { return Self.log.info("no redirects to load") }
        do {
            try links.loadRedirects(from: json)
        } catch {
            Self.log.error("\(error.description)")
        }
    }

    /// Whether ``start(restoring:)`` has shown home; links that arrive before wait for it.
    private var isStarted = false
    /// The links the scene was asked to open before it started (a cold start from a link).
    private var linksBeforeStart: [URL] = []

    /// Shows the home tab, then opens the links the scene was launched with, one after the other,
    /// so a cold start from a link builds the tab bar first and the link's screen on top of it.
    /// Without such a link, the screens the user left (`saved`, the links the scene stored) come
    /// back instead, through the same guards as any navigation.
    func start(restoring saved: [String]) async {
        await perform("showing the home tab at launch") {
            try await $0.router.navigate(to: $0.routes.home, animated: false)
        }
        gateAccountTab()
        if linksBeforeStart.isEmpty, !saved.isEmpty {
            let result = await router.restore(saved, using: links)
            if let failure = result.failure { Self.log.info("\(failure.description)") }
        }
        isStarted = true
        for url in linksBeforeStart { open(url) }
        linksBeforeStart.removeAll()
    }

    /// The links that rebuild what the scene shows, for the scene's storage.
    func savedLinks() -> [String] {
        restoration?.savedLinks(in: model).urls ?? []
    }

    /// Opens a custom-scheme or universal link, exactly as a tap would navigate. The sign-out link
    /// is no destination: it signs out with navigations that interrupt (`ShopRoutes.forceSignOut()`).
    func open(_ url: URL) {
        guard isStarted else { return linksBeforeStart.append(url) }
        if url.absoluteString == ShopRoutes.signOutLink {
            return navigate("signing out, as a link asked") { try await $0.routes.forceSignOut() }
        }
        navigate("opening \(url.absoluteString)") { try await $0.router.open(url, using: $0.links) }
    }

    /// Runs a navigation started by the UI and logs how it failed, if it did; `purpose` says what
    /// the user asked for.
    func navigate(_ purpose: String, _ body: @escaping @MainActor (SwiftUIShop) async throws -> Void) {
        Task { await perform(purpose, body) }
    }

    /// A tap on the account tab navigates to the account route instead of selecting the tab, so its
    /// sign-in guard runs; a cancelled sign-in leaves the tab bar as it was.
    private func gateAccountTab() {
        guard let account = model.node(named: "account-nav") else {
            Self.log.error("the tab bar has no account tab to guard")
            return
        }
        account.userSelectionNavigation = { [weak self] in
            guard let self else { return }
            await perform("showing the account tab") { try await $0.router.navigate(to: $0.routes.account) }
        }
    }

    private func perform(_ purpose: String, _ body: @MainActor (SwiftUIShop) async throws -> Void) async {
        do {
            try await body(self)
        } catch let error as RoutingError where error.code == .interceptorRejected || error.code == .cancelled {
            // The user closed the login screen, or another navigation (a forced sign-out) cancelled
            // this one: expected outcomes, not failures.
            Self.log.info("\(purpose) stopped: \(error.underlyingError.map { String(describing: $0) } ?? error.found)")
        } catch {
            Self.log.error("\(purpose) failed: \(String(describing: error))")
        }
    }

    /// The view of each screen's node; the containers (tabs, stacks) have SwiftUI's own.
    private func registerViews() {
        registry.register(HomeScreen.self) { [unowned self] _ in HomeView(shop: self) }
        registry.register(ProductListScreen.self) { [unowned self] _ in ProductListView(shop: self) }
        registry.register(ProductScreen.self) { [unowned self] in ProductView(product: $0, shop: self) }
        registry.register(CartScreen.self) { CartView(cart: $0) }
        registry.register(AccountScreen.self) { [unowned self] _ in AccountView(shop: self) }
        registry.register(LoginScreen.self) { [unowned self] in LoginView(shop: self, login: $0) }
        registry.register(AboutScreen.self) { _ in AboutView() }
        registry.register(SizePickerScreen.self) { SizePickerView(picker: $0) }
        registry.register(ReviewEditorScreen.self) { [unowned self] in ReviewEditorView(editor: $0, shop: self) }
        registry.register(ShopSideMenu.self) { SideMenuView(sideMenu: $0) }
        registry.register(MenuScreen.self) { [unowned self] _ in MenuView(shop: self) }
        registry.register(HelpScreen.self) { [unowned self] _ in HelpView(shop: self) }
        registry.tabLabel { Label($0.title, systemImage: ShopScreens.tabSymbol(of: $0)) }
    }
}
