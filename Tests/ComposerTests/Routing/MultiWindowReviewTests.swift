import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

// Adversarial review: several windows and routers at once, and configuration switched at run time.

struct MWRefused: Error, CustomStringConvertible {
    let id: Int
    var description: String { "product \(id) refused by the guard" }
}

/// A window provider whose window the app switches at run time (the scene that asked changes).
@MainActor
final class MWSwitchableProvider: WindowProvider {
    var current: TestWindow?
    init(_ window: TestWindow?) { current = window }
    var window: (any ScreenWindow)? { current }
}

/// A finder that answers a screen the app holds, wherever it is shown.
struct MWHeldFinder: Finder {
    let screen: ProductScreen
    func findScreen(with context: Int, in tree: ScreenTree) throws -> ProductScreen? { screen }
}

/// A stack factory that waits on a gate before building (a screen that loads its data).
struct MWSlowStackFactory: ContainerFactory {
    let gate: WaitGate
    let name: String
    func build(with context: Int, children: ContainerChildren) async throws -> TestNavigationContainer {
        await gate.wait()
        let stack = TestNavigationContainer(name)
        try await stack.setStack(children.screens, animated: false)
        return stack
    }
}

@MainActor
@Suite("Review: several windows and routers at once, configuration switched at run time")
struct MultiWindowReviewTests {
    let journal = Journal()
    let gate = WaitGate()

    /// One set of routes shared by every window: a product pushed onto the stack around the
    /// current screen, its guard waiting on `gate` for `gatedID` and refusing the ids in `refused`.
    func pushedProduct(gatedID: Int? = nil, refused: Set<Int> = []) -> DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(
                ClosureInterceptor<Int> { [journal, gate] id in
                    journal.record("guard \(id)")
                    if id == gatedID { await gate.wait() }
                    if refused.contains(id) { throw MWRefused(id: id) }
                }
            )
            .adding(ProductContextTask(journal: journal))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }

    func stackWindow(_ name: String) -> (TestWindow, String) {
        let window = TestWindow(root: TestNavigationContainer(name, stack: [TestScreen("\(name) home")]))
        return (window, window.render())
    }

    /// Window B: its stack "b" holds "b home" and product 7 on top; with that product and the tree
    /// as it renders, for the tests where window A's navigation reaches for a screen of B.
    func windowBShowingProduct7() -> (window: TestWindow, product: ProductScreen, before: String) {
        let product = ProductScreen(7)
        let window = TestWindow(root: TestNavigationContainer("b", stack: [TestScreen("b home"), product]))
        return (window, product, window.render())
    }

    func rendering(_ stack: String, _ screens: String...) -> String {
        (["window", "  nav \"\(stack)\""] + screens.map { "    screen \"\($0)\"" }).joined(separator: "\n")
    }

    // MARK: - 1. Two windows, one set of routes

    @Test("Two windows, one route: a navigation waiting in a guard in A and one in B each end in their own window")
    func twoWindowsEachEndInTheirOwn() async throws {
        let (windowA, beforeA) = stackWindow("a")
        let (windowB, _) = stackWindow("b")
        let routerA = DefaultRouter(window: windowA)
        let routerB = DefaultRouter(window: windowB)
        let route = pushedProduct(gatedID: 1)

        let inA = Task { try await routerA.navigate(to: route, with: 1, animated: false) }
        #expect(await gate.waitUntilWaiting())
        let inB = try await routerB.navigate(to: route, with: 2, animated: false)

        #expect(inB.containingWindow === windowB)
        #expect(windowA.render() == beforeA, "A's navigation waits in its guard: nothing of it may show yet")
        #expect(windowB.render() == rendering("b", "b home", "product 2"))

        gate.open()
        let shownInA = try await inA.value
        #expect(shownInA.containingWindow === windowA)
        #expect(windowA.render() == rendering("a", "a home", "product 1"))
        #expect(windowB.render() == rendering("b", "b home", "product 2"))
    }

    @Test("Two windows: a guard refusing in A after B navigated leaves A as it was and B as B's navigation left it")
    func failureInOneWindowLeavesBoth() async throws {
        let (windowA, beforeA) = stackWindow("a")
        let (windowB, _) = stackWindow("b")
        let routerA = DefaultRouter(window: windowA)
        let routerB = DefaultRouter(window: windowB)
        let route = pushedProduct(gatedID: 1, refused: [1])

        let inA = Task { try await routerA.navigate(to: route, with: 1, animated: false) }
        #expect(await gate.waitUntilWaiting())
        try await routerB.navigate(to: route, with: 2, animated: false)
        let afterB = windowB.render()
        gate.open()

        let result = await inA.result
        guard case .failure(let error as RoutingError) = result else {
            Issue.record("expected a RoutingError, got \(result)")
            return
        }
        #expect(error.code == .interceptorRejected)
        #expect(error.failingStep?.role == .interceptor)
        #expect(error.failingStep?.position == 0)
        #expect(error.underlyingError is MWRefused)
        #expect(windowA.render() == beforeA)
        #expect(windowB.render() == afterB)
        #expect(journal.lines == ["guard 1", "guard 2", "build product 2", "prepare product 2"])
    }

    @Test(
        "Two windows: a step's finder that answers a screen shown in the other window fails screenNotFound; both unchanged"
    )
    func finderAnsweringTheOtherWindowsScreen() async throws {
        let (windowA, beforeA) = stackWindow("a")
        let (windowB, shownInB, beforeB) = windowBShowingProduct7()
        let routerA = DefaultRouter(window: windowA)
        let route = StepAssembly(finder: MWHeldFinder(screen: shownInB), factory: ProductFactory(journal: journal))
            .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await routerA.navigate(to: route, with: 7, animated: false)
        }

        #expect(error?.code == .screenNotFound)
        #expect(error?.failingStep == FailingStep(position: 0, role: .finder, typeName: "MWHeldFinder"))
        #expect(error?.found.contains("not in the window") == true, "\(error?.found ?? "")")
        #expect(windowA.render() == beforeA)
        #expect(windowB.render() == beforeB)
        #expect(journal.lines.isEmpty, "nothing may run: \(journal.lines)")
    }

    @Test("Two windows: InstanceFinder of a screen shown in the other window does not find it; A builds its own")
    func instanceFinderDoesNotSeeTheOtherWindow() async throws {
        let (windowA, _) = stackWindow("a")
        let (windowB, shownInB, beforeB) = windowBShowingProduct7()
        let routerA = DefaultRouter(window: windowA)
        let route = StepAssembly(
            finder: InstanceFinder<ProductScreen, Int>(shownInB), factory: ProductFactory(journal: journal)
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        let shown = try await routerA.navigate(to: route, with: 7, animated: false)

        #expect(shown !== shownInB)
        #expect(windowA.render() == rendering("a", "a home", "product 7"))
        #expect(windowB.render() == beforeB)
    }

    @Test("Two windows: a factory returning a screen shown in the other window fails naming the push; both unchanged")
    func factoryReturningTheOtherWindowsScreenPushed() async throws {
        let (windowA, beforeA) = stackWindow("a")
        let (windowB, shownInB, beforeB) = windowBShowingProduct7()
        let routerA = DefaultRouter(window: windowA)
        let route = StepAssembly(finder: NilFinder<ProductScreen, Int>(), factory: ClosureFactory { _ in shownInB })
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await routerA.navigate(to: route, with: 7, animated: false)
        }

        #expect(error?.code == .actionFailed, "\(String(describing: error))")
        #expect(error?.failingStep?.role == .action)
        #expect(error?.failingStep?.position == 0)
        #expect(error?.appliedOperations == [])
        #expect(windowA.render() == beforeA)
        #expect(windowB.render() == beforeB)
        #expect(shownInB.containingWindow === windowB)
    }

    @Test("Two windows: a factory returning the other window's screen into a new presented stack fails; both unchanged")
    func factoryReturningTheOtherWindowsScreenIntoNewStack() async throws {
        let (windowA, beforeA) = stackWindow("a")
        let (windowB, shownInB, beforeB) = windowBShowingProduct7()
        let routerA = DefaultRouter(window: windowA)
        let route = StepAssembly(finder: NilFinder<ProductScreen, Int>(), factory: ClosureFactory { _ in shownInB })
            .using(TestNavigationContainer.push())
            .from(
                StepAssembly(
                    finder: NilFinder<TestNavigationContainer, Int>(),
                    factory: NavigationContainerFactory { _ in TestNavigationContainer("product-nav") })
            )
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await routerA.navigate(to: route, with: 7, animated: false)
        }

        #expect(error?.code == .factoryFailed || error?.code == .actionFailed, "\(String(describing: error))")
        #expect(error?.appliedOperations == [])
        #expect(windowA.render() == beforeA)
        #expect(windowB.render() == beforeB)
        #expect(shownInB.containingWindow === windowB)
    }

    // MARK: - 2. One window, two routers

    @Test("One window, two routers: each has its own queue; the other router's change is planned around")
    func twoRoutersOneWindowQueues() async throws {
        let (window, _) = stackWindow("main")
        let appRouter = DefaultRouter(window: window)
        let testRouter = DefaultRouter(window: window)
        let route = pushedProduct(gatedID: 1)

        let app = Task { try await appRouter.navigate(to: route, with: 1, animated: false) }
        #expect(await gate.waitUntilWaiting())
        // The queue is the router's: the app router's navigation does not make the other one busy.
        try await testRouter.navigate(to: route, with: 2, animated: false, queueing: .failIfBusy)
        // The app router itself is busy.
        let busy = await #expect(throws: RoutingError.self) {
            try await appRouter.navigate(to: route, with: 3, animated: false, queueing: .failIfBusy)
        }
        #expect(busy?.code == .busy)
        #expect(window.render() == rendering("main", "main home", "product 2"))

        gate.open()
        let shown = try await app.value
        #expect(shown.productID == 1)
        // Planned again after the guard: pushed on the stack as the other router left it.
        #expect(window.render() == rendering("main", "main home", "product 2", "product 1"))
    }

    @Test("One window, two routers: a guard of one router's navigation shows a sign-in with the other router")
    func guardNavigatesWithTheOtherRouter() async throws {
        let (window, _) = stackWindow("main")
        let appRouter = DefaultRouter(window: window)
        let otherRouter = DefaultRouter(window: window)
        let route = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(
            ClosureInterceptor<Int> { [journal] _ in
                let login = try await otherRouter.navigate(to: LoginScreen.presentedOverCurrent, animated: false)
                journal.record("login shown in \(login.containingWindow === window ? "the window" : "another")")
                try await (login.presentingScreen as? any ModalPresenting)?.dismissPresentedScreen(animated: false)
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        let shown = try await appRouter.navigate(to: route, with: 4, animated: false)

        #expect(shown.productID == 4)
        #expect(journal.lines == ["login shown in the window", "build product 4"])
        #expect(window.render() == rendering("main", "main home", "product 4"))
    }

    @Test("One window, two routers: a navigation asked for during the other router's animated push waits for it")
    func otherRouterWaitsForTheRunningTransition() async throws {
        let (window, _) = stackWindow("main")
        window.clock.mode = .manual
        let appRouter = DefaultRouter(window: window)
        let otherRouter = DefaultRouter(window: window)
        let route = pushedProduct()

        let first = Task { try await appRouter.navigate(to: route, with: 1, animated: true) }
        #expect(await window.clock.waitForPendingTransition())
        let second = Task { try await otherRouter.navigate(to: route, with: 2, animated: true) }
        for _ in 0..<50 { await Task.yield() }
        #expect(window.clock.pendingTransitions.count == 1, "\(window.clock.pendingTransitions)")
        window.clock.advance()
        #expect(await window.clock.waitForPendingTransition())
        window.clock.advance()

        #expect(try await first.value.productID == 1)
        #expect(try await second.value.productID == 2)
        #expect(window.render() == rendering("main", "main home", "product 1", "product 2"))
    }

    @Test(
        "One window, two routers: a screen another router pushes during a container factory's wait refuses the reveal cleanly"
    )
    func otherRouterChangesTheTreeDuringBuild() async throws {
        let (window, _) = stackWindow("main")
        let appRouter = DefaultRouter(window: window)
        let otherRouter = DefaultRouter(window: window)
        // The product in a new stack presented over the stack's home (found by name), built slowly.
        let route = StepAssembly(finder: NilFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .using(TestNavigationContainer.push())
            .from(
                StepAssembly(
                    finder: NilFinder<TestNavigationContainer, Int>(),
                    factory: MWSlowStackFactory(gate: gate, name: "product-nav"))
            )
            .using(GeneralAction.presentModally())
            .from(GeneralStep.custom(PredicateFinder<TestScreen, Int> { screen, _ in screen.name == "main home" }))
            .assemble()
        let form = TestScreen("unsaved form")
        form.canBeDismissed = false
        let pushForm = StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in form })
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()

        let app = Task { try await appRouter.navigate(to: route, with: 1, animated: false) }
        #expect(await gate.waitUntilWaiting())
        try await otherRouter.navigate(to: pushForm, animated: false)
        let afterOther = window.render()
        #expect(afterOther == rendering("main", "main home", "unsaved form"))
        gate.open()

        let result = await app.result
        guard case .failure(let error as RoutingError) = result else {
            Issue.record("expected a RoutingError, got \(result); tree:\n\(window.render())")
            return
        }
        #expect(error.code == .dismissalRefused, "\(error)")
        #expect(error.found.contains("unsaved form"), "\(error.found)")
        #expect(error.appliedOperations == [])
        #expect(window.render() == afterOther)
    }

    // MARK: - 4. SwitchAssembly switched at run time

    @MainActor
    final class Flags {
        var newFlow = false
    }

    func flow(_ name: String, gated: Bool = false) -> DestinationStep<TestScreen, Int> {
        StepAssembly(
            finder: PredicateFinder<TestScreen, Int> { screen, _ in screen.name == name },
            factory: ClosureFactory { [journal] _ in
                journal.record("build \(name)")
                return TestScreen(name)
            }
        )
        .adding(
            ClosureInterceptor<Int> { [journal, gate] _ in
                journal.record("\(name) guard")
                if gated { await gate.wait() }
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
    }

    @Test(
        "A switch flipped by another window's navigation while this one waits in a guard: re-planned, new case guarded")
    func switchFlippedByOtherWindowDuringGuard() async throws {
        let (windowA, _) = stackWindow("a")
        let (windowB, _) = stackWindow("b")
        let routerA = DefaultRouter(window: windowA)
        let routerB = DefaultRouter(window: windowB)
        let flags = Flags()
        let route = SwitchAssembly<TestScreen, Int>()
            .addCase(if: { flags.newFlow }, flow("new"))
            .assemble(default: flow("classic", gated: true))
        // Window B's navigation puts the user in the new flow's group (a remote configuration it loads).
        let flipping = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("settings") }
        )
        .adding(ClosureContextTask<TestScreen, Void> { _, _ in flags.newFlow = true })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        let inA = Task { try await routerA.navigate(to: route, with: 1, animated: false) }
        #expect(await gate.waitUntilWaiting())
        try await routerB.navigate(to: flipping, animated: false)
        gate.open()
        let shown = try await inA.value

        #expect(shown.name == "new", "the flag changed during the guard; documented: planned again with the new case")
        #expect(journal.lines == ["classic guard", "new guard", "build new"])
        #expect(windowA.render() == rendering("a", "a home", "new"))
        #expect(windowB.render() == rendering("b", "b home", "settings"))
    }

    @Test(
        "A switch flipped after the guards (during a slow build) keeps the planned case, unmixed; the next navigation takes the new one"
    )
    func switchFlippedAfterGuardsKeepsPlan() async throws {
        let (window, _) = stackWindow("main")
        let router = DefaultRouter(window: window)
        let flags = Flags()
        func slowFlow(_ name: String) -> DestinationStep<TestScreen, Int> {
            StepAssembly(
                finder: NilFinder<TestScreen, Int>(),
                factory: ClosureFactory { [journal] _ in
                    journal.record("build \(name)")
                    return TestScreen(name)
                }
            )
            .adding(ClosureInterceptor<Int> { [journal] _ in journal.record("\(name) guard") })
            .using(TestNavigationContainer.push())
            .from(
                StepAssembly(
                    finder: NilFinder<TestNavigationContainer, Int>(),
                    factory: MWSlowStackFactory(gate: gate, name: "\(name)-nav"))
            )
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
        }
        let route = SwitchAssembly<TestScreen, Int>()
            .addCase(if: { flags.newFlow }, slowFlow("new"))
            .assemble(default: slowFlow("classic"))

        let navigation = Task { try await router.navigate(to: route, with: 1, animated: false) }
        #expect(await gate.waitUntilWaiting())
        flags.newFlow = true
        gate.open()
        let shown = try await navigation.value

        #expect(shown.name == "classic")
        #expect(journal.lines == ["classic guard", "build classic"])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "main home"
                  presented automatic (as pageSheet):
                    nav "classic-nav"
                      screen "classic"
                """)
    }

    @Test(
        "A switch flipped by the navigation's own context task keeps the case planned; the next navigation takes the new one"
    )
    func switchFlippedByContextTask() async throws {
        let (window, _) = stackWindow("main")
        let router = DefaultRouter(window: window)
        let flags = Flags()
        let route = SwitchAssembly<TestScreen, Int>()
            .addCase(if: { flags.newFlow }, flow("new"))
            .assemble(default: flow("classic"))
        router.add(ClosureContextTask<any Screen, Any> { _, _ in flags.newFlow = true })

        let first = try await router.navigate(to: route, with: 1, animated: false)
        #expect(first.name == "classic")
        let second = try await router.navigate(to: route, with: 1, animated: false)
        #expect(second.name == "new")
        #expect(journal.lines == ["classic guard", "build classic", "new guard", "build new"])
        #expect(window.render() == rendering("main", "main home", "classic", "new"))
    }

    @Test(
        "Two guards that flip a switch back and forth: the navigation settles or fails; it never shows an unguarded case"
    )
    func switchFlippedBackAndForthByGuards() async throws {
        let (window, before) = stackWindow("main")
        let router = DefaultRouter(window: window)
        let flags = Flags()
        func flipping(_ name: String, to value: Bool) -> DestinationStep<TestScreen, Int> {
            StepAssembly(finder: NilFinder<TestScreen, Int>(), factory: ClosureFactory { _ in TestScreen(name) })
                .adding(
                    ClosureInterceptor<Int> { [journal] _ in
                        journal.record("\(name) guard")
                        flags.newFlow = value
                    }
                )
                .using(TestNavigationContainer.push())
                .from(GeneralStep.current().expectingContainer())
                .assemble()
        }
        let route = SwitchAssembly<TestScreen, Int>()
            .addCase(if: { flags.newFlow }, flipping("new", to: false))
            .assemble(default: flipping("classic", to: true))

        let result = await Task { try await router.navigate(to: route, with: 1, animated: false) }.result
        switch result {
        case .success(let shown):
            // Shown: the case the flag picks now, and its guard ran.
            #expect(shown.name == (flags.newFlow ? "new" : "classic"))
            #expect(journal.lines.contains("\(shown.name) guard"))
        case .failure(let error as RoutingError):
            #expect(error.code == .interceptorRejected)
            #expect(window.render() == before)
        case .failure(let error):
            Issue.record("not a RoutingError: \(error)")
        }
    }

    // MARK: - 5. Window switched or replaced while a navigation waits

    @Test("A window provider switched while a navigation waits in a guard: it ends in the window it started in")
    func providerSwitchedDuringGuard() async throws {
        let (windowA, _) = stackWindow("a")
        let (windowB, beforeB) = stackWindow("b")
        let provider = MWSwitchableProvider(windowA)
        let router = DefaultRouter(windowProvider: provider)
        let route = pushedProduct(gatedID: 1)

        let navigation = Task { try await router.navigate(to: route, with: 1, animated: false) }
        #expect(await gate.waitUntilWaiting())
        provider.current = windowB
        gate.open()
        let shown = try await navigation.value

        #expect(shown.containingWindow === windowA)
        #expect(windowA.render() == rendering("a", "a home", "product 1"))
        #expect(windowB.render() == beforeB)
    }

    @Test("A window provider switched between navigations: each navigation asks it again; nil is noWindow")
    func providerSwitchedBetweenNavigations() async throws {
        let (windowA, _) = stackWindow("a")
        let (windowB, _) = stackWindow("b")
        let provider = MWSwitchableProvider(windowA)
        let router = DefaultRouter(windowProvider: provider)
        let route = pushedProduct()
        try await router.navigate(to: route, with: 1, animated: false)
        #expect(windowA.render() == rendering("a", "a home", "product 1"))
        provider.current = windowB
        // The next navigation asks the provider again.
        try await router.navigate(to: route, with: 2, animated: false)
        #expect(windowB.render() == rendering("b", "b home", "product 2"))
        provider.current = nil
        let none = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: route, with: 3, animated: false)
        }
        #expect(none?.code == .noWindow)
        provider.current = windowA
        try await router.navigate(to: route, with: 1, animated: false)
        #expect(windowA.render() == rendering("a", "a home", "product 1"))
    }

    @Test(
        "A window's root replaced while a navigation waits in a guard: planned again on the new root, or a clear error")
    func rootReplacedDuringGuard() async throws {
        let list = ListScreen()
        let window = TestWindow(root: TestNavigationContainer("main", stack: [list]))
        let router = DefaultRouter(window: window)
        let overList = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(ClosureInterceptor<Int> { [gate] _ in await gate.wait() })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<ListScreen, Int>()).expectingContainer())
        .assemble()

        let navigation = Task { try await router.navigate(to: overList, with: 1, animated: false) }
        #expect(await gate.waitUntilWaiting())
        try await window.setRootScreen(
            TestNavigationContainer("onboarding", stack: [TestScreen("welcome")]), animated: false)
        let after = window.render()
        gate.open()

        let result = await navigation.result
        guard case .failure(let error as RoutingError) = result else {
            Issue.record("expected a RoutingError, got \(result); tree:\n\(window.render())")
            return
        }
        #expect(error.code == .noAnchor, "\(error)")
        #expect(window.render() == after)
        #expect(journal.lines == [], "nothing built for a list that left the window: \(journal.lines)")
    }

    @Test("A window's root replaced while a navigation's animated push runs: the navigation does not report success")
    func rootReplacedDuringTransition() async throws {
        let (window, _) = stackWindow("main")
        window.clock.mode = .manual
        let router = DefaultRouter(window: window)
        let route = pushedProduct()

        let navigation = Task { try await router.navigate(to: route, with: 1, animated: true) }
        #expect(await window.clock.waitForPendingTransition())
        let replacing = Task {
            try await window.setRootScreen(
                TestNavigationContainer("onboarding", stack: [TestScreen("welcome")]), animated: false)
        }
        await turns { window.root?.name == "onboarding" }
        #expect(window.root?.name == "onboarding", "the root is replaced before the push's transition ends")
        _ = window.clock.advanceAll()
        try await replacing.value
        let result = await navigation.result

        #expect(window.render() == rendering("onboarding", "welcome"))
        switch result {
        case .success(let shown):
            Issue.record("navigate returned \(shown), which is not in the window:\n\(window.render())")
        case .failure(let error as RoutingError):
            #expect(error.code == .actionFailedAfterChanges || error.code == .actionFailed, "\(error)")
        case .failure(let error):
            Issue.record("not a RoutingError: \(error)")
        }
    }

    @Test("A router released while its navigation waits in a guard: the navigation still ends cleanly")
    func routerReleasedDuringGuard() async throws {
        let (window, _) = stackWindow("main")
        let route = pushedProduct(gatedID: 1)
        weak var weakRouter: DefaultRouter?
        /// What the app keeps: its only reference to the router, dropped while the navigation waits.
        @MainActor final class Holder { var router: DefaultRouter? }
        let holder = Holder()
        holder.router = DefaultRouter(window: window)
        weakRouter = holder.router
        let navigation = Task { [holder] in
            guard let router = holder.router else { throw CancellationError() }
            return try await router.navigate(to: route, with: 1, animated: false)
        }
        #expect(await gate.waitUntilWaiting())
        holder.router = nil
        gate.open()
        let shown = try await navigation.value
        #expect(shown.productID == 1)
        #expect(window.render() == rendering("main", "main home", "product 1"))
        await turns { weakRouter == nil }
        #expect(weakRouter == nil, "the router is released once its navigation ended")
    }

    // MARK: - 7. Result waits across routers of one window

    /// ResultsAndObservation.md, "The screen leaves without finishing": "another navigation revealed
    /// a screen beneath it: the caller receives `nil` as soon as the change is reported ... Nothing
    /// waits for ever". Here the other navigation is another router's of the same window, and the
    /// app still holds the screen (its view model), so release does not end the wait either.
    @Test("One window, two routers: a screen awaited through one router, popped by the other's navigation, answers nil")
    func resultWaitEndsWhenTheOtherRouterRemovesTheScreen() async throws {
        let window = ResultRoutes.window()
        let appRouter = DefaultRouter(window: window)
        let otherRouter = DefaultRouter(window: window)
        let asking = Task {
            try await appRouter.navigate(
                to: ResultRoutes().pushedPicker, with: .red, awaitingResult: Colour.self, animated: false)
        }
        #expect(await appRouter.waitForResultWait())
        let keptByTheApp = try #require(window.current as? ColourPicker)
        let home = GeneralStep.custom(ClassFinder<HomeScreen, Void>())

        try await otherRouter.navigate(to: home, animated: false)
        #expect(window.render() == rendering("main", "home"))
        for _ in 0..<1_000 where appRouter.waitingResults > 0 { await Task.yield() }

        #expect(
            appRouter.waitingResults == 0,
            "the picker left the window, popped by the other router; the caller still waits")
        if appRouter.waitingResults == 0 {
            let answer = try await asking.value
            #expect(answer == nil)
        } else {
            // Unblock the caller: the app's own router navigates, and its report ends the wait.
            try await appRouter.navigate(to: home, animated: false)
            let answer = try await asking.value
            #expect(answer == nil)
        }
        #expect(keptByTheApp.containingWindow == nil)
    }

    @Test("Control: the same pop made by the awaiting router itself ends the wait with nil")
    func resultWaitEndsWhenTheSameRouterRemovesTheScreen() async throws {
        let window = ResultRoutes.window()
        let router = DefaultRouter(window: window)
        let asking = Task {
            try await router.navigate(
                to: ResultRoutes().pushedPicker, with: .red, awaitingResult: Colour.self, animated: false)
        }
        #expect(await router.waitForResultWait())
        let keptByTheApp = try #require(window.current as? ColourPicker)

        try await router.navigate(to: GeneralStep.custom(ClassFinder<HomeScreen, Void>()), animated: false)

        #expect(router.waitingResults == 0)
        #expect(try await asking.value == nil)
        #expect(keptByTheApp.containingWindow == nil)
    }

    /// Window A with a picker pushed and awaited through a router whose provider answers A for
    /// now, and a window B to switch the provider to.
    private func pickerAwaitedInA() async -> (
        windowA: TestWindow, windowB: TestWindow, provider: MWSwitchableProvider, router: DefaultRouter,
        asking: Task<Colour?, any Error>
    ) {
        let windowA = ResultRoutes.window()
        let (windowB, _) = stackWindow("b")
        let provider = MWSwitchableProvider(windowA)
        let router = DefaultRouter(windowProvider: provider)
        let asking = Task {
            try await router.navigate(
                to: ResultRoutes().pushedPicker, with: .red, awaitingResult: Colour.self, animated: false)
        }
        #expect(await router.waitForResultWait())
        return (windowA, windowB, provider, router, asking)
    }

    /// A router whose window provider now answers another window (the scene that asks changed)
    /// still has a caller waiting for a screen in the first window. The docs: the caller receives
    /// `nil` when the screen leaves without finishing; the picker never left, so its answer must
    /// still reach the caller, and its finish must remove it from the window it is in.
    @Test("A provider switched to window B while a screen in A is awaited: B's navigation must not end A's wait")
    func resultWaitSurvivesAProviderSwitch() async throws {
        let (windowA, windowB, provider, router, asking) = await pickerAwaitedInA()
        let picker = try #require(windowA.current as? ColourPicker)

        provider.current = windowB
        try await router.navigate(to: pushedProduct(), with: 2, animated: false)
        #expect(windowB.render() == rendering("b", "b home", "product 2"))

        #expect(picker.containingWindow === windowA, "the picker is still on screen in A")
        #expect(router.waitingResults == 1, "the caller's wait ended although the picker is still on screen in A")
        var finishOutcome: Result<Void, RoutingError>?
        picker.resultHandle?.finish(with: .blue, animated: false) { finishOutcome = $0 }
        for _ in 0..<1_000 where finishOutcome == nil { await Task.yield() }
        let answer = try await asking.value

        #expect(answer == .blue, "the picker answered blue")
        if case .failure(let error)? = finishOutcome { Issue.record("the finish failed: \(error)") }
        #expect(windowA.render() == rendering("main", "home"), "the finished picker leaves the window it is in")
    }

    /// The other half of a wait that belongs to its window: the user's back tap in window A, once
    /// the router's provider answers B, still ends A's wait (the router's own observers, which
    /// follow B, hear nothing of it).
    @Test("A provider switched to window B: the user's back tap in A still ends the wait for A's screen with nil")
    func resultWaitEndsByTheUserInItsOwnWindowAfterAProviderSwitch() async throws {
        let (windowA, windowB, provider, router, asking) = await pickerAwaitedInA()
        let stackA = try #require(windowA.rootScreen as? TestNavigationContainer)

        provider.current = windowB
        try await stackA.userPop(animated: false)

        #expect(windowA.render() == rendering("main", "home"))
        #expect(router.waitingResults == 0, "the picker left window A; its caller still waits")
        if router.waitingResults == 0 { #expect(try await asking.value == nil) } else { asking.cancel() }
    }
}
