import Composer
import ComposerLinks
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import Testing

/// The router's navigations on the SwiftUI model: the same routes, applied in the phases SwiftUI
/// accepts, each completing when the view acknowledges it.
@MainActor
@Suite("SwiftUI model: navigations")
struct ModelNavigationTests {
    @Test("a cold start builds the tab view, selects the tab and waits for it to appear")
    func coldStart() async {
        let shop = ModelShop()
        await shop.go(shop.list(), ())
        #expect(shop.render() == ModelShop.productsTree([]))
        #expect(shop.model.current?.name == "list")
        #expect(shop.model.pendingAcknowledgements.isEmpty)
        #expect(shop.driver.log.contains("appeared screen \"list\""))
    }

    @Test("a deep link into a sheet over a sheet over a pushed screen in another tab, from an empty window")
    func deepLinkFromEmptyWindow() async {
        let shop = ModelShop()
        await shop.go(shop.review, 42)
        #expect(shop.render() == ModelShop.reviewTree(42))
        #expect(shop.model.current?.name == "review 42")
    }

    @Test("the same deep link from the home tab with the cart covering it")
    func deepLinkFromCoveredHome() async {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        await shop.go(shop.cart, ())
        await shop.go(shop.review, 42)
        #expect(shop.render() == ModelShop.reviewTree(42))
        #expect(shop.built.filter { $0 == "main" }.count == 1)
    }

    @Test(
        "the same deep link from another product's review: both sheets go top first, the stack pops to the list, the product is pushed"
    )
    func deepLinkFromAnotherReview() async {
        let shop = ModelShop()
        await shop.go(shop.review, 7)
        await shop.go(shop.review, 42)
        #expect(shop.render() == ModelShop.reviewTree(42))
        let dismissals = shop.driver.log.filter { $0.hasPrefix("disappeared") }
        #expect(dismissals == ["disappeared screen \"review 7\"", "disappeared nav \"details-nav\""])
    }

    @Test("the same deep link when the product is on screen deeper in the stack: it pops back to it")
    func deepLinkPopsBack() async {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        await shop.go(shop.product, 7)
        await shop.go(shop.home, ())
        await shop.go(shop.review, 42)
        #expect(shop.render() == ModelShop.reviewTree(42))
    }

    @Test("a navigation to a screen already there builds nothing again: nodes are built once, keep their identity")
    func builtOnce() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        let product = try #require(shop.model.node(named: "product 42"))
        let id = product.id
        await shop.go(shop.home, ())
        await shop.go(shop.product, 42)
        #expect(
            shop.built.sorted() == [
                "account", "account-nav", "home", "home-nav", "list", "main", "product 42", "products-nav",
            ])
        #expect(shop.model.node(named: "product 42") === product)
        #expect(shop.model.node(named: "product 42")?.id == id)
    }
}
