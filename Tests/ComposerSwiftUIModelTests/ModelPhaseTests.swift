import Composer
import ComposerLinks
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import Observation
import Testing

/// How a navigation reaches SwiftUI: in phases it accepts, each waiting for the view's
/// acknowledgement (the driver gives them one at a time here), never for a fixed time.
@MainActor
@Suite("SwiftUI model: phases and acknowledgements")
struct ModelPhaseTests {
    /// Runs `body` in a task and acknowledges one change at a time, noting each wait as `note`
    /// words it (by default, with the number of presentation levels on screen then); returns the
    /// notes and the task.
    private func stepThrough(
        _ shop: ModelShop, note: ((PendingAcknowledgement) -> String)? = nil,
        _ body: @escaping @MainActor () async throws -> Void
    ) async -> (steps: [String], result: Result<Void, any Error>) {
        let task = Task { try await body() }
        var steps: [String] = []
        for _ in 0..<20 {
            guard await shop.driver.waitForPendingAcknowledgement(turns: 2_000, minimumSeconds: 0),
                let next = shop.driver.pending.first
            else { break }
            if let note {
                steps.append(note(next))
            } else {
                let levels = ScreenTree(window: shop.model).presentationLevels.count
                steps.append("\(next.kind.rawValue) of \(next.node.name), \(levels) level(s)")
            }
            shop.driver.acknowledgeNext()
        }
        return (steps, await task.result)
    }

    @Test("a tab change and a multi-level pop in that tab reach the view as one state change, one acknowledgement")
    func tabAndPopTogether() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        try await #require(shop.stack("products-nav")).push(ProductNode(7), animated: true)
        await shop.go(shop.home, ())
        shop.driver.mode = .manual
        let navigation = Task { _ = try await shop.router.navigate(to: shop.list(), with: ()) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        // Before the view acknowledged anything, the tab and the whole path have changed.
        #expect(shop.tabsNode?.selectedIndex == 1)
        #expect(shop.stack("products-nav")?.path.isEmpty == true)
        #expect(
            shop.driver.pending.map(\.description) == [
                "appearance of screen \"list\" (pop to screen \"list\" on nav \"products-nav\")"
            ])
        shop.driver.acknowledgeNext()
        try await navigation.value
        #expect(shop.model.isSettled)
    }

    @Test("a deep link presents each level only after the level below appeared")
    func presentationsAfterTheirPresenter() async {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        shop.driver.mode = .manual
        let (steps, result) = await stepThrough(shop) { try await shop.router.navigate(to: shop.review, with: 42) }
        #expect(throws: Never.self) { try result.get() }
        #expect(
            steps == [
                "appearance of product 42, 1 level(s)", "appearance of details 42, 2 level(s)",
                "appearance of review 42, 3 level(s)",
            ])
    }

    @Test("a presentation in another tab waits for the tab's screen to appear before it presents")
    func presentationAfterATabChange() async {
        let shop = ModelShop()
        await shop.startWithProduct(42)
        await shop.go(shop.home, ())
        shop.driver.mode = .manual
        // The tab selection does not wait for its screen; the sheet presented from it does.
        let (steps, result) = await stepThrough(shop) { try await shop.router.navigate(to: shop.details, with: 42) }
        #expect(throws: Never.self) { try result.get() }
        #expect(steps == ["appearance of product 42, 1 level(s)", "appearance of details 42, 2 level(s)"])
    }

    @Test("two sheets are dismissed top first, each after the one above it disappeared")
    func dismissalsTopFirst() async {
        let shop = ModelShop()
        await shop.go(shop.review, 42)
        shop.driver.mode = .manual
        let (steps, result) = await stepThrough(shop) { try await shop.router.navigate(to: shop.home) }
        #expect(throws: Never.self) { try result.get() }
        #expect(
            steps == [
                "disappearance of review 42, 2 level(s)", "disappearance of details-nav, 1 level(s)",
                "appearance of home, 1 level(s)",
            ])
        #expect(shop.model.current?.name == "home")
    }

    @Test("each wait names its change in words: a push, a presentation, a dismissal and a pop")
    func changesInWords() async {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        shop.driver.mode = .manual
        let (there, reachedReview) = await stepThrough(shop, note: \.change) {
            _ = try await shop.router.navigate(to: shop.review, with: 42)
        }
        #expect(throws: Never.self) { try reachedReview.get() }
        let (back, reachedList) = await stepThrough(shop, note: \.change) {
            _ = try await shop.router.navigate(to: shop.list(), with: ())
        }
        #expect(throws: Never.self) { try reachedList.get() }
        let changes = there + back
        #expect(
            changes == [
                #"push screen "product 42" on nav "products-nav""#,
                #"present nav "details-nav" from tabs "main""#,
                #"present screen "review 42" from nav "details-nav""#,
                #"dismiss screen "review 42" from nav "details-nav""#,
                #"dismiss nav "details-nav" from tabs "main""#,
                #"pop to screen "list" on nav "products-nav""#,
            ])
    }

    @Test("a missing appearance becomes a routing error naming the step, after the app's timeout")
    func missingAppearance() async throws {
        let shop = ModelShop(timeout: .milliseconds(50))
        await shop.go(shop.list(), ())
        shop.driver.mode = .manual
        let error = try #require(await shop.failing(shop.product, 42))
        #expect(error.step == "PushAction<StackNode> of ProductNode (step 0)")
        let timeout = try #require(error.underlyingError as? AcknowledgementTimeoutError)
        #expect(
            timeout.expected == [
                "appearance of screen \"product 42\" (push screen \"product 42\" on nav \"products-nav\")"
            ])
        #expect("\(error)".contains("did not acknowledge"))
        // What the view never acknowledged is given up: the model is settled and navigates again.
        #expect(shop.model.isSettled)
        shop.driver.mode = .automatic
        await shop.go(shop.home, ())
        #expect(shop.model.current?.name == "home")
    }

    @Test("a navigation whose last change is a tab selection returns once the tab's screen appeared")
    func tabSelectionAwaitedAtTheEnd() async throws {
        // A timeout far longer than the test: the whole suite shares the main actor.
        let shop = ModelShop(timeout: .seconds(60))
        await shop.go(shop.home, ())
        shop.driver.mode = .manual
        let ended = ChangeTold()
        let navigation = Task {
            let account = try await shop.router.navigate(to: shop.account, with: ())
            ended.mark()
            return account
        }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        // The tab is selected at once (SwiftUI does not animate it), but the navigation waits.
        #expect(shop.tabsNode?.selectedIndex == 2)
        #expect(
            shop.driver.pending.map(\.description) == [
                "appearance of screen \"account\" (select tab 2 of tabs \"main\")"
            ])
        for _ in 0..<100 { await Task.yield() }
        #expect(!ended.value, "the navigation ended before the tab's screen appeared")
        shop.driver.acknowledgeNext()
        let account = try await navigation.value
        #expect(account.name == "account")
        #expect(shop.model.isSettled)
    }

    @Test("a tab whose screen never appears fails the navigation that selected it, naming the tab's selection")
    func tabSelectionNeverShown() async throws {
        let shop = ModelShop(timeout: .milliseconds(50))
        await shop.go(shop.home, ())
        shop.driver.mode = .manual
        let error = try #require(await shop.failing(shop.account, ()))
        #expect(error.code == .actionFailedAfterChanges)
        #expect(error.step == "select tab 2 of tabs \"main\"")
        #expect(error.underlyingError is AcknowledgementTimeoutError)
        #expect("\(error)".contains("did not acknowledge the appearance of screen \"account\""))
        #expect(shop.model.isSettled)
    }

    @Test(
        "a presentation SwiftUI never showed is taken back when its wait times out: the tabs answer, the next navigation works"
    )
    func missingPresentation() async throws {
        let shop = ModelShop(timeout: .milliseconds(50))
        await shop.go(shop.home, ())
        let before = shop.render()
        shop.driver.mode = .manual
        // Another presentation of the app's own (an alert, a share sheet) is up: SwiftUI drops the
        // sheet, and its view never appears.
        let error = try #require(await shop.failing(shop.picker, ()))
        let timeout = try #require(error.underlyingError as? AcknowledgementTimeoutError)
        #expect(timeout.expected.first?.hasPrefix("appearance of screen \"picker\"") == true)
        #expect(shop.model.node(named: "picker") == nil)
        #expect(shop.render() == before)
        // Taken back, the presentation changed nothing: the error does not say the screen changed.
        #expect(error.code == .actionFailed)
        #expect(error.appliedOperations.isEmpty)
        #expect(shop.model.isSettled)
        #expect(shop.driver.userTapTab(1).isApplied, "no sheet the user cannot see covers the tabs")
        shop.driver.mode = .automatic
        await shop.go(shop.picker, ())
        #expect(shop.model.current?.name == "picker")
    }

    @Test("a pop the navigation follows with a push joins it: one path change, one appearance waited for")
    func popThenPushIsOneChange() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        shop.driver.mode = .manual
        let (router, product) = (shop.router, shop.product)
        let opening = Task { try await router.navigate(to: product, with: 7, animated: true) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        // Not a pop to the list shown, then a push: SwiftUI gets [product 42] -> [product 7] at once.
        #expect(
            shop.driver.pending.map(\.description) == [
                "appearance of screen \"product 7\" (push screen \"product 7\" on nav \"products-nav\")"
            ])
        #expect(shop.stack("products-nav")?.path.map(\.name) == ["product 7"])
        shop.driver.acknowledgeAll()
        #expect(try await opening.value.name == "product 7")

        // A pop that ends a navigation, even without animation, is still waited for.
        let list: DestinationStep<ListNode, Void> = shop.list()
        let back = Task { try await router.navigate(to: list, animated: false) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        #expect(shop.driver.pending.map(\.node.name) == ["list"])
        shop.driver.acknowledgeAll()
        #expect(try await back.value.name == "list")
    }

    @Test(
        "an animated navigation makes every change but the last without animation, a pop with the push joining it; one without animation, all"
    )
    func changesWithoutAnimation() async throws {
        let shop = ModelShop()
        await shop.go(shop.details, 3)
        // What the views run in a transaction without animation, as the tree stands after it.
        var unanimated: [String] = []
        let stackNotice = FirstNotice()
        shop.model.runWithoutAnimation = { change in
            stackNotice.inHook = true
            change()
            stackNotice.inHook = false
            unanimated.append(shop.driver.render())
        }
        let products = try #require(shop.stack("products-nav"))

        // The sheet goes without a transition. The pop to the list is joined by the push in one
        // state change, so the stack hears of them with the push, which animates.
        stackNotice.watch { _ = products.path }
        _ = try await shop.router.navigate(to: shop.product, with: 7, animated: true)
        #expect(stackNotice.firstInHook == false)
        #expect(unanimated == [ModelShop.productsTree(["product 3"])])
        #expect(shop.driver.render() == ModelShop.productsTree(["product 7"]))

        // Without animation, the sheet appears without a transition too.
        unanimated = []
        _ = try await shop.router.navigate(to: shop.details, with: 7, animated: false)
        #expect(unanimated == [ModelShop.detailsTree(7)])

        // The user's own moves animate as SwiftUI makes them.
        unanimated = []
        #expect(shop.driver.userSwipeDown().isApplied)
        #expect(unanimated == [])

        // Without animation, a pop and the push that joins it reach the stack as one change, the
        // push's; a pop that ends a navigation reaches it without animation too.
        stackNotice.watch { _ = products.path }
        _ = try await shop.router.navigate(to: shop.product, with: 3, animated: false)
        #expect(unanimated == [ModelShop.productsTree(["product 3"])])
        #expect(stackNotice.firstInHook == true)
        unanimated = []
        _ = try await shop.router.navigate(to: shop.list(), animated: false)
        #expect(unanimated == [ModelShop.productsTree([])])
    }

    @Test("a missing disappearance of a dismissed sheet becomes a routing error naming the dismissal")
    func missingDisappearance() async throws {
        let shop = ModelShop(timeout: .milliseconds(50))
        await shop.go(shop.details, 3)
        shop.driver.mode = .manual
        let error = try #require(await shop.failing(shop.home, ()))
        #expect(error.step == "dismiss nav \"details-nav\" to reveal screen \"home\"")
        #expect(error.underlyingError is AcknowledgementTimeoutError)
        #expect(shop.model.node(named: "details 3") == nil)
    }

    @Test(
        "a sheet whose view disappeared before SwiftUI wrote its binding is gone for the router, which navigates under it"
    )
    func disappearanceBeforeTheWrite() async throws {
        let shop = ModelShop()
        await shop.go(shop.details, 3)
        shop.driver.mode = .manual
        // The user swiped the sheet down: its view is gone, the binding's write is still to come.
        let write = try #require(shop.driver.userSwipeDownWritingLater())
        #expect(shop.model.current?.name == "product 3")
        let run = await stepThrough(shop, note: \.description) {
            _ = try await shop.router.navigate(to: shop.home, animated: true)
        }
        // Nothing waits for the sheet: the router selects the tab under it.
        #expect(run.steps == ["appearance of screen \"home\" (select tab 0 of tabs \"main\")"])
        try run.result.get()
        // The tree shows the sheet on its way out, as a UIKit tree shows a dismissal that runs.
        #expect(
            shop.render()
                == ModelShop.detailsTree(3, selected: 0)
                .replacingOccurrences(of: "nav \"details-nav\"", with: "nav \"details-nav\" (dismissing)"))
        // The write, when it comes, takes the sheet out of the model.
        #expect("\(write())" == "applied: user dismissed nav \"details-nav\"")
        #expect(shop.render() == ModelShop.productsTree(["product 3"], selected: 0))
        #expect(
            shop.driver.log.suffix(3) == [
                "user swipe: nav \"details-nav\" disappeared, the write comes later",
                "appeared screen \"home\"",
                "user swipe's late write: applied: user dismissed nav \"details-nav\"",
            ])
    }

    @Test(
        "a presentation from the screen under a sheet swiped down takes the sheet out first, without waiting, and shows"
    )
    func presentationOverAGoneSheet() async throws {
        let shop = ModelShop()
        await shop.go(shop.details, 3)
        let write = try #require(shop.driver.userSwipeDownWritingLater())
        shop.driver.mode = .manual
        let run = await stepThrough(shop, note: \.description) {
            _ = try await shop.router.navigate(to: shop.picker, animated: true)
        }
        // SwiftUI presents nothing from a view that is gone: the picker comes from the product's level.
        #expect(run.steps == ["appearance of screen \"picker\" (present screen \"picker\" from tabs \"main\")"])
        try run.result.get()
        #expect(shop.render() == ModelShop.productsTree(["product 3"]) + "\n  presented sheet:\n    screen \"picker\"")
        // SwiftUI's late write goes through the binding of the latest render, which shows the picker.
        #expect(
            "\(write())"
                == "ignored: the write is the late one of nav \"details-nav\", swiped down and taken out before it came;"
                + " screen \"picker\", shown now, stays")
        #expect(shop.model.current?.name == "picker")
    }

    @Test("two sheets swiped down with late writes: the top one's write leaves the lower one gone")
    func twoGoneSheets() async throws {
        let shop = ModelShop()
        await shop.go(shop.review, 3)
        let reviewWrite = try #require(shop.driver.userSwipeDownWritingLater())
        let detailsWrite = try #require(shop.driver.userSwipeDownWritingLater())
        #expect("\(reviewWrite())" == "applied: user dismissed screen \"review 3\"")
        // A sheet dismissed from over it does not bring back the view the user swiped away.
        #expect(try #require(shop.stack("details-nav")).isBeingDismissed)
        #expect(shop.model.current?.name == "product 3")
        await shop.go(shop.picker, ())
        #expect(shop.render() == ModelShop.productsTree(["product 3"]) + "\n  presented sheet:\n    screen \"picker\"")
        #expect(
            "\(detailsWrite())"
                == "ignored: the write is the late one of nav \"details-nav\", swiped down and taken out before it came;"
                + " screen \"picker\", shown now, stays")
        #expect(shop.model.current?.name == "picker")
    }

    @Test("a sheet swiped down, its write still to come, is not presented again before the write: the error says why")
    func presentingTheGoneNodeAgain() async throws {
        let shop = ModelShop()
        await shop.go(shop.details, 3)
        let sheet = try #require(shop.stack("details-nav"))
        let product = try #require(shop.model.node(named: "product 3"))
        let write = try #require(shop.driver.userSwipeDownWritingLater())
        let before = shop.render()
        // An app that keeps its nodes presents the same one again: in the state change that takes
        // it out, SwiftUI would see the same item and show nothing.
        let error = await #expect(throws: NodeError.self) { try await product.presentScreen(sheet, animated: true) }
        #expect(
            error?.description
                == "nav \"details-nav\" is already presented by tabs \"main\" (swiped down; SwiftUI has not written its binding yet)"
        )
        #expect(shop.render() == before)
        #expect(write().isApplied)
        try await product.presentScreen(sheet, animated: true)
        #expect(shop.render() == ModelShop.detailsTree(3))
    }

    @Test(
        "a sheet's view that disappears unasked, or comes back, changes the tree the router reads: the revision moves")
    func goneSheetMovesTheRevision() async throws {
        let shop = ModelShop()
        await shop.go(shop.details, 3)
        let sheet = try #require(shop.stack("details-nav"))
        let shown = shop.model.treeRevision
        sheet.didDisappear()
        #expect(sheet.isBeingDismissed)
        #expect(shop.model.current?.name == "product 3")
        let gone = shop.model.treeRevision
        #expect(gone != shown)
        sheet.didAppear()
        #expect(!sheet.isBeingDismissed)
        #expect(shop.model.treeRevision != gone)
        #expect(shop.render() == ModelShop.detailsTree(3))
    }

    @Test(
        "a disappearance that an appearance followed, or that a full-screen cover explains, is no swipe: waited for again"
    )
    func staleDisappearance() async throws {
        let shop = ModelShop()
        await shop.go(shop.details, 3)
        let sheet = try #require(shop.stack("details-nav"))
        sheet.didDisappear()
        sheet.didAppear()
        shop.driver.mode = .manual
        let waited = ["disappearance of details-nav, 1 level(s)", "appearance of home, 1 level(s)"]
        let steps = await stepThrough(shop) { _ = try await shop.router.navigate(to: shop.home, animated: true) }
        #expect(steps.steps == waited)

        // The cart's full-screen cover over the review over the sheet takes both sheets' views off
        // screen (the driver reports it as the views would): neither sheet is being dismissed.
        shop.driver.mode = .automatic
        await shop.go(shop.review, 3)
        await shop.go(shop.cart, ())
        #expect(shop.driver.log.contains("disappeared nav \"details-nav\" (under nav \"cart-nav\")"))
        #expect(!shop.render().contains("(dismissing)"))
        // Once the cover is out of the model, before the sheets' views report their return, they
        // are no swipe either; then their dismissals wait for their views again.
        shop.driver.mode = .manual
        let (router, review) = (shop.router, shop.review)
        let back = Task { try await router.navigate(to: review, with: 3, animated: true) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        #expect(shop.driver.pending.map(\.node.name) == ["cart-nav"])
        #expect(shop.render() == ModelShop.reviewTree(3))
        shop.driver.mode = .automatic
        _ = try await back.value
        shop.driver.mode = .manual
        let later = await stepThrough(shop) { _ = try await shop.router.navigate(to: shop.home, animated: true) }
        #expect(later.steps == ["disappearance of review 3, 2 level(s)"] + waited)
    }

    @Test(
        "after a swipe whose write is late, the user's back tap and tab tap under the gone sheet apply, and the router's too"
    )
    func movesUnderAGoneSheet() async throws {
        let shop = ModelShop()
        await shop.go(shop.details, 3)
        let write = try #require(shop.driver.userSwipeDownWritingLater())
        // The sheet is gone on screen: the user goes back in the stack under it, then taps a tab.
        #expect(shop.driver.userTapBack(in: shop.stack("products-nav")).isApplied)
        #expect(shop.driver.userTapTab(0).isApplied)
        shop.driver.mode = .manual
        let run = await stepThrough(shop, note: \.description) {
            _ = try await shop.router.navigate(to: shop.account, animated: true)
        }
        #expect(run.steps == ["appearance of screen \"account\" (select tab 2 of tabs \"main\")"])
        try run.result.get()
        #expect(shop.model.current?.name == "account")
        #expect("\(write())" == "applied: user dismissed nav \"details-nav\"")
    }

    @Test("a user's swipe-down while the router waits for that sheet ends the navigation with the user's change")
    func swipeDuringPresentation() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        shop.driver.mode = .manual
        let navigation = Task { try await shop.router.navigate(to: shop.details, with: 42) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        #expect(shop.driver.userSwipeDown().isApplied)
        let outcome = await navigation.result
        guard case .failure(let error as RoutingError) = outcome else {
            Issue.record("the navigation did not fail: \(outcome)")
            return
        }
        #expect(error.underlyingError is InterruptedByUserError)
        #expect(shop.model.current?.name == "product 42")
        #expect(shop.model.isSettled)
    }

    @Test("a user's tab tap while the router waits for a push in another tab ends the navigation; the tab stays")
    func tabTapDuringPush() async throws {
        let shop = ModelShop()
        await shop.go(shop.list(), ())
        shop.driver.mode = .manual
        let navigation = Task { try await shop.router.navigate(to: shop.product, with: 5) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        #expect(shop.driver.userTapTab(0).isApplied)
        let outcome = await navigation.result
        guard case .failure(let error as RoutingError) = outcome else {
            Issue.record("the navigation did not fail: \(outcome)")
            return
        }
        #expect(error.underlyingError is InterruptedByUserError)
        #expect(shop.tabsNode?.selectedIndex == 0)
        #expect(shop.stack("products-nav")?.path.map(\.name) == ["product 5"])
    }

    @Test("an appearance nobody waits for (a body evaluated again, a tab shown again) is ignored")
    func extraAcknowledgements() async throws {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        let home = try #require(shop.model.node(named: "home"))
        home.didAppear()
        home.didDisappear()
        #expect(shop.model.isSettled)
        await shop.go(shop.product, 1)
        #expect(shop.model.current?.name == "product 1")
    }

    @Test("an appearance of a sheet on its way out (its body evaluated again) does not end the wait for it to go")
    func appearanceDuringADismissal() async throws {
        let home = NavigationNode("home")
        let model = NavigationModel(root: home)
        let driver = NavigationModelDriver(model: model)
        let sheet = NavigationNode("sheet")
        try await home.presentScreen(sheet, animated: true)
        driver.mode = .manual
        let dismissing = Task { try await home.dismissPresentedScreen(animated: true) }
        #expect(await driver.waitForPendingAcknowledgement())
        sheet.didAppear()
        #expect(
            driver.pending.map(\.description) == [
                "disappearance of screen \"sheet\" (dismiss screen \"sheet\" from screen \"home\")"
            ])
        #expect(!model.isSettled)
        sheet.didDisappear()
        try await dismissing.value
        #expect(model.isSettled)
        #expect(home.presentedNode == nil)
    }

    @Test("the router's observers see its navigations and the user's moves, each once")
    func observers() async {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        await shop.go(shop.product, 42)
        shop.driver.userTapTab(0)
        await shop.go(shop.cart, ())
        shop.driver.userDismiss(shop.model.node(named: "cart")!)
        #expect(
            shop.events == [
                "router: nothing -> screen \"home\"", "router: screen \"home\" -> screen \"product 42\"",
                "user: screen \"product 42\" -> screen \"home\"", "router: screen \"home\" -> screen \"cart\"",
                "user: screen \"cart\" -> screen \"home\"",
            ])
    }

    @Test("the links saved from a whole tree restore it on a fresh model, three levels deep")
    func restoration() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 7)
        await shop.go(shop.review, 42)
        let saved = try shop.makeRestoration(links: try shop.makeLinks()).savedLinks(in: shop.model)
        #expect(saved.urls == ["shop://product/42", "shop://details/42", "shop://review/42"])
        let relaunched = ModelShop()
        let result = await relaunched.router.restore(saved.urls, using: try relaunched.makeLinks())
        #expect(result.failure == nil)
        #expect(relaunched.render() == ModelShop.reviewTree(42))
    }

    @Test("a restored cart over a product: the cover comes back over the product's tab")
    func restorationOfCover() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 3)
        await shop.go(shop.cart, ())
        let saved = try shop.makeRestoration(links: try shop.makeLinks()).savedLinks(in: shop.model)
        #expect(saved.urls == ["shop://product/3", "shop://cart"])
        let relaunched = ModelShop()
        _ = await relaunched.router.restore(saved.urls, using: try relaunched.makeLinks())
        #expect(relaunched.render() == shop.render())
    }
}

/// Whether the first change an observer of a stack hears of comes inside the model's hook for
/// changes without animation: SwiftUI updates a view in the transaction of that first change.
@MainActor
private final class FirstNotice: @unchecked Sendable {
    var inHook = false
    private(set) var firstInHook: Bool?

    /// Observes what `read` reads, as a view's body does, forgetting what was heard before.
    func watch(_ read: () -> Void) {
        firstInHook = nil
        withObservationTracking(read) { [self] in
            MainActor.assumeIsolated { if firstInHook == nil { firstInHook = inHook } }
        }
    }
}
