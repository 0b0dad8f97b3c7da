import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// An A/B flag read at navigation time.
@MainActor
final class Experiment {
    var isGroupB = false
}

/// What a finder throws while the catalog it reads is locked.
struct CatalogLocked: Error, CustomStringConvertible {
    var description: String { "the catalog is locked" }
}

/// A finder that cannot answer: it throws ``CatalogLocked``.
struct LockedFinder<ViewController>: Finder {
    func findScreen(with context: Int, in tree: ScreenTree) throws -> ViewController? { throw CatalogLocked() }
}

@MainActor
@Suite("Configuration sets and the navigation queue")
struct SwitchAndQueueTests {
    let journal = Journal()
    var routes: Routes { Routes(journal: journal) }

    @Test("SwitchAssembly picks the configuration set of the A/B flag at navigation time")
    func switchPicksFlaggedSet() async throws {
        let experiment = Experiment()
        let product = SwitchAssembly<ProductScreen, Int>()
            .addCase(if: { experiment.isGroupB }, routes.productModal)
            .assemble(default: routes.productPushed)
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)

        try await router.navigate(to: product, with: 1)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "product 1"
                """)

        experiment.isGroupB = true
        try await router.navigate(to: product, with: 2)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "product 1"
                  presented automatic (as pageSheet):
                    nav "product-nav"
                      screen "product 2"
                """)
    }

    @Test("SwitchAssembly without a matching case or default fails with noMatchingCase")
    func switchWithoutMatch() async throws {
        let product = SwitchAssembly<ProductScreen, Int>()
            .addCase { id in id > 100 ? routes.productModal : nil }
            .addCase(when: ClassFinder<TestTabsContainer, Int>(), from: routes.productPushed)
            .assemble()
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: product, with: 1)
        }
        #expect(error?.code == .noMatchingCase)

        try await router.navigate(to: product, with: 101)
        #expect(window.render().contains("screen \"product 101\""))
    }

    /// A case's finder decides which steps the navigation takes, so its error is a finder's:
    /// ``RoutingError/Code/screenNotFound`` naming the case and the finder, with the finder's error
    /// as the cause, before any guard or factory runs. Before, it reached the caller as an
    /// anonymous `actionFailed` ("an unexpected error") naming no step.
    @Test("A SwitchAssembly case whose finder throws fails with screenNotFound naming the case and its finder")
    func switchCaseFinderErrorNamesTheCase() async throws {
        let (window, before) = homeStackWindow()
        let router = DefaultRouter(window: window)
        let product = SwitchAssembly<ProductScreen, Int>()
            .addCase { id in id > 100 ? routes.productModal : nil }
            .addCase(when: LockedFinder<ProductScreen>(), from: routes.productModal)
            .assemble(default: routes.productPushed)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: product, with: 1)
        }

        #expect(error?.code == .screenNotFound)
        #expect(error?.step == "case 2 of SwitchAssembly<ProductScreen, Int> (finder LockedFinder<ProductScreen>)")
        #expect(error?.failingStep == FailingStep(position: 0, role: .finder, typeName: "LockedFinder<ProductScreen>"))
        #expect(error?.expected == "the finder to answer whether the screen exists")
        #expect(error?.found == "the finder threw")
        #expect(error?.underlyingError is CatalogLocked)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
    }

    @MainActor
    final class Flags {
        var newFlow = false
    }

    func flow(_ name: String) -> DestinationStep<TestScreen, Int> {
        StepAssembly(
            finder: PredicateFinder<TestScreen, Int> { screen, _ in screen.name == name },
            factory: ClosureFactory { _ in TestScreen(name) }
        )
        .adding(ClosureInterceptor<Int> { [journal] _ in journal.record("\(name) guard") })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
    }

    @Test("The screen a SwitchAssembly picks after the guards changed the tree and the flag runs its own guard")
    func switchBranchPickedAfterGuardsIsGuarded() async throws {
        let main = TestNavigationContainer("main", stack: [TestScreen("home")])
        let window = TestWindow(root: main)
        let router = DefaultRouter(window: window)
        let flags = Flags()
        // A sign-in that came and went, and put the user in the new flow's group.
        router.add(
            ClosureInterceptor<Any> { _ in
                try await main.presentScreen(TestScreen("login"), animated: false)
                try await main.dismissPresentedScreen(animated: false)
                flags.newFlow = true
            })
        let route = SwitchAssembly<TestScreen, Int>()
            .addCase(if: { flags.newFlow }, flow("new"))
            .assemble(default: flow("classic"))

        let shown = try await router.navigate(to: route, with: 1, animated: false)

        #expect(
            journal.lines.contains("\(shown.name) guard"),
            "\(shown.name) was shown without its guard; guards that ran: \(journal.lines)")
    }

    @Test("A flag a guard switches picks the new case when both cases build screens of the same types")
    func switchCaseChosenAgainAfterAGuardSwitchesTheFlag() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let flags = Flags()
        // The user's A/B group becomes known in the guard (a remote configuration it waits for).
        router.add(ClosureInterceptor<Any> { _ in flags.newFlow = true })
        let route = SwitchAssembly<TestScreen, Int>()
            .addCase(if: { flags.newFlow }, flow("new"))
            .assemble(default: flow("classic"))

        let shown = try await router.navigate(to: route, with: 1, animated: false)

        // With a case whose step types differ from the default's, the router already plans again
        // and shows the new case; a case that differs only in its closures must not be missed.
        #expect(shown.name == "new", "the guards switched the flag, yet the case chosen before them was shown")
        #expect(journal.lines.contains("new guard"), "\(journal.lines)")
    }

    @Test("A route a switch case makes anew on each resolution is guarded once when a guard changes the tree")
    func routeMadeAnewIsGuardedOnce() async throws {
        let main = TestNavigationContainer("main", stack: [TestScreen("home")])
        let window = TestWindow(root: main)
        let router = DefaultRouter(window: window)
        // A sign-in that came and went: the router plans again, and the case builds its route again.
        router.add(
            ClosureInterceptor<Any> { _ in
                try await main.presentScreen(TestScreen("login"), animated: false)
                try await main.dismissPresentedScreen(animated: false)
            })
        let route = SwitchAssembly<TestScreen, Int>()
            .addCase { [self] _ in flow("fresh") }
            .assemble()

        let shown = try await router.navigate(to: route, with: 1, animated: false)

        #expect(shown.name == "fresh")
        #expect(journal.lines == ["fresh guard"])
    }

    /// Holds a route a switch case leads to, set after the switch is made.
    @MainActor
    final class RouteHolder {
        var route: DestinationStep<TestScreen, Int>?
    }

    /// A case whose route is the switch itself would resolve until the stack overflows; it fails
    /// instead, naming the switch, before anything runs.
    @Test("A SwitchAssembly case that leads back to its own switch fails, naming the switch, with nothing run")
    func switchLeadingBackToItselfFails() async throws {
        let (window, before) = homeStackWindow()
        let router = DefaultRouter(window: window)
        let holder = RouteHolder()
        let route = SwitchAssembly<TestScreen, Int>()
            .addCase { _ in holder.route }
            .assemble()
        holder.route = route

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: route, with: 1) }

        #expect(error?.code == .noMatchingCase)
        #expect(error?.step == "SwitchAssembly<TestScreen, Int>")
        #expect(error?.found.contains("leads back through the switch itself") == true, "\(String(describing: error))")
        #expect(window.render() == before)
        holder.route = nil
    }

    /// A finder that answers with a screen the app kept, whether or not it is still in the window.
    struct KeptScreenFinder: Finder {
        let screen: ProductScreen
        func findScreen(with context: Int, in tree: ScreenTree) throws -> ProductScreen? { screen }
    }

    /// A case's finder is refused an answer outside the window as a step's finder is: the case
    /// would lead on from a screen the user closed.
    @Test("A SwitchAssembly case whose finder answers with a screen that left the window fails, naming the case")
    func switchCaseFinderAnsweringAScreenOffTheWindow() async throws {
        let (window, before) = homeStackWindow()
        let router = DefaultRouter(window: window)
        // Shown once, closed by the user since, still kept by the app.
        let closed = ProductScreen(5)
        let product = SwitchAssembly<ProductScreen, Int>()
            .addCase(when: KeptScreenFinder(screen: closed), from: routes.productModal)
            .assemble(default: routes.productPushed)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: product, with: 1)
        }

        #expect(error?.code == .screenNotFound)
        #expect(error?.step == "case 1 of SwitchAssembly<ProductScreen, Int> (finder KeptScreenFinder)")
        #expect(error?.failingStep == FailingStep(position: 0, role: .finder, typeName: "KeptScreenFinder"))
        #expect(error?.found.hasSuffix("which is not in the window (removed from it, or never shown)") == true)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
    }

    /// A switch that picks the origin of a chain stands where its branch will: the failing step's
    /// position counts the steps towards the destination, as a step's own finder error does.
    @Test("A throwing case finder of a SwitchAssembly at the origin of a chain is named at the origin's position")
    func switchCaseFinderErrorAtTheOrigin() async throws {
        let (window, before) = homeStackWindow()
        let router = DefaultRouter(window: window)
        let stack = SwitchAssembly<TestNavigationContainer, Int>()
            .addCase(when: LockedFinder<TestNavigationContainer>(), from: GeneralStep.current().expectingContainer())
            .assemble(default: GeneralStep.current().expectingContainer())
        let product = StepAssembly(
            finder: NilFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
        .using(TestNavigationContainer.push())
        .from(stack)
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: product, with: 1)
        }

        #expect(error?.code == .screenNotFound)
        #expect(
            error?.step
                == "case 1 of SwitchAssembly<TestNavigationContainer, Int> (finder LockedFinder<TestNavigationContainer>)"
        )
        #expect(
            error?.failingStep
                == FailingStep(position: 1, role: .finder, typeName: "LockedFinder<TestNavigationContainer>"))
        #expect(error?.underlyingError is CatalogLocked)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
    }

    @Test(
        "Ten navigations asked for while transitions are held open all complete, in order; a cancelled one changes nothing"
    )
    func queuedNavigationsKeepTheirOrder() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        window.clock.mode = .manual
        let router = DefaultRouter(window: window)
        var finished: [Int] = []
        var tasks: [Task<Void, any Error>] = []
        for id in 1...11 {
            tasks.append(
                Task {
                    try await router.navigate(to: routes.productPushed, with: id)
                    finished.append(id)
                })
        }
        await window.clock.waitForPendingTransition()
        #expect(router.waitingNavigations == 10)
        tasks[5].cancel()

        // Ten pushes, each started only once the one before finished. The loop counts transitions,
        // not finished callers: how many main-actor turns a finished push takes to reach its
        // caller depends on what else the test process runs.
        for push in 1...10 {
            let started = await window.clock.waitForPendingTransition()
            #expect(started, "push \(push) of 10 never started")
            #expect(window.clock.pendingTransitions.count == 1, "\(window.clock.pendingTransitions)")
            window.clock.advance()
        }
        // A push the queue should not have started finishes at once and shows in the tree below,
        // instead of holding its caller (and the test) for ever.
        window.clock.mode = .immediate
        for (index, task) in tasks.enumerated() where index != 5 { try await task.value }
        let cancelled = await tasks[5].result
        let error = try #require(
            { () -> RoutingError? in
                if case .failure(let error) = cancelled { return error as? RoutingError }
                return nil
            }())

        #expect(error.code == .cancelled)
        #expect(finished == [1, 2, 3, 4, 5, 7, 8, 9, 10, 11])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "product 1"
                    screen "product 2"
                    screen "product 3"
                    screen "product 4"
                    screen "product 5"
                    screen "product 7"
                    screen "product 8"
                    screen "product 9"
                    screen "product 10"
                    screen "product 11"
                """)
    }

    @Test("A navigation whose task is already cancelled fails with cancelled and changes nothing")
    func cancelledBeforeStart() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let before = window.render()
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            return try await router.navigate(to: routes.productPushed, with: 1)
        }

        let result = await task.result

        guard case .failure(let error as RoutingError) = result else {
            Issue.record("expected a RoutingError, got \(result)")
            return
        }
        #expect(error.code == .cancelled)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
    }

    @Test("The completion-handler form reports the destination")
    func completionHandlerForm() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)

        let name = await withCheckedContinuation { continuation in
            router.navigate(to: routes.productPushed, with: 9) { result in
                continuation.resume(returning: (try? result.get())?.name ?? "failed")
            }
        }

        #expect(name == "product 9")
    }
}

/// A window of the stack "main" holding "home", and its rendering, checked to be that.
@MainActor
func homeStackWindow() -> (TestWindow, String) {
    let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
    let rendering = """
        window
          nav "main"
            screen "home"
        """
    #expect(window.render() == rendering)
    return (window, rendering)
}
