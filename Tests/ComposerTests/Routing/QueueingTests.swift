import Composer
import ComposerLinks
import ComposerTestFixtures
import ComposerTesting
import Testing

/// A login gate that waits for the user and, when its navigation is cancelled (interrupted),
/// closes its login screen itself and lets the router go on.
@MainActor
final class CancellableLoginGate {
    weak var router: DefaultRouter?
    let journal: Journal
    private var pending: CheckedContinuation<Bool, Never>?

    init(journal: Journal) { self.journal = journal }

    var isWaitingForUser: Bool { pending != nil }

    var loginStep: DestinationStep<LoginScreen, Void> { LoginScreen.presentedOverCurrent }

    func check() async throws {
        guard let router else { throw LoginRequired() }
        let login = try await router.navigate(to: loginStep, animated: false)
        let approved = await withTaskCancellationHandler {
            await withCheckedContinuation { pending = $0 }
        } onCancel: {
            Task { @MainActor in self.answer(approved: false) }
        }
        pending = nil
        // Closed directly, not through the router: this navigation is cancelled, so a nested
        // navigation of its own would be refused.
        try await (login.presentingScreen as? any ModalPresenting)?.dismissPresentedScreen(animated: false)
        if Task.isCancelled {
            journal.record("login closed: cancelled")
            throw CancellationError()
        }
        guard approved else { throw LoginRequired() }
    }

    func answer(approved: Bool) { pending?.resume(returning: approved) }
}

struct CancellableLoginInterceptor: RoutingInterceptor {
    let gate: CancellableLoginGate
    func intercept(with context: Int) async throws { try await gate.check() }
}

@MainActor
@Suite("How a navigation joins the queue")
struct QueueingTests: JournaledRouting {
    let journal = Journal()

    func signedOut() -> DestinationStep<TestScreen, Void> {
        StepAssembly(
            finder: PredicateFinder<TestScreen, Void> { screen, _ in screen.name == "signed out" },
            factory: ClosureFactory { _ in TestScreen("signed out") }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    func gatedProduct(_ gate: CancellableLoginGate) -> DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(CancellableLoginInterceptor(gate: gate))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }

    /// A window showing the list, and a navigation to product 1 started in it that waits at its
    /// sign-in guard, the login screen up, for a user who has not answered; `before` is the tree
    /// before the navigation started.
    func navigationWaitingForSignIn() async -> (
        window: TestWindow, router: DefaultRouter, gate: CancellableLoginGate, waiting: Task<ProductScreen, any Error>,
        before: String
    ) {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let gate = CancellableLoginGate(journal: journal)
        gate.router = router
        let before = window.render()
        let waiting = Task { try await router.navigate(to: gatedProduct(gate), with: 1, animated: false) }
        await waitUntil { gate.isWaitingForUser }
        return (window, router, gate, waiting, before)
    }

    /// Only the guards, the container factories and the show phase run with the router marked
    /// active in the task: a navigation a context task starts (in a task of its own) is not nested,
    /// so it waits for the running one instead of cutting into its transition.
    @Test("A navigation a context task starts waits its turn instead of cutting into the running transition")
    func aNavigationStartedByAContextTaskWaitsItsTurn() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]), clock: clock)
        let router = DefaultRouter(window: window)
        var started: Task<TestScreen, any Error>?
        let product = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(
            ClosureContextTask<ProductScreen, Int> { _, _ in
                started = Task { try await router.navigate(to: signedOut(), animated: false) }
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        let running = Task { try await router.navigate(to: product, with: 1, animated: true) }
        await clock.waitForPendingTransition()
        await waitUntil { router.waitingNavigations == 1 }

        #expect(router.waitingNavigations == 1)
        #expect(!window.render().contains("signed out"))
        #expect(clock.advance())
        _ = try await running.value
        let signedOutScreen = try #require(try await started?.value)
        #expect(signedOutScreen.name == "signed out")
        #expect(window.current === signedOutScreen)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "product 1"
                  presented automatic (as pageSheet):
                    screen "signed out"
                """)
    }

    @Test("failIfBusy fails at once while another navigation runs, and changes nothing")
    func failIfBusy() async throws {
        let (window, router, gate, waiting, _) = await navigationWaitingForSignIn()
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: signedOut(), animated: false, queueing: .failIfBusy)
        }

        #expect(error?.code == .busy)
        #expect(window.render() == before)
        gate.answer(approved: true)
        _ = try await waiting.value
        #expect(window.render().contains("product 1"))
    }

    /// How the interrupting navigation is asked for: directly, or as a link (a forced logout that
    /// arrives as a push notification's link).
    enum InterruptingCall: String, CaseIterable, CustomTestStringConvertible {
        case navigate, openLink
        var testDescription: String { rawValue }
    }

    @Test(
        "interrupt cancels a navigation whose interceptor waits: login closed, the interrupting one shown",
        arguments: InterruptingCall.allCases)
    func interruptWhileAnInterceptorWaits(by call: InterruptingCall) async throws {
        let (window, router, _, waiting, _) = await navigationWaitingForSignIn()
        #expect(window.render().contains("login"))

        switch call {
        case .navigate:
            try await router.navigate(to: signedOut(), animated: false, queueing: .interrupt)
        case .openLink:
            var links = LinkMap()
            try links.register("shop://signed-out", as: "Signed out") { [signedOut] _ in Link(to: signedOut()) }
            try await router.open("shop://signed-out", using: links, animated: false, queueing: .interrupt)
        }

        let outcome = await waiting.result
        let error = #expect(throws: RoutingError.self) { try outcome.get() }
        // Its guard, told of the cancellation, stopped it: the caller hears that it was cancelled,
        // with the guard named and its error kept.
        #expect(error?.code == .cancelled)
        #expect(error?.underlyingError is CancellationError)
        #expect(error?.step == "interceptor CancellableLoginInterceptor of step 0")
        #expect(journal.lines == ["login closed: cancelled"], "the interceptor saw the cancellation; no factory ran")
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                  presented automatic (as pageSheet):
                    screen "signed out"
                """)
        #expect(router.waitingNavigations == 0)
    }

    /// A SwiftUI `.task` is cancelled when its view goes away: the navigation it started, waiting
    /// for a sign-in, must end as cancelled (which the app ignores), not as a rejection it reports.
    @Test("A navigation whose task is cancelled while its guard waits fails as cancelled, the tree as before")
    func taskCancelledWhileAnInterceptorWaits() async throws {
        let (window, _, _, waiting, before) = await navigationWaitingForSignIn()
        #expect(window.render().contains("login"))

        waiting.cancel()

        let error = await #expect(throws: RoutingError.self) { try await waiting.value }
        #expect(error?.code == .cancelled)
        #expect(error?.step == "interceptor CancellableLoginInterceptor of step 0")
        #expect(error?.underlyingError is CancellationError)
        #expect(
            error?.found
                == "it was cancelled while guarding, and the step above then stopped it; the router changed"
                + " nothing on screen")
        #expect(journal.lines == ["login closed: cancelled"], "the interceptor saw the cancellation; no factory ran")
        #expect(window.render() == before)
    }

    /// A waiting navigation whose task is cancelled in the very main-actor turn that frees the
    /// queue (here by a post-routing task of the running navigation; an observer of its screen
    /// change does the same) must leave the queue as one cancelled while waiting: none of its
    /// guards runs, and the navigation queued behind it still gets its turn.
    @Test("A waiting navigation cancelled as the queue frees never runs its guards, and passes its turn on")
    func waiterCancelledAsTheQueueFreesNeverRuns() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]), clock: clock)
        let router = DefaultRouter(window: window)
        var cancelled: Task<ProductScreen, any Error>?
        let first = StepAssembly(finder: NilFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(ClosurePostTask<ProductScreen, Int> { _, _, _ in cancelled?.cancel() })
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
        let guarded = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "guard"))
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        let running = Task { try await router.navigate(to: first, with: 1) }
        await clock.waitForPendingTransition()
        cancelled = Task { try await router.navigate(to: guarded, with: 2) }
        await waitUntil { router.waitingNavigations == 1 }
        let behind = Task { try await router.navigate(to: guarded, with: 3) }
        await waitUntil { router.waitingNavigations == 2 }
        #expect(router.waitingNavigations == 2)

        // Ends the first navigation's push: its post-routing task cancels navigation 2, and the
        // first then hands its turn on, in the same main-actor turn.
        #expect(clock.advance())
        _ = try await running.value
        let outcome = await cancelled?.result
        await clock.waitForPendingTransition()
        #expect(clock.advance())
        let shown = try await behind.value

        let error = #expect(throws: RoutingError.self) { try outcome?.get() }
        #expect(error?.code == .cancelled)
        #expect(error?.step == nil)
        #expect(error?.found == "its task was cancelled while waiting; nothing on screen was changed")
        #expect(journal.lines == ["build product 1", "intercept guard 3", "build product 3"])
        #expect(shown.productID == 3)
        #expect(router.waitingNavigations == 0)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "product 1"
                    screen "product 3"
                """)
    }

    /// An app whose sign-in guard shows the login screen from the screen on top, which needs
    /// sign-in itself: the login's own navigation runs the guard again, and again. The router
    /// refuses past a fixed depth instead of recursing until the stack overflows.
    @Test("A guard whose own navigation runs it again is refused at a fixed depth, the tree as before")
    func guardThatReentersItselfIsRefused() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("account")]))
        let router = DefaultRouter(window: window)
        let before = window.render()
        let login = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("login") }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        var guardRuns = 0
        router.add(
            planInterceptor: ClosurePlanInterceptor { plan in
                guard plan.entries.contains(where: { ($0.screen as? TestScreen)?.name == "account" }) else { return }
                guardRuns += 1
                try await router.navigate(to: login, animated: false)
            })

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: login, animated: false) }

        #expect(error?.code == .interceptorRejected)
        #expect(guardRuns == 33, "32 nested navigations and the outer one")
        var innermost: (any Error)? = error
        while let routing = innermost as? RoutingError, let cause = routing.underlyingError { innermost = cause }
        #expect(
            (innermost as? RoutingError)?.step == "navigation started inside a guard",
            "\(String(describing: innermost))")
        #expect(window.render() == before)
    }

    /// A container that loads what it shows before it exists (an async factory) and stops when its
    /// task is cancelled, as `URLSession` does.
    struct LoadingStackFactory: ContainerFactory {
        let loading: LoadingState

        func build(with context: Void, children: ContainerChildren) async throws -> TestNavigationContainer {
            loading.isLoading = true
            defer { loading.isLoading = false }
            while !Task.isCancelled { await Task.yield() }
            throw CancellationError()
        }
    }

    @MainActor
    final class LoadingState {
        var isLoading = false
        var isReleased = false
    }

    @Test("A navigation whose task is cancelled while a factory loads fails as cancelled, naming the factory's step")
    func taskCancelledWhileAFactoryLoads() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let loading = LoadingState()
        let loaded = StepAssembly(
            finder: NilFinder<TestNavigationContainer, Void>(), factory: LoadingStackFactory(loading: loading)
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        let before = window.render()
        let waiting = Task { try await router.navigate(to: loaded, animated: false) }
        await waitUntil { loading.isLoading }

        waiting.cancel()

        let error = await #expect(throws: RoutingError.self) { try await waiting.value }
        #expect(error?.code == .cancelled)
        #expect(error?.step?.hasPrefix("step 0: TestNavigationContainer") == true, "\(String(describing: error))")
        #expect(error?.underlyingError is CancellationError)
        #expect(error?.found.hasPrefix("it was cancelled while building") == true)
        #expect(window.render() == before)
    }

    /// A container factory that finishes its load even when its task is cancelled meanwhile (a
    /// request that cannot be taken back).
    struct UninterruptibleStackFactory: ContainerFactory {
        let loading: LoadingState

        func build(with context: Int, children: ContainerChildren) async throws -> TestNavigationContainer {
            loading.isLoading = true
            while !loading.isReleased { await Task.yield() }
            loading.isLoading = false
            let stack = TestNavigationContainer("loaded")
            if !children.isEmpty { try await stack.setStack(children.screens, animated: false) }
            return stack
        }
    }

    @Test("A navigation cancelled while a factory builds runs no context task on the screen it found")
    func cancelledWhileAFactoryBuildsPreparesNothing() async throws {
        let journal = Journal()
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ProductScreen(7)]))
        let router = DefaultRouter(window: window)
        let loading = LoadingState()
        let route = StepAssembly(
            finder: NilFinder<TestNavigationContainer, Int>(), factory: UninterruptibleStackFactory(loading: loading)
        )
        .using(GeneralAction.presentModally())
        .from(
            StepAssembly(finder: ClassFinder<ProductScreen, Int>(), factory: ClosureFactory { ProductScreen($0) })
                .adding(ProductContextTask(journal: journal))
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
        let before = window.render()
        let navigation = Task { try await router.navigate(to: route, with: 9, animated: false) }
        await waitUntil { loading.isLoading }

        navigation.cancel()
        loading.isReleased = true

        let error = await #expect(throws: RoutingError.self) { try await navigation.value }
        #expect(error?.code == .cancelled, "\(String(describing: error))")
        #expect(journal.lines == [], "the found product was prepared for a navigation that did not happen")
        #expect(window.render() == before)
    }
}
