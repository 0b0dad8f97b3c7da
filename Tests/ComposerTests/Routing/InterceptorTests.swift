import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Interceptors")
struct InterceptorTests {
    let journal = Journal()

    func gatedProduct(_ gate: LoginGate) -> DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(LoginInterceptor<Int>(gate: gate))
            .adding(ProductContextTask(journal: journal))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }

    @Test("A rejecting login interceptor leaves the tree as it was and says why")
    func rejectionChangesNothing() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let gate = LoginGate(mode: .reject)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: gatedProduct(gate), with: 42)
        }

        #expect(error?.code == .interceptorRejected)
        #expect(error?.step?.contains("LoginInterceptor<Int>") == true)
        #expect(error?.failingStep == FailingStep(position: 0, role: .interceptor, typeName: "LoginInterceptor<Int>"))
        #expect(error?.underlyingError is LoginRequired)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
    }

    @Test("An approving login interceptor shows login through the same router, waits, then continues")
    func approvalAfterNestedLogin() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let gate = LoginGate(mode: .askUser)
        gate.router = router

        let navigation = Task { try await router.navigate(to: gatedProduct(gate), with: 42) }
        while !gate.isWaitingForUser { await Task.yield() }
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    screen "login"
                """)
        gate.answer(approved: true)
        let product = try await navigation.value

        #expect(product.name == "product 42")
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "product 42"
                """)
        #expect(journal.lines == ["build product 42", "prepare product 42"])
        #expect(window.memory.isReleased("login"))
    }

    @Test("The destination's interceptor runs even when the destination is already on screen")
    func guardRunsForExistingDestination() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home"), ProductScreen(42)]))
        let router = DefaultRouter(window: window)
        let gate = LoginGate(mode: .reject)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: gatedProduct(gate), with: 42)
        }

        #expect(error?.code == .interceptorRejected)
    }

    @Test("Global interceptors run before the steps' interceptors")
    func globalInterceptorsRunFirst() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        router.add(RecordingInterceptor<Any>(journal: journal, name: "global"))

        try await router.navigate(to: Routes(journal: journal).productModal, with: 5)

        #expect(Array(journal.lines.prefix(2)) == ["intercept global 5", "intercept product 5"])
    }
}

struct ScreenCountingTask: ContextTask {
    let journal: Journal
    func prepare(_ screen: any Screen, with context: Any) throws { journal.record("global prepare \(screen)") }
}

struct AnalyticsPostTask: PostRoutingTask {
    let journal: Journal
    func execute(on destination: any Screen, with context: Any, screens: [any Screen]) {
        journal.record("global post \(destination) with \(context), \(screens.count) screen(s)")
    }
}

@MainActor
@Suite("Router-wide tasks")
struct GlobalTaskTests {
    @Test("A global context task runs on every screen of the chain; a global post task once, after the step's")
    func globalTasks() async throws {
        let journal = Journal()
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        router.add(ScreenCountingTask(journal: journal))
        router.add(AnalyticsPostTask(journal: journal))

        try await router.navigate(to: Routes(journal: journal).productModal, with: 3)

        #expect(
            journal.lines == [
                "intercept product 3",
                "build product 3",
                "global prepare screen \"home\"",
                "global prepare nav \"product-nav\"",
                "prepare product 3",
                "global prepare screen \"product 3\"",
                "post product 3 screens: screen \"product 3\", nav \"product-nav\", screen \"home\"",
                "global post screen \"product 3\" with 3, 3 screen(s)",
            ])
    }
}
