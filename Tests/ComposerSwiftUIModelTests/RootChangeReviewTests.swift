import Composer
import ComposerLinks
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import ComposerTesting
import Observation
import Testing

// A review of root changes: a root the router's `ReplaceRootAction` sets does not wait for its top
// node to appear, and joins the changes after it (tab selection, pushes) in one state change; the
// navigation waits for the top node at its next change that waits, or at its end. Called by the
// app, even while a navigation runs, `setRootScreen` still returns once the root appeared. Each test
// asserts the tree as text, the driver's log, the error by value and whether the model settled.

// MARK: - Screens and routes of the review

/// The terms, pushed on the welcome screen.
private final class TermsNode: NavigationNode {}
/// The first tab of an administrator's tab view, which replaces the shop's.
private final class ConsoleNode: NavigationNode {}
/// The second tab of the administrator's tab view.
private final class AuditNode: NavigationNode {}
/// A banner in a sheet over a screen.
private final class BannerNode: NavigationNode {}

/// Routes the fixture does not have: roots of another kind, and sheets straight over a root's screen.
@MainActor
private final class RootRoutes {
    let shop: ModelShop

    init(shop: ModelShop) { self.shop = shop }

    /// The welcome screen, in a stack that becomes the window's root.
    var welcome: DestinationStep<WelcomeNode, Void> { shop.welcome }

    /// The terms, pushed on the welcome screen (a new root followed by a push).
    var terms: DestinationStep<TermsNode, Void> {
        StepAssembly(
            finder: ClassFinder<TermsNode, Void>(),
            factory: ClosureFactory { _ in TermsNode("terms") }
        )
        .using(StackNode.push())
        .from(welcome.expectingContainer())
        .assemble()
    }

    /// The administrator's tab view: a second tab view that replaces the shop's.
    private var adminTabs: DestinationStep<TabsNode, Void> {
        StepAssembly(
            finder: PredicateFinder<TabsNode, Void> { tabs, _ in tabs.name == "admin" },
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in TabsNode("admin") },
                children: [
                    { _ in StackNode("console-nav", nodes: [ConsoleNode("console")]) },
                    { _ in StackNode("audit-nav", nodes: [AuditNode("audit")]) },
                ])
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    /// The audit, the second tab of the administrator's tab view.
    var audit: DestinationStep<AuditNode, Void> {
        StepAssembly(finder: ClassFinder<AuditNode, Void>(), factory: BuiltByContainerFactory<AuditNode, Void>())
            .using(GeneralAction.nothing())
            .from(
                StepAssembly(
                    finder: PredicateFinder<StackNode, Void> { stack, _ in stack.name == "audit-nav" },
                    factory: BuiltByContainerFactory<StackNode, Void>())
            )
            .using(TabsNode.selectTab())
            .from(adminTabs)
            .assemble()
    }

    /// A banner in a sheet over the home tab's screen: a root whose first change is a presentation.
    var bannerOnHome: DestinationStep<BannerNode, Void> {
        StepAssembly(finder: ClassFinder<BannerNode, Void>(), factory: ClosureFactory { _ in BannerNode("banner") })
            .using(GeneralAction.presentModally())
            .from(shop.home)
            .assemble()
    }

    /// A banner in a sheet over the list, the second tab's screen.
    var bannerOnList: DestinationStep<BannerNode, Void> {
        StepAssembly(finder: ClassFinder<BannerNode, Void>(), factory: ClosureFactory { _ in BannerNode("banner") })
            .using(GeneralAction.presentModally())
            .from(shop.list())
            .assemble()
    }

    /// A banner in a sheet over the welcome screen (a new root followed by a presentation).
    var bannerOnWelcome: DestinationStep<BannerNode, Void> {
        StepAssembly(finder: ClassFinder<BannerNode, Void>(), factory: ClosureFactory { _ in BannerNode("banner") })
            .using(GeneralAction.presentModally())
            .from(welcome)
            .assemble()
    }

    /// Product `id` behind a guard that runs `check` first (the app's own code, inside the navigation).
    func guardedProduct(_ check: @escaping @MainActor (Int) async throws -> Void) -> DestinationStep<ProductNode, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<ProductNode, Int>(),
            factory: ClosureFactory { id in ProductNode(id) }
        )
        .adding(ClosureInterceptor<Int>(check))
        .using(StackNode.push())
        .from(shop.list().expectingContainer())
        .assemble()
    }

    static let welcomeTree = "window\n  nav \"welcome-nav\"\n    screen \"welcome\""
    static let termsTree = welcomeTree + "\n    screen \"terms\""
    static let bannerOnWelcomeTree = welcomeTree + "\n  presented sheet:\n    screen \"banner\""

    static func adminTree(selected: Int) -> String {
        [
            "window", "  tabs \"admin\" selected=\(selected)", "    nav \"console-nav\"", "      screen \"console\"",
            "    nav \"audit-nav\"", "      screen \"audit\"",
        ].joined(separator: "\n")
    }
}

/// The routing error `result` failed with, recording an issue when it did not fail with one.
@MainActor
private func routingError<T>(
    _ result: Result<T, any Error>, sourceLocation: SourceLocation = #_sourceLocation
) -> RoutingError? {
    switch result {
    case .success(let value):
        Issue.record("the navigation did not fail: it returned \(value)", sourceLocation: sourceLocation)
        return nil
    case .failure(let error as RoutingError):
        return error
    case .failure(let error):
        Issue.record("not a routing error: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

/// Lets other tasks run until the sign-in sheet is up with its result handle, for ten thousand
/// turns and then at least two seconds more (see `patientlyWait`); holds no node.
@MainActor
private func signInSheetIsUp(_ shop: ModelShop) async -> Bool {
    await patientlyWait(turns: 10_000, minimumSeconds: 2) {
        shop.model.allNodes().contains(where: { ($0 as? LoginNode)?.resultHandle != nil })
    }
}

/// The timeout of a test that acknowledges by hand: long, so that a test run that keeps the main
/// actor busy does not end a wait the test is about to answer.
private let handTimeout = Duration.seconds(60)

/// Lets other tasks run until the sign-in sheet is up, and returns its result handle.
@MainActor
private func signInHandle(_ shop: ModelShop) async -> ResultHandle<Bool>? {
    guard await signInSheetIsUp(shop) else { return nil }
    return shop.model.allNodes().lazy.compactMap { ($0 as? LoginNode)?.resultHandle }.first
}

/// The underlying error's text.
private func cause(_ error: RoutingError?) -> String {
    error?.underlyingError.map { "\($0)" } ?? ""
}

// MARK: - The review

@MainActor
@Suite("SwiftUI model: root changes (review)")
struct RootChangeReviewTests {

    // MARK: 1. Cold starts into each kind of destination, as SwiftUI reports (nextTurn)

    @Test("1a: a cold start into the second tab's bottom screen logs the list alone, never home")
    func coldStartIntoSecondTab() async throws {
        let shop = ModelShop(mode: .nextTurn)
        #expect(shop.render() == "window\n  (no root)")

        let list = try await shop.router.navigate(to: shop.list(), with: ())

        #expect(list.name == "list")
        #expect(shop.render() == ModelShop.productsTree([]))
        #expect(shop.driver.log == ["appeared screen \"list\""])
        #expect(shop.model.isSettled)
        #expect(shop.events == ["router: nothing -> screen \"list\""])
    }

    @Test("1b: a cold start into specs, two pushes over the list, logs specs alone: one state change")
    func coldStartIntoTwoPushes() async throws {
        let shop = ModelShop(mode: .nextTurn)

        _ = try await shop.router.navigate(to: shop.specs, with: 42)

        #expect(shop.render() == ModelShop.productsTree(["product 42", "specs 42"]))
        #expect(shop.driver.log == ["appeared screen \"specs 42\""])
        #expect(shop.model.isSettled)
    }

    @Test("1c: a cold start into the details sheet presents it only after the pushed product appeared")
    func coldStartIntoSheetOverPush() async throws {
        let shop = ModelShop(mode: .nextTurn)

        _ = try await shop.router.navigate(to: shop.details, with: 42)

        #expect(shop.render() == ModelShop.detailsTree(42))
        #expect(shop.driver.log == ["appeared screen \"product 42\"", "appeared screen \"details 42\""])
        #expect(shop.model.isSettled)
    }

    @Test("1d: the same cold start stepped by hand: the first wait is the product's, with no sheet presented yet")
    func coldStartIntoSheetStepped() async throws {
        let shop = ModelShop(mode: .manual, timeout: handTimeout)

        let run = await stepThrough(shop) { _ = try await shop.router.navigate(to: shop.details, with: 42) }

        try run.result.get()
        #expect(
            run.steps == [
                "appearance of screen \"product 42\" (push screen \"product 42\" on nav \"products-nav\"), 1 level(s)",
                "appearance of screen \"details 42\" (present nav \"details-nav\" from tabs \"main\"), 2 level(s)",
            ])
        #expect(shop.render() == ModelShop.detailsTree(42))
    }

    @Test("1e: a cold start into a review, a sheet over a sheet, shows each level after the one below appeared")
    func coldStartIntoSheetOverSheet() async throws {
        let shop = ModelShop(mode: .nextTurn)

        _ = try await shop.router.navigate(to: shop.review, with: 42)

        #expect(shop.render() == ModelShop.reviewTree(42))
        #expect(
            shop.driver.log == [
                "appeared screen \"product 42\"", "appeared screen \"details 42\"", "appeared screen \"review 42\"",
            ])
        #expect(shop.model.isSettled)
    }

    @Test("1f: a cold start into a sheet presented from the root's own first screen: home appears, then the sheet")
    func coldStartIntoSheetOverRootScreen() async throws {
        let shop = ModelShop(mode: .manual, timeout: handTimeout)
        let routes = RootRoutes(shop: shop)

        let run = await stepThrough(shop) { _ = try await shop.router.navigate(to: routes.bannerOnHome) }

        try run.result.get()
        #expect(
            run.steps == [
                "appearance of screen \"home\" (set root tabs \"main\"), 1 level(s)",
                "appearance of screen \"banner\" (present screen \"banner\" from tabs \"main\"), 2 level(s)",
            ])
        #expect(
            shop.render() == ModelShop.productsTree([], selected: 0) + "\n  presented sheet:\n    screen \"banner\"")
        #expect(shop.driver.log == ["appeared screen \"home\"", "appeared screen \"banner\""])
        #expect(shop.model.isSettled)
    }

    @Test("1g: a cold start into a sheet over the second tab's screen: the list appears, never home, then the sheet")
    func coldStartIntoSheetOverSecondTab() async throws {
        let shop = ModelShop(mode: .nextTurn)
        let routes = RootRoutes(shop: shop)

        _ = try await shop.router.navigate(to: routes.bannerOnList)

        #expect(shop.render() == ModelShop.productsTree([]) + "\n  presented sheet:\n    screen \"banner\"")
        #expect(shop.driver.log == ["appeared screen \"list\"", "appeared screen \"banner\""])
        #expect(shop.model.isSettled)
    }

    @Test("1h: a cold start into the cart, a cover over the screen on top, which an empty window does not have")
    func coldStartIntoCover() async throws {
        let shop = ModelShop(mode: .nextTurn)

        let error = await shop.failing(shop.cart, ())

        #expect(error?.code == .noAnchor)
        #expect(shop.render() == "window\n  (no root)")
        #expect(shop.driver.log == [])
        #expect(shop.model.isSettled)
    }

    @Test("1i: a cold start that restores three links shows each level once, the product first, never home")
    func coldStartRestoresLinks() async throws {
        let shop = ModelShop(mode: .nextTurn)

        let result = await shop.router.restore(
            ["shop://product/42", "shop://details/42", "shop://review/42"], using: try shop.makeLinks())

        #expect(result.failure == nil)
        #expect(result.opened.map(\.url) == ["shop://product/42", "shop://details/42", "shop://review/42"])
        #expect(shop.render() == ModelShop.reviewTree(42))
        #expect(
            shop.driver.log == [
                "appeared screen \"product 42\"", "appeared screen \"details 42\"", "appeared screen \"review 42\"",
            ])
        #expect(shop.model.isSettled)
    }

    @Test("1j: a cold start restoring a product then the cart: the cover comes over the product, never home")
    func coldStartRestoresCover() async throws {
        let shop = ModelShop(mode: .nextTurn)

        let result = await shop.router.restore(["shop://product/3", "shop://cart"], using: try shop.makeLinks())

        #expect(result.failure == nil)
        #expect(
            shop.render()
                == ModelShop.productsTree(["product 3"])
                + "\n  presented fullScreenCover:\n    nav \"cart-nav\"\n      screen \"cart\"")
        #expect(
            shop.driver.log == [
                "appeared screen \"product 3\"", "appeared screen \"cart\"",
                "disappeared tabs \"main\" (under nav \"cart-nav\")",
            ])
        #expect(shop.model.isSettled)
    }

    // MARK: 2. A cold start into the guarded tab

    @Test(
        "2a: a cold start into the guarded account when signed out, the guard asking: no screen to show the sign-in on")
    func coldStartIntoGuardedTabAsking() async throws {
        let shop = ModelShop(mode: .nextTurn)
        shop.isSignedIn = false
        shop.asksToSignIn = true

        let error = await shop.failing(shop.account, ())

        #expect(error?.code == .interceptorRejected)
        // The guard's sign-in navigation found no screen to present the sheet from.
        #expect((error?.underlyingError as? RoutingError)?.code == .noAnchor)
        #expect(shop.signInSheetsShown == 1)
        #expect(shop.render() == "window\n  (no root)")
        #expect(shop.driver.log == [])
        #expect(shop.model.isSettled)
        // A later navigation starts from the empty window as a cold start.
        _ = try await shop.router.navigate(to: shop.product, with: 42)
        #expect(shop.driver.log == ["appeared screen \"product 42\""])
    }

    @Test("2b: the guarded account over home, signing in through the sheet: the tab shows once the sheet went")
    func guardedTabSigningIn() async throws {
        let shop = ModelShop(mode: .nextTurn)
        _ = try await shop.router.navigate(to: shop.home)
        shop.isSignedIn = false
        shop.asksToSignIn = true

        let navigation = Task { try await shop.router.navigate(to: shop.account) }
        let handle = try #require(await signInHandle(shop))
        #expect(shop.render() == ModelShop.productsTree([], selected: 0) + "\n  presented sheet:\n    screen \"login\"")
        handle.finish(with: true)
        let account = try await navigation.value

        #expect(account.name == "account")
        #expect(shop.render() == ModelShop.productsTree([], selected: 2))
        #expect(
            shop.driver.log == [
                "appeared screen \"home\"", "appeared screen \"login\"", "disappeared screen \"login\"",
                "appeared screen \"account\"",
            ])
        #expect(shop.model.isSettled)
    }

    @Test("2c: the guarded account over home, the user refusing to sign in: the sheet goes, home stays")
    func guardedTabRefused() async throws {
        let shop = ModelShop(mode: .nextTurn)
        _ = try await shop.router.navigate(to: shop.home)
        shop.isSignedIn = false
        shop.asksToSignIn = true

        let navigation = Task { try await shop.router.navigate(to: shop.account) }
        try #require(await signInHandle(shop)).finish(with: false)
        let error = routingError(await navigation.result)

        #expect(error?.code == .interceptorRejected)
        #expect(error?.underlyingError is NotSignedIn)
        #expect(shop.render() == ModelShop.productsTree([], selected: 0))
        #expect(
            shop.driver.log == [
                "appeared screen \"home\"", "appeared screen \"login\"", "disappeared screen \"login\"",
            ])
        #expect(shop.model.isSettled)
    }

    // MARK: 3. The root replaced mid-session

    @Test("3a: a navigation replaces the tabs by a lone stack while a sheet is up: the sheet goes with the old root")
    func rootReplacedUnderSheet() async throws {
        let shop = ModelShop(mode: .nextTurn)
        let routes = RootRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.details, with: 42)
        let old = try #require(shop.tabsNode)
        let logged = shop.driver.log.count

        let welcome = try await shop.router.navigate(to: routes.welcome)

        #expect(welcome.name == "welcome")
        #expect(shop.render() == RootRoutes.welcomeTree)
        #expect(Array(shop.driver.log[logged...]) == ["appeared screen \"welcome\""])
        #expect(shop.model.node(named: "details 42") == nil)
        #expect(old.containingModel == nil)
        #expect(shop.model.isSettled)
        #expect(shop.events.last == "router: screen \"details 42\" -> screen \"welcome\"")
    }

    @Test("3b: the same under the cart's cover, followed by a push: one state change, the terms alone appear")
    func rootReplacedUnderCoverThenPushed() async throws {
        let shop = ModelShop(mode: .nextTurn)
        let routes = RootRoutes(shop: shop)
        await shop.startWithProduct(3)
        await shop.go(shop.cart, ())
        let logged = shop.driver.log.count

        _ = try await shop.router.navigate(to: routes.terms)

        #expect(shop.render() == RootRoutes.termsTree)
        #expect(Array(shop.driver.log[logged...]) == ["appeared screen \"terms\""])
        #expect(shop.model.isSettled)
        // The new root works as any: the user goes back, a navigation pushes again.
        #expect(shop.driver.userTapBack().isApplied)
        #expect(shop.render() == RootRoutes.welcomeTree)
        _ = try await shop.router.navigate(to: routes.terms)
        #expect(shop.render() == RootRoutes.termsTree)
    }

    @Test("3c: another tab view replaces the shop's, its second tab selected: only that tab's screen is awaited")
    func rootReplacedByAnotherTabView() async throws {
        let shop = ModelShop()
        let routes = RootRoutes(shop: shop)
        await shop.startWithProduct(42)
        let logged = shop.driver.log.count
        shop.driver.mode = .manual

        let run = await stepThrough(shop) { _ = try await shop.router.navigate(to: routes.audit) }

        try run.result.get()
        #expect(run.steps == ["appearance of screen \"audit\" (select tab 1 of tabs \"admin\"), 1 level(s)"])
        #expect(shop.render() == RootRoutes.adminTree(selected: 1))
        #expect(Array(shop.driver.log[logged...]) == ["appeared screen \"audit\""])
        #expect(shop.model.isSettled)
    }

    @Test("3d: a new root followed by a sheet over it: the sheet waits for the new root's screen to appear")
    func rootReplacedThenPresented() async throws {
        let shop = ModelShop()
        let routes = RootRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.details, with: 42)
        shop.driver.mode = .manual

        let run = await stepThrough(shop) { _ = try await shop.router.navigate(to: routes.bannerOnWelcome) }

        try run.result.get()
        #expect(
            run.steps == [
                "appearance of screen \"welcome\" (set root nav \"welcome-nav\"), 1 level(s)",
                "appearance of screen \"banner\" (present screen \"banner\" from nav \"welcome-nav\"), 2 level(s)",
            ])
        #expect(shop.render() == RootRoutes.bannerOnWelcomeTree)
    }

    @Test("3e: a pop a guard kept back on the old root reaches its views, and the model settles, when the root goes")
    func rootReplacedAfterKeptPop() async throws {
        let shop = ModelShop(mode: .nextTurn)
        await shop.go(shop.product, 42)
        let products = try #require(shop.stack("products-nav"))
        let told = ChangeTold()
        withObservationTracking {
            _ = products.path
        } onChange: {
            told.mark()
        }
        // The guard pops the products stack without animation: the model keeps the pop back for
        // the change that joins it, as it does inside a navigation.
        let route = StepAssembly(
            finder: ClassFinder<WelcomeNode, Void>(),
            factory: ClosureFactory { _ in WelcomeNode("welcome") }
        )
        .adding(
            ClosureInterceptor<Void> { _ in
                try await products.setStack([products.nodes[0]], animated: false)
                #expect(!told.value, "the pop was told at once, not kept back")
            }
        )
        .using(StackNode.push())
        .from(
            StepAssembly(
                finder: NilFinder<StackNode, Void>(),
                factory: NavigationContainerFactory { _ in StackNode("welcome-nav") })
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()

        _ = try await shop.router.navigate(to: route)

        #expect(told.value, "the old stack's views never heard of the pop")
        #expect(shop.render() == RootRoutes.welcomeTree)
        #expect(shop.model.isSettled)
        #expect(shop.driver.log.last == "appeared screen \"welcome\"")
    }

    @Test(
        "3f: a navigation without animation replacing the root under a sheet changes it in the no-animation transaction"
    )
    func rootReplacedWithoutAnimation() async throws {
        let shop = ModelShop()
        let routes = RootRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.details, with: 42)
        var inHook = false
        var unanimated: [String] = []
        shop.model.runWithoutAnimation = { change in
            inHook = true
            change()
            inHook = false
            unanimated.append(shop.driver.render())
        }
        var rootChangedInHook: Bool?
        withObservationTracking {
            _ = shop.model.root
        } onChange: {
            MainActor.assumeIsolated { rootChangedInHook = inHook }
        }

        _ = try await shop.router.navigate(to: routes.welcome, animated: false)

        #expect(shop.render() == RootRoutes.welcomeTree)
        // A root the navigation sets without waiting still honours `animated: false` (it failed before).
        #expect(rootChangedInHook == true)
        #expect(unanimated == [RootRoutes.welcomeTree])
    }

    // MARK: 4. Interruptions while the joined root's appearance is pending

    @Test("4a: an interrupting navigation during a cold start waits for it (it changed the screen), then runs")
    func interruptDuringColdStart() async throws {
        let shop = ModelShop(mode: .manual, timeout: handTimeout)
        let coldStart = Task { try await shop.router.navigate(to: shop.product, with: 42) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        let home = shop.home
        let interrupting = Task { try await shop.router.navigate(to: home, queueing: .interrupt) }
        // The interrupt has reached the queue; then the turns let a wrong cancellation show.
        await patientlyWait(turns: 10_000, minimumSeconds: 2) { shop.router.waitingNavigations != 0 }
        #expect(shop.router.waitingNavigations == 1)
        for _ in 0..<100 { await Task.yield() }
        // The cold start has changed the screen: the interrupt does not cancel it.
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        #expect(shop.driver.pending.map(\.node.name) == ["product 42"])

        shop.driver.acknowledgeNext()
        #expect(try await coldStart.value.name == "product 42")
        #expect(await shop.driver.waitForPendingAcknowledgement())
        #expect(shop.driver.pending.map(\.node.name) == ["home"])
        shop.driver.acknowledgeNext()
        #expect(try await interrupting.value.name == "home")

        #expect(shop.render() == ModelShop.productsTree(["product 42"], selected: 0))
        #expect(shop.driver.log == ["appeared screen \"product 42\"", "appeared screen \"home\""])
        #expect(shop.model.isSettled)
    }

    @Test("4b: a cancelled cold start waiting for its first screen ends without hanging; a later navigation works")
    func cancelledColdStart() async throws {
        let shop = ModelShop(mode: .manual, timeout: .milliseconds(200))
        let coldStart = Task { try await shop.router.navigate(to: shop.product, with: 42) }
        #expect(await shop.driver.waitForPendingAcknowledgement())

        coldStart.cancel()
        let error = routingError(await coldStart.result)

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(error?.underlyingError is AcknowledgementTimeoutError)
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        #expect(shop.model.isSettled)
        shop.driver.mode = .automatic
        _ = try await shop.router.navigate(to: shop.product, with: 7)
        #expect(shop.render() == ModelShop.productsTree(["product 7"]))
    }

    @Test("4c: the user taps the home tab before the cold start's product appeared: the navigation fails, home stays")
    func tabTapDuringColdStart() async throws {
        let shop = ModelShop(mode: .manual, timeout: handTimeout)
        let coldStart = Task { try await shop.router.navigate(to: shop.product, with: 42) }
        #expect(await shop.driver.waitForPendingAcknowledgement())

        #expect("\(shop.driver.userTapTab(0))" == "applied: user selected tab 0 of tabs \"main\"")
        let error = routingError(await coldStart.result)

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(error?.step == "PushAction<StackNode> of ProductNode (step 0)")
        #expect(error?.underlyingError is InterruptedByUserError)
        #expect(
            error?.appliedOperations == [
                "ReplaceRootAction of TabsNode (step 3)", "SelectTabAction<TabsNode> of StackNode (step 2)",
                "NoAction of ListNode (step 1)", "PushAction<StackNode> of ProductNode (step 0)",
            ])
        #expect(shop.render() == ModelShop.productsTree(["product 42"], selected: 0))
        #expect(shop.model.isSettled)
        shop.driver.mode = .automatic
        _ = try await shop.router.navigate(to: shop.details, with: 42)
        #expect(shop.render() == ModelShop.detailsTree(42))
    }

    @Test("4d: the user taps back before the cold start's product appeared: the navigation fails, the list stays")
    func backTapDuringColdStart() async throws {
        let shop = ModelShop(mode: .manual, timeout: handTimeout)
        let coldStart = Task { try await shop.router.navigate(to: shop.product, with: 42) }
        #expect(await shop.driver.waitForPendingAcknowledgement())

        #expect(shop.driver.userTapBack().isApplied)
        let error = routingError(await coldStart.result)

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(error?.underlyingError is InterruptedByUserError)
        #expect(shop.render() == ModelShop.productsTree([]))
        #expect(shop.model.isSettled)
        #expect(shop.driver.acknowledgeNext() == nil)
        shop.driver.mode = .automatic
        _ = try await shop.router.navigate(to: shop.product, with: 42)
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
    }

    @Test(
        "4e: the user taps a tab while a cold start that ends on the root waits for it: the navigation fails at its end"
    )
    func tabTapWhileRootAwaited() async throws {
        let shop = ModelShop(mode: .manual, timeout: handTimeout)
        let home = shop.home
        let coldStart = Task { try await shop.router.navigate(to: home) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        #expect(shop.driver.pending.map(\.description) == ["appearance of screen \"home\" (set root tabs \"main\")"])

        #expect(shop.driver.userTapTab(1).isApplied)
        let error = routingError(await coldStart.result)

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(error?.underlyingError is InterruptedByUserError)
        #expect(cause(error).contains("appearance of screen \"home\""), "because: \(cause(error))")
        #expect(shop.render() == ModelShop.productsTree([], selected: 1))
        #expect(shop.model.isSettled)
    }

    @Test("4f: a cancelled cold start whose product then appears ends as it stands: cancellation came after changes")
    func cancelledColdStartThenShown() async throws {
        let shop = ModelShop(mode: .manual, timeout: handTimeout)
        let coldStart = Task { try await shop.router.navigate(to: shop.product, with: 42) }
        #expect(await shop.driver.waitForPendingAcknowledgement())

        coldStart.cancel()
        #expect(shop.driver.acknowledgeNext()?.node.name == "product 42")

        #expect(try await coldStart.value.name == "product 42")
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        #expect(shop.driver.log == ["appeared screen \"product 42\""])
        #expect(shop.model.isSettled)
    }

    @Test("4g: two links tapped at launch, queued: the tab view is built once, and home never appears")
    func twoColdStartsQueued() async throws {
        let shop = ModelShop(mode: .nextTurn)
        let product = shop.product
        let details = shop.details

        let first = Task { try await shop.router.navigate(to: product, with: 42) }
        let second = Task { try await shop.router.navigate(to: details, with: 7) }
        #expect(try await first.value.name == "product 42")
        #expect(try await second.value.name == "details 7")

        #expect(shop.render() == ModelShop.detailsTree(7))
        #expect(shop.built.filter { $0 == "main" }.count == 1)
        #expect(
            shop.driver.log == [
                "appeared screen \"product 42\"", "appeared screen \"product 7\"", "appeared screen \"details 7\"",
            ])
        #expect(shop.model.isSettled)
    }

    @Test("4h: a sheet swiped down, its write late, then a navigation replaces the root: the late write is ignored")
    func lateSwipeWriteAcrossRootChange() async throws {
        let shop = ModelShop(mode: .nextTurn)
        let routes = RootRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.details, with: 42)
        let write = try #require(shop.driver.userSwipeDownWritingLater())

        _ = try await shop.router.navigate(to: routes.welcome)
        #expect(shop.render() == RootRoutes.welcomeTree)
        let outcome = write()

        #expect(!outcome.isApplied)
        #expect(shop.render() == RootRoutes.welcomeTree)
        #expect(shop.driver.log.last == "user swipe's late write: \(outcome)")
        #expect(shop.driver.log.contains("appeared screen \"welcome\""))
        #expect(shop.model.isSettled)
    }

    @Test("4i: a cold start whose push fails after the root and tab changed: the error lists both, the list shows")
    func coldStartPushFailsAfterRoot() async throws {
        let shop = ModelShop(mode: .nextTurn)
        // A product node the app kept in another window's model: not free, so the push refuses it.
        let elsewhere = ProductNode(42)
        let otherModel = NavigationModel(root: StackNode("other-nav", nodes: [elsewhere]))
        let route = StepAssembly(
            finder: ClassWithContextFinder<ProductNode, Int>(),
            factory: ClosureFactory { _ in elsewhere }
        )
        .using(StackNode.push())
        .from(shop.list().expectingContainer())
        .assemble()

        let error = await shop.failing(route, 42)

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(error?.underlyingError is NodeError)
        #expect(
            error?.appliedOperations == [
                "ReplaceRootAction of TabsNode (step 3)", "SelectTabAction<TabsNode> of StackNode (step 2)",
                "NoAction of ListNode (step 1)",
            ])
        #expect(shop.render() == ModelShop.productsTree([]))
        #expect(otherModel.root?.name == "other-nav")
        await patientlyWait(turns: 10_000, minimumSeconds: 2) { shop.model.isSettled }
        #expect(shop.model.isSettled)
        #expect(shop.driver.log == ["appeared screen \"list\""])
    }

    @Test("4j: a guard that shows a new root through the router gets it back once it appeared (nested navigation)")
    func guardNavigatesToNewRoot() async throws {
        let shop = ModelShop(mode: .nextTurn)
        let routes = RootRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.home)
        var seenOnReturn: [String] = []
        let welcomeRoute = routes.welcome
        let route = routes.guardedProduct { _ in
            _ = try await shop.router.navigate(to: welcomeRoute)
            seenOnReturn = shop.driver.log
            throw NotSignedIn()
        }

        let error = await shop.failing(route, 42)

        #expect(error?.code == .interceptorRejected)
        #expect(error?.underlyingError is NotSignedIn)
        #expect(seenOnReturn == ["appeared screen \"home\"", "appeared screen \"welcome\""])
        #expect(shop.render() == RootRoutes.welcomeTree)
        #expect(shop.model.isSettled)
    }

    // MARK: 5. Timeouts

    @Test("5a: a cold start into details whose views never report fails at the push, naming the product")
    func coldStartToSheetNeverShown() async throws {
        let shop = ModelShop(mode: .manual, timeout: .milliseconds(100))

        let error = await shop.failing(shop.details, 42)

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(error?.step == "PushAction<StackNode> of ProductNode (step 2)")
        #expect(cause(error).contains("appearance of screen \"product 42\""), "because: \(cause(error))")
        #expect(
            error?.appliedOperations == [
                "ReplaceRootAction of TabsNode (step 5)", "SelectTabAction<TabsNode> of StackNode (step 4)",
                "NoAction of ListNode (step 3)", "PushAction<StackNode> of ProductNode (step 2)",
            ])
        // Nothing was presented: the sheet waited for the product.
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        #expect(shop.model.isSettled)
    }

    @Test("5b: the product appeared, the sheet never does: the presentation is taken back and named")
    func coldStartSheetNeverShown() async throws {
        let shop = ModelShop(mode: .manual, timeout: handTimeout)
        let navigation = Task { try await shop.router.navigate(to: shop.details, with: 42) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        // Short only for the sheet's wait, which starts after the product's.
        shop.model.acknowledgementTimeout = .milliseconds(100)
        #expect(shop.driver.acknowledgeNext()?.node.name == "product 42")

        let error = routingError(await navigation.result)

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(cause(error).contains("appearance of screen \"details 42\""), "because: \(cause(error))")
        #expect(
            error?.appliedOperations == [
                "ReplaceRootAction of TabsNode (step 5)", "SelectTabAction<TabsNode> of StackNode (step 4)",
                "NoAction of ListNode (step 3)", "PushAction<StackNode> of ProductNode (step 2)",
            ])
        #expect(shop.render() == ModelShop.productsTree(["product 42"]))
        #expect(shop.model.isSettled)
    }

    @Test("5c: a cold start that ends on the root's own screen, never reported, fails naming home and the root change")
    func coldStartRootNeverShown() async throws {
        let shop = ModelShop(mode: .manual, timeout: .milliseconds(100))

        let error = await shop.failing(shop.home, ())

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(
            cause(error).contains("appearance of screen \"home\" (set root tabs \"main\")"), "because: \(cause(error))")
        #expect(
            error?.appliedOperations == [
                "ReplaceRootAction of TabsNode (step 2)", "SelectTabAction<TabsNode> of StackNode (step 1)",
                "NoAction of HomeNode (step 0)",
            ])
        #expect(error?.step == "NoAction of HomeNode (step 0)")
        #expect(shop.render() == ModelShop.productsTree([], selected: 0))
        #expect(shop.model.isSettled)
    }

    @Test("5d: a cold start into the second tab, never reported, fails naming the list and the tab selection")
    func coldStartTabNeverShown() async throws {
        let shop = ModelShop(mode: .manual, timeout: .milliseconds(100))

        let error = await shop.failing(shop.list(), ())

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(
            cause(error).contains("appearance of screen \"list\" (select tab 1 of tabs \"main\")"),
            "because: \(cause(error))")
        #expect(
            error?.appliedOperations == [
                "ReplaceRootAction of TabsNode (step 2)", "SelectTabAction<TabsNode> of StackNode (step 1)",
                "NoAction of ListNode (step 0)",
            ])
        #expect(shop.render() == ModelShop.productsTree([]))
    }

    @Test("5e: a root replaced mid-session, never reported, fails naming the new root's screen")
    func midSessionRootNeverShown() async throws {
        let shop = ModelShop(timeout: .milliseconds(100))
        let routes = RootRoutes(shop: shop)
        await shop.startWithProduct(42)
        shop.driver.mode = .manual

        let error = await shop.failing(routes.welcome, ())

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(
            cause(error).contains("appearance of screen \"welcome\" (set root nav \"welcome-nav\")"),
            "because: \(cause(error))")
        #expect(error?.appliedOperations == ["ReplaceRootAction of StackNode (step 1)"])
        #expect(shop.render() == RootRoutes.welcomeTree)
        #expect(shop.model.isSettled)
    }

    @Test("5f: a cold start into a sheet over the root's screen, never reported: the presentation never happens")
    func coldStartRootNeverShownBeforeSheet() async throws {
        let shop = ModelShop(mode: .manual, timeout: .milliseconds(100))
        let routes = RootRoutes(shop: shop)
        let navigation = Task { try await shop.router.navigate(to: routes.bannerOnHome) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        // Only the root's screen is awaited, and nothing is presented before it appeared.
        #expect(shop.driver.pending.map(\.description) == ["appearance of screen \"home\" (set root tabs \"main\")"])
        #expect(shop.render() == ModelShop.productsTree([], selected: 0))

        let error = routingError(await navigation.result)

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(error?.step == "PresentModallyAction of BannerNode (step 0)")
        #expect(
            cause(error).contains("appearance of screen \"home\" (set root tabs \"main\")"), "because: \(cause(error))")
        #expect(
            error?.appliedOperations == [
                "ReplaceRootAction of TabsNode (step 3)", "SelectTabAction<TabsNode> of StackNode (step 2)",
                "NoAction of HomeNode (step 1)",
            ])
        #expect(shop.render() == ModelShop.productsTree([], selected: 0))
        #expect(shop.model.isSettled)
        #expect(shop.driver.log == [])
    }

    // MARK: 6. setRootScreen called by the app

    @Test("6a: the app's own setRootScreen, outside a navigation, returns only once the root appeared (manual)")
    func appSetRootWaitsManual() async throws {
        let shop = ModelShop(mode: .manual, timeout: handTimeout)
        var returned = false
        let call = Task {
            try await shop.model.setRootScreen(
                StackNode("welcome-nav", nodes: [WelcomeNode("welcome")]), animated: true)
            returned = true
        }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        for _ in 0..<100 { await Task.yield() }
        #expect(!returned)
        #expect(
            shop.driver.pending.map(\.description) == [
                "appearance of screen \"welcome\" (set root nav \"welcome-nav\")"
            ])

        shop.driver.acknowledgeNext()
        try await call.value

        #expect(returned)
        #expect(shop.render() == RootRoutes.welcomeTree)
        #expect(shop.model.isSettled)
    }

    @Test("6b: the app's own setRootScreen returns once the views reported (nextTurn), and fails when they never do")
    func appSetRootWaitsNextTurnAndTimesOut() async throws {
        let shop = ModelShop(mode: .nextTurn, timeout: handTimeout)
        try await shop.model.setRootScreen(StackNode("welcome-nav", nodes: [WelcomeNode("welcome")]), animated: true)
        #expect(shop.driver.log == ["appeared screen \"welcome\""])
        #expect(shop.model.isSettled)

        shop.driver.mode = .manual
        shop.model.acknowledgementTimeout = .milliseconds(100)
        await #expect(throws: AcknowledgementTimeoutError.self) {
            try await shop.model.setRootScreen(StackNode("other-nav", nodes: [TermsNode("terms")]), animated: true)
        }
        #expect(shop.model.isSettled)
    }

    @Test("6c: the app's setRootScreen from a guard returns once the new root appeared, as called by the app")
    func appSetRootFromGuardWaits() async throws {
        let shop = ModelShop(mode: .nextTurn)
        let routes = RootRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.home)
        var seenOnReturn: [String] = []
        var settledOnReturn = false
        let route = routes.guardedProduct { _ in
            // The session expired: the app shows its welcome screen and refuses.
            try await shop.model.setRootScreen(
                StackNode("welcome-nav", nodes: [WelcomeNode("welcome")]), animated: true)
            seenOnReturn = shop.driver.log
            settledOnReturn = shop.model.isSettled
            throw NotSignedIn()
        }

        let error = await shop.failing(route, 42)

        #expect(error?.code == .interceptorRejected)
        #expect(shop.render() == RootRoutes.welcomeTree)
        // The app's own setRootScreen waits, even inside a navigation's guard (it returned at once before).
        #expect(seenOnReturn.last == "appeared screen \"welcome\"")
        #expect(settledOnReturn)
    }

    @Test("6d: the app's setRootScreen from a guard whose views never report fails with the timeout, as the app's call")
    func appSetRootFromGuardTimesOut() async throws {
        let shop = ModelShop(timeout: .milliseconds(100))
        let routes = RootRoutes(shop: shop)
        _ = try await shop.router.navigate(to: shop.home)
        var thrown: (any Error)?
        let route = routes.guardedProduct { _ in
            shop.driver.mode = .manual
            do {
                try await shop.model.setRootScreen(
                    StackNode("welcome-nav", nodes: [WelcomeNode("welcome")]), animated: true)
            } catch {
                thrown = error
                throw error
            }
            throw NotSignedIn()
        }

        let error = await shop.failing(route, 42)

        #expect(error?.code == .interceptorRejected)
        // A root never shown is the app's call's error, not left pending unreported (as it was before).
        #expect(thrown is AcknowledgementTimeoutError)
        #expect(error?.underlyingError is AcknowledgementTimeoutError)
        #expect(shop.model.isSettled)
    }

    @Test("6e: the app replaces the root while a router's navigation waits: the app's call waits, the navigation fails")
    func appSetRootDuringNavigation() async throws {
        let shop = ModelShop(timeout: handTimeout)
        _ = try await shop.router.navigate(to: shop.home)
        shop.driver.mode = .manual
        let navigation = Task { try await shop.router.navigate(to: shop.product, with: 42) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        #expect(shop.driver.pending.map(\.node.name) == ["product 42"])

        // The app's logout handler runs meanwhile.
        var returned = false
        let logout = Task {
            try await shop.model.setRootScreen(
                StackNode("welcome-nav", nodes: [WelcomeNode("welcome")]), animated: true)
            returned = true
        }
        // The new root waits for its appearance; then the turns let a call that does not wait return.
        await patientlyWait(turns: 10_000, minimumSeconds: 2) { shop.driver.pending.map(\.node.name) == ["welcome"] }
        for _ in 0..<100 { await Task.yield() }
        // The app's own setRootScreen waits while another navigation runs (it returned at once before).
        #expect(!returned)
        #expect(shop.driver.pending.map(\.node.name) == ["welcome"])
        shop.driver.acknowledgeNext()
        try await logout.value
        #expect(returned)

        // The navigation's product went with the old root: it must not report success.
        let outcome = await navigation.result
        if case .success(let screen) = outcome {
            Issue.record("the navigation succeeded though \(screen) is not on screen: \(shop.render())")
        }
        #expect(shop.render() == RootRoutes.welcomeTree)
        #expect(shop.model.isSettled)
    }

    @Test(
        "6f: the app replaces the root while a guard waits for the user to sign in: the app's call waits for the root")
    func appSetRootWhileGuardWaitsForUser() async throws {
        let shop = ModelShop(mode: .nextTurn)
        _ = try await shop.router.navigate(to: shop.home)
        shop.isSignedIn = false
        shop.asksToSignIn = true
        let navigation = Task { try await shop.router.navigate(to: shop.account) }
        // Waited for without holding the sign-in screen: its handle ends the guard's wait when it goes.
        #expect(await signInSheetIsUp(shop))

        // The session is revoked on the server while the sign-in sheet is up: the app shows its
        // welcome screen, and awaits it before, say, showing a message over it.
        try await shop.model.setRootScreen(StackNode("welcome-nav", nodes: [WelcomeNode("welcome")]), animated: true)
        let seenOnReturn = shop.driver.log

        // The app's own setRootScreen waits while a guard waits for the user (it returned at once before).
        #expect(seenOnReturn.last == "appeared screen \"welcome\"")
        // The sign-in sheet left with the old root: the guard's wait ends, and so does the navigation.
        var ended = false
        Task {
            _ = await navigation.result
            ended = true
        }
        for _ in 0..<10_000 where !ended { await Task.yield() }
        #expect(ended, "the navigation still waits for the sign-in sheet that left with the old root")
        if !ended { navigation.cancel() }
        let error = routingError(await navigation.result)
        #expect(error?.code == .interceptorRejected)
        #expect(error?.underlyingError is NotSignedIn)
        #expect(shop.render() == RootRoutes.welcomeTree)
        #expect(shop.model.isSettled)
    }
}
