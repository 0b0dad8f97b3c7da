import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import Observation
import Testing

// A review of the SwiftUI layer against the model's contract: each test drives the model the way
// `ComposerSwiftUI`'s views do (the same `user…` calls with the values SwiftUI writes) and states
// what a user of the app should see. Every test here failed when it was written, against the model
// as it was then; each names the gap it shows.
@MainActor
@Suite("SwiftUI layer review")
struct SwiftUILayerReviewTests {
    // MARK: - Path writes carry no rendered state

    @Test("a back swipe's path write computed before the router pushed does not pop what the router pushed")
    func lateBackWriteKeepsTheRoutersPush() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        let stack = try #require(shop.stack("products-nav"))
        // The user swipes back from product 42: SwiftUI computes the path it will write from the
        // path it rendered, [product 42], without its last node.
        let rendered = stack.path
        let written = Array(rendered.dropLast())
        // Before the write lands (a path write can be based on an outdated model), a link pushes
        // the specs of product 42 over it.
        await shop.go(shop.specs, 42)
        #expect(shop.render() == ModelShop.productsTree(["product 42", "specs 42"]))

        // StackHost hands the model what SwiftUI wrote and the path its binding showed.
        let outcome = stack.userWrotePath(written, rendered: rendered)

        // The write was computed from a path the model has left: the screen the link opened must
        // stay. The model read `[]` as a pop to the root of the new path and took the link's
        // screen away, when StackHost passed only what SwiftUI wrote.
        #expect(!outcome.isApplied, "\(outcome)")
        #expect(shop.render() == ModelShop.productsTree(["product 42", "specs 42"]))
    }

    @Test("a NavigationLink(value:) in a screen's view writes a longer path: the model takes it or tells the view")
    func linkPushIsNotLeftOffTheModel() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        let stack = try #require(shop.stack("products-nav"))
        let before = shop.render()
        // SwiftUI's NavigationStack appends the link's value to the path and writes it: it shows
        // the linked screen (through the stack's `navigationDestination(for: NavigationNode.self)`)
        // before the binding's setter runs.
        let linked = ProductNode(7)
        let told = Told()
        withObservationTracking {
            _ = stack.path
        } onChange: {
            told.mark()
        }

        let outcome = stack.userWrotePath(stack.path + [linked])

        // Either the model takes the push (the user's move, reported as such) or, ignoring it, it
        // publishes its path again so that the view pops the screen it cannot account for, as it
        // does for a refused write. It does neither: the view keeps showing product 7, which the
        // router does not know (its `current` is product 42, its finders cannot find product 7).
        let taken = stack.path.contains { $0 === linked }
        #expect(taken || told.value, "\(outcome); the tree stays\n\(shop.render())")
        if !taken { #expect(shop.render() == before) }
    }

    // MARK: - The split view

    @Test("a second write of the sidebar column after the router showed a new detail does not hide it")
    func lateColumnWriteKeepsTheNewDetail() async throws {
        let shop = ModelShop()
        shop.isCompact = true
        await shop.go(shop.home, ())
        await shop.go(shop.message, 1)
        let split = try #require(shop.inboxSplit)
        #expect(shop.model.current?.name == "message 1")
        // The binding of the render that showed message 1.
        let renderedColumn = split.compactColumn
        let renderedDetail = split.secondary
        // The user taps back from the detail: SwiftUI writes `.sidebar`, applied.
        #expect(shop.driver.userShowColumn(.primary, of: split).isApplied)
        // A link shows message 2: the detail comes forward again.
        await shop.go(shop.message, 2)
        #expect(shop.model.current?.name == "message 2")
        let shown = shop.render()

        // SwiftUI writes the same `.sidebar` again through that binding (it can write a binding
        // twice). SplitHost handed the model the column only, which it could not tell from a new
        // back tap; it now hands what the binding showed.
        let outcome = split.userWroteCompactColumn(
            .primary, renderedColumn: renderedColumn, renderedDetail: renderedDetail)

        #expect(!outcome.isApplied, "\(outcome)")
        #expect(shop.model.current?.name == "message 2")
        #expect(shop.render() == shown)
    }

    @Test("expanding the split view while a push in its visible sidebar waits for its view does not fail the push")
    func expandingKeepsASidebarPush() async throws {
        let shop = ModelShop()
        shop.isCompact = true
        await shop.go(shop.home, ())
        await shop.go(shop.message, 1)
        let split = try #require(shop.inboxSplit)
        #expect(shop.driver.userShowColumn(.primary, of: split).isApplied)
        let mailboxes = try #require(shop.stack("mailboxes-nav"))
        #expect(shop.model.current?.name == "mailboxes")

        shop.driver.mode = .manual
        let archive = MailboxNode("archive")
        let push = Task { try await mailboxes.push(archive, animated: true) }
        #expect(await shop.driver.waitForPendingAcknowledgement())
        // The iPad rotates (or a multitasking resize widens the window): SplitHost reports the
        // regular size class. Both columns are now on screen, the archive in the sidebar, and
        // SwiftUI calls its onAppear.
        #expect(shop.driver.userResize(split, collapsed: false).isApplied)
        archive.didAppear()
        shop.driver.acknowledgeAll()

        // The archive is on screen; the push must succeed. The model counts the size class as
        // the user's move, finds the detail on top, and fails the push with InterruptedByUserError.
        await #expect(throws: Never.self) { try await push.value }
        #expect(mailboxes.nodes.map(\.name) == ["mailboxes", "archive"])
    }

    // MARK: - What a path can hold

    @Test("a tab view holding a stack cannot be pushed: SwiftUI cannot nest a navigation stack in a path")
    func nestedStackThroughTabsIsRefused() async throws {
        let shop = ModelShop()
        await shop.go(shop.product, 42)
        let stack = try #require(shop.stack("products-nav"))
        let before = shop.render()
        let inner = TabsNode("inner", tabs: [StackNode("inner-nav", nodes: [HomeNode("inner home")])])

        // The model refuses a stack pushed onto a stack (notPushable), but not a stack one
        // container deeper: StackHost would render a NavigationStack inside a
        // navigationDestination of another.
        await #expect(throws: NodeError.self) { try await stack.push(inner, animated: false) }
        #expect(shop.render() == before)
    }
}

/// Set by an observation's change handler (Observation calls it on the thread that changes the
/// model, the main actor here).
private final class Told: @unchecked Sendable {
    private(set) var value = false
    func mark() { value = true }
}
