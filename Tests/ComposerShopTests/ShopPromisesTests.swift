import Composer
import ComposerLinks
import ComposerTesting
import Foundation
import Testing

@testable import ComposerShop

/// The example shop's routes for what the articles promise (issue 20, point 10), on the twin: what
/// the scripted tour shows, asserted on the trees and the screens rather than read in a transcript.
@MainActor
@Suite("Example shop: the articles' promises")
struct ShopPromisesTests {
    /// The tree of a signed-in shop at home, nothing pushed or presented.
    private static let homeTree = """
        window
          tabs "shop" selected=0
            nav "home-nav"
              screen "home"
            nav "products-nav"
              screen "products"
            nav "account-nav"
              screen "account"
        """

    /// A shop showing home, with its window and router; signed in unless told otherwise.
    private func shop(signedIn: Bool = true) async throws -> (ShopRoutes, TestWindow, DefaultRouter) {
        let session = ShopSession()
        session.isSignedIn = signedIn
        let routes = ShopRoutes(session: session)
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        routes.attach(to: router)
        try await router.navigate(to: routes.home, animated: false)
        return (routes, window, router)
    }

    @Test(
        "The size picker's answer is awaited and shown on the product; a swipe answers nothing, and the product says so"
    )
    func sizePicker() async throws {
        let (routes, window, router) = try await shop()
        let asking = Task { try await routes.pickSize(for: ProductID("42")) }
        #expect(await router.waitForResultWait())
        let picker = try #require(window.current as? SizePickerScreen)

        picker.choose(.medium)

        #expect(try await asking.value == .medium)
        let product = try #require(window.current as? ProductScreen)
        #expect(product.productID == ProductID("42"))
        #expect(product.sizeNote == "size M")
        #expect(window.screen(named: "size picker") == nil)

        let askingAgain = Task { try await routes.pickSize(for: ProductID("42")) }
        #expect(await router.waitForResultWait())
        try await #require(window.current as? SizePickerScreen).userSwipeDown()

        #expect(try await askingAgain.value == nil)
        #expect(product.sizeNote == "no size picked: the picker was closed without an answer")
        #expect(window.current === product)
    }

    @Test("A review editor with unsaved edits refuses back, a navigation elsewhere and the swipe; saved, it closes")
    func reviewEditorRefusesToClose() async throws {
        let (routes, window, router) = try await shop()
        let editor = try await router.navigate(to: routes.reviewEditor, with: ProductID("42"))
        editor.edit("Soft and thirsty")
        let before = window.render()

        let back = await #expect(throws: RoutingError.self) { _ = try await router.navigate(to: routes.back) }
        let home = await #expect(throws: RoutingError.self) { _ = try await router.navigate(to: routes.home) }
        await #expect(
            throws: UserGestureError.dismissalVetoed(screen: #"nav "review-nav""#, refusing: #"screen "review of 42""#)
        ) { try await editor.userSwipeDown() }

        #expect(back?.code == .dismissalRefused)
        #expect(home?.code == .dismissalRefused)
        #expect(home?.found.contains(#"screen "review of 42""#) == true)
        #expect(window.render() == before)

        editor.save(in: routes.session)
        try await router.navigate(to: routes.back)

        #expect(routes.session.reviews[ProductID("42")] == "Soft and thirsty")
        #expect((window.current as? ProductScreen)?.productID == ProductID("42"))
        #expect(window.screen(named: "review of 42") == nil)
    }

    @Test(
        "A forced sign-out drops unsaved edits, leaves the screens that need sign-in, and interrupts a waiting sign-in")
    func forcedSignOut() async throws {
        let (routes, window, router) = try await shop()
        let editor = try await router.navigate(to: routes.reviewEditor, with: ProductID("42"))
        editor.edit("Half a thought")

        let dropped = try await routes.forceSignOut()

        #expect(dropped.count == 1 && dropped.first === editor)
        #expect(!routes.session.isSignedIn)
        #expect(window.render() == Self.homeTree)

        let waiting = Task { try await router.navigate(to: routes.account) }
        for _ in 0..<1_000 where (window.current as? LoginScreen)?.isAsked != true { await Task.yield() }
        let login = try #require(window.current as? LoginScreen)
        #expect(login.isAsked)

        try await routes.forceSignOut()

        let error = await #expect(throws: RoutingError.self) { _ = try await waiting.value }
        #expect(error?.code == .cancelled)
        #expect(window.screen(named: "login") == nil)
        #expect(window.render() == Self.homeTree)
    }

    @Test("Redirects loaded from the example's JSON send the old item links to their product; a bad table is refused")
    func redirectsLoadedAtRunTime() async throws {
        let (routes, window, router) = try await shop()
        var links = try routes.makeLinks()
        try await router.open("shop://item/7", using: links)
        #expect(window.current is ProductListScreen)

        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("ExampleApp/scripts/redirects.json")
        try links.loadRedirects(from: try Data(contentsOf: file))
        let opened = try await router.open("shop://item/7", using: links)

        #expect((opened.screen as? ProductScreen)?.productID == ProductID("7"))
        #expect(opened.redirectedFrom == ["shop://item/<id>"])
        #expect(throws: LinkError.self) {
            try links.setRedirects([LinkRedirect(from: "shop://gone/<id>", to: .fallback)])
        }
        #expect(links.redirects.map(\.description) == ["shop://item/<id> → shop://product/<id>"])
    }

    @Test("The side menu is presented showing its menu; a navigation to help switches its panels; back closes it")
    func sideMenu() async throws {
        let (routes, window, router) = try await shop()
        let menu = try await router.navigate(to: routes.menu)
        let sideMenu = try #require(window.screen(named: "sidemenu") as? TestSideMenuContainer)
        #expect(window.current === menu)
        #expect(sideMenu.shownPanel == .menu)

        let help = try await router.navigate(to: routes.help)

        #expect(window.current === help)
        #expect(sideMenu.shownPanel == .content)
        #expect(window.screen(named: "sidemenu") === sideMenu)

        try await router.navigate(to: routes.back)

        #expect(window.render() == Self.homeTree)
    }

    @Test("The reviews remember the transition they were pushed with, which their pop runs in reverse")
    func reviewsTransition() async throws {
        let (routes, window, router) = try await shop()
        let reviews = try await router.navigate(to: routes.reviews, with: ProductID("7"))

        #expect(reviews.pushTransition?.push == ShopTransition.slideUp.push)
        #expect(window.current === reviews)
        #expect(reviews.parentScreen is TestNavigationContainer)

        // Popped, by the router here, the screen still holds the transition its pop runs reversed.
        try await router.navigate(to: routes.back)
        #expect((window.current as? ProductScreen)?.productID == ProductID("7"))
        #expect(reviews.parentScreen == nil)
        #expect(reviews.pushTransition?.pop == "slides back down to the bottom (the push, reversed)")
    }

    @Test("Each screen asks for its bar: the product a transparent one, the review editor its buttons, others none")
    func bars() {
        #expect(ShopBar.of(ProductScreen(ProductID("7"))) == .product)
        #expect(ShopBar.of(ReviewEditorScreen(for: ProductID("7"), saved: nil)) == .reviewEditor)
        #expect(ShopBar.of(HomeScreen("home")) == .standard)
        #expect(ShopBar.product.description == "transparent background, orange buttons")
    }
}
