import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// Something a test holds shut until it opens it: a guard waiting for a user, a factory loading,
/// neither of which looks at task cancellation (an app's code often does not).
@MainActor
final class HeldDoor {
    private var waiting: CheckedContinuation<Void, Never>?
    private(set) var isWaiting = false

    /// Returns once ``open()`` is called, whatever happens to the task meanwhile.
    func pass() async {
        isWaiting = true
        await withCheckedContinuation { waiting = $0 }
        isWaiting = false
    }

    func open() {
        waiting?.resume()
        waiting = nil
    }
}

/// A stack factory that waits at `door` before it builds the stack holding its children, and
/// does not look at task cancellation.
struct HeldStackFactory: ContainerFactory {
    let door: HeldDoor
    let name: String

    func build(with context: Void, children: ContainerChildren) async throws -> TestNavigationContainer {
        await door.pass()
        let stack = TestNavigationContainer(name)
        try await stack.setStack(children.screens, animated: false)
        return stack
    }
}

/// Tests written to kill mutants of the router that the rest of the suite let live: each one states
/// a promise a user relies on, through what the user sees (the tree, the errors, the events).
@MainActor
@Suite("Promises at the edges: cancellation ignored by app code, late refusals, queue order, reports of failures")
struct PromiseEdgeTests: JournaledRouting {
    let journal = Journal()

    /// `name`, pushed onto the stack around the current screen, journaled when built and after
    /// it is shown.
    func pushedAndShown(_ name: String) -> DestinationStep<TestScreen, Void> {
        StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { [journal] in
                journal.record("build \(name)")
                return TestScreen(name)
            }
        )
        .adding(ClosurePostTask<TestScreen, Void> { [journal] _, _, _ in journal.record("shown \(name)") })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
    }

    /// `name`, pushed onto the stack around the current screen once a guard that ignores task
    /// cancellation has passed `door`.
    func pushed(_ name: String, guardedBy door: HeldDoor) -> DestinationStep<TestScreen, Void> {
        StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { [journal] in
                journal.record("build \(name)")
                return TestScreen(name)
            }
        )
        .adding(ClosureInterceptor<Void> { await door.pass() })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
    }

    // MARK: - Cancellation (mutant: the run's cancellation checks removed)

    /// A SwiftUI `.task` cancelled while its navigation's guard waits: the guard does not look at
    /// cancellation and lets the navigation go ahead, yet nothing may be built or shown.
    @Test("A navigation cancelled while a guard that ignores cancellation waits builds and shows nothing")
    func cancelledWhileAGuardThatIgnoresCancellationWaits() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let door = HeldDoor()
        let before = window.render()
        let navigation = Task { try await router.navigate(to: pushed("account", guardedBy: door), animated: false) }
        await waitUntil { door.isWaiting }

        navigation.cancel()
        door.open()

        let error = await #expect(throws: RoutingError.self) { try await navigation.value }
        #expect(error?.code == .cancelled)
        #expect(window.render() == before)
        #expect(journal.lines == [], "no factory may run once the navigation is cancelled")
    }

    /// The same with a container factory that does not look at cancellation: it finishes its
    /// work, but the navigation shows nothing.
    @Test("A navigation cancelled while a factory that ignores cancellation loads shows nothing")
    func cancelledWhileAFactoryThatIgnoresCancellationLoads() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let door = HeldDoor()
        let loaded = StepAssembly(
            finder: NilFinder<TestNavigationContainer, Void>(), factory: HeldStackFactory(door: door, name: "loaded")
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        let before = window.render()
        let navigation = Task { try await router.navigate(to: loaded, animated: false) }
        await waitUntil { door.isWaiting }

        navigation.cancel()
        door.open()

        let error = await #expect(throws: RoutingError.self) { try await navigation.value }
        #expect(error?.code == .cancelled)
        #expect(window.render() == before)
    }

    // MARK: - The reveal checked again (mutant: the reveal preflight checked reused on a changed tree)

    /// While a navigation loads its screen, other code (a notification handler, the user) puts a
    /// form with unsaved edits above the anchor. The reveal preflight checked no longer holds:
    /// the router must ask again, and the form must stay.
    @Test("A screen refusing to leave that appears above the anchor while a factory loads is asked, and stays")
    func refusingScreenPushedWhileAFactoryLoadsStays() async throws {
        let stack = TestNavigationContainer("main", stack: [ListScreen(), ProductScreen(7)])
        let window = TestWindow(root: stack)
        let router = DefaultRouter(window: window)
        let door = HeldDoor()
        let overList = StepAssembly(
            finder: NilFinder<TestNavigationContainer, Void>(), factory: HeldStackFactory(door: door, name: "loaded")
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.custom(ClassFinder<ListScreen, Void>()))
        .assemble()
        let navigation = Task { try await router.navigate(to: overList, animated: false) }
        await waitUntil { door.isWaiting }

        let form = TestScreen("unsaved form")
        form.canBeDismissed = false
        try await stack.push(form, animated: false)
        let withForm = window.render()
        door.open()

        let error = await #expect(throws: RoutingError.self) { try await navigation.value }
        #expect(error?.code == .dismissalRefused)
        #expect(error?.found.contains("unsaved form") == true, "\(error?.found ?? "no error")")
        #expect(window.render() == withForm)
        #expect(
            withForm == """
                window
                  nav "main"
                    screen "list"
                    screen "product 7"
                    screen "unsaved form"
                """)
    }

    // MARK: - Interrupt goes first (mutant: an interrupting navigation queued last)

    @Test("An interrupting navigation runs before the navigations already waiting their turn")
    func interruptRunsBeforeWaitingNavigations() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let door = HeldDoor()
        let running = Task { try await router.navigate(to: pushed("account", guardedBy: door), animated: false) }
        await waitUntil { door.isWaiting }
        let waiting = Task { try await router.navigate(to: pushedAndShown("waiting"), animated: false) }
        await waitUntil { router.waitingNavigations == 1 }

        let interrupting = Task {
            try await router.navigate(to: pushedAndShown("interrupting"), animated: false, queueing: .interrupt)
        }
        await waitUntil { router.waitingNavigations == 2 }
        door.open()

        _ = try await interrupting.value
        _ = try await waiting.value
        let error = await #expect(throws: RoutingError.self) { try await running.value }
        #expect(error?.code == .cancelled)
        #expect(
            journal.lines == ["build interrupting", "shown interrupting", "build waiting", "shown waiting"],
            "the interrupting navigation goes first")
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "interrupting"
                    screen "waiting"
                """)
    }

    // MARK: - Observation (mutant: a navigation that fails is not reported)

    /// A navigation whose last transition fails after an earlier one changed the screen: the
    /// current screen changed, so observers (analytics) hear of it, once, from the screen it left.
    @Test("A navigation that changes the current screen and then fails is reported to observers")
    func failureAfterChangesIsReported() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let events = Journal()
        router.addObserver { [events] in events.record($0.description) }
        let broken = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .using(FailingAction())
        .from(StepAssembly(finder: NilFinder<ListScreen, Int>(), factory: ClosureFactory { _ in ListScreen() }))
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Int>()))
        .assemble()

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: broken, with: 8) }

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(window.current is ListScreen)
        #expect(events.lines == [#"router: screen "home" -> screen "list""#])
    }

    // MARK: - Plan guards asked once (mutant: the plan the plan guards approved forgotten)

    /// A plan guard that signs the user in (a login sheet shown through the router, then closed)
    /// changes the tree, so the router plans again; the new plan reveals and builds the same
    /// screens, so the guard, which may ask the user something, is not asked a second time.
    @Test("A plan guard that changed the tree is not asked again for the same plan")
    func planGuardAskedOncePerPlan() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let journal = journal
        let login = LoginScreen.presentedOverCurrent
        var signedIn = false
        router.add(
            planInterceptor: ClosurePlanInterceptor { plan in
                let builds = plan.entries.filter { $0.kind == .build }.map { "\($0.type)" }
                journal.record("plan guard: builds \(builds.joined(separator: ", "))")
                guard !signedIn, !builds.contains("LoginScreen") else { return }
                let screen = try await router.navigate(to: login, animated: false)
                signedIn = true
                try await (screen.presentingScreen as? any ModalPresenting)?.dismissPresentedScreen(animated: false)
            })

        try await router.navigate(to: pushedAndShown("account"), animated: false)

        #expect(
            journal.lines == [
                "plan guard: builds TestScreen", "plan guard: builds LoginScreen", "build account", "shown account",
            ],
            "the account's navigation asks the guard once, the login's own navigation once")
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "account"
                """)
    }
}
