import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import ComposerTesting
import Observation
import Testing

/// Behaviours a mutation review of `ComposerSwiftUIModel` found no test for. Each test passes on the
/// model as it is and failed against one mutant (a one-line change of the model), named in its
/// documentation.
@MainActor
@Suite("SwiftUI model: mutation review")
struct ModelMutationReviewTests {
    /// `NavigationModel(root:)` refuses a node that is already in a tree: the new model starts
    /// empty, the tree the node is in keeps it, and `setRootScreen(_:animated:)` says why.
    ///
    /// Kills the mutant that drops the `checkIsFree()` of `NavigationModel.init(root:)`, with which
    /// the second model took the first one's root.
    @Test("a model made with a root that is in a tree already starts empty, and that tree keeps the node")
    func initRefusesARootInATree() async throws {
        let home = NavigationNode("home")
        let stack = StackNode("nav", nodes: [home])
        let first = NavigationModel(root: stack)
        let firstDriver = NavigationModelDriver(model: first)
        let before = firstDriver.render()

        let second = NavigationModel(root: stack)
        let secondDriver = NavigationModelDriver(model: second)
        let third = NavigationModel(root: home)

        #expect(second.root == nil)
        #expect(third.root == nil)
        #expect(secondDriver.render() == "window\n  (no root)")
        #expect(stack.containingModel === first)
        #expect(firstDriver.render() == before)
        await #expect(throws: NodeError.alreadyInTree(node: "nav \"nav\"", place: "the root")) {
            try await second.setRootScreen(stack, animated: false)
        }
    }

    /// A navigation that pops a stack without animation (a step before its last) and then fails
    /// still shows the pop: the views are told of it when the navigation ends, and the model is
    /// settled.
    ///
    /// Kills the mutant that drops the `tellUntoldPop()` of `NavigationModel.navigationDidEnd()`,
    /// with which the views kept showing the popped product and the model stayed unsettled.
    @Test("a navigation that fails after a pop without animation tells the views of the pop when it ends")
    func failedNavigationTellsItsKeptPop() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        let stack = try #require(shop.stack("products-nav"))
        let home = try #require(shop.model.node(named: "home") as? HomeNode)
        // The home tab's screen pushed on the products stack: the pop back to the list is made,
        // then the model refuses the push of a node that is in the tree.
        let misfit = StepAssembly(
            finder: NilFinder<HomeNode, Void>(),
            factory: ClosureFactory { _ in home }
        )
        .using(StackNode.push())
        .from(shop.list().expectingContainer())
        .assemble()
        let told = ChangeTold()
        withObservationTracking {
            _ = stack.path
        } onChange: {
            told.mark()
        }

        let error = try #require(await shop.failing(misfit, ()))

        #expect(error.code == .actionFailedAfterChanges)
        let refusal = NodeError.alreadyInTree(node: "screen \"home\"", place: "in nav \"home-nav\"")
        #expect(error.underlyingError as? NodeError == refusal)
        #expect(shop.render() == ModelShop.productsTree([]))
        #expect(told.value, "the views of the stack were not told of the pop")
        #expect(shop.model.isSettled)
    }

    /// A back tap that would pop a screen holding a popover's anchor (a tab view pushed on a stack,
    /// one of its tabs anchoring the popover) is refused while the popover refuses to leave: the
    /// popover would leave with its anchor's view.
    ///
    /// Kills the mutant of `NavigationModel.popoverAnchored(in:)` that looks at the anchor alone,
    /// not at the containers around it, with which the pop was applied and took the refusing
    /// popover away.
    @Test("a back tap that would pop the container of a popover's anchor is refused while the popover refuses")
    func popoverAnchoredInAPoppedContainerRefuses() async throws {
        let shop = ModelShop()
        await shop.go(shop.list(), ())
        let stack = try #require(shop.stack("products-nav"))
        let front = NavigationNode("front")
        try await stack.push(TabsNode("pages", tabs: [front, NavigationNode("back")]), animated: true)
        let share = ShareNode("share")
        share.presentationStyle = .popover
        try await front.presentScreen(share, animated: true)
        #expect(share.popoverAnchor == front.id)
        share.canBeDismissed = false
        let before = shop.render()

        guard case .refused(let reason) = shop.driver.userTapBack(in: stack) else {
            Issue.record("the pop of the tab view holding the popover's anchor was not refused")
            return
        }
        #expect(reason.contains("screen \"share\""), "the refusal names the popover: \(reason)")
        #expect(shop.render() == before)
        share.canBeDismissed = true
        #expect(shop.driver.userTapBack(in: stack).isApplied)
        #expect(shop.render() == ModelShop.productsTree([]))
    }

    /// The app's own dismissal of a sheet the user swiped away (its binding write still to come)
    /// keeps waiting for the appearance of the screen a navigation selected under it: that screen
    /// is still on top, and the navigation returns only once its view appeared.
    ///
    /// Kills the mutant of `NavigationModel.dropAppearance(unlessCurrent:)` that drops every
    /// awaited appearance, the current screen's too, with which the navigation returned before its
    /// destination's view appeared.
    @Test("dismissing a swiped-away sheet keeps the wait for the screen on top under it")
    func dismissalKeepsTheAppearanceOnTop() async throws {
        // Acknowledged by hand: a wait that outlasts the whole suite's turns of the main actor
        // must not time out.
        let shop = ModelShop(timeout: .seconds(600))
        await shop.go(shop.home, ())
        let tabs = try #require(shop.tabsNode)
        let home = try #require(shop.model.node(named: "home"))
        try await home.presentScreen(NavigationNode("note"), animated: true)
        let write = try #require(shop.driver.userSwipeDownWritingLater())
        shop.driver.mode = .manual
        let navigated = ChangeTold()
        let navigation = Task {
            let error = await shop.failing(shop.list(), ())
            navigated.mark()
            return error
        }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        let dismissed = ChangeTold()
        let dismissal = Task {
            try await tabs.dismissPresentedScreen(animated: false)
            dismissed.mark()
        }
        // The dismissal has taken the sheet away; then the turns let a wrong end show.
        await patientlyWait(turns: 10_000, minimumSeconds: 2) { tabs.presentedScreen == nil }
        #expect(tabs.presentedScreen == nil)
        for _ in 0..<100 { await Task.yield() }

        let awaited = "appearance of screen \"list\" (select tab 1 of tabs \"main\")"
        #expect(shop.driver.pending.map(\.description) == [awaited])
        #expect(!navigated.value, "the navigation returned before the list appeared")
        #expect(!dismissed.value)
        shop.driver.acknowledgeAll()
        try await dismissal.value
        #expect(await navigation.value == nil)
        #expect(shop.render() == ModelShop.productsTree([]))
        guard case .ignored = write() else {
            Issue.record("the late write of a sheet already dismissed was applied")
            return
        }
    }

    /// A sheet dismissed in one window and presented in another: when the first window's view of it
    /// disappears after the second window's view appeared, that is the disappearance the first
    /// window waited for, not a swipe, and the sheet stays on top of the second window.
    ///
    /// Kills the mutant of `NavigationNode.didDisappear()` that goes on to mark an awaited
    /// disappearance as unasked, with which the second window took its own sheet for swiped away.
    @Test("a sheet moved to another window stays there when the first window's awaited disappearance comes")
    func awaitedDisappearanceLeavesTheSheetInTheOtherWindow() async throws {
        let firstStack = StackNode("first", nodes: [NavigationNode("home")])
        let first = NavigationModel(root: firstStack)
        let firstDriver = NavigationModelDriver(model: first)
        let sheet = NavigationNode("sheet")
        try await firstStack.presentScreen(sheet, animated: false)
        firstDriver.mode = .manual
        let dismissal = Task { try await firstStack.dismissPresentedScreen(animated: true) }
        #expect(await firstDriver.waitForPendingAcknowledgement())
        let secondStack = StackNode("second", nodes: [NavigationNode("inbox")])
        let second = NavigationModel(root: secondStack)
        let secondDriver = NavigationModelDriver(model: second)
        try await secondStack.presentScreen(sheet, animated: false)
        #expect(second.isSettled, "the second window's view appeared")
        let shown = "window\n  nav \"second\"\n    screen \"inbox\"\n  presented sheet:\n    screen \"sheet\""
        #expect(secondDriver.render() == shown)
        let revision = second.treeRevision

        // The first window's view of the sheet disappears: its dismissal waited for that.
        let awaited = "disappearance of screen \"sheet\" (dismiss screen \"sheet\" from nav \"first\")"
        #expect(firstDriver.acknowledgeNext()?.description == awaited)
        try await dismissal.value

        #expect(first.isSettled)
        #expect(second.current === sheet)
        #expect(!sheet.isBeingDismissed)
        #expect(second.treeRevision == revision)
        #expect(secondDriver.render() == shown)
    }

    /// A back swipe's path write made from product 1, landing after the router replaced product 1
    /// with product 2 at the same depth, is stale: product 2 stays, and the view is told the
    /// model's path again.
    ///
    /// Kills the mutant of `StackNode.userWrotePath(_:rendered:)` that compares only the length of
    /// the rendered path with the model's, with which the late write popped product 2.
    @Test("a path write made from a path as long as the model's but of other screens is stale")
    func staleWriteFromAPathOfTheSameLength() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 1)
        let stack = try #require(shop.stack("products-nav"))
        let rendered = stack.path
        await shop.go(shop.product, 2)
        #expect(shop.render() == ModelShop.productsTree(["product 2"]))
        let told = ChangeTold()
        withObservationTracking {
            _ = stack.path
        } onChange: {
            told.mark()
        }

        let outcome = stack.userWrotePath(Array(rendered.dropLast()), rendered: rendered)

        guard case .ignored(let reason) = outcome else {
            Issue.record("the stale write was not ignored: \(outcome)")
            return
        }
        #expect(reason.contains("a stale write"), "\(reason)")
        #expect(shop.render() == ModelShop.productsTree(["product 2"]))
        #expect(told.value, "the view was not told the model's path again")
    }

    /// A stack holding only its root never refuses the back gesture, whatever its root says: there
    /// is nothing to pop. A refusing screen pushed on it does refuse, and the root's refusal counts
    /// again once it is the only screen left.
    ///
    /// Kills the mutant of `StackNode.refusesBackGesture` that counts a lone root as poppable.
    @Test("a stack with nothing to pop does not refuse the back gesture, even when its root refuses to leave")
    func loneRootRefusesNoBackGesture() async throws {
        let shop = ModelShop()
        await shop.go(shop.list(), ())
        let stack = try #require(shop.stack("products-nav"))
        let list = try #require(stack.rootNode)
        list.canBeDismissed = false
        #expect(!stack.refusesBackGesture)
        let editor = EditorNode("editor")
        editor.canBeDismissed = false
        try await stack.push(editor, animated: true)
        #expect(stack.refusesBackGesture)
        editor.canBeDismissed = true
        #expect(!stack.refusesBackGesture)
        #expect(shop.driver.userTapBack(in: stack).isApplied)
        #expect(!stack.refusesBackGesture)
    }

    /// Selecting the tab that is selected already is no change: the tree's revision stays (the
    /// router reads it to tell whether a navigation changed the screen), and a pop kept back for
    /// a push to join it stays kept (the model is not settled until it is told).
    ///
    /// Kills the mutant that drops the `index != selectedIndex` guard of `TabsNode.selectTab(at:)`,
    /// with which the selection counted as a change and told the kept pop on its own.
    @Test("selecting the selected tab changes nothing: the revision stays and a kept pop stays kept")
    func selectingTheSelectedTabChangesNothing() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        let tabs = try #require(shop.tabsNode)
        let stack = try #require(shop.stack("products-nav"))
        let list = try #require(stack.rootNode)
        try await stack.setStack([list], animated: false)
        #expect(!shop.model.isSettled, "a pop without animation is kept for a change to join it")
        let revision = shop.model.treeRevision

        try await tabs.selectTab(at: 1)

        #expect(shop.model.treeRevision == revision)
        #expect(!shop.model.isSettled, "the kept pop was told by a selection that changed nothing")
        await Task.yield()
        #expect(shop.model.isSettled)
        #expect(shop.render() == ModelShop.productsTree([]))
    }
}
