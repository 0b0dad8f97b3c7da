import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// A sheet the review presents in the context of a tab, told apart from other screens by its class.
private final class ContextSheet: TestScreen {}

/// A guard that waits until the test opens it, so a navigation holds the router's queue.
@MainActor
private final class ReviewGate {
    private var continuation: CheckedContinuation<Void, Never>?
    private(set) var isWaiting = false

    func wait() async {
        isWaiting = true
        await withCheckedContinuation { continuation = $0 }
        isWaiting = false
    }

    func open() {
        continuation?.resume()
        continuation = nil
    }
}

/// A factory of a predefined tab that refuses a negative context in `validate(_:)` and would
/// otherwise build the tab whatever the context.
private struct CheckedTabFactory: Factory {
    let journal: Journal

    func validate(_ context: Int) throws {
        if context < 0 { throw ProductFactoryError(id: context) }
    }

    func build(with context: Int) throws -> TestScreen {
        journal.record("build tab \(context)")
        return TestScreen("tab \(context)")
    }
}

private struct Refused: Error, CustomStringConvertible {
    var description: String { "refused by the review's guard" }
}

/// Claims the `///` comments of Composer's public API make (Quick Help, the DocC reference), run
/// against the router and the twin. A review found the claims quoted in the first tests untrue;
/// the code or the comment was fixed, and each test pins the behaviour as the comment now states
/// it. The others pin claims that held and that no other test checked.
@MainActor
@Suite("API reference review")
struct APIReferenceReviewTests {
    let routes = ResultRoutes()
    let journal = Journal()

    /// Tabs `a` and `b`, each a navigation stack (which defines the presentation context, as
    /// `UINavigationController` does), `a` selected.
    private func twoTabs() -> (window: TestWindow, tabs: TestTabsContainer) {
        let tabs = TestTabsContainer(
            "tabs",
            tabs: [
                TestNavigationContainer("a", stack: [TestScreen("one")]),
                TestNavigationContainer("b", stack: [TestScreen("two")]),
            ])
        return (TestWindow(root: tabs), tabs)
    }

    /// Tabs built on a cold start with one predefined tab made by `CheckedTabFactory` and prepared
    /// by a context task, guarded by a step interceptor that refuses the context 7.
    private func guardedTabs() -> DestinationStep<TestTabsContainer, Int> {
        StepAssembly(
            finder: ClassFinder<TestTabsContainer, Int>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { [journal] _ in
                    journal.record("build tabs")
                    return TestTabsContainer("main")
                }
            )
            .with(
                CheckedTabFactory(journal: journal), using: TestTabsContainer.addTab(),
                adding: ClosureContextTask<TestScreen, Int> { [journal] screen, _ in
                    journal.record("prepare \(screen.name)")
                })
        )
        .adding(ClosureInterceptor<Int> { context in if context == 7 { throw Refused() } })
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    // MARK: - Claims a review found untrue, as fixed

    /// ScreenResults.swift:67-70: "the router removes the screen the way it came (pops it off its
    /// stack when it was pushed, after dismissing what is presented over it; dismisses its
    /// presented level otherwise) and then resumes the caller with `value`", and :82
    /// "`completion` is called on the main actor once the screen is gone".
    ///
    /// A picker presented in the context of a tab (`overCurrentContext`) keeps its caller waiting
    /// when the user switches tabs, as the router means it to. When it finishes there, the caller
    /// gets the value and the completion success, but the picker stays presented in tab `a`, with
    /// a handle that answers nothing any more: the removal asks `ScreenTree.contains`, which only
    /// sees the presentations on the visible path.
    @Test("A picker that finishes in the context of a tab the user left is dismissed from that tab's context")
    func finishInTheContextOfABackgroundTab() async throws {
        let (window, tabs) = twoTabs()
        let router = DefaultRouter(window: window)
        let probe = ResultProbe(router, routes.picker(presented: .overCurrentContext), with: .blue)
        #expect(await router.waitForResultWait())
        let picker = try #require(window.current as? ColourPicker)
        try await tabs.userSelectTab(at: 1)
        #expect(
            window.render() == """
                window
                  tabs "tabs" selected=1
                    nav "a"
                      screen "one"
                    presented overCurrentContext:
                      screen "picker blue"
                    nav "b"
                      screen "two"
                """)

        var finished: Result<Void, RoutingError>?
        picker.resultHandle?.finish(with: .red) { finished = $0 }
        await turns { finished != nil && probe.outcome != nil }

        #expect(try probe.value() == .red)
        #expect(throws: Never.self) { try #require(finished).get() }
        #expect(
            window.render() == """
                window
                  tabs "tabs" selected=1
                    nav "a"
                      screen "one"
                    nav "b"
                      screen "two"
                """, "the finished picker should have been dismissed from tab a's context")
    }

    /// ScreenTree.swift:124: "Whether `screen` is in this window's tree."; Finders.swift:41:
    /// "Finds one particular screen instance while it is in the tree" (:50 "The instance when it
    /// is still in `tree`"); Finders.swift:8-9: "every screen by default, so a deep link finds a
    /// screen in a background tab or under a modal"; SearchOptions.swift:36 (`.all`): "Every
    /// screen in the window, the current one first."
    ///
    /// A sheet presented in the context of tab `a` stays in the window while tab `b` is selected
    /// (the render shows it, and UIKit keeps it), yet it is on none of the presentation levels the
    /// searches walk: `contains` answers `false` and neither finder finds it, as their comments now
    /// say (the comments quoted were the review's finding).
    @Test("A sheet in the context of a background tab is held by the window but on no level a search walks")
    func contextSheetOfABackgroundTab() async throws {
        let (window, tabs) = twoTabs()
        let sheet = ContextSheet("sheet")
        sheet.modalStyle = .overCurrentContext
        let tabA = try #require(tabs.tabScreens.first as? TestNavigationContainer)
        try await tabA.presentScreen(sheet, animated: false)
        try await tabs.selectTab(at: 1)
        #expect(
            window.render() == """
                window
                  tabs "tabs" selected=1
                    nav "a"
                      screen "one"
                    presented overCurrentContext:
                      screen "sheet"
                    nav "b"
                      screen "two"
                """)
        let tree = ScreenTree(window: window)

        #expect(!tree.contains(sheet), "ScreenTree.contains")
        #expect(try InstanceFinder<ContextSheet, Void>(sheet).findScreen(with: (), in: tree) == nil, "InstanceFinder")
        #expect(try ClassFinder<ContextSheet, Void>().findScreen(with: (), in: tree) == nil, "ClassFinder(.all)")
        try await tabs.selectTab(at: 0)
        #expect(ScreenTree(window: window).contains(sheet), "back on its tab, the sheet is on a level again")
    }

    /// PredefinedChildren.swift:27-28: "The task runs once per build of the container, like a
    /// context task of a step that was just built; it does not run again when the container is
    /// found on screen." and :11 "The child is built each time the container is".
    ///
    /// The predefined children are created in preflight, before the guards, so that the plan
    /// lists them: when a guard refuses the navigation, the child has been built and its context
    /// task has run, though the container never is, and nothing is shown. The comments of
    /// `with(_:using:)` and `with(_:using:adding:)` now say so (the review's finding).
    @Test("A predefined child is built and prepared before the guards, and a refusal shows nothing")
    func predefinedChildTaskRunsForARefusedNavigation() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: guardedTabs(), with: 7, animated: false)
        }

        #expect(error?.code == .interceptorRejected)
        #expect(
            window.render() == """
                window
                  (no root)
                """)
        #expect(journal.lines == ["build tab 7", "prepare tab 7"])
    }

    /// Factory.swift:15-18: "Checks that `context` is enough to build the screen, before any
    /// guard runs and before anything is built ... A throw ends the navigation with
    /// ``RoutingError/Code/factoryFailed`` and nothing run."
    ///
    /// A factory given to `PredefinedChildrenFactory.with(_:using:)` was never asked (the review's
    /// finding): its `validate(_:)` refuses -1, and the navigation built the tab from -1.
    @Test("The validate(_:) of a predefined child's factory refuses before anything is built")
    func predefinedChildFactoryValidateIgnored() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: guardedTabs(), with: -1, animated: false)
        }

        #expect(error?.code == .factoryFailed)
        #expect(
            window.render() == """
                window
                  (no root)
                """, "the tab its factory's validate(_:) refuses is on screen")
        #expect(journal.lines.isEmpty, "ran: \(journal.lines)")
    }

    /// DefaultRouter.swift:21 (`logger`): "Receives the plan and the outcome of every
    /// navigation."; RoutingLogger.swift:7 (`.error`): "Something the app should fix: a failed
    /// navigation."
    ///
    /// A navigation refused with ``RoutingError/Code/busy`` (`failIfBusy`) was not logged (the
    /// review's finding): the queue's refusals (busy, a task cancelled while it waited) were
    /// thrown without going through the router's logging.
    @Test("A navigation refused as busy is logged as an error")
    func busyNavigationIsNotLogged() async throws {
        let window = ResultRoutes.window()
        let logger = RecordingRoutingLogger()
        let router = DefaultRouter(window: window, logger: logger)
        let gate = ReviewGate()
        let held = StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { TestScreen("held") })
            .adding(ClosureInterceptor<Void> { await gate.wait() })
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
        let first = Task { @MainActor in try await router.navigate(to: held, animated: false) }
        await turns { gate.isWaiting }
        let entriesBefore = logger.entries.count

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: routes.pushed("detail"), animated: false, queueing: .failIfBusy)
        }

        #expect(error?.code == .busy)
        let logged = logger.entries.dropFirst(entriesBefore)
        #expect(
            logged.contains { $0.level == .error && $0.message.contains("busy") },
            "logged since: \(logged.map(\.description))")
        gate.open()
        _ = try await first.value
    }

    /// RoutingLogger.swift:5 (`.info`): "One line per navigation: what was planned and how it
    /// ended."; RoutingLogger.swift:3 (`.debug`): "Step-by-step detail: each finder asked, each
    /// screen built."
    ///
    /// The info entry is the whole plan report, several lines; the only debug entry is that
    /// report written once, after preflight and before anything is built (the review's finding).
    /// The level's comments now say so.
    @Test("Info is one multi-line entry per successful navigation, debug the plan before the guards")
    func logLevelsAsDocumented() async throws {
        let window = ResultRoutes.window()
        let logger = RecordingRoutingLogger()
        let router = DefaultRouter(window: window, logger: logger)

        try await router.navigate(to: routes.pushed("detail"), animated: false)

        let info = logger.entries.filter { $0.level == .info }
        #expect(info.count == 1)
        let lines = info.first?.message.split(separator: "\n") ?? []
        #expect(lines.first?.hasPrefix("navigated to ") == true && lines.count > 1, "info: \(info.map(\.message))")
        let debug = logger.entries.filter { $0.level == .debug }
        #expect(debug.count == 1)
        #expect(!(debug.first?.message.isEmpty ?? true))
    }

    /// NavigationPlan.swift:41 (`entries`): "Every screen the navigation reveals or creates, the
    /// found screen's first, destination last."
    ///
    /// For a destination built with predefined children (tabs on a cold start), the children's
    /// entries come after the destination's (the review's finding); the comment now says so.
    @Test("The plan lists a built container's predefined children after the destination")
    func planEntriesEndWithTheDestination() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        var entries: [NavigationPlan.Entry] = []
        router.add(planInterceptor: ClosurePlanInterceptor { plan in entries = plan.entries })
        let tabs = StepAssembly(
            finder: ClassFinder<TestTabsContainer, Void>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in TestTabsContainer("main") }, children: [{ _ in TestScreen("home") }])
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()

        try await router.navigate(to: tabs, animated: false)

        #expect(entries.map(\.kind) == [.reveal, .build, .predefinedChild])
        #expect(entries.first?.type == WindowAnchor.self)
        #expect(entries[1].position == 0, "the destination's entry: \(entries[1])")
    }

    /// Tasks.swift:63 (`PostRoutingTask.ViewController`): "The type of the destination screen."
    /// and :68-69: "Called once per navigation with the destination and every screen of the
    /// chain".
    ///
    /// A post task on a step other than the destination (the new navigation stack a product is
    /// pushed into) receives its own step's screen, not the destination (the review's finding);
    /// the protocol's comments now say so.
    @Test("A post task on an intermediate step receives its own step's screen")
    func postTaskOfAnIntermediateStep() async throws {
        let window = ResultRoutes.window()
        let router = DefaultRouter(window: window)
        var received: [String] = []
        let product = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .using(TestNavigationContainer.push())
        .from(
            StepAssembly(
                finder: NilFinder<TestNavigationContainer, Int>(),
                factory: NavigationContainerFactory { _ in TestNavigationContainer("product-nav") }
            )
            .adding(
                ClosurePostTask<TestNavigationContainer, Int> { destination, _, _ in received.append("\(destination)") }
            )
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()

        let shown = try await router.navigate(to: product, with: 42, animated: false)

        #expect(received == [#"nav "product-nav""#])
        #expect(shown.parentScreen.map { "\($0)" } == #"nav "product-nav""#)
    }

    /// RouteMap.swift:46-47 (`Edge.action`): "The action, named by its type ...; empty for a
    /// screen its container builds itself."
    ///
    /// A step whose screen its container builds (`BuiltByContainerFactory`) still joins the route
    /// with an action of its own, and the map draws that action on its edge (the review's
    /// finding); the comment now says so.
    @Test("The map's edge into a screen its container builds names the action that selects it")
    func mapEdgeIntoABuiltByContainerStep() async throws {
        let tabs = StepAssembly(
            finder: ClassFinder<TestTabsContainer, Void>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in TestTabsContainer("main") },
                children: [{ _ in TestNavigationContainer("home-nav", stack: [TestScreen("home")]) }])
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
        let homeStack = StepAssembly(
            finder: PredicateFinder<TestNavigationContainer, Void> { stack, _ in stack.name == "home-nav" },
            factory: BuiltByContainerFactory<TestNavigationContainer, Void>()
        )
        .using(TestTabsContainer.selectTab())
        .from(tabs)
        .assemble()
        var map = RouteMap()

        try map.add("Home", homeStack)

        let step = try #require(map.steps.firstIndex { $0.factory == "built by its container" })
        let edge = try #require(map.edges.first { $0.to == step })
        #expect(edge.action == "SelectTabAction", "drawn: \(edge.action)")
    }

    // MARK: - Claims that hold, pinned

    /// DestinationStep+Finding.swift:182-190: "The screen a navigation to this route with
    /// `context` would reach without building anything ... Nothing runs but the finder ... For a
    /// route that ends in ``expectingContainer(_:)``, the answer is the container around the
    /// found screen, and `nil` when no container of that type is around it".
    @Test("existingScreen answers the found screen, or the container a route expects, and runs no guard")
    func existingScreenAnswersWithoutNavigating() throws {
        let (window, tabs) = twoTabs()
        let before = window.render()
        let one = StepAssembly(
            finder: PredicateFinder<TestScreen, Void> { screen, _ in screen.name == "one" },
            factory: ClosureFactory { _ in TestScreen("one") }
        )
        .adding(ClosureInterceptor<Void> { [journal] _ in journal.record("guard ran") })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
        let tree = ScreenTree(window: window)

        #expect(try one.existingScreen(with: (), in: tree)?.name == "one")
        #expect(
            try one.expectingContainer(TestNavigationContainer.self).existingScreen(with: (), in: tree)?.name == "a")
        #expect(try one.expectingContainer(TestTabsContainer.self).existingScreen(with: (), in: tree) === tabs)
        #expect(try one.expectingContainer(TestSplitContainer.self).existingScreen(with: (), in: tree) == nil)
        #expect(journal.lines.isEmpty)
        #expect(window.render() == before)
    }

    /// DefaultRouter.swift:86-89: "A navigation started from inside a running one that awaits it
    /// (an interceptor showing a login screen) runs at once whatever `queueing` says."
    @Test("A guard's own navigation asked for with failIfBusy runs at once inside the navigation")
    func failIfBusyInsideAGuardRunsAtOnce() async throws {
        let window = ResultRoutes.window()
        let router = DefaultRouter(window: window)
        let login = routes.sheet("login")
        let account = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { TestScreen("account") }
        )
        .adding(
            ClosureInterceptor<Void> { _ in
                try await router.navigate(to: login, animated: false, queueing: .failIfBusy)
                try await #require(window.current).userSwipeDown(animated: false)
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        try await router.navigate(to: account, animated: false)

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "account"
                """)
    }

    /// ScreenResults.swift:67-68, the half that holds: a picker pushed in a tab's stack finishes
    /// while the user is in another tab; it is popped off that stack, the way it came.
    @Test("A picker pushed in a tab the user left is popped when it finishes")
    func finishInABackgroundTabStack() async throws {
        let (window, tabs) = twoTabs()
        let router = DefaultRouter(window: window)
        let probe = ResultProbe(router, routes.pushedPicker, with: .blue)
        #expect(await router.waitForResultWait())
        let picker = try #require(window.current as? ColourPicker)
        try await tabs.userSelectTab(at: 1)

        var finished: Result<Void, RoutingError>?
        picker.resultHandle?.finish(with: .red, animated: false) { finished = $0 }
        await turns { finished != nil && probe.outcome != nil }

        #expect(try probe.value() == .red)
        #expect(throws: Never.self) { try #require(finished).get() }
        #expect(
            window.render() == """
                window
                  tabs "tabs" selected=1
                    nav "a"
                      screen "one"
                    nav "b"
                      screen "two"
                """)
    }
}
