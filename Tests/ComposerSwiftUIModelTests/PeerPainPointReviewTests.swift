import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import Observation
import Testing

// A review of the SwiftUI model against the failures that users of SwiftUI navigation report most
// often: nested flows, multi-screen pops, nodes rebuilt, tab selection drifting from the model,
// deep pushes with blank levels, presentations made too early, stale and echoed binding writes,
// late swipe-down writes, silent waits, and deep links into the tab already selected. Each test
// asserts the rendered tree before and after, the error or outcome by value, and the driver's log.

// MARK: - The reviewer's screens and routes

/// The first screen of a checkout flow, in a sheet's stack over a product.
private final class CheckoutAddressNode: NavigationNode {}
/// The second screen of the checkout flow, pushed on the address.
private final class CheckoutPaymentNode: NavigationNode {}
/// The first screen of a verification flow, in a sheet's stack over the payment.
private final class VerifyCodeNode: NavigationNode {}
/// The last screen of the verification flow, pushed on the code.
private final class VerifyConfirmNode: NavigationNode {}

/// A category of the catalog, between the list and a product: product `id` is in category `id / 100`.
private final class CategoryNode: NavigationNode, ContextChecking {
    let categoryID: Int

    init(_ categoryID: Int) {
        self.categoryID = categoryID
        super.init("category \(categoryID)")
    }

    func isTarget(for productID: Int) -> Bool { productID / 100 == categoryID }
}

/// Answers a screen that is no longer in the tree (an app that kept a popped node).
private struct KeptNodeFinder<Node: NavigationNode, Context>: Finder {
    let node: Node

    func findScreen(with context: Context, in tree: ScreenTree) throws -> Node? { node }
}

/// The routes the fixture does not have, on top of its tab bar, each factory counted.
@MainActor
private final class PainPointRoutes {
    let shop: ModelShop
    /// Every node these routes' factories built, by name, in order.
    private(set) var built: [String] = []

    init(shop: ModelShop) { self.shop = shop }

    private func make<Node: NavigationNode>(_ node: Node) -> Node {
        built.append(node.name)
        return node
    }

    /// The checkout flow's first screen: a stack in a sheet over product `id` (a tab's stack).
    var address: DestinationStep<CheckoutAddressNode, Int> {
        StepAssembly(
            finder: ClassFinder<CheckoutAddressNode, Int>(),
            factory: ClosureFactory { [unowned self] _ in make(CheckoutAddressNode("address")) }
        )
        .using(StackNode.push())
        .from(
            StepAssembly(
                finder: NilFinder<StackNode, Int>(),
                factory: NavigationContainerFactory { [unowned self] _ in make(StackNode("checkout-nav")) })
        )
        .using(GeneralAction.presentModally())
        .from(shop.product)
        .assemble()
    }

    /// The payment, pushed on the address in the checkout sheet.
    var payment: DestinationStep<CheckoutPaymentNode, Int> {
        StepAssembly(
            finder: ClassFinder<CheckoutPaymentNode, Int>(),
            factory: ClosureFactory { [unowned self] _ in make(CheckoutPaymentNode("payment")) }
        )
        .using(StackNode.push())
        .from(address.expectingContainer())
        .assemble()
    }

    /// The verification flow's first screen: a stack in a sheet over the payment (a flow inside
    /// the checkout flow).
    var code: DestinationStep<VerifyCodeNode, Int> {
        StepAssembly(
            finder: ClassFinder<VerifyCodeNode, Int>(),
            factory: ClosureFactory { [unowned self] _ in make(VerifyCodeNode("code")) }
        )
        .using(StackNode.push())
        .from(
            StepAssembly(
                finder: NilFinder<StackNode, Int>(),
                factory: NavigationContainerFactory { [unowned self] _ in make(StackNode("verify-nav")) })
        )
        .using(GeneralAction.presentModally())
        .from(payment)
        .assemble()
    }

    /// The confirmation, pushed on the code in the verification sheet.
    var confirm: DestinationStep<VerifyConfirmNode, Int> {
        StepAssembly(
            finder: ClassFinder<VerifyConfirmNode, Int>(),
            factory: ClosureFactory { [unowned self] _ in make(VerifyConfirmNode("confirm")) }
        )
        .using(StackNode.push())
        .from(code.expectingContainer())
        .assemble()
    }

    /// The category of product `id`, pushed on the catalog's list.
    var category: DestinationStep<CategoryNode, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<CategoryNode, Int>(),
            factory: ClosureFactory { [unowned self] id in make(CategoryNode(id / 100)) }
        )
        .using(StackNode.push())
        .from(shop.list().expectingContainer())
        .assemble()
    }

    /// Product `id` pushed on its category: list > category > product.
    var categoryProduct: DestinationStep<ProductNode, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<ProductNode, Int>(),
            factory: ClosureFactory { [unowned self] id in make(ProductNode(id)) }
        )
        .using(StackNode.push())
        .from(category.expectingContainer())
        .assemble()
    }

    /// A promotion in a sheet over the home tab (presented from home, whichever tab is shown).
    var promoOnHome: DestinationStep<PromoNode, Void> {
        StepAssembly(
            finder: ClassFinder<PromoNode, Void>(),
            factory: ClosureFactory { [unowned self] _ in make(PromoNode("promo")) }
        )
        .using(GeneralAction.presentModally())
        .from(shop.home)
        .assemble()
    }

    /// A review draft in a sheet over product `id`.
    var draft: DestinationStep<DraftNode, Int> {
        StepAssembly(
            finder: ClassFinder<DraftNode, Int>(),
            factory: ClosureFactory { [unowned self] _ in make(DraftNode("draft")) }
        )
        .using(GeneralAction.presentModally())
        .from(shop.product)
        .assemble()
    }

    /// A picker presented from `presenter`, found by an app that kept that node.
    func picker(from presenter: ProductNode) -> DestinationStep<PickerNode, Void> {
        StepAssembly(
            finder: NilFinder<PickerNode, Void>(),
            factory: ClosureFactory { [unowned self] _ in make(PickerNode("picker")) }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.custom(KeptNodeFinder<ProductNode, Void>(node: presenter)))
        .assemble()
    }

    /// The two flows nested in the products tab: the checkout sheet's stack over product `id`, the
    /// verification sheet's stack over it. `checkout` and `verify` name each stack's screens.
    static func nestedTree(
        _ id: Int, checkout: [String] = ["address", "payment"], verify: [String]? = ["code", "confirm"]
    ) -> String {
        var lines = [ModelShop.productsTree(["product \(id)"]), "  presented sheet:", "    nav \"checkout-nav\""]
        lines += checkout.map { "      screen \"\($0)\"" }
        if let verify {
            lines += ["    presented sheet:", "      nav \"verify-nav\""]
            lines += verify.map { "        screen \"\($0)\"" }
        }
        return lines.joined(separator: "\n")
    }
}

/// Runs `body` in a task while the driver is in manual mode, acknowledging one wait at a time and
/// noting, for each, what was awaited and the presentation levels in the model then; returns the
/// notes and the task's result.
@MainActor
func stepThrough(
    _ shop: ModelShop, _ body: @escaping @MainActor () async throws -> Void
) async -> (steps: [String], result: Result<Void, any Error>) {
    let task = Task { try await body() }
    var steps: [String] = []
    for _ in 0..<20 {
        guard await shop.driver.waitForPendingAcknowledgement(turns: 2_000, minimumSeconds: 0),
            let next = shop.driver.pending.first
        else { break }
        let levels = ScreenTree(window: shop.model).presentationLevels.count
        steps.append("\(next.description), \(levels) level(s)")
        shop.driver.acknowledgeNext()
    }
    return (steps, await task.result)
}

/// Observes what `read` reads, as a view's body does: the result is marked when the model tells
/// those observers of a change (as SwiftUI would evaluate the body again).
@MainActor
private func observing(_ read: () -> Void) -> ChangeTold {
    let told = ChangeTold()
    withObservationTracking(read) { told.mark() }
    return told
}

// MARK: - The review

@MainActor
@Suite("SwiftUI: what goes wrong elsewhere, on the model")
struct PeerPainPointReviewTests {

    // MARK: 1. Nested flows

    @Test("1a: one route from a cold start opens a flow in a sheet over a tab's stack, and a flow in a sheet inside it")
    func nestedFlowsByOneRoute() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        #expect(shop.render() == "window\n  (no root)")

        let confirm = try await shop.router.navigate(to: routes.confirm, with: 42)

        #expect(confirm.name == "confirm")
        #expect(shop.render() == PainPointRoutes.nestedTree(42))
        #expect(shop.model.current === confirm)
        #expect(shop.model.isSettled)
        // Built once each (the router builds from the destination outwards).
        #expect(routes.built.sorted() == ["address", "checkout-nav", "code", "confirm", "payment", "verify-nav"])
        // Each stack's two screens arrived in one change: only each level's top screen appeared.
        #expect(
            Array(shop.driver.log.suffix(3)) == [
                "appeared screen \"product 42\"", "appeared screen \"payment\"", "appeared screen \"confirm\"",
            ])
    }

    @Test("1b: the user backs out of both flows level by level: back, swipe-down, back, swipe-down")
    func nestedFlowsBackOutByGestures() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        _ = try await shop.router.navigate(to: routes.confirm, with: 42)
        #expect(shop.render() == PainPointRoutes.nestedTree(42))

        #expect("\(shop.driver.userTapBack())" == "applied: user popped nav \"verify-nav\" back to screen \"code\"")
        #expect(shop.render() == PainPointRoutes.nestedTree(42, verify: ["code"]))
        #expect("\(shop.driver.userSwipeDown())" == "applied: user dismissed nav \"verify-nav\"")
        #expect(shop.render() == PainPointRoutes.nestedTree(42, verify: nil))
        #expect(
            "\(shop.driver.userTapBack())" == "applied: user popped nav \"checkout-nav\" back to screen \"address\"")
        #expect(shop.render() == PainPointRoutes.nestedTree(42, checkout: ["address"], verify: nil))
        #expect("\(shop.driver.userSwipeDown())" == "applied: user dismissed nav \"checkout-nav\"")
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        #expect(shop.model.current?.name == "product 42")
        #expect(
            shop.events.suffix(4) == [
                "user: screen \"confirm\" -> screen \"code\"", "user: screen \"code\" -> screen \"payment\"",
                "user: screen \"payment\" -> screen \"address\"", "user: screen \"address\" -> screen \"product 42\"",
            ])
    }

    @Test("1c: one navigation to another tab leaves both flows, top first; the same route opens them again")
    func nestedFlowsBackOutByOneNavigation() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        let product = try await shop.router.navigate(to: shop.product, with: 42)
        _ = try await shop.router.navigate(to: routes.confirm, with: 42)
        let logged = shop.driver.log.count

        _ = try await shop.router.navigate(to: shop.home)

        #expect(shop.render() == ModelShop.productsTree(["product 42"], selected: 0))
        #expect(
            Array(shop.driver.log[logged...]) == [
                "disappeared nav \"verify-nav\"", "disappeared nav \"checkout-nav\"", "appeared screen \"home\"",
            ])

        _ = try await shop.router.navigate(to: routes.confirm, with: 42)
        #expect(shop.render() == PainPointRoutes.nestedTree(42))
        #expect(shop.model.node(named: "product 42") === product)
    }

    // MARK: 2. A pop of several screens is one change

    @Test("2a: the router pops three screens in one change: one path change, one appearance, one log line")
    func multiScreenPopIsOneChange() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        _ = try await shop.router.navigate(to: routes.categoryProduct, with: 305)
        let stack = try #require(shop.stack("products-nav"))
        try await stack.push(SpecsNode(305), animated: true)
        #expect(shop.render() == ModelShop.productsTree(["category 3", "product 305", "specs 305"]))
        let logged = shop.driver.log.count
        shop.driver.mode = .manual

        let list: DestinationStep<ListNode, Void> = shop.list()
        let popping = Task { try await shop.router.navigate(to: list) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        // Before any acknowledgement, the whole path is gone at once, and one appearance is awaited.
        #expect(stack.path.isEmpty)
        #expect(
            shop.driver.pending.map(\.description) == [
                "appearance of screen \"list\" (pop to screen \"list\" on nav \"products-nav\")"
            ])
        shop.driver.acknowledgeAll()
        _ = try await popping.value

        #expect(shop.render() == ModelShop.productsTree([]))
        #expect(Array(shop.driver.log[logged...]) == ["appeared screen \"list\""])
        #expect(shop.events.last == "router: screen \"specs 305\" -> screen \"list\"")
    }

    @Test("2b: the user's jump to the root from the back menu pops three screens in one write")
    func userPopToRootIsOneWrite() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        _ = try await shop.router.navigate(to: routes.categoryProduct, with: 305)
        try await #require(shop.stack("products-nav")).push(SpecsNode(305), animated: true)
        #expect(shop.render() == ModelShop.productsTree(["category 3", "product 305", "specs 305"]))
        let (logged, reported, revision) = (shop.driver.log.count, shop.events.count, shop.model.treeRevision)

        #expect(shop.driver.userPopToRoot().isApplied)

        #expect(shop.render() == ModelShop.productsTree([]))
        #expect(
            Array(shop.driver.log[logged...]) == [
                "user pop to root: applied: user popped nav \"products-nav\" back to screen \"list\""
            ])
        #expect(Array(shop.events[reported...]) == ["user: screen \"specs 305\" -> screen \"list\""])
        #expect(shop.model.treeRevision == revision + 1)
        #expect(shop.model.isSettled)
    }

    // MARK: 3. A node is built once

    @Test("3: navigating away and back, tapping tabs and rendering again build no node twice")
    func nodesBuiltOnce() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        let product = try await shop.router.navigate(to: routes.categoryProduct, with: 305)
        let category = try #require(shop.model.node(named: "category 3"))
        let ids = shop.model.allNodes().map(\.id)
        let shown = shop.render()

        _ = try await shop.router.navigate(to: shop.home)
        _ = try await shop.router.navigate(to: routes.promoOnHome)
        #expect(shop.driver.userSwipeDown().isApplied)
        #expect(shop.driver.userTapTab(1).isApplied)
        #expect(shop.driver.userTapTab(2).isApplied)
        let again = try await shop.router.navigate(to: routes.categoryProduct, with: 305)
        for _ in 0..<5 { _ = shop.render() }

        #expect(again === product)
        #expect(shop.model.node(named: "category 3") === category)
        #expect(shop.render() == shown)
        #expect(shop.model.allNodes().map(\.id) == ids)
        #expect(routes.built.sorted() == ["category 3", "product 305", "promo"])
        let builtByName = Dictionary(grouping: shop.built, by: { $0 }).mapValues(\.count)
        #expect(builtByName.values.allSatisfy { $0 == 1 }, "built more than once: \(builtByName)")
        #expect(Set(shop.built) == ["main", "home-nav", "home", "products-nav", "list", "account-nav", "account"])
    }

    // MARK: 4. Tab selection and the model agree

    @Test("4: after a user tap, a router navigation and a refused guarded tap, the model and the tab bar agree")
    func tabSelectionNeverDrifts() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.home)
        let tabs = try #require(shop.tabsNode)
        let account = try #require(shop.stack("account-nav"))
        let router = shop.router
        let accountRoute = shop.account
        account.userSelectionNavigation = { _ = try await router.navigate(to: accountRoute) }
        shop.isSignedIn = false
        #expect(shop.render() == ModelShop.productsTree([], selected: 0))

        // The user's tap.
        #expect("\(shop.driver.userTapTab(1))" == "applied: user selected tab 1 of tabs \"main\"")
        #expect(tabs.selectedIndex == 1)
        #expect(tabs.selection == shop.stack("products-nav")?.id)
        #expect(shop.render() == ModelShop.productsTree([], selected: 1))

        // The router's navigation.
        _ = try await shop.router.navigate(to: shop.home)
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.selection == shop.stack("home-nav")?.id)
        #expect(shop.render() == ModelShop.productsTree([], selected: 0))

        // The tap on the guarded tab: the tab bar, which shows the tapped tab already, is told the
        // selection again so that it shows the model's; the guard refuses; nothing moved.
        var tap: Task<Void, any Error>?
        let told = observing { _ = tabs.selection }
        if case .navigating(let task) = shop.driver.userTapTab(2) {
            tap = task
        } else {
            Issue.record("the tap on the guarded tab did not run its navigation")
        }
        #expect(told.value, "the tab bar was not told to show the model's selection again")
        let error = await #expect(throws: RoutingError.self) { try await tap?.value }
        #expect(error?.code == .interceptorRejected)
        #expect(error?.underlyingError is NotSignedIn)
        #expect(tabs.selectedIndex == 0)
        #expect(tabs.selection == shop.stack("home-nav")?.id)
        #expect(shop.render() == ModelShop.productsTree([], selected: 0))
        #expect(shop.model.current?.name == "home")
        #expect(shop.driver.log.last == "user tab 2: navigating: the tab's navigation runs")

        // A tap on the products tab still selects it: no selection was left behind by the refusal.
        #expect(shop.driver.userTapTab(1).isApplied)
        #expect(shop.render() == ModelShop.productsTree([], selected: 1))
        #expect(
            shop.events.suffix(3) == [
                "user: screen \"home\" -> screen \"list\"", "router: screen \"list\" -> screen \"home\"",
                "user: screen \"home\" -> screen \"list\"",
            ])
    }

    @Test("4b: a user's tap during the router's tab selection wins, and the model shows the tab the user chose")
    func tabTapDuringRouterSelection() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.home)
        let tabs = try #require(shop.tabsNode)
        shop.driver.mode = .manual
        let accountRoute = shop.account
        let navigation = Task { try await shop.router.navigate(to: accountRoute) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        #expect(shop.render() == ModelShop.productsTree([], selected: 2))

        #expect("\(shop.driver.userTapTab(1))" == "applied: user selected tab 1 of tabs \"main\"")

        let outcome = await navigation.result
        guard case .failure(let error as RoutingError) = outcome else {
            Issue.record("the navigation did not fail: \(outcome)")
            return
        }
        #expect(error.underlyingError is InterruptedByUserError)
        #expect(tabs.selectedIndex == 1)
        #expect(shop.render() == ModelShop.productsTree([], selected: 1))
        #expect(shop.model.current?.name == "list")
        #expect(shop.model.isSettled)
    }

    // MARK: 5. A deep push is one state change

    @Test(
        "5a: a link to list > category > product from another tab: one change, only the top awaited, every level kept")
    func deepPushIsOneChange() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.home)
        #expect(shop.render() == ModelShop.productsTree([], selected: 0))
        let logged = shop.driver.log.count
        shop.driver.mode = .manual

        let run = await stepThrough(shop) { _ = try await shop.router.navigate(to: routes.categoryProduct, with: 305) }

        try run.result.get()
        #expect(
            run.steps == [
                "appearance of screen \"product 305\" (push screen \"product 305\" on nav \"products-nav\"), 1 level(s)"
            ])
        #expect(shop.render() == ModelShop.productsTree(["category 3", "product 305"]))
        #expect(Array(shop.driver.log[logged...]) == ["appeared screen \"product 305\""])
        // The level under the top is a real node, shown when the user goes back to it.
        #expect(
            "\(shop.driver.userTapBack())" == "applied: user popped nav \"products-nav\" back to screen \"category 3\"")
        #expect(shop.render() == ModelShop.productsTree(["category 3"]))
        #expect(shop.model.current?.name == "category 3")
    }

    @Test("5b: the same link over another product in that tab: the pop and the two pushes are one change")
    func deepPushOverAnotherProduct() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.product, with: 42)
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        let stack = try #require(shop.stack("products-nav"))
        shop.driver.mode = .manual

        let navigation = Task { try await shop.router.navigate(to: routes.categoryProduct, with: 305) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        #expect(stack.path.map(\.name) == ["category 3", "product 305"])
        #expect(
            shop.driver.pending.map(\.description) == [
                "appearance of screen \"product 305\" (push screen \"product 305\" on nav \"products-nav\")"
            ])
        shop.driver.acknowledgeAll()
        _ = try await navigation.value
        #expect(shop.render() == ModelShop.productsTree(["category 3", "product 305"]))
        #expect(shop.model.isSettled)
    }

    // MARK: 6. Presentations in phases

    @Test("6a: a link three levels deep presents each level only after the one below it appeared")
    func deepLinkPresentsInOrder() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.home)
        let logged = shop.driver.log.count
        shop.driver.mode = .manual

        let run = await stepThrough(shop) { _ = try await shop.router.navigate(to: shop.review, with: 42) }

        try run.result.get()
        #expect(
            run.steps == [
                "appearance of screen \"product 42\" (push screen \"product 42\" on nav \"products-nav\"), 1 level(s)",
                "appearance of screen \"details 42\" (present nav \"details-nav\" from tabs \"main\"), 2 level(s)",
                "appearance of screen \"review 42\" (present screen \"review 42\" from nav \"details-nav\"), 3 level(s)",
            ])
        #expect(shop.render() == ModelShop.reviewTree(42))
        #expect(
            Array(shop.driver.log[logged...]) == [
                "appeared screen \"product 42\"", "appeared screen \"details 42\"", "appeared screen \"review 42\"",
            ])
    }

    @Test(
        "6b: two sheets dismissed and a sheet presented in another tab: dismissals top first, then the tab, then the sheet"
    )
    func dismissTwoThenPresentInPhases() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.review, with: 42)
        #expect(shop.render() == ModelShop.reviewTree(42))
        shop.driver.mode = .manual

        let run = await stepThrough(shop) { _ = try await shop.router.navigate(to: routes.promoOnHome) }

        try run.result.get()
        #expect(
            run.steps == [
                "disappearance of screen \"review 42\" (dismiss screen \"review 42\" from nav \"details-nav\"), 2 level(s)",
                "disappearance of nav \"details-nav\" (dismiss nav \"details-nav\" from tabs \"main\"), 1 level(s)",
                "appearance of screen \"home\" (select tab 0 of tabs \"main\"), 1 level(s)",
                "appearance of screen \"promo\" (present screen \"promo\" from tabs \"main\"), 2 level(s)",
            ])
        #expect(
            shop.render()
                == ModelShop.productsTree(["product 42"], selected: 0) + "\n  presented sheet:\n    screen \"promo\"")
    }

    @Test("6c: the same in nextTurn mode, as SwiftUI reports after each update: the log keeps the phases' order")
    func dismissTwoThenPresentOnNextTurns() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.review, with: 42)
        shop.driver.mode = .nextTurn
        let logged = shop.driver.log.count

        _ = try await shop.router.navigate(to: routes.draft, with: 42)

        #expect(
            shop.render() == ModelShop.productsTree(["product 42"]) + "\n  presented sheet:\n    screen \"draft\"")
        #expect(
            Array(shop.driver.log[logged...]) == [
                "disappeared screen \"review 42\"", "disappeared nav \"details-nav\"", "appeared screen \"draft\"",
            ])
        #expect(shop.model.isSettled)
    }

    // MARK: 7. Writes after their state is gone

    @Test("7a: a back swipe's path write made before a router push lands after it: ignored as stale, nothing moves")
    func stalePathWrite() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.product, with: 42)
        let stack = try #require(shop.stack("products-nav"))
        let rendered = stack.path
        _ = try await shop.router.navigate(to: shop.product, with: 7)
        let before = shop.render()
        #expect(before == ModelShop.productsTree(["product 7"]))
        let (reported, revision) = (shop.events.count, shop.model.treeRevision)

        let outcome = stack.userWrotePath([], rendered: rendered)

        #expect(
            "\(outcome)"
                == "ignored: the path written to nav \"products-nav\" was made from a path it has left (a stale write)")
        #expect(shop.render() == before)
        #expect(shop.events.count == reported)
        #expect(shop.model.treeRevision == revision)
    }

    @Test(
        "7b: a swipe-down write for a sheet the router dismissed already, then replaced: ignored, the new sheet stays")
    func staleSwipeDownWrite() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.details, with: 1)
        let oldSheet = try #require(shop.stack("details-nav"))
        let tabs = try #require(shop.tabsNode)
        _ = try await shop.router.navigate(to: shop.list())
        #expect(shop.render() == ModelShop.productsTree([]))

        #expect(
            "\(tabs.userDismissed(oldSheet))"
                == "ignored: nav \"details-nav\" is not presented over tabs \"main\" any more")
        #expect(shop.render() == ModelShop.productsTree([]))

        _ = try await shop.router.navigate(to: shop.details, with: 2)
        let before = shop.render()
        #expect(before == ModelShop.detailsTree(2))
        #expect(
            "\(tabs.userDismissed(oldSheet))"
                == "ignored: nav \"details-nav\" is not presented over tabs \"main\" any more")
        #expect(shop.render() == before)
    }

    @Test("7c: the same write twice (a back swipe, a swipe-down, a tab tap): the second is ignored and says why")
    func sameWriteTwice() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.details, with: 42)
        let stack = try #require(shop.stack("products-nav"))
        let sheet = try #require(shop.stack("details-nav"))
        let tabs = try #require(shop.tabsNode)

        #expect("\(tabs.userDismissed(sheet))" == "applied: user dismissed nav \"details-nav\"")
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        #expect(
            "\(tabs.userDismissed(sheet))"
                == "ignored: nav \"details-nav\" is not presented over tabs \"main\" any more")
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))

        let rendered = stack.path
        #expect(
            "\(stack.userWrotePath([], rendered: rendered))"
                == "applied: user popped nav \"products-nav\" back to screen \"list\"")
        #expect(shop.render() == ModelShop.productsTree([]))
        #expect(
            "\(stack.userWrotePath([], rendered: rendered))"
                == "ignored: the path written to nav \"products-nav\" was made from a path it has left (a stale write)")
        #expect(shop.render() == ModelShop.productsTree([]))

        let home = try #require(shop.stack("home-nav"))
        #expect("\(tabs.userSelectedTab(home.id))" == "applied: user selected tab 0 of tabs \"main\"")
        #expect(
            "\(tabs.userSelectedTab(home.id))"
                == "ignored: tab 0 of tabs \"main\" is selected already (a duplicate write)")
        #expect(shop.render() == ModelShop.productsTree([], selected: 0))
        #expect(
            shop.events.suffix(3) == [
                "user: screen \"details 42\" -> screen \"product 42\"",
                "user: screen \"product 42\" -> screen \"list\"",
                "user: screen \"list\" -> screen \"home\"",
            ])
    }

    // MARK: 8. Echoes of the model's own state

    @Test("8a: SwiftUI writing back the path, selection and columns the model gave it: no change, nobody told, no loop")
    func echoesAreNoOps() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.product, with: 42)
        _ = try await shop.router.navigate(to: shop.inbox)
        let split = try #require(shop.inboxSplit)
        let stack = try #require(shop.stack("products-nav"))
        let tabs = try #require(shop.tabsNode)
        let before = shop.render()
        let (reported, revision) = (shop.events.count, shop.model.treeRevision)

        var outcomes: [String] = []
        let told = observing {
            _ = stack.path
            _ = tabs.selection
            _ = split.compactColumn
            _ = split.isCollapsed
        }
        let column = split.compactColumn
        outcomes.append("\(stack.userWrotePath(stack.path, rendered: stack.path))")
        outcomes.append("\(tabs.userSelectedTab(tabs.selection))")
        outcomes.append(
            "\(split.userWroteCompactColumn(column, renderedColumn: column, renderedDetail: split.secondary))")
        outcomes.append("\(split.userWroteCollapsed(split.isCollapsed))")

        #expect(
            outcomes == [
                "ignored: the path written to nav \"products-nav\" is the path it has (a duplicate write)",
                "ignored: tab 1 of tabs \"main\" is selected already (a duplicate write)",
                "ignored: split \"inbox\" shows its \(split.compactColumn.rawValue) column already (a duplicate write)",
                "ignored: split \"inbox\" is expanded already (a duplicate write)",
            ])
        #expect(!told.value, "an echo told the views to render again, which makes SwiftUI write again")
        #expect(shop.render() == before)
        #expect(shop.events.count == reported)
        #expect(shop.model.treeRevision == revision)
    }

    @Test("8b: an echo of the new path through a binding made before the router's push settles after one render")
    func echoFromAnOlderRenderSettles() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.product, with: 42)
        let stack = try #require(shop.stack("products-nav"))
        let renderedBeforePush = stack.path
        _ = try await shop.router.navigate(to: shop.specs, with: 42)
        let before = shop.render()
        #expect(before == ModelShop.productsTree(["product 42", "specs 42"]))
        let revision = shop.model.treeRevision

        // SwiftUI writes what it shows through the binding of the render before the push; the
        // view renders again each time the model tells it, and writes again through the new
        // binding: the loop must stop.
        var rendered = renderedBeforePush
        var outcomes: [String] = []
        for _ in 0..<10 {
            let told = ChangeTold()
            let written = stack.path
            outcomes.append("\(stack.userWrotePath(written, rendered: rendered))")
            withObservationTracking {
                rendered = stack.path
            } onChange: {
                told.mark()
            }
            if !told.value, outcomes.count > 1 { break }
        }

        #expect(
            outcomes == [
                "ignored: the path written to nav \"products-nav\" was made from a path it has left (a stale write)",
                "ignored: the path written to nav \"products-nav\" is the path it has (a duplicate write)",
            ])
        #expect(shop.render() == before)
        #expect(shop.model.treeRevision == revision)
    }

    // MARK: 9. A late swipe-down write
    //
    // SwiftUI writes a swiped-down sheet's nil when the dismissal ends, through the binding of the
    // host's latest render (ComposerSwiftUI's PresentationSlot reads `host.sheetNode` at each
    // render): after a navigation put another sheet in its place, the write names that one. The
    // driver's late write goes the same way.

    /// The late write's outcome when the model took the swiped sheet out before it came.
    private static let lateWriteOfDetails =
        "ignored: the write is the late one of nav \"details-nav\", swiped down and taken out before it came;"

    @Test("9a: a swipe-down whose write lands after a link replaced the sheet with one of the same name: ignored")
    func lateSwipeWriteAfterReplacement() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.details, with: 1)
        let write = try #require(shop.driver.userSwipeDownWritingLater())
        #expect(
            shop.render()
                == ModelShop.detailsTree(1).replacingOccurrences(
                    of: "nav \"details-nav\"", with: "nav \"details-nav\" (dismissing)"))

        _ = try await shop.router.navigate(to: shop.details, with: 2)
        let before = shop.render()
        #expect(before == ModelShop.detailsTree(2))

        let outcome = "\(write())"
        #expect(outcome == Self.lateWriteOfDetails + " nav \"details-nav\", shown now, stays")
        #expect(shop.render() == before)
        #expect(shop.model.current?.name == "details 2")
        #expect(shop.driver.log.last == "user swipe's late write: " + outcome)
    }

    @Test("9b: the late write lands while the next navigation waits: it takes the swiped sheet, the navigation goes on")
    func lateSwipeWriteDuringANavigation() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.details, with: 1)
        let goneSheet = try #require(shop.stack("details-nav"))
        let write = try #require(shop.driver.userSwipeDownWritingLater())
        shop.driver.mode = .manual

        let details = shop.details
        let navigation = Task { try await shop.router.navigate(to: details, with: 2) }
        var waits: [String] = []
        var outcome: String?
        for _ in 0..<10 {
            guard await shop.driver.waitForPendingAcknowledgement(turns: 2_000, minimumSeconds: 0),
                let next = shop.driver.pending.first
            else { break }
            waits.append(next.node.name)
            // The write lands at the first wait, while the model still holds the swiped sheet.
            if outcome == nil { outcome = "\(write())" }
            shop.driver.acknowledgeNext()
        }
        let opened = try await navigation.value

        #expect(opened.name == "details 2")
        #expect(waits == ["product 2", "details 2"])
        #expect(outcome == "applied: user dismissed nav \"details-nav\"")
        #expect(shop.render() == ModelShop.detailsTree(2))
        #expect(shop.stack("details-nav") !== goneSheet)
        #expect(shop.model.isSettled)
        // The write that came was the one owed: the new sheet's own swipe-down applies.
        #expect(shop.driver.userSwipeDown().isApplied)
        #expect(shop.render() == ModelShop.productsTree(["product 2"]))
    }

    @Test("9c: the late write as the view layer makes it, naming the sheet shown now: the new sheet stays")
    func lateSwipeWriteThroughTheLatestBinding() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.details, with: 1)
        let tabs = try #require(shop.tabsNode)
        let swiped = try #require(tabs.sheetNode)
        // The user swipes details 1 down: its view disappears, SwiftUI's binding write is to come.
        _ = try #require(shop.driver.userSwipeDownWritingLater())
        // A link opens details 2 meanwhile: the gone sheet is taken out, the new one presented.
        _ = try await shop.router.navigate(to: shop.details, with: 2)
        let before = shop.render()
        #expect(before == ModelShop.detailsTree(2))

        let renderedNow = try #require(tabs.sheetNode)
        #expect(renderedNow !== swiped)
        let outcome = tabs.userDismissed(renderedNow)

        #expect("\(outcome)" == Self.lateWriteOfDetails + " nav \"details-nav\", shown now, stays")
        #expect(shop.render() == before)
        // The late write was the one owed: the next write is the user's own, and applies.
        #expect(shop.driver.userSwipeDown().isApplied)
        #expect(shop.render() == ModelShop.productsTree(["product 2"]))
    }

    @Test("9d: a late write that finds no sheet (the app took the swiped one out) ends what was owed")
    func lateSwipeWriteOverNothing() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.details, with: 1)
        let write = try #require(shop.driver.userSwipeDownWritingLater())
        // The app takes the gone sheet out and presents nothing in its place.
        try await #require(shop.tabsNode).dismissPresentedScreen(animated: true)
        #expect(shop.render() == ModelShop.productsTree(["product 1"]))

        // SwiftUI writes nil through a binding that shows nothing now.
        #expect("\(write())" == Self.lateWriteOfDetails.dropLast() + "")
        #expect(shop.render() == ModelShop.productsTree(["product 1"]))
        // Nothing is owed any more: a new sheet's own swipe-down applies at once.
        _ = try await shop.router.navigate(to: shop.details, with: 1)
        #expect(shop.driver.userSwipeDown().isApplied)
        #expect(shop.render() == ModelShop.productsTree(["product 1"]))
    }

    @Test("9e: while a write is owed, the new sheet's own swipe-down (its view gone first) applies")
    func ownSwipeOfTheNewSheetApplies() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.details, with: 1)
        // The first sheet's write never comes.
        _ = try #require(shop.driver.userSwipeDownWritingLater())
        _ = try await shop.router.navigate(to: shop.details, with: 2)
        let second = try #require(shop.driver.userSwipeDownWritingLater())

        #expect("\(second())" == "applied: user dismissed nav \"details-nav\"")
        #expect(shop.render() == ModelShop.productsTree(["product 2"]))
    }

    @Test("9f: a popover shown in the place of a swiped sheet is dismissed by its own write; the sheet's comes after")
    func popoverInThePlaceOfASwipedSheet() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.details, with: 1)
        let sheetWrite = try #require(shop.driver.userSwipeDownWritingLater())
        await shop.go(shop.share, ())
        #expect(shop.render() == ModelShop.productsTree(["product 1"]) + "\n  presented popover:\n    screen \"share\"")

        // The popover's binding is its anchor's, not the sheet's: its write is the user's.
        #expect("\(shop.driver.userSwipeDown())" == "applied: user dismissed screen \"share\"")
        #expect(shop.render() == ModelShop.productsTree(["product 1"]))
        #expect("\(sheetWrite())" == Self.lateWriteOfDetails.dropLast() + "")
    }

    // MARK: 10. No silent waits

    @Test(
        "10a: a presenter the finder answers that is no longer in the tree: an error naming the step, nothing changed")
    func presenterNotInTheTree() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        let kept = try await shop.router.navigate(to: shop.product, with: 42)
        _ = try await shop.router.navigate(to: shop.list())
        let before = shop.render()
        #expect(before == ModelShop.productsTree([]))

        let error = await #expect(throws: RoutingError.self) {
            _ = try await shop.router.navigate(to: routes.picker(from: kept))
        }

        #expect(error?.code == .screenNotFound)
        #expect(error?.step == "step 1: ProductNode (finder KeptNodeFinder<ProductNode, ()>)")
        #expect(
            error?.found
                == "it answered screen \"product 42\", which is not in the window (removed from it, or never shown)")
        #expect(shop.render() == before)
        #expect(routes.built == [], "nothing was built for a presenter that is not there")
    }

    @Test("10b: presenting from a level another sheet covers: the model refuses by value, the tree is unchanged")
    func presentingFromACoveredLevel() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.details, with: 42)
        let product = try #require(shop.model.node(named: "product 42"))
        let before = shop.render()

        let error = await #expect(throws: NodeError.self) {
            try await product.presentScreen(PickerNode("picker"), animated: true)
        }

        #expect(
            error
                == .alreadyPresenting(
                    host: "tabs \"main\"", presented: "nav \"details-nav\"", refused: "screen \"picker\""))
        #expect(
            error?.description
                == "tabs \"main\" already presents nav \"details-nav\", so it cannot present screen \"picker\"")
        #expect(shop.render() == before)
    }

    @Test("10c: the router presenting from a product under a sheet that refuses to leave: dismissalRefused, unchanged")
    func presentingUnderARefusingSheet() async throws {
        let shop = ModelShop()
        let routes = PainPointRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.details, with: 42)
        try #require(shop.model.node(named: "details 42")).canBeDismissed = false
        let before = shop.render()
        let logged = shop.driver.log.count

        let error = await #expect(throws: RoutingError.self) {
            _ = try await shop.router.navigate(to: routes.draft, with: 42)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(
            error?.step
                == "step 1: ProductNode (finder ClassWithContextFinder<ProductNode, Int>, factory ClosureFactory<ProductNode, Int>, action PushAction<StackNode>)"
        )
        #expect(error?.found == "screen \"details 42\" refuses (canBeDismissed is false)")
        #expect(shop.render() == before)
        #expect(shop.driver.log.count == logged)
        #expect(routes.built == [])
    }

    @Test("10d: a sheet whose view never appears: a timeout naming the step and the appearance, the sheet taken back")
    func presentationNeverAcknowledged() async throws {
        let shop = ModelShop(timeout: .milliseconds(100))
        let routes = PainPointRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.product, with: 42)
        let before = shop.render()
        shop.driver.mode = .manual

        let error = await #expect(throws: RoutingError.self) {
            _ = try await shop.router.navigate(to: routes.draft, with: 42)
        }

        #expect(error?.code == .actionFailed)
        #expect(error?.step == "PresentModallyAction of DraftNode (step 0)")
        let timeout = error?.underlyingError as? AcknowledgementTimeoutError
        #expect(
            timeout?.expected == [
                "appearance of screen \"draft\" (present screen \"draft\" from tabs \"main\")"
            ])
        #expect(
            timeout?.description
                == "the test's NavigationModelDriver, in manual mode (it acknowledges only what the test does, with acknowledgeNext() or acknowledgeAll()), did not acknowledge the appearance of screen \"draft\" (present screen \"draft\" from tabs \"main\") within 0.1 seconds"
        )
        #expect(shop.render() == before)
        #expect(shop.model.isSettled)
    }

    @Test("10e: a pushed screen whose view never appears: a timeout naming the push; the push stays, as documented")
    func pushNeverAcknowledged() async throws {
        let shop = ModelShop(timeout: .milliseconds(100))
        _ = try await shop.router.navigate(to: shop.product, with: 42)
        let before = shop.render()
        #expect(before == ModelShop.productsTree(["product 42"]))
        shop.driver.mode = .manual

        let error = await #expect(throws: RoutingError.self) {
            _ = try await shop.router.navigate(to: shop.specs, with: 42)
        }

        #expect(error?.step == "PushAction<StackNode> of SpecsNode (step 0)")
        let timeout = error?.underlyingError as? AcknowledgementTimeoutError
        #expect(
            timeout?.expected == [
                "appearance of screen \"specs 42\" (push screen \"specs 42\" on nav \"products-nav\")"
            ])
        // BuildingASwiftUIApp.md: "a presentation its views never showed is taken back, and what
        // was pushed stays". The error code says the tree changed.
        #expect(error?.code == .actionFailedAfterChanges)
        #expect(shop.render() == ModelShop.productsTree(["product 42", "specs 42"]))
        #expect(shop.model.isSettled)
    }

    // MARK: 11. A deep link into the tab already selected

    @Test("11a: a link to a product deeper in the selected tab pops to it: no re-selection, no second product")
    func linkIntoSelectedTabPops() async throws {
        let shop = ModelShop()
        let product = try await shop.router.navigate(to: shop.product, with: 42)
        _ = try await shop.router.navigate(to: shop.specs, with: 42)
        #expect(shop.render() == ModelShop.productsTree(["product 42", "specs 42"]))
        let tabs = try #require(shop.tabsNode)
        let logged = shop.driver.log.count

        let reselected = observing { _ = tabs.selection }
        let found = try await shop.router.navigate(to: shop.product, with: 42)

        #expect(found === product)
        #expect(!reselected.value, "the tab view was told of a selection change")
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        #expect(Array(shop.driver.log[logged...]) == ["appeared screen \"product 42\""])
        #expect(shop.built.filter { $0 == "product 42" }.count == 1)
    }

    @Test("11b: a link to the selected tab's root pops to it; again at the root, it changes nothing")
    func linkToSelectedTabRoot() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.specs, with: 42)
        let tabs = try #require(shop.tabsNode)
        let list: DestinationStep<ListNode, Void> = shop.list()

        let reselected = observing { _ = tabs.selection }
        _ = try await shop.router.navigate(to: list)
        #expect(!reselected.value)
        #expect(shop.render() == ModelShop.productsTree([]))

        let (logged, revision, before) = (shop.driver.log.count, shop.model.treeRevision, shop.render())
        let products = try #require(shop.stack("products-nav"))
        let touched = observing {
            _ = tabs.selection
            _ = products.path
        }
        _ = try await shop.router.navigate(to: list)
        #expect(!touched.value, "a link to the screen on top told the views of a change")
        #expect(shop.render() == before)
        #expect(shop.driver.log.count == logged)
        #expect(shop.model.treeRevision == revision)
    }

    @Test("11c: a link to another product in the selected tab, under a sheet: sheet out, one push, no duplicate")
    func linkIntoSelectedTabUnderASheet() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.details, with: 42)
        #expect(shop.render() == ModelShop.detailsTree(42))
        let tabs = try #require(shop.tabsNode)
        shop.driver.mode = .manual

        let reselected = observing { _ = tabs.selection }
        let run = await stepThrough(shop) { _ = try await shop.router.navigate(to: shop.product, with: 7) }

        try run.result.get()
        #expect(!reselected.value)
        #expect(
            run.steps == [
                "disappearance of nav \"details-nav\" (dismiss nav \"details-nav\" from tabs \"main\"), 1 level(s)",
                "appearance of screen \"product 7\" (push screen \"product 7\" on nav \"products-nav\"), 1 level(s)",
            ])
        #expect(shop.render() == ModelShop.productsTree(["product 7"]))
        #expect(shop.model.allNodes().filter { $0 is ProductNode }.map(\.name) == ["product 7"])
    }

    // MARK: 12. SwiftUI's dismiss action, as the model hears it

    @Test("12: dismiss in a sheet's first screen closes the sheet; in a pushed screen of it, pops; a refusal keeps it")
    func dismissActionAsTheModelHearsIt() async throws {
        let shop = ModelShop()
        _ = try await shop.router.navigate(to: shop.details, with: 42)
        let sheet = try #require(shop.stack("details-nav"))
        try await sheet.push(SpecsNode(42), animated: true)
        let details = try #require(shop.model.node(named: "details 42"))
        let specs = try #require(shop.model.node(named: "specs 42"))
        #expect(
            shop.render()
                == ModelShop.detailsTree(42) + "\n      screen \"specs 42\"")

        #expect(
            "\(shop.driver.userDismiss(specs))"
                == "applied: user popped nav \"details-nav\" back to screen \"details 42\"")
        #expect(shop.render() == ModelShop.detailsTree(42))

        details.canBeDismissed = false
        guard case .refused(let why) = shop.driver.userDismiss(details) else {
            Issue.record("a dismiss of a screen that refuses to leave was applied")
            return
        }
        #expect(why.contains("screen \"details 42\""), "refusal: \(why)")
        #expect(shop.render() == ModelShop.detailsTree(42))

        details.canBeDismissed = true
        #expect("\(shop.driver.userDismiss(details))" == "applied: user dismissed nav \"details-nav\"")
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        #expect(shop.events.last == "user: screen \"details 42\" -> screen \"product 42\"")
    }
}
