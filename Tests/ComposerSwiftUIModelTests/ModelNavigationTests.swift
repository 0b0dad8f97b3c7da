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

    @Test(
        "a cold start from a link shows the linked tab with its pushed screen in the first update: the first tab never appears"
    )
    func coldStartFromALinkShowsTheLinkedTabFirst() async throws {
        let shop = ModelShop(mode: .nextTurn)

        _ = try await shop.router.navigate(to: shop.product, with: 42)

        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        #expect(shop.driver.log == ["appeared screen \"product 42\""])
        #expect(shop.model.isSettled)
    }

    @Test("a cold start whose root is the navigation's last change returns once the root appeared")
    func coldStartEndingOnTheRootWaitsForIt() async throws {
        let shop = ModelShop(mode: .nextTurn)

        _ = try await shop.router.navigate(to: shop.home)

        #expect(shop.driver.log == ["appeared screen \"home\""])
        #expect(shop.model.isSettled)
    }

    @Test(
        "a cold start whose views never report fails at its last change, naming what never appeared, the screen changed"
    )
    func coldStartNeverShown() async throws {
        let shop = ModelShop(mode: .manual, timeout: .milliseconds(50))

        let error = await shop.failing(shop.product, 42)

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(error?.step == "PushAction<StackNode> of ProductNode (step 0)")
        let cause = error?.underlyingError.map { "\($0)" } ?? ""
        #expect(cause.contains("did not acknowledge the appearance of screen \"product 42\""), "because: \(cause)")
        #expect(error?.appliedOperations.first == "ReplaceRootAction of TabsNode (step 3)")
        #expect(shop.model.root?.name == "main")
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
