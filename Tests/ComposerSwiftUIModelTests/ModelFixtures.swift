import Composer
import ComposerLinks
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import ComposerTesting
import Testing

final class HomeNode: NavigationNode {}
final class ListNode: NavigationNode {}
final class AccountNode: NavigationNode {}

/// A screen about one product, found again by its product.
class ProductPageNode: NavigationNode, ContextChecking {
    let productID: Int

    init(_ productID: Int, kind: String) {
        self.productID = productID
        super.init("\(kind) \(productID)")
    }

    func isTarget(for context: Int) -> Bool { productID == context }
}

/// A product page, pushed on the products tab.
final class ProductNode: ProductPageNode {
    init(_ productID: Int) { super.init(productID, kind: "product") }
}

/// A product's specifications, pushed over the product: a second level of the products stack.
final class SpecsNode: ProductPageNode {
    init(_ productID: Int) { super.init(productID, kind: "specs") }
}

/// A product's details, in a sheet of its own stack over the product.
final class DetailsNode: ProductPageNode {
    init(_ productID: Int) { super.init(productID, kind: "details") }
}

/// A review of a product, in a sheet over its details.
final class ReviewNode: ProductPageNode {
    init(_ productID: Int) { super.init(productID, kind: "review") }
}

final class CartNode: NavigationNode {}

/// The first screen of an onboarding flow, in a lone stack that replaces the shop's tab view.
final class WelcomeNode: NavigationNode {}

/// A form pushed on the products tab; it refuses to leave while it has unsaved edits.
final class EditorNode: NavigationNode {}

/// Asks for a colour and answers it.
final class PickerNode: NavigationNode, ResultReturning {
    var resultHandle: ResultHandle<String>?
}

/// The list of mailboxes: the sidebar of the inbox split view, in a stack of its own.
final class MailboxNode: NavigationNode {}

/// A message, shown as the detail of the inbox split view, found again by its number.
final class MessageNode: NavigationNode, ContextChecking {
    let messageID: Int

    init(_ messageID: Int) {
        self.messageID = messageID
        super.init("message \(messageID)")
    }

    func isTarget(for context: Int) -> Bool { messageID == context }
}

/// A share menu, shown as a popover anchored on the screen that asked for it.
final class ShareNode: NavigationNode {}

/// A sign-in form in a sheet, which answers whether the user signed in.
final class LoginNode: NavigationNode, ResultReturning {
    var resultHandle: ResultHandle<Bool>?
}

struct NotSignedIn: Error, CustomStringConvertible {
    var description: String { "not signed in" }
}

/// Lets the navigation go on only for a signed-in user; when the shop asks, a signed-out user is
/// shown the sign-in sheet first, and the navigation goes on if they sign in.
struct RequireSignIn<Context>: RoutingInterceptor {
    let shop: ModelShop

    func intercept(with context: Context) async throws {
        if !shop.isSignedIn, shop.asksToSignIn {
            shop.signInSheetsShown += 1
            let answer: Bool?
            do throws(RoutingError) {
                answer = try await shop.router.navigate(to: shop.login, awaitingResult: Bool.self)
            } catch {
                // The navigation was cancelled (the view that asked went away): nobody waits for
                // the answer any more, and a cancelled wait leaves its screen, so the guard closes
                // the sheet itself.
                if error.code == .cancelled { await closeSignInSheet() }
                throw error
            }
            if answer == true { shop.isSignedIn = true }
        }
        guard shop.isSignedIn else { throw NotSignedIn() }
    }

    private func closeSignInSheet() async {
        guard let login = shop.model.allNodes().first(where: { $0 is LoginNode }),
            let host = login.presentingScreen as? NavigationNode
        else { return }
        try? await host.dismissPresentedScreen(animated: false)
    }
}

/// A shop on the SwiftUI model, as an app writes one: tabs of stacks (home, products, account), a
/// product pushed on the list, its details in a sheet over it, a review in a sheet over the
/// details, a cart in a full-screen cover, a colour picker that answers a result, a form that can
/// refuse to leave, an inbox split view in a sheet (messages as its detail) and a share popover.
@MainActor
final class ModelShop {
    let model: NavigationModel
    let driver: NavigationModelDriver
    let router: DefaultRouter
    var isSignedIn = true
    /// Whether the account's guard shows a signed-out user the sign-in sheet and waits for their
    /// answer, rather than refusing at once.
    var asksToSignIn = false
    /// How many times the account's guard showed the sign-in sheet (since the random check last
    /// set it to zero).
    var signInSheetsShown = 0
    /// Whether the window is narrow (an iPhone, a slide-over): a split view made then starts
    /// collapsed, as `NavigationSplitView` does in a compact width.
    var isCompact = false
    /// The binding writes of swipe-downs whose view went first, still to come, each with the number
    /// of moves it comes after.
    var lateSwipeWrites: [(movesLeft: Int, write: @MainActor () -> UserWriteOutcome)] = []
    /// The last paths each stack had on top before a move, latest last: what a path binding
    /// SwiftUI writes late, or twice, was computed from.
    var pathHistory: [ObjectIdentifier: [[NavigationNode]]] = [:]
    /// Every node a factory built, by name, in order.
    private(set) var built: [String] = []
    /// What the router's observers saw.
    private(set) var events: [String] = []

    init(mode: NavigationModelDriver.AcknowledgementMode = .automatic, timeout: Duration = .seconds(2)) {
        model = NavigationModel()
        model.acknowledgementTimeout = timeout
        driver = NavigationModelDriver(model: model, mode: mode)
        router = DefaultRouter(window: model)
        router.addObserver { [weak self] event in self?.events.append(event.description) }
    }

    private func make<Node: NavigationNode>(_ node: Node) -> Node {
        built.append(node.name)
        return node
    }

    // MARK: Routes

    func tabs<Context>() -> DestinationStep<TabsNode, Context> {
        StepAssembly(
            finder: ClassFinder<TabsNode, Context>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { [unowned self] _ in make(TabsNode("main")) },
                children: [
                    { [unowned self] _ in make(StackNode("home-nav", nodes: [make(HomeNode("home"))])) },
                    { [unowned self] _ in make(StackNode("products-nav", nodes: [make(ListNode("list"))])) },
                    { [unowned self] _ in make(StackNode("account-nav", nodes: [make(AccountNode("account"))])) },
                ])
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    /// The bottom node of a tab's stack; reaching it selects the tab.
    func tab<Node: NavigationNode, Context>(
        _ type: Node.Type, in stackName: String, guarded: Bool = false
    ) -> DestinationStep<Node, Context> {
        var step = StepAssembly(finder: ClassFinder<Node, Context>(), factory: BuiltByContainerFactory<Node, Context>())
        if guarded { step = step.adding(RequireSignIn<Context>(shop: self)) }
        return
            step
            .using(GeneralAction.nothing())
            .from(
                StepAssembly(
                    finder: PredicateFinder<StackNode, Context> { stack, _ in stack.name == stackName },
                    factory: BuiltByContainerFactory<StackNode, Context>())
            )
            .using(TabsNode.selectTab())
            .from(tabs())
            .assemble()
    }

    var home: DestinationStep<HomeNode, Void> { tab(HomeNode.self, in: "home-nav") }
    func list<Context>() -> DestinationStep<ListNode, Context> { tab(ListNode.self, in: "products-nav") }
    var account: DestinationStep<AccountNode, Void> { tab(AccountNode.self, in: "account-nav", guarded: true) }

    var product: DestinationStep<ProductNode, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<ProductNode, Int>(),
            factory: ClosureFactory { [unowned self] id in make(ProductNode(id)) }
        )
        .using(StackNode.push())
        .from(list().expectingContainer())
        .assemble()
    }

    var specs: DestinationStep<SpecsNode, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<SpecsNode, Int>(),
            factory: ClosureFactory { [unowned self] id in make(SpecsNode(id)) }
        )
        .using(StackNode.push())
        .from(product.expectingContainer())
        .assemble()
    }

    var details: DestinationStep<DetailsNode, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<DetailsNode, Int>(),
            factory: ClosureFactory { [unowned self] id in make(DetailsNode(id)) }
        )
        .using(StackNode.push())
        .from(
            StepAssembly(
                finder: NilFinder<StackNode, Int>(),
                factory: NavigationContainerFactory { [unowned self] _ in
                    let stack = make(StackNode("details-nav"))
                    stack.presentationStyle = .sheet(detents: [.medium, .large])
                    return stack
                })
        )
        .using(GeneralAction.presentModally())
        .from(product)
        .assemble()
    }

    var review: DestinationStep<ReviewNode, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<ReviewNode, Int>(),
            factory: ClosureFactory { [unowned self] id in make(ReviewNode(id)) }
        )
        .using(GeneralAction.presentModally())
        .from(details)
        .assemble()
    }

    /// The welcome screen, in a stack that replaces the tab view as the window's root.
    var welcome: DestinationStep<WelcomeNode, Void> {
        StepAssembly(
            finder: ClassFinder<WelcomeNode, Void>(),
            factory: ClosureFactory { [unowned self] _ in make(WelcomeNode("welcome")) }
        )
        .using(StackNode.push())
        .from(
            StepAssembly(
                finder: PredicateFinder<StackNode, Void> { stack, _ in stack.name == "welcome-nav" },
                factory: NavigationContainerFactory { [unowned self] _ in make(StackNode("welcome-nav")) })
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    var cart: DestinationStep<CartNode, Void> {
        StepAssembly(
            finder: ClassFinder<CartNode, Void>(),
            factory: ClosureFactory { [unowned self] _ in make(CartNode("cart")) }
        )
        .using(StackNode.push())
        .from(
            StepAssembly(
                finder: NilFinder<StackNode, Void>(),
                factory: NavigationContainerFactory { [unowned self] _ in
                    let stack = make(StackNode("cart-nav"))
                    stack.presentationStyle = .fullScreenCover
                    return stack
                })
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    var login: DestinationStep<LoginNode, Void> {
        StepAssembly(
            finder: ClassFinder<LoginNode, Void>(),
            factory: ClosureFactory { [unowned self] _ in make(LoginNode("login")) }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    var picker: DestinationStep<PickerNode, Void> {
        StepAssembly(
            finder: ClassFinder<PickerNode, Void>(),
            factory: ClosureFactory { [unowned self] _ in make(PickerNode("picker")) }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    var editor: DestinationStep<EditorNode, Void> {
        StepAssembly(
            finder: ClassFinder<EditorNode, Void>(),
            factory: ClosureFactory { [unowned self] _ in make(EditorNode("editor")) }
        )
        .using(StackNode.push())
        .from(list().expectingContainer())
        .assemble()
    }

    /// The inbox: a split view in a sheet over the screen on top, its sidebar the mailboxes in a
    /// stack (a collapsed split view shows a detail over a stack, as UIKit pushes it there).
    var inbox: DestinationStep<MailboxNode, Void> {
        StepAssembly(
            finder: ClassFinder<MailboxNode, Void>(),
            factory: ClosureFactory { [unowned self] _ in make(MailboxNode("mailboxes")) }
        )
        .using(StackNode.push())
        .from(
            StepAssembly(
                finder: NilFinder<StackNode, Void>(),
                factory: NavigationContainerFactory { [unowned self] _ in make(StackNode("mailboxes-nav")) })
        )
        .using(SplitNode.setPrimary())
        .from(
            StepAssembly(
                finder: NilFinder<SplitNode, Void>(),
                factory: SplitContainerFactory { [unowned self] _ in make(SplitNode("inbox", collapsed: isCompact)) })
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    /// Message `id`, the detail of the inbox split view (opening the inbox first when it is not
    /// in the tree).
    var message: DestinationStep<MessageNode, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<MessageNode, Int>(),
            factory: ClosureFactory { [unowned self] id in make(MessageNode(id)) }
        )
        .using(SplitNode.showDetail())
        .from(inbox.adaptingContext { (_: Int) in () }.expectingContainer())
        .assemble()
    }

    /// The share menu, a popover over the screen on top.
    var share: DestinationStep<ShareNode, Void> {
        StepAssembly(
            finder: ClassFinder<ShareNode, Void>(),
            factory: ClosureFactory { [unowned self] _ in
                let share = make(ShareNode("share"))
                share.presentationStyle = .popover
                return share
            }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    /// The share menu of product `id`: a popover anchored on the product, pushed on the products
    /// tab (what is over the product goes first).
    var shareProduct: DestinationStep<ShareNode, Int> {
        StepAssembly(
            finder: NilFinder<ShareNode, Int>(),
            factory: ClosureFactory { [unowned self] _ in
                let share = make(ShareNode("share"))
                share.presentationStyle = .popover
                return share
            }
        )
        .using(GeneralAction.presentModally())
        .from(product)
        .assemble()
    }

    /// The inbox's split view, when it is in the tree.
    var inboxSplit: SplitNode? { model.allNodes().lazy.compactMap { $0 as? SplitNode }.first }

    var back: DestinationStep<any Screen, Void> { GeneralStep.previous() }

    // MARK: Links

    func makeLinks() throws -> LinkMap {
        var links = LinkMap()
        try links.register("shop://home", as: "Home") { [unowned self] _ in Link(to: home) }
        try links.register("shop://products", as: "Products") { [unowned self] _ in Link(to: list(), with: ()) }
        try links.register("shop://product/<int:id>", as: "Product") { [unowned self] params in
            Link(to: product, with: try params.int("id"))
        }
        try links.register("shop://details/<int:id>", as: "Details") { [unowned self] params in
            Link(to: details, with: try params.int("id"))
        }
        try links.register("shop://review/<int:id>", as: "Review") { [unowned self] params in
            Link(to: review, with: try params.int("id"))
        }
        try links.register("shop://cart", as: "Cart") { [unowned self] _ in Link(to: cart) }
        return links
    }

    func makeRestoration(links: LinkMap) throws -> LinkRestoration {
        var restoration = LinkRestoration(links: links)
        try restoration.register("Review", for: ReviewNode.self) { ["id": $0.productID] }
        try restoration.register("Details", for: DetailsNode.self) { ["id": $0.productID] }
        try restoration.register("Product", for: ProductNode.self) { ["id": $0.productID] }
        try restoration.register("Cart", for: CartNode.self) { _ in [:] }
        try restoration.register("Products", for: ListNode.self) { _ in [:] }
        try restoration.register("Home", for: HomeNode.self) { _ in [:] }
        return restoration
    }

    // MARK: Helpers

    /// The tree as the twin's renderer writes it.
    func render() -> String { driver.render() }

    /// Navigates and fails the test on an error.
    func go<Node, Context>(
        _ step: DestinationStep<Node, Context>, _ context: Context, sourceLocation: SourceLocation = #_sourceLocation
    ) async {
        do {
            _ = try await router.navigate(to: step, with: context, animated: true)
        } catch {
            Issue.record("navigation failed: \(error)", sourceLocation: sourceLocation)
        }
    }

    /// Navigates, expecting a routing error, and returns it.
    func failing<Node, Context>(_ step: DestinationStep<Node, Context>, _ context: Context) async -> RoutingError? {
        do {
            _ = try await router.navigate(to: step, with: context, animated: true)
            return nil
        } catch {
            return error
        }
    }

    /// The stack called `name`.
    func stack(_ name: String) -> StackNode? { model.node(named: name) as? StackNode }

    /// The tab view.
    var tabsNode: TabsNode? { model.root as? TabsNode }

    /// Starts a navigation to `step`, which answers a result, in a task, and returns the task once
    /// the screen has its result handle.
    func startWaitingForResult<Node: ResultReturning & NavigationNode>(
        _ step: DestinationStep<Node, Void>
    ) async -> Task<Node.ResultValue?, any Error> {
        let waiting = Task { try await router.navigate(to: step, with: (), awaitingResult: Node.ResultValue.self) }
        await patientlyWait(turns: 10_000, minimumSeconds: 2) {
            model.allNodes().compactMap({ $0 as? Node }).first?.resultHandle != nil
        }
        return waiting
    }

    /// Home on screen, then product `id` in the products tab (a tab away from home).
    func startWithProduct(_ id: Int) async {
        await go(home, ())
        await go(product, id)
    }

    /// The tab view with tab `selected` chosen and the products stack holding the list and the
    /// screens named `products`, nothing presented.
    static func productsTree(_ products: [String], selected: Int = 1) -> String {
        ([
            "window", "  tabs \"main\" selected=\(selected)", "    nav \"home-nav\"", "      screen \"home\"",
            "    nav \"products-nav\"", "      screen \"list\"",
        ] + products.map { "      screen \"\($0)\"" } + [
            "    nav \"account-nav\"", "      screen \"account\"",
        ]).joined(separator: "\n")
    }

    /// ``productsTree(_:selected:)`` with the details sheet of product `id` presented over it.
    static func detailsTree(_ id: Int, below: [String] = [], selected: Int = 1) -> String {
        productsTree(below + ["product \(id)"], selected: selected)
            + "\n  presented sheet [medium, large]:\n    nav \"details-nav\"\n      screen \"details \(id)\""
    }

    /// The three levels of a deep link into review `id`: product, details sheet, review sheet.
    /// `below` names the screens pushed under the product.
    static func reviewTree(_ id: Int, selected: Int = 1, below: [String] = []) -> String {
        detailsTree(id, below: below, selected: selected) + "\n    presented sheet:\n      screen \"review \(id)\""
    }
}
