import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import Observation
import Testing

/// What a view reads is observed: SwiftUI evaluates a body again only when something the body read
/// changes, so every property a view or the router's answers read must report its changes, however
/// it is read. (A node's links up, `parentScreen` and `presentingScreen`, are documented as not
/// observed: a view reaches a node through the observed children or presentation above it.)
@MainActor
@Suite("SwiftUI model: observation")
struct ModelObservationTests {
    /// Whether `change` changes something `read` read, as `withObservationTracking` tells a view.
    private func invalidates(_ read: () -> Void, by change: () async throws -> Void) async rethrows -> Bool {
        let told = ChangeTold()
        withObservationTracking(read) { told.mark() }
        try await change()
        return told.value
    }

    @Test("a stack's top, a tab container's selected tab and a hosted presentation report their changes")
    func routerAnswersAreObserved() async throws {
        let home = NavigationNode("home")
        let stack = StackNode("nav", nodes: [home])
        let other = StackNode("other", nodes: [NavigationNode("settings")])
        let tabs = TabsNode("tabs", tabs: [stack, other], selectedIndex: 0)
        let model = NavigationModel(root: tabs)
        let driver = NavigationModelDriver(model: model)

        #expect(
            try await invalidates(
                { _ = stack.focusedChildScreen },
                by: { try await stack.setStack([home, NavigationNode("detail")], animated: false) }))
        #expect(try await invalidates({ _ = tabs.focusedChildScreen }, by: { try await tabs.selectTab(at: 1) }))
        #expect(
            try await invalidates(
                { _ = tabs.hostedPresentation },
                by: { try await tabs.presentScreen(NavigationNode("sheet"), animated: false) }))
        // A change elsewhere tells nothing: each node reports its own changes.
        #expect(
            try await !invalidates(
                { _ = other.focusedChildScreen }, by: { try await stack.setStack([home], animated: false) }))
        withExtendedLifetime(driver) {}
    }

    @Test("a stack's children and what a node's presenting ancestor presents report their changes")
    func childrenAndPresentationsAreObserved() async throws {
        let scene = StackScene()
        let (home, stack) = (scene.home, scene.stack)
        let detail = NavigationNode("detail")

        #expect(
            try await invalidates(
                { _ = stack.childScreens }, by: { try await stack.setStack([home, detail], animated: false) }))
        // A pop without animation is told with the change that joins it, or on the main actor's
        // next turn: not at once, and then.
        let told = ChangeTold()
        withObservationTracking({ _ = stack.visibleChildScreens }, onChange: { told.mark() })
        try await stack.setStack([home], animated: false)
        #expect(!told.value)
        await Task.yield()
        #expect(told.value)
        // The home node presents nothing itself: it answers for the stack, which presents.
        #expect(
            try await invalidates(
                { _ = home.presentedScreen },
                by: { try await stack.presentScreen(NavigationNode("sheet"), animated: false) }))
        #expect(home.presentedScreen != nil)
        #expect(
            try await invalidates(
                { _ = home.presentedScreen }, by: { try await stack.dismissPresentedScreen(animated: false) }))
        withExtendedLifetime(scene.driver) {}
    }

    @Test("a pop kept back is told by the next change of its stack, even one that keeps every node")
    func keptPopToldByItsStack() async throws {
        let scene = StackScene()
        let (home, stack) = (scene.home, scene.stack)
        try await stack.setStack([home, NavigationNode("detail")], animated: true)
        let told = ChangeTold()
        withObservationTracking({ _ = stack.childScreens }, onChange: { told.mark() })
        try await stack.setStack([home], animated: false)
        #expect(!told.value)
        try await stack.setStack([home], animated: true)
        #expect(told.value)
        #expect(stack.path.isEmpty)
        withExtendedLifetime(scene.driver) {}
    }

    @Test("what the model waits for reports its changes, through isSettled too")
    func pendingAcknowledgementsAreObserved() async throws {
        let scene = StackScene()
        let (home, stack, model) = (scene.home, scene.stack, scene.model)

        #expect(
            try await invalidates(
                { _ = model.isSettled },
                by: { try await stack.setStack([home, NavigationNode("detail")], animated: false) }))
        #expect(model.isSettled, "the driver acknowledged the push")
        #expect(
            try await invalidates(
                { _ = model.pendingAcknowledgements }, by: { try await stack.setStack([home], animated: false) }))
        withExtendedLifetime(scene.driver) {}
    }

    @Test("isSettled reports a pop kept back and the turn that tells it")
    func keptPopIsObservedThroughIsSettled() async throws {
        let scene = StackScene()
        let (home, stack, model) = (scene.home, scene.stack, scene.model)
        try await stack.setStack([home, NavigationNode("detail")], animated: true)
        #expect(model.isSettled)
        // A pop without animation is kept for a change to join it: not settled until it is told.
        #expect(
            try await invalidates({ _ = model.isSettled }, by: { try await stack.setStack([home], animated: false) }))
        #expect(!model.isSettled)
        // Nothing joins it: the main actor's next turn tells it, and the model is settled.
        let told = ChangeTold()
        withObservationTracking({ _ = model.isSettled }, onChange: { told.mark() })
        await Task.yield()
        #expect(model.isSettled)
        #expect(told.value)
        withExtendedLifetime(scene.driver) {}
    }

    @Test("the screen on top reports a sheet swiped down before SwiftUI writes its binding")
    func swipeDownBeforeItsWriteIsObserved() async throws {
        let scene = StackScene()
        let (home, stack, model) = (scene.home, scene.stack, scene.model)
        try await stack.presentScreen(NavigationNode("sheet"), animated: false)
        let told = ChangeTold()
        withObservationTracking({ _ = model.current }, onChange: { told.mark() })
        let write = try #require(scene.driver.userSwipeDownWritingLater())
        #expect(model.current === home, "the sheet's view is gone: the router and the views see the home screen")
        #expect(told.value)
        #expect(write().isApplied)
    }

    @Test("whether a node can be dismissed reports a change, and only a change")
    func canBeDismissedIsObserved() async {
        let form = NavigationNode("form")
        let other = NavigationNode("other")

        #expect(await invalidates({ _ = form.canBeDismissed }, by: { form.canBeDismissed = false }))
        #expect(form.canBeDismissed == false)
        #expect(await invalidates({ _ = form.refusesInteractiveDismissal }, by: { form.canBeDismissed = true }))
        // The value it has already, or another node's, tells nothing.
        #expect(await !invalidates({ _ = form.canBeDismissed }, by: { form.canBeDismissed = true }))
        #expect(await !invalidates({ _ = form.canBeDismissed }, by: { other.canBeDismissed = false }))
    }

    @Test("a node's presentation state and the model's root report a change, and only a change")
    func presentationStateIsObserved() async throws {
        let home = NavigationNode("home")
        let stack = StackNode("nav", nodes: [home])
        let model = NavigationModel(root: stack)
        let driver = NavigationModelDriver(model: model)
        let sheet = NavigationNode("sheet")

        // The default sheet set again tells nothing; another style does, once.
        #expect(await !invalidates({ _ = sheet.presentationStyle }, by: { sheet.presentationStyle = .sheet() }))
        #expect(
            await invalidates(
                { _ = sheet.presentationStyle }, by: { sheet.presentationStyle = .sheet(detents: [.medium, .large]) }))
        #expect(
            await !invalidates(
                { _ = sheet.presentationStyle }, by: { sheet.presentationStyle = .sheet(detents: [.medium, .large]) }))
        #expect(sheet.presentationStyle == .sheet(detents: [.medium, .large]))
        #expect(
            try await invalidates(
                { _ = (stack.presentedNode, sheet.activePresentationStyle) },
                by: { try await home.presentScreen(sheet, animated: false) }))
        #expect(stack.presentedNode === sheet && sheet.activePresentationStyle == .sheet(detents: [.medium, .large]))
        #expect(
            try await invalidates(
                { _ = sheet.activePresentationStyle }, by: { try await home.dismissPresentedScreen(animated: false) }))
        #expect(
            try await invalidates(
                { _ = stack.sheetNode }, by: { try await home.presentScreen(NavigationNode("again"), animated: false) })
        )

        let other = StackNode("other", nodes: [NavigationNode("settings")])
        #expect(
            try await !invalidates({ _ = model.root }, by: { try await model.setRootScreen(stack, animated: false) }))
        #expect(
            try await invalidates({ _ = model.root }, by: { try await model.setRootScreen(other, animated: false) }))
        #expect(model.root === other)
        withExtendedLifetime(driver) {}
    }

    @Test("every property of the containers reports a change, not the same value again, on one registrar")
    func containerPropertiesAreObserved() async throws {
        let home = NavigationNode("home")
        let stack = StackNode("nav", nodes: [home])
        let settings = StackNode("settings", nodes: [NavigationNode("settings")])
        let tabs = TabsNode("tabs", tabs: [stack], selectedIndex: 0)
        let model = NavigationModel(root: tabs)
        let driver = NavigationModelDriver(model: model)

        #expect(
            try await invalidates(
                { _ = tabs.tabs }, by: { try await tabs.setTabs([stack, settings], selectedIndex: 0, animated: false) })
        )
        #expect(try await invalidates({ _ = tabs.selectedIndex }, by: { try await tabs.selectTab(at: 1) }))
        #expect(tabs.selectedTab === settings)
        // The same tabs and selection again: the tab view has nothing to redraw.
        #expect(
            try await !invalidates(
                { _ = (tabs.tabs, tabs.selectedIndex) },
                by: { try await tabs.setTabs([stack, settings], selectedIndex: 1, animated: false) }))
        #expect(
            try await invalidates(
                { _ = stack.nodes }, by: { try await stack.setStack([home, NavigationNode("detail")], animated: true) })
        )
        #expect(
            try await !invalidates({ _ = stack.nodes }, by: { try await stack.setStack(stack.stack, animated: true) }))

        let split = SplitNode(primary: NavigationNode("sidebar"))
        let splitModel = NavigationModel(root: split)
        let splitDriver = NavigationModelDriver(model: splitModel)
        #expect(
            try await invalidates(
                { _ = split.primary }, by: { try await split.setPrimary(NavigationNode("folders"), animated: false) }))
        #expect(
            try await invalidates(
                { _ = split.secondary }, by: { try await split.showDetail(NavigationNode("mail"), animated: false) }))
        #expect(await invalidates({ _ = split.isCollapsed }, by: { _ = split.userWroteCollapsed(true) }))
        #expect(split.isCollapsed)
        #expect(split.compactColumn == .secondary, "collapsing shows the detail")
        #expect(await invalidates({ _ = split.compactColumn }, by: { _ = split.userWroteCompactColumn(.primary) }))
        #expect(
            await !invalidates(
                { _ = (split.isCollapsed, split.compactColumn) }, by: { _ = split.userWroteCollapsed(true) }))

        // A container observes through its node's registrar alone: a second one, which `@Observable`
        // on the subclass would add, costs two heap blocks and a lock per container.
        for container in [stack, tabs, split] as [NavigationNode] {
            var registrars = 0
            var mirror: Mirror? = Mirror(reflecting: container)
            while let level = mirror {
                registrars += level.children.filter { $0.value is ObservationRegistrar }.count
                mirror = level.superclassMirror
            }
            #expect(registrars == 1, "\(container) has \(registrars) observation registrars")
        }
        withExtendedLifetime((driver, splitDriver)) {}
    }
}

extension ModelObservationTests {
    @Test("a refused user write is published again, so the views that wrote it show the model's state")
    func refusedWritesArePublishedAgain() async throws {
        // SwiftUI has already shown what the user did (the pop, the swipe, the tab, the column):
        // only a change the views observe brings the model's state back on screen.
        let form = NavigationNode("form")
        form.canBeDismissed = false
        let stack = StackNode("nav", nodes: [NavigationNode("home"), form])
        let gated = StackNode("account", nodes: [NavigationNode("account")])
        gated.userSelectionNavigation = {}
        let tabs = TabsNode("tabs", tabs: [stack, gated], selectedIndex: 0)
        let model = NavigationModel(root: tabs)
        let driver = NavigationModelDriver(model: model)

        #expect(await invalidates({ _ = stack.path }, by: { _ = stack.userWrotePath([]) }))
        #expect(stack.path.map(\.name) == ["form"])
        #expect(await invalidates({ _ = tabs.selection }, by: { _ = tabs.userSelectedTab(gated.id) }))
        #expect(tabs.selectedIndex == 0)

        let sheet = NavigationNode("sheet")
        try await form.presentScreen(sheet, animated: false)
        sheet.canBeDismissed = false
        // The level's outermost node, the tabs, hosts the sheet.
        #expect(await invalidates({ _ = tabs.sheetNode }, by: { _ = tabs.userDismissed(sheet) }))
        #expect(tabs.sheetNode === sheet)

        let detail = NavigationNode("detail")
        detail.canBeDismissed = false
        let split = SplitNode(primary: NavigationNode("sidebar"), secondary: detail, collapsed: true)
        let splitModel = NavigationModel(root: split)
        let splitDriver = NavigationModelDriver(model: splitModel)
        #expect(splitDriver.userShowColumn(.secondary, of: split).isApplied)
        #expect(await invalidates({ _ = split.compactColumn }, by: { _ = split.userWroteCompactColumn(.primary) }))
        #expect(split.compactColumn == .secondary)
        withExtendedLifetime((driver, splitDriver)) {}
    }

    @Test("a tab written under a sheet is published again, so the tab bar shows the tab that stays selected")
    func coveredTabWriteIsPublishedAgain() async throws {
        // A write that comes anyway (a tab bar SwiftUI still had on screen) showed the written tab:
        // only a change the tab view observes brings the selected tab back.
        let home = StackNode("home-nav", nodes: [NavigationNode("home")])
        let products = StackNode("products-nav", nodes: [NavigationNode("list")])
        let tabs = TabsNode("tabs", tabs: [home, products], selectedIndex: 0)
        let model = NavigationModel(root: tabs)
        let driver = NavigationModelDriver(model: model)
        try await home.presentScreen(NavigationNode("sheet"), animated: false)

        var outcome: UserWriteOutcome?
        #expect(await invalidates({ _ = tabs.selection }, by: { outcome = tabs.userSelectedTab(products.id) }))
        #expect(outcome?.isApplied == false)
        #expect(tabs.selection == home.id)
        withExtendedLifetime(driver) {}
    }
}

/// A stack holding a home node, in a model whose acknowledgements the test kit's driver answers
/// (while the scene lives).
@MainActor
private struct StackScene {
    let home = NavigationNode("home")
    let stack: StackNode
    let model: NavigationModel
    let driver: NavigationModelDriver

    init() {
        stack = StackNode("nav", nodes: [home])
        model = NavigationModel(root: stack)
        driver = NavigationModelDriver(model: model)
    }
}
