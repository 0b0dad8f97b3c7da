import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import Testing

/// A side menu, an app's own container: the menu panel or the content panel shows, never both. It
/// is added the way the built-in containers are: a subclass that adopts `ScreenContainer`.
final class SideMenuNode: NavigationNode, ScreenContainer {
    let menu: NavigationNode
    let content: NavigationNode
    private(set) var showsMenu = false

    init(menu: NavigationNode, content: NavigationNode) {
        self.menu = menu
        self.content = content
        super.init("side")
        try? adopt(menu)
        try? adopt(content)
    }

    override var kindName: String { "side-menu" }
    override var childScreens: [any Screen] { [menu, content] }
    var visibleChildScreens: [any Screen] { [showsMenu ? menu : content] }

    func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? {
        let wantsMenu = child === menu
        guard wantsMenu != showsMenu else { return nil }
        return ContainerReveal(
            summary: { "show the \(wantsMenu ? "menu" : "content") of \(self)" },
            perform: { animated in
                try await self.applyChange("show panel", animated: animated) { self.showsMenu = wantsMenu }
            })
    }
}

/// The model's containers and presentations on their own: what they refuse, how they render, what
/// the views read.
@MainActor
@Suite("SwiftUI model: nodes and containers")
struct ModelStructureTests {
    private func modelWithStack() -> (NavigationModel, NavigationModelDriver, StackNode) {
        let stack = StackNode("nav", nodes: [NavigationNode("a")])
        let model = NavigationModel(root: stack)
        return (model, NavigationModelDriver(model: model), stack)
    }

    @Test("every node has its own identity, in creation order, equal only to itself")
    func identities() {
        let first = NavigationNode("x")
        let second = NavigationNode("x")
        #expect(first.id != second.id)
        #expect(first.id < second.id)
        #expect(first != second)
        #expect(Set([first, second, first]).count == 2)
    }

    @Test("a stack refuses a stack, a split view, a node twice and a node shown elsewhere, and changes nothing")
    func stackRefusals() async throws {
        let (model, driver, stack) = modelWithStack()
        let before = driver.render()
        let a = try #require(stack.rootNode)
        await #expect(throws: NodeError.notPushable(node: "nav \"inner\"", stack: "nav \"nav\"")) {
            try await stack.push(StackNode("inner"), animated: true)
        }
        await #expect(throws: NodeError.notPushable(node: "split \"split\"", stack: "nav \"nav\"")) {
            try await stack.push(SplitNode(), animated: true)
        }
        await #expect(throws: NodeError.duplicateChild(node: "screen \"a\"", container: "nav \"nav\"")) {
            try await stack.setStack([a, a], animated: true)
        }
        let elsewhere = NavigationNode("b")
        let other = StackNode("other", nodes: [elsewhere])
        await #expect(throws: NodeError.alreadyInTree(node: "screen \"b\"", place: "in nav \"other\"")) {
            try await stack.push(elsewhere, animated: true)
        }
        #expect(driver.render() == before)
        #expect(other.nodes == [elsewhere])
        #expect(model.isSettled)
    }

    @Test("a container's initializer leaves out what it would refuse and keeps the rest in order")
    func initializersLeaveOutRefusedNodes() {
        let (a, b, c) = (NavigationNode("a"), NavigationNode("b"), NavigationNode("c"))
        let elsewhere = NavigationNode("elsewhere")
        let other = StackNode("other", nodes: [elsewhere])
        let stack = StackNode("nav", nodes: [a, StackNode("inner"), b, a, elsewhere, SplitNode(), c])
        #expect(stack.nodes == [a, b, c])
        #expect(stack.nodes.allSatisfy { $0.parentScreen === stack })
        #expect(other.nodes == [elsewhere], "a node in another stack stays there")

        let tabs = TabsNode("tabs", tabs: [StackNode("one"), a, NavigationNode("two")], selectedIndex: 2)
        #expect(tabs.tabs.map(\.name) == ["one", "two"], "a node already in a stack is left out")
        #expect(tabs.selectedIndex == 1, "index 2 names \"two\", which moves down when \"a\" is left out")
        let refusedSelected = TabsNode(
            "tabs", tabs: [NavigationNode("one"), a, NavigationNode("two")], selectedIndex: 1)
        #expect(refusedSelected.selectedTab?.name == "one", "the selected tab is left out: the first is selected")

        let twice = NavigationNode("twice")
        let split = SplitNode(primary: twice, secondary: twice)
        #expect(split.primary === twice, "the same node again is refused as the detail, not as the sidebar")
        #expect(split.secondary == nil)
        let detailElsewhere = SplitNode(primary: NavigationNode("sidebar"), secondary: elsewhere)
        #expect(detailElsewhere.primary?.name == "sidebar", "a detail shown elsewhere leaves the sidebar in place")
        #expect(detailElsewhere.secondary == nil)
    }

    @Test(
        "what a stack pops or replaces, tabs drop and the user pops is free again: no parent, and another stack takes it"
    )
    func removedNodesAreFree() async throws {
        let (a, b, c, d) = (NavigationNode("a"), NavigationNode("b"), NavigationNode("c"), NavigationNode("d"))
        let stack = StackNode("nav", nodes: [a, b, c])
        try await stack.setStack([a], animated: false)  // a pop: the start of the stack stays
        try await stack.setStack([d], animated: false)  // a replacement
        let tab = NavigationNode("tab")
        let tabs = TabsNode("tabs", tabs: [tab, NavigationNode("other")])
        try await tabs.setTabs([NavigationNode("new")], selectedIndex: 0, animated: false)

        let (model, driver, userStack) = modelWithStack()
        let (e, f) = (NavigationNode("e"), NavigationNode("f"))
        try await userStack.setStack(userStack.nodes + [e, f], animated: false)
        let outcome = userStack.userWrotePath([e])
        #expect("\(outcome)".hasPrefix("applied"), "\(outcome)")

        let removed = [b, c, a, tab, f]
        for node in removed {
            #expect(node.parentScreen == nil, "\(node) still names a container")
        }
        let taker = StackNode("taker", nodes: removed)
        #expect(taker.nodes == removed)
        #expect(stack.nodes == [d] && d.parentScreen === stack)
        #expect(userStack.path == [e] && e.parentScreen === userStack)
        #expect(model.isSettled && driver.render().contains("screen \"e\""))
    }

    @Test(
        "a node an app keeps after its container, host and model are gone is free, and its view's calls reach nothing"
    )
    func nodesOutliveTheirTree() async throws {
        let (kept, sheet) = (NavigationNode("kept"), NavigationNode("sheet"))
        weak var goneStack: StackNode?
        weak var goneModel: NavigationModel?
        do {
            let (model, driver, stack) = modelWithStack()
            try await stack.push(kept, animated: false)
            try await kept.presentScreen(sheet, animated: false)
            #expect(kept.parentScreen === stack && sheet.presentingScreen === stack)
            #expect(sheet.containingModel === model && driver.log.last == "appeared screen \"sheet\"")
            (goneStack, goneModel) = (stack, model)
        }
        // Nothing took the nodes out: their container, host and model were deallocated around them.
        #expect(goneStack == nil && goneModel == nil)
        #expect(kept.parentScreen == nil && sheet.presentingScreen == nil)
        #expect(kept.containingModel == nil && sheet.containingModel == nil)
        // A view still on screen for a moment reports to a model that is gone.
        sheet.didDisappear()
        sheet.didAppear()

        let taker = StackNode("taker", nodes: [kept])
        #expect(taker.nodes == [kept] && kept.parentScreen === taker)
        let model = NavigationModel(root: sheet)
        #expect(model.root === sheet && sheet.containingModel === model)
    }

    @Test("a level presents one thing at a time, from its outermost node, as SwiftUI and UIKit do")
    func onePresentationPerLevel() async throws {
        let (_, driver, stack) = modelWithStack()
        let a = try #require(stack.rootNode)
        let sheet = NavigationNode("sheet")
        try await a.presentScreen(sheet, animated: true)
        #expect(stack.presentedNode === sheet)
        #expect(stack.sheetNode === sheet)
        #expect(a.presentedScreen === sheet)
        // What the router's walks ask: the stack hosts the sheet; its child only answers for it.
        #expect(stack.hostedPresentation === sheet)
        #expect(a.hostedPresentation == nil)
        #expect(sheet.presentingScreen === stack)
        await #expect(
            throws: NodeError.alreadyPresenting(
                host: "nav \"nav\"", presented: "screen \"sheet\"", refused: "screen \"second\"")
        ) { try await a.presentScreen(NavigationNode("second"), animated: true) }
        #expect(
            driver.render() == """
                window
                  nav "nav"
                    screen "a"
                  presented sheet:
                    screen "sheet"
                """)
    }

    @Test(
        "the presentation slot answers by style: a sheet with detents, a full-screen cover, a popover with its anchor")
    func presentationSlot() async throws {
        let (_, driver, stack) = modelWithStack()
        let a = try #require(stack.rootNode)
        let cover = NavigationNode("cover")
        cover.presentationStyle = .fullScreenCover
        try await a.presentScreen(cover, animated: true)
        #expect(stack.fullScreenCoverNode === cover)
        #expect(stack.sheetNode == nil)
        let popover = NavigationNode("pop")
        popover.presentationStyle = .popover
        try await cover.presentScreen(popover, animated: true)
        #expect(cover.popoverNode === popover)
        #expect(popover.popoverAnchor == cover.id)
        #expect(
            driver.render().hasSuffix(
                "presented fullScreenCover:\n    screen \"cover\"\n    presented popover:\n      screen \"pop\""))
        try await a.dismissPresentedScreen(animated: true)
        #expect(stack.presentedNode == nil)
        #expect(cover.presentedNode == nil)
        // The cover took the stack's view off screen, which comes back when the cover goes.
        #expect(driver.log.contains("disappeared nav \"nav\" (under screen \"cover\")"))
        #expect(
            driver.log.suffix(3) == [
                "disappeared screen \"pop\"", "disappeared screen \"cover\"",
                "appeared nav \"nav\" (the cover over it went)",
            ])
    }

    @Test("dismissing with nothing presented and presenting outside a model are refused")
    func presentationRefusals() async {
        let (_, _, stack) = modelWithStack()
        await #expect(throws: NodeError.nothingPresented(node: "nav \"nav\"")) {
            try await stack.dismissPresentedScreen(animated: true)
        }
        let loose = NavigationNode("loose")
        await #expect(throws: NodeError.notInModel(node: "screen \"loose\"")) {
            try await loose.presentScreen(NavigationNode("x"), animated: true)
        }
    }

    @Test("tabs refuse an index out of range and keep their selection among their tabs")
    func tabsRefusals() async throws {
        let tabs = TabsNode("tabs", tabs: [NavigationNode("one"), NavigationNode("two")], selectedIndex: 5)
        #expect(tabs.selectedIndex == 0)
        let model = NavigationModel(root: tabs)
        let driver = NavigationModelDriver(model: model)
        await #expect(throws: NodeError.tabIndexOutOfRange(index: 2, tabCount: 2, tabs: "tabs \"tabs\"")) {
            try await tabs.selectTab(at: 2)
        }
        try await tabs.setTabs([NavigationNode("three")], selectedIndex: nil, animated: false)
        #expect(tabs.tabs.map(\.name) == ["three"])
        #expect(tabs.selection == tabs.tabs.first?.id)
        #expect(driver.log == ["appeared screen \"three\""])
    }

    @Test("the root is replaced with everything presented over it; the same root again does nothing")
    func rootReplacement() async throws {
        let (model, driver, stack) = modelWithStack()
        try await #require(stack.rootNode).presentScreen(NavigationNode("sheet"), animated: true)
        let newRoot = NavigationNode("new")
        try await model.setRootScreen(newRoot, animated: true)
        try await model.setRootScreen(newRoot, animated: true)
        #expect(driver.render() == "window\n  screen \"new\"")
        #expect(stack.presentedNode == nil)
        await #expect(throws: NodeError.alreadyInTree(node: "screen \"new\"", place: "the root")) {
            try await NavigationModel().setRootScreen(newRoot, animated: false)
        }
    }

    @Test("a split view renders expanded with both columns; collapsed, showing a detail brings it forward")
    func splitColumns() async throws {
        let split = SplitNode(primary: NavigationNode("sidebar"), secondary: nil, collapsed: true)
        let model = NavigationModel(root: split)
        let driver = NavigationModelDriver(model: model)
        try await split.showDetail(NavigationNode("detail"), animated: true)
        #expect(split.compactColumn == .secondary)
        #expect(model.current?.name == "detail")
        #expect(driver.render() == "window\n  split \"split\" collapsed\n    screen \"sidebar\"\n    screen \"detail\"")
        #expect(driver.userResize(split, collapsed: false).isApplied)
        #expect(driver.render().contains("split \"split\" expanded"))
        #expect(!driver.userResize(split, collapsed: false).isApplied)
    }

    @Test(
        "collapsing keeps the detail in front, so a navigation waiting for the detail when the first size class comes in completes"
    )
    func collapseKeepsTheDetail() async throws {
        let model = NavigationModel(root: NavigationNode("launch"))
        let driver = NavigationModelDriver(model: model, mode: .manual)
        let split = SplitNode(primary: NavigationNode("sidebar"), secondary: NavigationNode("detail"))
        let showing = Task { try await model.setRootScreen(split, animated: false) }
        #expect(await driver.waitForPendingAcknowledgement())
        #expect(driver.pending.map(\.node.name) == ["detail"])
        // The view's first render reports a compact width (an iPhone): as UIKit folds the secondary
        // onto the primary stack, the detail stays on top.
        #expect(driver.userResize(split, collapsed: true).isApplied)
        #expect(split.compactColumn == .secondary)
        #expect(model.current?.name == "detail")
        driver.acknowledgeAll()
        try await showing.value
        // Without a detail, collapsing shows the sidebar.
        driver.mode = .automatic
        let lone = SplitNode("lone", primary: NavigationNode("list"))
        try await model.setRootScreen(lone, animated: false)
        #expect(driver.userResize(lone, collapsed: true).isApplied)
        #expect(lone.compactColumn == .primary)
        #expect(model.current?.name == "list")
    }

    @Test(
        "collapsed, the user's back from the detail shows the sidebar, reported as the user's; a vetoing detail stays")
    func splitBack() async throws {
        let detail = NavigationNode("detail")
        let split = SplitNode(primary: NavigationNode("sidebar"), secondary: detail, collapsed: true)
        let model = NavigationModel(root: split)
        let driver = NavigationModelDriver(model: model)
        let router = DefaultRouter(window: model)
        var events: [String] = []
        router.addObserver { events.append($0.description) }
        #expect(driver.userShowColumn(.secondary, of: split).isApplied)
        detail.canBeDismissed = false
        guard case .refused = driver.userShowColumn(.primary, of: split) else {
            Issue.record("leaving a vetoing detail was not refused")
            return
        }
        detail.canBeDismissed = true
        #expect(driver.userShowColumn(.primary, of: split).isApplied)
        #expect(model.current?.name == "sidebar")
        #expect(
            events == [
                "user: screen \"sidebar\" -> screen \"detail\"", "user: screen \"detail\" -> screen \"sidebar\"",
            ])
    }

    @Test(
        "expanding a collapsed split view that showed the sidebar brings the detail on screen, reported as the user's")
    func splitExpandReported() async throws {
        let split = SplitNode(primary: NavigationNode("sidebar"), secondary: NavigationNode("detail"), collapsed: true)
        let model = NavigationModel(root: split)
        let driver = NavigationModelDriver(model: model)
        let router = DefaultRouter(window: model)
        var events: [String] = []
        router.addObserver { events.append($0.description) }
        #expect(model.current?.name == "sidebar")
        #expect(driver.userResize(split, collapsed: false).isApplied)
        #expect(model.current?.name == "detail")
        #expect(events == ["user: screen \"sidebar\" -> screen \"detail\""])
    }

    @Test("a collapsed split view brings the hidden column forward when the router reveals a screen in it")
    func splitReveal() async throws {
        let sidebar = NavigationNode("sidebar")
        let split = SplitNode(primary: sidebar, secondary: NavigationNode("detail"), collapsed: true)
        let model = NavigationModel(root: split)
        let driver = NavigationModelDriver(model: model)
        let router = DefaultRouter(window: model)
        let toSidebar = GeneralStep.custom(PredicateFinder<NavigationNode, Void> { node, _ in node.name == "sidebar" })
        driver.userShowColumn(.secondary, of: split)
        _ = try await router.navigate(to: toSidebar)
        #expect(split.compactColumn == .primary)
        #expect(model.current === sidebar)
        #expect(driver.log.last == "appeared screen \"sidebar\"")

        // A detail that refuses to leave keeps the sidebar hidden, as it refuses the user's back.
        let detail = try #require(split.secondary)
        driver.userShowColumn(.secondary, of: split)
        detail.canBeDismissed = false
        let before = driver.render()
        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: toSidebar) }
        #expect(error?.code == .dismissalRefused)
        #expect(
            error?.found.contains("screen \"detail\"") == true,
            "the error names the detail: \(String(describing: error))")
        #expect(driver.render() == before)
        #expect(split.compactColumn == .secondary)
    }

    @Test("a stack's reveal pops back in place; a stack the user changed before it ran is set to what it planned")
    func stackReveal() async throws {
        let nodes = (0..<5).map { NavigationNode("n\($0)") }
        let stack = StackNode("nav", nodes: nodes)
        let model = NavigationModel(root: stack)
        let driver = NavigationModelDriver(model: model)
        #expect(try stack.revealing(nodes[4]) == nil, "the top is visible already")
        #expect(try stack.revealing(NavigationNode("elsewhere")) == nil)

        let toN1 = try #require(try stack.revealing(nodes[1]))
        #expect(toN1.removedScreens.map { "\($0)" } == [#"screen "n2""#, #"screen "n3""#, #"screen "n4""#])
        #expect(toN1.summary == #"pop nav "nav" back to screen "n1""#)
        try await toN1.perform(false)
        #expect(stack.nodes == Array(nodes[...1]))
        #expect(nodes[2...].allSatisfy { $0.parentScreen == nil }, "the popped nodes left the tree")
        // Run again once the user popped n1: the plan was let go when the reveal popped in place,
        // so it says so and changes nothing.
        #expect(stack.userWrotePath([]).description == #"applied: user popped nav "nav" back to screen "n0""#)
        let error = await #expect(throws: ContainerRevealError.self) { try await toN1.perform(false) }
        #expect(
            error?.description
                == #"nav "nav" cannot show screen "n1": it left the stack, and this reveal was performed already"#)
        #expect(stack.nodes == [nodes[0]])

        // Planned on [n0, n1, n2, n3], run after the user popped back to n1: the plan's screens
        // come back, as the engine's reveal of any stack does.
        try await stack.setStack(Array(nodes[...3]), animated: false)
        let toN2 = try #require(try stack.revealing(nodes[2]))
        #expect(stack.userWrotePath([nodes[1]]).description == #"applied: user popped nav "nav" back to screen "n1""#)
        try await toN2.perform(false)
        #expect(
            driver.render() == """
                window
                  nav "nav"
                    screen "n0"
                    screen "n1"
                    screen "n2"
                """)
    }

    /// A model whose root is an app's own side menu showing its content (a stack holding "feed"),
    /// with its driver.
    private func sideMenuScene() -> (
        menu: NavigationNode, side: SideMenuNode, model: NavigationModel,
        driver: NavigationModelDriver
    ) {
        let menu = NavigationNode("menu")
        let side = SideMenuNode(menu: menu, content: StackNode("content-nav", nodes: [NavigationNode("feed")]))
        let model = NavigationModel(root: side)
        return (menu, side, model, NavigationModelDriver(model: model))
    }

    /// The side menu's scene once the router revealed the menu.
    private static let sideMenuShown = """
        window
          side-menu "side" visible=0
            screen "menu"
            nav "content-nav"
              screen "feed"
        """

    /// A route to the node called "menu", wherever it is.
    private var toMenu: DestinationStep<NavigationNode, Void> {
        GeneralStep.custom(PredicateFinder<NavigationNode, Void> { node, _ in node.name == "menu" })
    }

    @Test("an app's own container joins the model like the built-in ones: the router reveals its hidden panel")
    func appContainer() async throws {
        let (menu, side, model, driver) = sideMenuScene()
        let router = DefaultRouter(window: model)
        #expect(model.current?.name == "feed")
        // Asked twice: the second answer comes from what the node kept.
        for _ in 0..<2 {
            #expect(side.asContainer === side)
            #expect(menu.asContainer == nil)
        }
        _ = try await router.navigate(to: toMenu)
        #expect(model.current === menu)
        #expect(driver.log == ["appeared screen \"menu\""])
        #expect(driver.render() == Self.sideMenuShown)
    }

    @Test("an app's own container passes the router's animated on; what its change throws in the views' hook comes out")
    func appContainerWithoutAnimation() async throws {
        let (_, side, model, driver) = sideMenuScene()
        var unanimated: [String] = []
        model.runWithoutAnimation = { change in
            change()
            unanimated.append(driver.render())
        }
        let menuShown = Self.sideMenuShown
        _ = try await DefaultRouter(window: model).navigate(to: toMenu, animated: false)
        #expect(unanimated == [menuShown])

        struct Refused: Error {}
        await #expect(throws: Refused.self) {
            try await side.applyChange("show nothing", animated: false) { throw Refused() }
        }
        // The hook ran the change, which threw before changing anything.
        #expect(unanimated == [menuShown, menuShown])
        #expect(driver.render() == menuShown)
    }

    @Test(
        "an app's own container whose change throws part-way: the router says the screen changed, and nothing waits in vain"
    )
    func appContainerChangeThrowsPartWay() async throws {
        /// Pages, one shown at a time, whose change shows the page and then fails.
        final class Pager: NavigationNode, ScreenContainer {
            let pages: [NavigationNode]
            private(set) var shown = 0
            init(_ pages: [NavigationNode]) {
                self.pages = pages
                super.init("pager")
                for page in pages { try? adopt(page) }
            }
            override var childScreens: [any Screen] { pages }
            var visibleChildScreens: [any Screen] { [pages[shown]] }
            func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? { nil }
            func show(_ index: Int, failing: Bool) async throws {
                try await applyChange("show page \(index)", animated: false) {
                    shown = index
                    if failing { throw CancellationError() }
                }
            }
        }
        struct ShowSecondPageThenFail: Action {
            let pager: Pager
            func perform(_ screen: any Screen, on existing: any Screen, animated: Bool) async throws {
                try await pager.show(1, failing: true)
            }
        }
        let second = NavigationNode("second")
        let pager = Pager([NavigationNode("first"), second])
        let model = NavigationModel(root: pager)
        let driver = NavigationModelDriver(model: model, mode: .manual)
        model.acknowledgementTimeout = .milliseconds(300)
        let route = StepAssembly(
            finder: NilFinder<NavigationNode, Void>(), factory: ClosureFactory { _ in NavigationNode("x") }
        )
        .using(ShowSecondPageThenFail(pager: pager)).from(GeneralStep.current()).assemble()
        let error = await #expect(throws: RoutingError.self) {
            try await DefaultRouter(window: model).navigate(to: route)
        }
        #expect(error?.code == .actionFailedAfterChanges, "the page changed before the change threw")
        #expect(model.current === second)
        #expect(driver.render() == "window\n  screen \"pager\" visible=1\n    screen \"first\"\n    screen \"second\"")
        // The second page's view appears; showing it again changes nothing on screen and waits for nothing.
        second.didAppear()
        try await pager.show(1, failing: false)
        #expect(model.isSettled)
    }

    @Test("a sheet dismissed in one window and shown in another: each window's view acknowledges to its own model")
    func nodeMovesToAnotherWindowWhileItsDismissalWaits() async throws {
        let stack = StackNode("nav", nodes: [NavigationNode("home")])
        let first = NavigationModel(root: stack)
        first.acknowledgementTimeout = .milliseconds(300)
        let firstDriver = NavigationModelDriver(model: first)
        let sheet = NavigationNode("sheet")
        try await stack.presentScreen(sheet, animated: false)
        firstDriver.mode = .manual
        let dismissal = Task { try await stack.dismissPresentedScreen(animated: true) }
        _ = await firstDriver.waitForPendingAcknowledgement()
        // Out of the first tree, the sheet is shown by a second window before the first window's
        // view of it has disappeared.
        let second = NavigationModel()
        let secondDriver = NavigationModelDriver(model: second)
        try await second.setRootScreen(sheet, animated: false)
        #expect(second.isSettled, "the second window's view appeared")
        sheet.didDisappear()
        try await dismissal.value
        #expect(first.isSettled)
        #expect(second.current === sheet)
        withExtendedLifetime(secondDriver) {}
    }

    @Test("a container outside any model changes at once, with nothing to acknowledge")
    func detachedContainer() async throws {
        let stack = StackNode("loose")
        try await stack.push(NavigationNode("a"), animated: true)
        try await stack.push(NavigationNode("b"), animated: true)
        #expect(stack.nodes.map(\.name) == ["a", "b"])
        // No view shows it, so no user can have written its path: the write is ignored.
        guard case .ignored(let why) = stack.userWrotePath([]) else {
            Issue.record("a write to a stack outside any model was applied")
            return
        }
        #expect(why == "nav \"loose\" is no longer on screen")
        #expect(stack.nodes.map(\.name) == ["a", "b"])
    }
}
