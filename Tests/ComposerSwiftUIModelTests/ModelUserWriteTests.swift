import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import Testing

/// The user's own moves, as SwiftUI writes them into the model's bindings: applied, reported to the
/// router's observers as the user's, stale and duplicate writes ignored, vetoes kept.
@MainActor
@Suite("SwiftUI model: the user's writes")
struct ModelUserWriteTests {
    @Test("a back swipe on the root level's stack pops it and is reported as the user's")
    func backInTab() async {
        let shop = ModelShop()
        await shop.startWithProduct(42)
        let outcome = shop.driver.userTapBack()
        #expect(outcome.isApplied)
        #expect(shop.stack("products-nav")?.path.isEmpty == true)
        #expect(shop.events.last == "user: screen \"product 42\" -> screen \"list\"")
        #expect(shop.model.node(named: "product 42") == nil)
    }

    @Test("a back swipe in the stack of a sheet pops inside the sheet")
    func backInSheet() async throws {
        let shop = ModelShop()
        await shop.go(shop.details, 42)
        let sheetStack = try #require(shop.stack("details-nav"))
        try await sheetStack.push(ProductNode(5), animated: false)
        #expect(shop.driver.userTapBack().isApplied)
        #expect(sheetStack.nodes.map(\.name) == ["details 42"])
        #expect(shop.events.last == "user: screen \"product 5\" -> screen \"details 42\"")
    }

    @Test("a back tap on a stack's bottom screen has nothing to pop and changes nothing")
    func backOnBottom() async {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        let before = shop.render()
        let outcome = shop.driver.userTapBack()
        #expect(!outcome.isApplied)
        #expect(shop.render() == before)
    }

    @Test("a swipe-down of the top sheet of two leaves the lower sheet")
    func swipeTopSheet() async {
        let shop = ModelShop()
        await shop.go(shop.review, 42)
        #expect(shop.driver.userSwipeDown().isApplied)
        #expect(shop.model.current?.name == "details 42")
        #expect(shop.events.last == "user: screen \"review 42\" -> screen \"details 42\"")
    }

    @Test("a swipe-down of the lower sheet takes the sheet above it too")
    func swipeLowerSheet() async throws {
        let shop = ModelShop()
        await shop.go(shop.review, 42)
        let details = try #require(shop.stack("details-nav"))
        let host = try #require(shop.tabsNode)
        #expect(host.userDismissed(details).isApplied)
        #expect(shop.model.current?.name == "product 42")
        #expect(shop.model.node(named: "review 42") == nil)
        #expect(shop.events.last == "user: screen \"review 42\" -> screen \"product 42\"")
    }

    @Test("a full-screen cover cannot be swiped down, but SwiftUI's dismiss action closes it")
    func coverDismiss() async throws {
        let shop = ModelShop()
        await shop.go(shop.list(), ())
        await shop.go(shop.cart, ())
        let before = shop.render()
        #expect(!shop.driver.userSwipeDown().isApplied)
        #expect(shop.render() == before)
        let cart = try #require(shop.model.node(named: "cart"))
        #expect(shop.driver.userDismiss(cart).isApplied)
        #expect(shop.model.current?.name == "list")
    }

    @Test("SwiftUI's dismiss action on a pushed screen pops it")
    func dismissPushed() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        try await #require(shop.stack("products-nav")).push(EditorNode("editor"), animated: true)
        let product = try #require(shop.model.node(named: "product 42"))
        #expect(shop.driver.userDismiss(product).isApplied)
        #expect(shop.stack("products-nav")?.nodes.map(\.name) == ["list"])
    }

    @Test("a tab tap selects the tab and is reported as the user's")
    func tabTap() async {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        #expect(shop.driver.userTapTab(1).isApplied)
        #expect(shop.tabsNode?.selectedIndex == 1)
        #expect(shop.tabsNode?.selection == shop.stack("products-nav")?.id)
        #expect(shop.events.last == "user: screen \"home\" -> screen \"list\"")
    }

    @Test(
        "a tab tapped while a navigation waits for its view is reported as the user's, and the navigation reports nothing after"
    )
    func tabTapDuringANavigation() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 1)
        let reported = shop.events.count
        shop.driver.mode = .manual
        let navigation = Task { await shop.failing(shop.specs, 1) }
        _ = await shop.driver.waitForPendingAcknowledgement()
        #expect(shop.driver.userTapTab(0).isApplied)
        let error = try #require(await navigation.value)
        #expect(error.underlyingError is InterruptedByUserError)
        #expect(shop.model.current?.name == "home")
        // The user saw "product 1" until the tap: the push of the specs never appeared.
        #expect(Array(shop.events[reported...]) == ["user: screen \"product 1\" -> screen \"home\""])
    }

    @Test("a tab under a sheet cannot be tapped")
    func coveredTab() async {
        let shop = ModelShop()
        await shop.go(shop.details, 1)
        #expect(!shop.driver.userTapTab(0).isApplied)
        #expect(shop.tabsNode?.selectedIndex == 1)
    }

    @Test("a tap on a tab that needs sign-in runs its guarded route: refused, the tab stays")
    func gatedTabRefused() async throws {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        let account = try #require(shop.stack("account-nav"))
        account.userSelectionNavigation = { [unowned shop] in try await shop.router.navigate(to: shop.account) }
        shop.isSignedIn = false
        guard case .navigating(let task) = shop.driver.userTapTab(2) else {
            Issue.record("the tap did not run the tab's navigation")
            return
        }
        #expect(shop.tabsNode?.selectedIndex == 0)
        let error = await #expect(throws: RoutingError.self) { try await task.value }
        // Refused by the sign-in guard, not by anything else on the way.
        #expect(error?.code == .interceptorRejected)
        #expect(error?.underlyingError is NotSignedIn)
        #expect(shop.tabsNode?.selectedIndex == 0)
        #expect(shop.model.current?.name == "home")
    }

    @Test("a tap on a tab that needs sign-in, signed in: its route selects the tab, reported as the user's")
    func gatedTabApproved() async throws {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        let account = try #require(shop.stack("account-nav"))
        account.userSelectionNavigation = { [unowned shop] in try await shop.router.navigate(to: shop.account) }
        guard case .navigating(let task) = shop.driver.userTapTab(2) else {
            Issue.record("the tap did not run the tab's navigation")
            return
        }
        try await task.value
        #expect(shop.tabsNode?.selectedIndex == 2)
        #expect(shop.events.last == "user: screen \"home\" -> screen \"account\"")
    }

    @Test("a screen that refuses to leave cannot be popped by the back swipe; the view is told to hide the button")
    func vetoedBack() async throws {
        let shop = ModelShop()
        await shop.go(shop.editor, ())
        let editor = try #require(shop.model.node(named: "editor"))
        let stack = try #require(shop.stack("products-nav"))
        #expect(!stack.refusesBackGesture)
        editor.canBeDismissed = false
        #expect(stack.refusesBackGesture)
        let before = shop.render()
        guard case .refused = shop.driver.userTapBack() else {
            Issue.record("the back swipe was not refused")
            return
        }
        #expect(shop.render() == before)
        editor.canBeDismissed = true
        #expect(shop.driver.userTapBack().isApplied)
    }

    @Test("a sheet holding a screen that refuses cannot be swiped down, nor dismissed by a late write")
    func vetoedSwipe() async throws {
        let shop = ModelShop()
        await shop.go(shop.review, 42)
        let review = try #require(shop.model.node(named: "review 42"))
        let details = try #require(shop.stack("details-nav"))
        review.canBeDismissed = false
        #expect(review.refusesInteractiveDismissal)
        #expect(details.refusesInteractiveDismissal)
        let before = shop.render()
        guard case .refused = shop.driver.userSwipeDown() else {
            Issue.record("the swipe was not refused")
            return
        }
        guard case .refused = shop.tabsNode?.userDismissed(details) else {
            Issue.record("the write was not refused")
            return
        }
        #expect(shop.render() == before)
    }

    @Test("the router cannot pop or dismiss a screen that refuses either; the tree stays as it was")
    func vetoedNavigation() async throws {
        let shop = ModelShop()
        await shop.go(shop.review, 42)
        try #require(shop.model.node(named: "review 42")).canBeDismissed = false
        let before = shop.render()
        let error = await shop.failing(shop.home, ())
        #expect(error?.code == .dismissalRefused)
        #expect(shop.render() == before)
    }

    @Test("a stale path write (made from a path the model has left) is ignored")
    func stalePathWrite() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        let stack = try #require(shop.stack("products-nav"))
        let seenByView = stack.path
        await shop.go(shop.back, ())
        await shop.go(shop.product, 7)
        let before = shop.render()
        let outcome = stack.userWrotePath(Array(seenByView.dropLast()) + [ProductNode(9)])
        guard case .ignored = outcome else {
            Issue.record("a stale write was applied: \(outcome)")
            return
        }
        #expect(shop.render() == before)
    }

    @Test("a duplicate path write (SwiftUI writing the same pop twice) is applied once")
    func duplicatePathWrite() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        let stack = try #require(shop.stack("products-nav"))
        #expect(stack.userWrotePath([]).isApplied)
        let eventsAfterFirst = shop.events
        guard case .ignored = stack.userWrotePath([]) else {
            Issue.record("the second write was applied")
            return
        }
        #expect(shop.events == eventsAfterFirst)
    }

    @Test("a late swipe-down write for a sheet already gone does not dismiss the sheet shown since")
    func lateDismissalWrite() async throws {
        let shop = ModelShop()
        await shop.go(shop.details, 1)
        let oldSheet = try #require(shop.stack("details-nav"))
        await shop.go(shop.list(), ())
        await shop.go(shop.details, 2)
        let before = shop.render()
        guard case .ignored = shop.tabsNode?.userDismissed(oldSheet) else {
            Issue.record("the late write was applied")
            return
        }
        #expect(shop.render() == before)
    }

    @Test("a popover swiped away leaves with its anchor when a navigation pops that: its binding write never comes")
    func swipedPopoverLeavesWithItsAnchor() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 1)
        await shop.go(shop.share, ())
        let popover = ModelShop.productsTree(["product 1"]) + "\n  presented popover:\n    screen \"share\""
        #expect(shop.render() == popover)
        #expect(shop.model.node(named: "share")?.popoverAnchor == shop.model.node(named: "product 1")?.id)
        // SwiftUI shows the popover from product 1's view; swiped away, its write is to come.
        let write = try #require(shop.driver.userSwipeDownWritingLater())
        await shop.go(shop.product, 2)
        // Product 1 was popped, and its view with the popover's modifier: no write will come, so
        // the popover left with it.
        #expect(shop.render() == ModelShop.productsTree(["product 2"]))
        #expect(shop.model.allNodes().allSatisfy { !$0.isBeingDismissed })
        guard case .ignored = write() else {
            Issue.record("the write of a popover already gone was applied")
            return
        }
        #expect(shop.render() == ModelShop.productsTree(["product 2"]))
    }

    @Test("the app's own pop of a popover's anchor takes the popover on screen with it")
    func appPopTakesThePopover() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 1)
        await shop.go(shop.share, ())
        let stack = try #require(shop.stack("products-nav"))
        let list = try #require(stack.rootNode)
        try await stack.setStack([list], animated: true)
        #expect(shop.render() == ModelShop.productsTree([]))
        #expect(shop.model.current === list)
        #expect(shop.model.isSettled)
    }

    @Test("a back tap that would pop a popover's anchor is refused while the popover refuses to leave")
    func popoverThatRefusesKeepsItsAnchor() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 1)
        await shop.go(shop.share, ())
        let share = try #require(shop.model.node(named: "share"))
        share.canBeDismissed = false
        let before = shop.render()
        guard case .refused(let reason) = shop.driver.userTapBack(in: shop.stack("products-nav")) else {
            Issue.record("the pop of the popover's anchor was not refused")
            return
        }
        #expect(reason.contains("screen \"share\""), "the refusal names the popover: \(reason)")
        #expect(shop.render() == before)
        share.canBeDismissed = true
        #expect(shop.driver.userTapBack(in: shop.stack("products-nav")).isApplied)
        #expect(shop.render() == ModelShop.productsTree([]))
    }

    @Test("a popover stays while its anchor stays in its level")
    func popoverStaysWithItsAnchor() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 1)
        await shop.go(shop.share, ())
        let stack = try #require(shop.stack("products-nav"))
        let product = try #require(stack.topNode)
        // A screen pushed under the popover by the app's own code: the anchor is still in the level.
        try await stack.setStack(stack.nodes + [ProductNode(7)], animated: false)
        #expect(
            shop.render()
                == ModelShop.productsTree(["product 1", "product 7"]) + "\n  presented popover:\n    screen \"share\"")
        #expect(shop.model.node(named: "share")?.popoverAnchor == product.id)
    }

    @Test("a write for a stack no longer on screen is ignored")
    func writeForGoneNode() async throws {
        let shop = ModelShop()
        await shop.go(shop.details, 1)
        let sheetStack = try #require(shop.stack("details-nav"))
        // A path to pop, so that only the stack's leaving the screen makes the write ignored.
        try await sheetStack.push(ProductNode(5), animated: false)
        await shop.go(shop.list(), ())
        let before = shop.render()
        guard case .ignored(let why) = sheetStack.userWrotePath([]) else {
            Issue.record("a write for a gone node was applied")
            return
        }
        #expect(why == "nav \"details-nav\" is no longer on screen")
        #expect(sheetStack.nodes.map(\.name) == ["details 1", "product 5"])
        #expect(shop.render() == before)
    }

    @Test("a duplicate tab write is ignored and not reported")
    func duplicateTabWrite() async throws {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        let products = try #require(shop.stack("products-nav"))
        #expect(shop.tabsNode?.userSelectedTab(products.id).isApplied == true)
        let events = shop.events
        guard case .ignored = shop.tabsNode?.userSelectedTab(products.id) else {
            Issue.record("the duplicate was applied")
            return
        }
        guard case .ignored = shop.tabsNode?.userSelectedTab(StackNode("gone").id) else {
            Issue.record("a write of a tab that is not there was applied")
            return
        }
        #expect(shop.events == events)
    }

    @Test("a screen's result wait ends with nothing when the user swipes it down")
    func resultCancelledBySwipe() async throws {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        let waiting = await shop.startWaitingForResult(shop.picker)
        #expect(shop.driver.userSwipeDown().isApplied)
        // Ends without a value, and without an error: the user's gesture is no failure.
        let result = try await waiting.value
        #expect(result == nil)
        #expect(shop.model.current?.name == "home")
    }

    @Test("a screen's result wait ends with nothing when the user pops it")
    func resultCancelledByBack() async throws {
        let shop = ModelShop()
        await shop.go(shop.list(), ())
        let picker = StepAssembly(
            finder: ClassFinder<PickerNode, Void>(), factory: ClosureFactory { _ in PickerNode("picker") }
        )
        .using(StackNode.push())
        .from(shop.list().expectingContainer())
        .assemble()
        let waiting = await shop.startWaitingForResult(picker)
        #expect(shop.driver.userTapBack().isApplied)
        // Ends without a value, and without an error: the user's gesture is no failure.
        let result = try await waiting.value
        #expect(result == nil)
    }

    @Test("a finished screen's result comes back and the screen is dismissed the way it came")
    func resultFinished() async throws {
        let shop = ModelShop()
        await shop.go(shop.home, ())
        let waiting = await shop.startWaitingForResult(shop.picker)
        let picker = try #require(shop.model.node(named: "picker") as? PickerNode)
        picker.resultHandle?.finish(with: "teal")
        let result = try await waiting.value
        #expect(result == "teal")
        #expect(shop.model.current?.name == "home")
    }
}
