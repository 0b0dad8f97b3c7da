import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// The outcome of work a test started in a task of its own, read without ever awaiting the task,
/// so a navigation that never ends fails the test instead of hanging it.
@MainActor
final class TaskOutcome<Value> {
    private(set) var result: Result<Value, any Error>?
    var isDone: Bool { result != nil }

    init(_ work: @escaping @MainActor () async throws -> Value) {
        Task { @MainActor in
            do {
                let value = try await work()
                self.result = .success(value)
            } catch {
                self.result = .failure(error)
            }
        }
    }

    var error: RoutingError? {
        guard case .failure(let error)? = result else { return nil }
        return error as? RoutingError
    }

    var value: Value? {
        guard case .success(let value)? = result else { return nil }
        return value
    }
}

/// A wait a test ends, which ends early (throwing) when its task is cancelled: a guard waiting for
/// a user who may never answer, written to honour cancellation.
@MainActor
final class CancellableWait {
    private var continuation: CheckedContinuation<Void, any Error>?
    private(set) var isWaiting = false
    private(set) var sawCancellation = false

    func wait() async throws {
        isWaiting = true
        defer { isWaiting = false }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation = $0 }
        } onCancel: {
            Task { @MainActor in self.cancelled() }
        }
    }

    private func cancelled() {
        sawCancellation = true
        continuation?.resume(throwing: CancellationError())
        continuation = nil
    }

    func open() {
        continuation?.resume()
        continuation = nil
    }
}

/// A stack container factory that, before building, asks something through a navigation of the
/// router (runs nested, since the container factories run with the router marked active).
struct NavigatingStackFactory: ContainerFactory {
    let router: DefaultRouter
    let ask: DestinationStep<TestScreen, Void>
    let name: String

    func build(with context: Void, children: ContainerChildren) async throws -> TestNavigationContainer {
        try await router.navigate(to: ask, animated: false)
        let stack = TestNavigationContainer(name)
        try await stack.setStack(children.screens, animated: false)
        return stack
    }
}

/// Interleavings of the router's queue found by review: each test states what the documentation
/// promises and fails while the router breaks it.
@MainActor
@Suite("Navigations started from inside others, interrupts and hand-offs of the turn")
struct QueueInterleavingTests: JournaledRouting {
    let journal = Journal()

    /// Advances the clock until `done` holds (bounded).
    func drive(_ clock: TransitionClock, until done: @MainActor () -> Bool) async {
        for _ in 0..<2000 where !done() {
            clock.advanceAll()
            await Task.yield()
        }
    }

    // MARK: - A result screen finished from inside a guard

    /// `ResultHandle.finish` removes the screen in a plain `Task`, which inherits the task-local
    /// mark of whatever navigation is running where `finish` is called. Called from a guard (close
    /// the picker before checkout), the removal is taken for a navigation the guard awaits and
    /// runs at once, inside the guarded navigation's turn, which does not wait for it: the screen
    /// changes while a guard runs (before the guarded navigation has decided anything), outside
    /// the queue, and the guarded navigation then plans on a tree moved under it.
    @Test("A result screen finished from inside another navigation's guard waits its turn to leave")
    func finishFromAGuardWaitsItsTurn() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TestWindow(root: TestNavigationContainer("main", stack: [HomeScreen("home")]), clock: clock)
        let router = DefaultRouter(window: window)
        let routes = ResultRoutes()
        let door = HeldDoor()
        let asking = TaskOutcome {
            try await router.navigate(
                to: routes.presentedPicker, with: .red, awaitingResult: Colour.self, animated: false)
        }
        await waitUntil { router.waitingResults == 1 }
        let picker = try #require(window.current as? ColourPicker)
        // Checkout closes the picker, then asks the server (the door) before going ahead.
        let checkout = StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { [journal] in
                journal.record("build checkout")
                let screen = TestScreen("checkout")
                screen.modalStyle = .pageSheet
                return screen
            }
        )
        .adding(
            ClosureInterceptor<Void> { _ in
                picker.resultHandle?.finish(with: .blue, animated: true)
                await door.pass()
            }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        let before = window.render()

        let navigation = TaskOutcome { try await router.navigate(to: checkout, animated: true) }
        await waitUntil { door.isWaiting }
        await waitUntil { router.waitingNavigations == 1 }
        await settle()

        #expect(router.waitingNavigations == 1, "the picker's removal waits for the guarded navigation")
        #expect(clock.pendingTransitions.isEmpty, "nothing moves while the guard waits: \(clock.pendingTransitions)")
        #expect(window.render() == before, "the tree stays as it was while the guard runs")

        door.open()
        var mostAtOnce = 0
        for _ in 0..<2000 where !(navigation.isDone && asking.isDone) {
            mostAtOnce = max(mostAtOnce, clock.pendingTransitions.count)
            clock.advance()
            await Task.yield()
        }
        #expect(navigation.isDone && asking.isDone)
        #expect(mostAtOnce <= 1, "one change on screen at a time")
        #expect(asking.value == .blue)
        // The guarded navigation presents checkout over the picker; the removal then dismisses
        // the picker's level, with checkout above it (what is presented above it leaves too).
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
    }

    // MARK: - App code of a navigation nested in a guard

    /// A context task of a navigation a guard makes (a sign-in screen) starts a navigation in a
    /// plain task: the architecture says a navigation started outside the guards, factories and
    /// show phase waits its turn, and the queueing tests check it for an outermost navigation.
    /// Nested in a guard, the task inherits the guard's mark and cuts into the running transition.
    @Test("A navigation a context task of a guard's navigation starts waits its turn")
    func contextTaskOfANestedNavigationStartsANavigationThatWaits() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]), clock: clock)
        let router = DefaultRouter(window: window)
        var started: TaskOutcome<TestScreen>?
        let login = StepAssembly(finder: ClassFinder<LoginScreen, Void>(), factory: ClosureFactory { LoginScreen() })
            .adding(
                ClosureContextTask<LoginScreen, Void> { [self] _, _ in
                    started = TaskOutcome { try await router.navigate(to: self.sheet("signed out"), animated: false) }
                }
            )
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
        let account = journaledAccount {
            let screen = try await router.navigate(to: login, animated: true)
            try await (screen.presentingScreen as? any ModalPresenting)?.dismissPresentedScreen(animated: false)
        }

        let navigation = TaskOutcome { try await router.navigate(to: account, animated: false) }
        await waitUntil { !clock.pendingTransitions.isEmpty }
        await waitUntil { router.waitingNavigations == 1 }
        await settle()

        #expect(router.waitingNavigations == 1, "the context task's navigation waits for the running one")
        #expect(!window.render().contains("signed out"), "nothing cuts into the login's transition")

        await drive(clock) { navigation.isDone && started?.isDone == true }
        #expect(navigation.value?.name == "account")
        #expect(started?.value?.name == "signed out")
        #expect(journal.lines == ["build account", "build signed out"])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "account"
                  presented pageSheet:
                    screen "signed out"
                """)
    }

    /// The same for an observer: the router reports a navigation a guard made when it ends, from
    /// inside the guard's task, so a plain task the observer starts runs nested, at once, while the
    /// guarded navigation still waits for its guard.
    @Test("A navigation an observer starts when a guard's navigation ends waits its turn")
    func observerOfANestedNavigationStartsANavigationThatWaits() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        var started: TaskOutcome<TestScreen>?
        router.addObserver { [self] event in
            guard event.to is LoginScreen, started == nil else { return }
            started = TaskOutcome { try await router.navigate(to: self.sheet("promo"), animated: false) }
        }
        let login = LoginScreen.presentedOverCurrent
        await expectLoginStartedPromoWaitsForTheGuard(
            router: router, window: window, login: login, starter: "the observer", started: { started })
    }

    // MARK: - Interrupt while the turn is handed on

    /// A post task of the running navigation asks for an interrupting one (a forced logout) while
    /// another navigation waits its turn. The interrupting navigation must run before every
    /// waiting one; but the router hands the turn to the waiting one when the running one ends,
    /// before the interrupting call's task gets to the queue, and that task, finding the queue
    /// held and no run active, neither cancels the waiting one nor goes before it.
    @Test("An interrupt asked for while another navigation waits runs first, even as the turn is handed on")
    func interruptAskedAsTheTurnIsHandedOn() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let door = HeldDoor()
        var waitingWhenAsked = -1
        var interrupted: Result<TestScreen, RoutingError>?
        let first = StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { [journal] in
                journal.record("build first")
                return TestScreen("first")
            }
        )
        .adding(ClosureInterceptor<Void> { _ in await door.pass() })
        .adding(
            ClosurePostTask<TestScreen, Void> { [self] _, _, _ in
                waitingWhenAsked = router.waitingNavigations
                // A forced logout, asked for here with the completion form.
                router.navigate(to: self.sheet("logout"), animated: false, queueing: .interrupt) { result in
                    interrupted = result
                }
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        let running = TaskOutcome { try await router.navigate(to: first, animated: false) }
        await waitUntil { door.isWaiting }
        let waiting = TaskOutcome { try await router.navigate(to: self.pushed("waiting"), animated: false) }
        await waitUntil { router.waitingNavigations == 1 }
        door.open()
        await waitUntil { running.isDone && waiting.isDone && interrupted != nil }

        #expect(waitingWhenAsked == 1, "the other navigation was waiting when the interrupt was asked for")
        #expect(running.isDone && waiting.isDone && interrupted != nil)
        #expect(
            journal.lines.prefix(2) == ["build first", "build logout"],
            "the interrupting navigation goes before the waiting one: \(journal.lines)")
    }

    // MARK: - Interrupt reaching a guard nested in a factory

    /// A container factory asks something through a navigation whose guard waits for the user,
    /// honouring cancellation. An interrupt cancels the running navigation, whose waiting
    /// interceptor is to see task cancellation; but the interrupt reaches only the outermost
    /// run's own guard task, and the factory (with the nested navigation) runs in the caller's
    /// task: the nested guard never hears of it and the interrupt waits for the user.
    @Test("An interrupt reaches a guard waiting in a navigation a container factory makes")
    func interruptReachesAGuardNestedInAFactory() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let consent = CancellableWait()
        let ask = StepAssembly(
            finder: PredicateFinder<TestScreen, Void> { screen, _ in screen.name == "list" },
            factory: ClosureFactory { TestScreen("never built") }
        )
        .adding(ClosureInterceptor<Void> { _ in try await consent.wait() })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
        let loaded = StepAssembly(
            finder: NilFinder<TestNavigationContainer, Void>(),
            factory: NavigatingStackFactory(router: router, ask: ask, name: "loaded")
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        let before = window.render()

        let running = TaskOutcome { try await router.navigate(to: loaded, animated: false) }
        await waitUntil { consent.isWaiting }
        let interrupting = TaskOutcome {
            try await router.navigate(to: self.sheet("logout"), animated: false, queueing: .interrupt)
        }
        await waitUntil { interrupting.isDone && running.isDone }

        #expect(consent.sawCancellation, "the waiting guard sees the interrupt as task cancellation")
        #expect(running.error?.code == .cancelled)
        #expect(interrupting.value?.name == "logout")
        #expect(window.render() == before + "\n  presented pageSheet:\n    screen \"logout\"")
        if !consent.sawCancellation { consent.open() }
    }

    // MARK: - An interrupting call whose task is already cancelled

    /// A forced logout asked for from a task that is cancelled before it reaches the queue (a
    /// SwiftUI `.task` whose view went away): the call fails with `cancelled` and never runs, yet
    /// `takeTurn` cancels the running navigation before it looks at its own task, so the sign-in
    /// the user is going through is thrown away by a navigation that does not happen.
    @Test("An interrupting call whose task is already cancelled leaves the running navigation alone")
    func cancelledInterruptLeavesTheRunningNavigationAlone() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let signIn = CancellableWait()
        let account = StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { [journal] in
                journal.record("build account")
                return TestScreen("account")
            }
        )
        .adding(ClosureInterceptor<Void> { _ in try await signIn.wait() })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
        let running = TaskOutcome { try await router.navigate(to: account, animated: false) }
        await waitUntil { signIn.isWaiting }

        let logout = sheet("logout")
        let interrupting = Task { try await router.navigate(to: logout, animated: false, queueing: .interrupt) }
        interrupting.cancel()
        let error = await #expect(throws: RoutingError.self) { try await interrupting.value }
        #expect(error?.code == .cancelled)
        await settle()

        #expect(!signIn.sawCancellation, "the sign-in the user is going through is not cancelled")
        #expect(!running.isDone, "the running navigation still waits for its guard")
        signIn.open()
        await waitUntil { running.isDone }
        #expect(running.value?.name == "account")
        #expect(journal.lines == ["build account"])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "account"
                """)
    }

    // MARK: - A navigation started when the user taps a tab

    /// The router marks a tab tap's navigation with a task-local value so that its change is
    /// reported as the user's; the mark stays set while the router reports that change to its
    /// observers, so a navigation an observer starts then (in a plain task, which waits its turn)
    /// is reported as the user's too, though the router made it.
    @Test("A navigation an observer starts when the user taps a tab is reported as the router's")
    func navigationStartedWhenTheUserTapsATabIsTheRouters() async throws {
        let tabs = TestTabsContainer(
            "tabs",
            tabs: [
                TestNavigationContainer("shop", stack: [TestScreen("home")]),
                TestNavigationContainer("basket", stack: [TestScreen("cart")]),
            ])
        let window = TestWindow(root: tabs)
        let router = DefaultRouter(window: window)
        var events: [String] = []
        var started: TaskOutcome<TestScreen>?
        router.addObserver { [self] event in
            events.append(event.description)
            guard (event.to as? TestScreen)?.name == "cart", started == nil else { return }
            // The cart's first visit shows a promotion.
            started = TaskOutcome { try await router.navigate(to: self.sheet("promo"), animated: false) }
        }

        try await tabs.userSelectTab(at: 1)
        await waitUntil { started?.isDone == true }

        #expect(started?.value?.name == "promo")
        #expect(
            events == [#"user: screen "home" -> screen "cart""#, #"router: screen "cart" -> screen "promo""#])
    }

    /// A navigation cancelled after its guard showed a sign-in screen through the router fails as
    /// cancelled and changes nothing itself; the screen its guard showed stays, and the error says
    /// so rather than that nothing on screen changed.
    @Test("A navigation cancelled after its guard showed a screen says that screen stays")
    func cancelledAfterItsGuardShowedAScreen() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let door = HeldDoor()
        let login = LoginScreen.presentedOverCurrent
        let account = journaledAccount {
            _ = try await router.navigate(to: login, animated: false)
            await door.pass()
        }
        let navigation = Task { try await router.navigate(to: account, animated: false) }
        await waitUntil { door.isWaiting }

        navigation.cancel()
        door.open()
        let error = await #expect(throws: RoutingError.self) { try await navigation.value }

        #expect(error?.code == .cancelled, "\(String(describing: error))")
        #expect(
            error?.found.hasSuffix(
                "this navigation changed nothing on screen, but what its guards changed (a screen they showed"
                    + " through the router) stays") == true, "\(error?.found ?? "no error")")
        #expect(journal.lines.isEmpty, "nothing of the account was built")
        #expect(window.current is LoginScreen)
    }
}
