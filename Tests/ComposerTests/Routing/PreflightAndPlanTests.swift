import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// A screen only a signed-in user may see, wherever it appears: marked, not bound to a step.
@MainActor
protocol RequiresSignIn {}

final class AccountScreen: TestScreen, RequiresSignIn {
    init() { super.init("account") }
}

/// A factory that refuses negative product IDs up front, the way RouteComposer's `prepare` does.
struct ValidatingProductFactory: Factory {
    let journal: Journal

    struct NegativeID: Error, CustomStringConvertible {
        let id: Int
        var description: String { "product IDs are positive; got \(id)" }
    }

    func validate(_ context: Int) throws {
        if context < 0 { throw NegativeID(id: context) }
    }

    func build(with context: Int) throws -> ProductScreen {
        journal.record("build product \(context)")
        return ProductScreen(context)
    }
}

/// A context task that refuses IDs it has no data for, before anything runs.
struct ValidatingProductTask: ContextTask {
    let journal: Journal

    struct NoData: Error, CustomStringConvertible {
        let id: Int
        var description: String { "no data for product \(id)" }
    }

    func validate(_ context: Int) throws {
        if context > 100 { throw NoData(id: context) }
    }

    func prepare(_ screen: ProductScreen, with context: Int) throws {
        journal.record("prepare product \(context)")
    }
}

/// Replaces every tab with the new screen: a merge that drops screens from a live container.
struct ReplaceAllTabsAction<Container: TabsContainer>: ContainerAction {
    func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        children = ContainerChildren([screen], selectedIndex: 0)
    }
}

/// A window that forwards to a test window without counting its changes (no revision counter),
/// as the UIKit adapter's: the router cannot tell from it whether a guard changed the tree.
@MainActor
final class UncountedWindow: ScreenWindow {
    let base: TestWindow
    init(_ base: TestWindow) { self.base = base }
    var rootScreen: (any Screen)? { base.rootScreen }
    func setRootScreen(_ screen: any Screen, animated: Bool) async throws {
        try await base.setRootScreen(screen, animated: animated)
    }
}

/// Counts how often the router asked it, so a test can tell whether the router planned again.
@MainActor
final class CallCounter {
    var calls = 0
}

@MainActor
@Suite("Preflight validations, removals by actions, re-planning and plan interceptors")
struct PreflightAndPlanTests {
    let journal = Journal()

    func productOverCurrent<F: Factory>(factory: F) -> DestinationStep<ProductScreen, Int>
    where F.ViewController == ProductScreen, F.Context == Int {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: factory)
            .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
            .adding(ValidatingProductTask(journal: journal))
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }

    @Test("A factory that rejects its context stops the navigation before any guard or factory runs")
    func factoryValidationComesFirst() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(
                to: productOverCurrent(factory: ValidatingProductFactory(journal: journal)), with: -4, animated: false)
        }

        #expect(error?.code == .factoryFailed)
        #expect(error?.failingStep == FailingStep(position: 0, role: .factory, typeName: "ValidatingProductFactory"))
        #expect(error?.underlyingError is ValidatingProductFactory.NegativeID)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty, "no interceptor, factory or task ran")
    }

    @Test("A context task that rejects its context stops the navigation before any guard or factory runs")
    func contextTaskValidationComesFirst() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(
                to: productOverCurrent(factory: ValidatingProductFactory(journal: journal)), with: 101, animated: false)
        }

        #expect(error?.code == .contextTaskFailed)
        #expect(error?.failingStep?.role == .contextTask)
        #expect(error?.description.contains("no data for product 101") == true)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
    }

    @Test("setPrimary asks the column it replaces before any guard or factory runs")
    func replacedColumnIsAskedInPreflight() async throws {
        let menu = TestScreen("unsaved menu")
        menu.canBeDismissed = false
        let window = TestWindow(root: TestSplitContainer("split", primary: menu, secondary: TestScreen("detail")))
        let router = DefaultRouter(window: window)
        let before = window.render()
        let newPrimary = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
        .using(TestSplitContainer.setPrimary())
        .from(GeneralStep.custom(ClassFinder<TestSplitContainer, Int>()))
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: newPrimary, with: 1, animated: false)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(error?.failingStep?.position == 0)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
    }

    @Test("A merge that drops a refusing tab from live tabs is refused before any guard or factory runs")
    func screensDroppedByAMergeAreAskedInPreflight() async throws {
        let form = TestScreen("unsaved form")
        form.canBeDismissed = false
        let window = TestWindow(root: TestTabsContainer("tabs", tabs: [TestScreen("home"), form], selectedIndex: 0))
        let router = DefaultRouter(window: window)
        let before = window.render()
        let onlyTab = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
        .using(ReplaceAllTabsAction<TestTabsContainer>())
        .from(GeneralStep.custom(ClassFinder<TestTabsContainer, Int>()))
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: onlyTab, with: 2, animated: false)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(error?.description.contains("unsaved form") == true)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
    }

    /// A window of two plain tabs, "home" selected, and its rendering.
    private static func twoTabs() -> (TestWindow, String) {
        let window = TestWindow(root: TestTabsContainer("tabs", tabs: [TestScreen("home"), TestScreen("shop")]))
        let rendering = """
            window
              tabs "tabs" selected=0
                screen "home"
                screen "shop"
            """
        #expect(window.render() == rendering)
        return (window, rendering)
    }

    /// An index out of range depends only on the tabs on screen and the route, so preflight
    /// refuses it with the action named, before the guard or the factory runs: before, the guard
    /// and the factory ran and the action's error reached the caller with no step.
    @Test(
        "addTab() with an index out of range on live tabs is refused before any guard or factory runs, naming the action"
    )
    func mergeRefusalForAnyScreenIsReportedInPreflight() async throws {
        let (window, before) = Self.twoTabs()
        let router = DefaultRouter(window: window)
        let sixthTab = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
        .using(TestTabsContainer.addTab(.replace(at: 5)))
        .from(GeneralStep.custom(ClassFinder<TestTabsContainer, Int>()))
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: sixthTab, with: 3, animated: false)
        }

        #expect(error?.code == .actionFailed)
        #expect(error?.step == "action AddTabAction<TestTabsContainer> of step 0")
        #expect(
            error?.failingStep == FailingStep(position: 0, role: .action, typeName: "AddTabAction<TestTabsContainer>"))
        #expect(error?.expected == "AddTabAction<TestTabsContainer> to put the new ProductScreen into tabs \"tabs\"")
        #expect(error?.found == "it refused before anything ran")
        #expect(
            (error?.underlyingError as? ContainerActionError)?.message
                == "cannot replace the tab at index 5: there are 2 tab(s), valid indices are 0...1")
        #expect(error?.plan.contains("stage: preflight") == true)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty, "no interceptor or factory ran")
    }

    /// `selectTab()` refuses the stand-in preflight merges for the screen not built yet, but the
    /// factory may hand back one of the tabs (`selectExistingTab`), so preflight must not refuse:
    /// the refusal comes once the screen is built, still before anything changes, and names the
    /// action rather than reaching the caller as an anonymous error.
    @Test("selectTab() of a built screen that is not a tab is refused once it is built, naming the action")
    func mergeRefusalThatDependsOnTheScreenIsReportedWithIt() async throws {
        let (window, before) = Self.twoTabs()
        let router = DefaultRouter(window: window)
        let selected = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
        .using(TestTabsContainer.selectTab())
        .from(GeneralStep.custom(ClassFinder<TestTabsContainer, Int>()))
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: selected, with: 3, animated: false)
        }

        #expect(error?.code == .actionFailed)
        #expect(error?.step == "action SelectTabAction<TestTabsContainer> of step 0")
        #expect(
            error?.failingStep
                == FailingStep(position: 0, role: .action, typeName: "SelectTabAction<TestTabsContainer>"))
        #expect(error?.found == "it refused")
        #expect(
            (error?.underlyingError as? ContainerActionError)?.message
                == "screen \"product 3\" is not one of the 2 tab(s), so it cannot be selected")
        #expect(window.render() == before)
        #expect(journal.lines == ["intercept product 3", "build product 3"])
    }

    /// A detail screen put by `action` into a split view presented in the same navigation, its
    /// guard, its factory and the split view's factory written to the journal.
    private func detailIntoNewSplit<Action: ContainerAction>(using action: Action) -> DestinationStep<TestScreen, Void>
    where Action.Container == TestSplitContainer {
        StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { [journal] _ in
                journal.record("build detail")
                return TestScreen("detail")
            }
        )
        .adding(RecordingInterceptor<Void>(journal: journal, name: "detail"))
        .using(action)
        .from(
            StepAssembly(
                finder: NilFinder<TestSplitContainer, Void>(),
                factory: SplitContainerFactory { [journal] _ in
                    journal.record("build split")
                    return TestSplitContainer("split")
                })
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    /// `pushOnDetail()` into a split view built in the same navigation refuses whatever screen
    /// comes (a new split view has no detail stack), which preflight knows from the plan alone: the
    /// refusal names the action before the guard or a factory runs. Before, the guard and the
    /// detail's factory ran and the merge refused in the build phase.
    @Test("pushOnDetail into a split view built in the same navigation is refused before any guard runs")
    func pushOnDetailIntoNewSplitRefusedBeforeGuards() async throws {
        let (window, before) = homeStackWindow()
        let router = DefaultRouter(window: window)
        let route = detailIntoNewSplit(using: TestSplitContainer.pushOnDetail())

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: route, animated: false) }

        #expect(error?.code == .actionFailed, "\(String(describing: error))")
        #expect(error?.step == "action PushOnDetailAction<TestSplitContainer> of step 0")
        #expect(
            error?.failingStep
                == FailingStep(position: 0, role: .action, typeName: "PushOnDetailAction<TestSplitContainer>"))
        #expect(
            error?.expected
                == "PushOnDetailAction<TestSplitContainer> to put the new TestScreen into the new TestSplitContainer")
        #expect(error?.found == "it refused before anything ran")
        #expect(
            (error?.underlyingError as? ContainerActionError)?.message
                == """
                a split view that is being built has no detail stack to push onto \
                (pushing the new TestScreen, not built yet): give the detail navigation stack its own step
                """
        )
        #expect(error?.plan.contains("stage: preflight") == true)
        #expect(journal.lines == [], "the guard or a factory ran for a navigation that could never succeed")
        #expect(window.render() == before)
    }

    /// `showDetail()` into a split view built in the same navigation, with no step setting its
    /// primary column, refuses whatever screen comes; preflight merges a stand-in into the new
    /// split view's children and refuses it, naming the action, before the guard or a factory runs.
    @Test("showDetail into a split view built without a primary column is refused before any guard runs")
    func showDetailIntoNewSplitWithoutPrimaryRefusedBeforeGuards() async throws {
        let (window, before) = homeStackWindow()
        let router = DefaultRouter(window: window)
        let route = detailIntoNewSplit(using: TestSplitContainer.showDetail())

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: route, animated: false) }

        #expect(error?.code == .actionFailed, "\(String(describing: error))")
        #expect(
            error?.failingStep
                == FailingStep(position: 0, role: .action, typeName: "ShowDetailAction<TestSplitContainer>"))
        #expect(
            error?.expected
                == "ShowDetailAction<TestSplitContainer> to put the new TestScreen into the new TestSplitContainer")
        #expect(error?.found == "it refused before anything ran")
        #expect(
            (error?.underlyingError as? ContainerActionError)?.message
                == "a detail needs a primary column first; add the primary before the new TestScreen, not built yet")
        #expect(journal.lines == [], "the guard or a factory ran for a navigation that could never succeed")
        #expect(window.render() == before)
    }

    /// A navigation stack cannot be pushed into another one, which the pushed step's declared type
    /// shows before anything is built, also when the stack it goes into is built in the same
    /// navigation. Before, the guard and the inner stack's factory ran and the merge refused the
    /// built stack in the build phase.
    @Test("A navigation stack pushed into a stack built in the same navigation is refused before any guard runs")
    func stackIntoNewStackRefusedBeforeGuards() async throws {
        let (window, before) = homeStackWindow()
        let router = DefaultRouter(window: window)
        let route = StepAssembly(
            finder: NilFinder<TestNavigationContainer, Void>(),
            factory: NavigationContainerFactory { [journal] _ in
                journal.record("build inner")
                return TestNavigationContainer("inner")
            }
        )
        .adding(RecordingInterceptor<Void>(journal: journal, name: "inner"))
        .using(TestNavigationContainer.push())
        .from(
            StepAssembly(
                finder: NilFinder<TestNavigationContainer, Void>(),
                factory: NavigationContainerFactory { [journal] _ in
                    journal.record("build outer")
                    return TestNavigationContainer("outer")
                })
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: route, animated: false) }

        #expect(error?.code == .actionFailed, "\(String(describing: error))")
        #expect(error?.step == "action PushAction<TestNavigationContainer> of step 0")
        #expect(
            error?.failingStep
                == FailingStep(position: 0, role: .action, typeName: "PushAction<TestNavigationContainer>"))
        #expect(
            error?.expected
                == "PushAction<TestNavigationContainer> to put the new TestNavigationContainer into the new TestNavigationContainer"
        )
        #expect(error?.found == "it refused before anything ran")
        #expect(
            (error?.underlyingError as? ContainerActionError)?.message
                == "a TestNavigationContainer is a navigation stack and cannot be pushed into another one")
        #expect(error?.plan.contains("stage: preflight") == true)
        #expect(journal.lines == [], "the guard or a factory ran for a navigation that could never succeed")
        #expect(window.render() == before)
    }

    /// The anchor sits in the middle of a stack: revealing it pops the screen above it, so
    /// `pushReplacingLast()` then replaces the anchor itself. Preflight must merge into the stack as
    /// the reveal leaves it and ask the anchor, not the screen the reveal pops; asked only when the
    /// action ran, the anchor refused after the pop had changed the tree.
    @Test("Replacing the last screen of a stack the reveal pops back asks the revealed screen before anything runs")
    func replacingTheRevealedScreenIsAskedInPreflight() async throws {
        let wizardStep = TestScreen("wizard step")
        wizardStep.canBeDismissed = false
        let window = TestWindow(
            root: TestNavigationContainer("main", stack: [TestScreen("home"), wizardStep, TestScreen("help")]))
        let router = DefaultRouter(window: window)
        let nextStep = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
        .using(TestNavigationContainer.pushReplacingLast())
        .from(GeneralStep.custom(InstanceFinder<TestScreen, Int>(wizardStep)).expectingContainer())
        .assemble()
        let before = """
            window
              nav "main"
                screen "home"
                screen "wizard step"
                screen "help"
            """
        #expect(window.render() == before)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: nextStep, with: 7, animated: false)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(
            error?.failingStep
                == FailingStep(position: 0, role: .action, typeName: "PushReplacingLastAction<TestNavigationContainer>")
        )
        #expect(error?.found == "screen \"wizard step\" refuses (canBeDismissed is false)")
        #expect(error?.appliedOperations.isEmpty == true)
        #expect(window.render() == before, "\"help\" is still on the stack")
        #expect(journal.lines.isEmpty, "no guard or factory ran")
    }

    /// A window holding a collapsed split view whose primary column is the stack "menu-nav".
    private static func collapsedSplitOfAMenuStack() -> TestWindow {
        TestWindow(
            root: TestSplitContainer(
                "split", primary: TestNavigationContainer("menu-nav", stack: [TestScreen("menu")]), isCollapsed: true))
    }

    /// Two actions on one collapsed split view in one navigation: `setPrimary()` puts a plain
    /// screen in the primary column, then `showDetail()` would push onto that column, which is no
    /// navigation stack. Preflight must ask `showDetail()` about the columns `setPrimary()` leaves;
    /// asked about the columns on screen (a navigation stack), it accepted, and the navigation
    /// failed after the primary column had been replaced, blaming `setPrimary()`.
    @Test("A second action on one split view is judged against the columns the first one leaves, before anything runs")
    func secondSplitActionMeetsTheColumnsTheFirstLeaves() async throws {
        let window = Self.collapsedSplitOfAMenuStack()
        let router = DefaultRouter(window: window)
        let newMenu = StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { _ in
                journal.record("build new menu")
                return TestScreen("new menu")
            }
        )
        .adding(RecordingInterceptor<Void>(journal: journal, name: "menu"))
        .using(TestSplitContainer.setPrimary())
        .from(GeneralStep.custom(ClassFinder<TestSplitContainer, Void>()))
        .assemble()
        let detail = StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { _ in
                journal.record("build detail")
                return TestScreen("detail")
            }
        )
        .adding(RecordingInterceptor<Void>(journal: journal, name: "detail"))
        .using(TestSplitContainer.showDetail())
        .from(newMenu.expectingContainer(TestSplitContainer.self))
        .assemble()
        let before = """
            window
              split "split" collapsed
                nav "menu-nav"
                  screen "menu"
            """
        #expect(window.render() == before)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: detail, animated: false)
        }

        #expect(error?.code == .actionFailed)
        #expect(error?.step == "action ShowDetailAction<TestSplitContainer> of step 0")
        #expect(
            error?.failingStep
                == FailingStep(position: 0, role: .action, typeName: "ShowDetailAction<TestSplitContainer>"))
        #expect(
            "\(error?.underlyingError.map(String.init(describing:)) ?? "")"
                == "split \"split\" is collapsed and its primary column (the new TestScreen, not built yet) is not a"
                + " navigation stack, so a TestScreen cannot be shown as its detail")
        #expect(error?.appliedOperations.isEmpty == true)
        #expect(window.render() == before, "the primary column is still \"menu-nav\"")
        #expect(journal.lines.isEmpty, "no guard or factory ran")
    }

    /// The counterpart of the test above: a primary column the first action sets to a navigation
    /// stack (a screen not built yet during preflight, judged by the type its step declares)
    /// takes the detail the second action pushes onto it.
    @Test("A detail after setPrimary of a new navigation stack on a collapsed split view is pushed onto that stack")
    func secondSplitActionAcceptsTheStackTheFirstSets() async throws {
        let window = Self.collapsedSplitOfAMenuStack()
        let router = DefaultRouter(window: window)
        let newMenu = StepAssembly(
            finder: NilFinder<TestNavigationContainer, Void>(),
            factory: NavigationContainerFactory { _ in TestNavigationContainer("new-menu-nav") }
        )
        .using(TestSplitContainer.setPrimary())
        .from(GeneralStep.custom(ClassFinder<TestSplitContainer, Void>()))
        .assemble()
        let detail = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("detail") }
        )
        .using(TestSplitContainer.showDetail())
        .from(newMenu.expectingContainer(TestSplitContainer.self))
        .assemble()

        try await router.navigate(to: detail, animated: false)

        #expect(
            window.render() == """
                window
                  split "split" collapsed
                    nav "new-menu-nav"
                      screen "detail"
                """)
    }

    @Test("After a guard that changed nothing, the router does not plan again; after one that did, it does")
    func replanOnlyWhenTheTreeChanged() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let finderCalls = CallCounter()
        func product(_ guardBody: @escaping @MainActor () async -> Void) -> DestinationStep<ProductScreen, Int> {
            StepAssembly(
                finder: PredicateFinder<ProductScreen, Int> { screen, id in
                    finderCalls.calls += 1
                    return screen.productID == id
                }, factory: ProductFactory(journal: journal)
            )
            .adding(ProbeInterceptor(body: guardBody))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
        }

        // The finder is asked once per product on screen: with one product, one call per plan.
        try await router.navigate(to: product {}, with: 1, animated: false)
        #expect(finderCalls.calls == 0, "no product on screen yet")

        finderCalls.calls = 0
        try await router.navigate(
            to: product {
                let login = LoginScreen()
                login.modalStyle = .fullScreen
                try? await window.current?.presentScreen(login, animated: false)
                try? await window.root?.dismissPresentedScreen(animated: false)
            }, with: 2, animated: false)
        #expect(finderCalls.calls == 2, "a login screen came and went, so the router planned again")
        #expect(window.current?.name == "product 2")

        finderCalls.calls = 0
        try await router.navigate(to: product {}, with: 3, animated: false)
        #expect(finderCalls.calls == 2, "the guard changed nothing: one plan, each of the two products asked once")
        #expect(window.current?.name == "product 3")
    }

    @Test("On a window that counts no changes, the plan after a guard sees the sheet the guard presented")
    func replanSeesGuardsChangeWithoutRevisions() async throws {
        let counted = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: UncountedWindow(counted))
        let product = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(
            ProbeInterceptor {
                let sheet = TestNavigationContainer("sheet", stack: [TestScreen("terms")])
                try? await counted.current?.presentScreen(sheet, animated: false)
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        try await router.navigate(to: product, with: 7, animated: false)

        // Planned before the guard, the product would go onto "main", under the sheet.
        #expect(
            counted.render() == """
                window
                  nav "main"
                    screen "list"
                  presented automatic (as pageSheet):
                    nav "sheet"
                      screen "terms"
                      screen "product 7"
                """)
    }

    @Test("A plan interceptor sees a predefined child of a new container, so a gated tab cannot appear unguarded")
    func planInterceptorSeesPredefinedChildren() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        var seen: [String] = []
        let predefined = WeakScreen()
        router.add(
            planInterceptor: ClosurePlanInterceptor { plan in
                seen = plan.entries.map { "\($0.kind.rawValue) \($0.type)" }
                predefined.screen = plan.entries.last?.screen
                if plan.entries.contains(where: { $0.type is any RequiresSignIn.Type }) {
                    throw SignInRequired()
                }
            })
        let shop = StepAssembly(
            finder: ClassFinder<TestTabsContainer, Void>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in TestTabsContainer("shop") }, children: [{ _ in AccountScreen() }])
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: shop, animated: false)
        }

        #expect(error?.code == .interceptorRejected)
        #expect(seen == ["reveal WindowAnchor", "build TestTabsContainer", "predefinedChild AccountScreen"])
        #expect(window.render() == "window\n  (no root)")
        #expect(predefined.screen == nil, "the predefined child of the refused navigation is released")
    }

    @Test("A plan interceptor sees the screen a back navigation would uncover")
    func planInterceptorSeesRevealedScreens() async throws {
        let window = TestWindow(
            root: TestNavigationContainer("main", stack: [ListScreen(), AccountScreen(), ProductScreen(5)]))
        let router = DefaultRouter(window: window)
        router.add(
            planInterceptor: ClosurePlanInterceptor { plan in
                if plan.entries.contains(where: { $0.kind == .reveal && $0.screen is any RequiresSignIn }) {
                    throw SignInRequired()
                }
            })
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            _ = try await router.navigate(to: GeneralStep.previous(), animated: false)
        }

        #expect(error?.code == .interceptorRejected)
        #expect(error?.underlyingError is SignInRequired)
        #expect(window.render() == before)
    }

    @Test("After its guards, the router plans again on a settled window: a back swipe still animating ends first")
    func planAgainOnceSettled() async throws {
        let clock = TransitionClock(mode: .manual)
        let stack = TestNavigationContainer("main", stack: [ListScreen(), ProductScreen(1)])
        let window = TestWindow(root: stack, clock: clock)
        let router = DefaultRouter(window: window)
        var release: CheckedContinuation<Void, Never>?
        var askedWhileAnimating = 0
        // The list, found wherever it is; its finder notes a question asked during an animation.
        let list = GeneralStep.custom(
            PredicateFinder<ListScreen, Int> { _, _ in
                if !window.isSettled { askedWhileAnimating += 1 }
                return true
            })
        let product = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(ClosureInterceptor<Int> { _ in await withCheckedContinuation { release = $0 } })
        .using(TestNavigationContainer.push())
        .from(list.expectingContainer())
        .assemble()

        let navigation = Task { try await router.navigate(to: product, with: 2, animated: false) }
        for _ in 0..<2_000 where release == nil { await Task.yield() }
        // The user swipes product 1 away while the guard waits; the pop animates on the clock.
        let swipe = Task { try await stack.userPop(animated: true) }
        #expect(await clock.waitForPendingTransition())
        try #require(release).resume()
        for _ in 0..<100 { await Task.yield() }

        #expect(askedWhileAnimating == 0, "a finder was asked while the back swipe still animated")
        #expect(clock.advance())
        try await swipe.value
        _ = try await navigation.value
        #expect(askedWhileAnimating == 0)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "product 2"
                """)
    }
}

@MainActor
final class WeakScreen {
    weak var screen: (any Screen)?
}

struct SignInRequired: Error, CustomStringConvertible {
    var description: String { "sign in first" }
}
