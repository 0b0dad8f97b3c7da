import Composer
import ComposerLinks
import ComposerTestFixtures
import ComposerTesting
import Testing

private final class RestoredHomeScreen: TestScreen {
    init() { super.init("home") }
}

private final class SettingsScreen: TestScreen {
    init() { super.init("settings") }
}

private final class CartScreen: TestScreen {
    init() { super.init("cart") }
}

/// A product's reviews, pushed over the product; no link leads to it.
private final class ReviewsScreen: TestScreen {
    init() { super.init("reviews") }
}

/// A shop as an app writes one: tabs with a home stack and a product stack, products pushed on the
/// list, a cart in a full-screen modal stack, and links for each.
@MainActor
private struct RestorableShop {
    let journal = Journal()
    let gate: RestoreGate

    init() {
        gate = RestoreGate()
    }

    func tabs<Context>() -> DestinationStep<TestTabsContainer, Context> {
        StepAssembly(
            finder: ClassFinder<TestTabsContainer, Context>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in TestTabsContainer("main") },
                children: [
                    { _ in TestNavigationContainer("home-nav", stack: [RestoredHomeScreen()]) },
                    { _ in TestNavigationContainer("shop-nav", stack: [ListScreen()]) },
                ])
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    /// The bottom screen of a tab's stack; reaching it selects the tab.
    func tab<S: TestScreen>(_ type: S.Type, in stackName: String) -> DestinationStep<S, Void> {
        StepAssembly(finder: ClassFinder<S, Void>(), factory: BuiltByContainerFactory<S, Void>())
            .using(GeneralAction.nothing())
            .from(
                StepAssembly(
                    finder: PredicateFinder<TestNavigationContainer, Void> { stack, _ in stack.name == stackName },
                    factory: BuiltByContainerFactory<TestNavigationContainer, Void>())
            )
            .using(TestTabsContainer.selectTab())
            .from(tabs())
            .assemble()
    }

    var home: DestinationStep<RestoredHomeScreen, Void> { tab(RestoredHomeScreen.self, in: "home-nav") }
    var list: DestinationStep<ListScreen, Void> { tab(ListScreen.self, in: "shop-nav") }

    var product: DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(
                ClosureInterceptor<Int> { [gate] id in
                    guard gate.isSignedIn else { throw SignInNeeded() }
                }
            )
            .using(TestNavigationContainer.push())
            .from(list.adaptingContext { (_: Int) in () }.expectingContainer())
            .assemble()
    }

    var settings: DestinationStep<SettingsScreen, Void> {
        StepAssembly(finder: ClassFinder<SettingsScreen, Void>(), factory: ClosureFactory { _ in SettingsScreen() })
            .using(TestNavigationContainer.push())
            .from(home.expectingContainer())
            .assemble()
    }

    var reviews: DestinationStep<ReviewsScreen, Int> {
        StepAssembly(finder: ClassFinder<ReviewsScreen, Int>(), factory: ClosureFactory { _ in ReviewsScreen() })
            .using(TestNavigationContainer.push())
            .from(product.expectingContainer())
            .assemble()
    }

    var cart: DestinationStep<CartScreen, Void> {
        StepAssembly(finder: ClassFinder<CartScreen, Void>(), factory: ClosureFactory { _ in CartScreen() })
            .using(TestNavigationContainer.push())
            .from(FeatureFixtures.fullScreenStack("cart-nav"))
            .assemble()
    }

    func links() throws -> LinkMap {
        var links = LinkMap()
        try links.register("shop://home", as: "Home") { _ in Link(to: home) }
        try links.register("shop://products", as: "Products") { _ in Link(to: list) }
        try links.register("shop://product/<int:id>", as: "Product") { Link(to: product, with: try $0.int("id")) }
        try links.register("shop://cart", as: "Cart") { _ in Link(to: cart) }
        return links
    }

    func restoration() throws -> LinkRestoration {
        var restoration = LinkRestoration(links: try links())
        try restoration.register("Product", for: ProductScreen.self) { ["id": $0.productID] }
        try restoration.register("Products", for: ListScreen.self) { _ in [:] }
        try restoration.register("Home", for: RestoredHomeScreen.self) { _ in [:] }
        try restoration.register("Cart", for: CartScreen.self) { _ in [:] }
        return restoration
    }
}

private struct SignInNeeded: Error, CustomStringConvertible {
    var description: String { "sign-in required" }
}

@MainActor
private final class RestoreGate {
    var isSignedIn = true
}

@MainActor
@Suite("Restoring where the user was")
struct LinkRestorationTests {
    private let shop = RestorableShop()

    @Test("Tree → links → a fresh window → restore gives the same tree")
    func roundTrip() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        try await router.navigate(to: shop.product, with: 42, animated: false)
        try await router.navigate(to: shop.cart, animated: false)
        let before = window.render()
        #expect(
            before == """
                window
                  tabs "main" selected=1
                    nav "home-nav"
                      screen "home"
                    nav "shop-nav"
                      screen "list"
                      screen "product 42"
                  presented fullScreen:
                    nav "cart-nav"
                      screen "cart"
                """)

        let saved = try shop.restoration().savedLinks(in: window)
        #expect(saved.urls == ["shop://product/42", "shop://cart"])
        #expect(
            saved.description == """
                level 0: shop://product/42 → screen "product 42"
                level 1: shop://cart → screen "cart"
                """)

        let fresh = TestWindow()
        let result = await DefaultRouter(window: fresh).restore(saved.urls, using: try shop.links())

        #expect(result.isComplete)
        #expect(result.opened.map(\.pattern) == ["shop://product/<int:id>", "shop://cart"])
        #expect(fresh.render() == before)
    }

    @Test("Restoring onto the tree the links were saved from gives the same tree; found screens are not built again")
    func restoringOntoTheSameTree() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        try await router.navigate(to: shop.product, with: 42, animated: false)
        let cart = try await router.navigate(to: shop.cart, animated: false)
        let before = window.render()
        let builds = shop.journal.count(prefix: "build")

        let result = await router.restore(try shop.restoration().savedLinks(in: window).urls, using: try shop.links())

        #expect(result.isComplete)
        #expect(window.render() == before)
        #expect(shop.journal.count(prefix: "build") == builds)
        // Each link navigates as a tap would: revealing product 42 dismissed the cart above it, and
        // the cart's link presented a new one. Restoring is meant for a launch.
        #expect(window.current !== cart)
    }

    @Test("A screen without a link gives way to the one below it in its stack")
    func unregisteredScreenFallsBackDownTheStack() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        try await router.navigate(to: shop.settings, animated: false)

        let saved = try shop.restoration().savedLinks(in: window)

        #expect(saved.urls == ["shop://home"])
        #expect(saved.levels.map(\.screen) == [#"screen "home""#])
    }

    @Test("A screen without a link gives way to the nearest screen below it with one, not the stack's bottom one")
    func nearestScreenDownTheStackIsSaved() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        try await router.navigate(to: shop.reviews, with: 42, animated: false)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "home-nav"
                      screen "home"
                    nav "shop-nav"
                      screen "list"
                      screen "product 42"
                      screen "reviews"
                """)

        let saved = try shop.restoration().savedLinks(in: window)

        // Back from the reviews the user finds the product, so its link is the one saved.
        #expect(saved.urls == ["shop://product/42"])
        #expect(saved.levels.map(\.screen) == [#"screen "product 42""#])
    }

    @Test("A level with no link is reported, and the levels above it are still saved")
    func levelWithoutLink() async throws {
        let window = TestWindow(root: TestNavigationContainer("other", stack: [TestScreen("start")]))
        let router = DefaultRouter(window: window)
        try await router.navigate(to: shop.cart, animated: false)

        let saved = try shop.restoration().savedLinks(in: window)

        #expect(saved.urls == ["shop://cart"])
        #expect(
            saved.description == """
                level 0: no link
                    no screen from screen "start" up to nav "other" is registered for restoration
                level 1: shop://cart → screen "cart"
                """)
    }

    @Test("A screen whose link would not lead back to it is passed over, with the reason")
    func linksThatDoNotLeadBack() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        try await router.navigate(to: shop.product, with: 42, animated: false)
        var restoration = LinkRestoration(links: try shop.links())
        try restoration.register("Product", for: ProductScreen.self) { ["id": $0.productID + 1] }
        try restoration.register("Product", for: ProductScreen.self) { _ in nil }
        try restoration.register("Products", for: ListScreen.self) { _ in [:] }

        let saved = restoration.savedLinks(in: window)

        #expect(saved.urls == ["shop://products"])
        #expect(
            saved.levels.first?.notes == [
                #"'Product' link shop://product/43 does not lead back to screen "product 42": its finder finds nothing, so the link would build a new screen"#,
                #"screen "product 42" has no 'Product' link now (its values are nil)"#,
            ])
        #expect(throws: LinkError.unknownDestination(name: "Basket")) {
            try restoration.register("Basket", for: CartScreen.self) { _ in [:] }
        }
    }

    @Test("A guard that refuses stops restoring there; the links after it are not tried")
    func guardStopsRestoring() async throws {
        shop.gate.isSignedIn = false
        let fresh = TestWindow()

        let result = await DefaultRouter(window: fresh).restore(
            ["shop://product/42", "shop://cart"], using: try shop.links())

        #expect(!result.isComplete)
        #expect(result.opened.isEmpty)
        #expect(result.failure?.url == "shop://product/42")
        guard case .routing(let error) = result.failure?.error else {
            Issue.record("expected a routing failure, got \(String(describing: result.failure))")
            return
        }
        #expect(error.code == .interceptorRejected)
        #expect(result.notAttempted == ["shop://cart"])
        #expect(fresh.render() == "window\n  (no root)")
    }

    @Test("A saved link the map no longer opens is a failure, not its fallback")
    func retiredLinkIsNotOpened() async throws {
        var links = try shop.links()
        links.fallback { _ in Link(to: shop.cart) }
        let fresh = TestWindow()

        let result = await DefaultRouter(window: fresh).restore(["shop://products", "shop://wishlist/3"], using: links)

        #expect(result.opened.map(\.url) == ["shop://products"])
        #expect(result.failure?.wentToFallback == true)
        let description = result.failure?.description ?? ""
        #expect(
            description.hasPrefix("cannot restore 'shop://wishlist/3': no link pattern matches 'shop://wishlist/3'"))
        #expect(description.hasSuffix("(the map sends it to its fallback, which restoring does not open)"))
        #expect(
            fresh.render() == """
                window
                  tabs "main" selected=1
                    nav "home-nav"
                      screen "home"
                    nav "shop-nav"
                      screen "list"
                """)
    }

    @Test("A saved link a redirect now sends to the fallback fails saying the redirect did, not that nothing matched")
    func linkRedirectedToTheFallbackIsNotOpened() async throws {
        var links = try shop.links()
        links.fallback { _ in Link(to: shop.cart) }
        try links.setRedirects([LinkRedirect(from: "shop://product/<int:id>", to: .fallback)])
        let fresh = TestWindow()

        let result = await DefaultRouter(window: fresh).restore(["shop://products", "shop://product/3"], using: links)

        #expect(result.opened.map(\.url) == ["shop://products"])
        #expect(result.failure?.wentToFallback == true)
        #expect(
            result.failure?.error
                == .link(.redirectedToFallback(url: "shop://product/3", redirectedFrom: ["shop://product/<int:id>"])))
        #expect(
            result.failure?.description
                == "cannot restore 'shop://product/3': the redirects send 'shop://product/3' (matched by"
                + " 'shop://product/<int:id>') to the fallback (the map sends it to its fallback, which"
                + " restoring does not open)")
    }

    @Test("A recording router restores through the protocol's one navigation")
    func recordingRouterRestores() async throws {
        let router = RecordingRouter(
            answer: .screen { request in
                request.destination == "CartScreen" ? CartScreen() : ProductScreen(42)
            })

        let result = await router.restore(["shop://product/42", "shop://cart"], using: try shop.links())

        #expect(result.isComplete)
        #expect(
            router.requests.map(\.description) == [
                "ProductScreen with 42 (not animated)", "CartScreen with () (not animated)",
            ])
    }
}
