import Composer
import ComposerTesting
import Testing

/// A context task that validates the context before anything is shown: product ids above 999
/// do not exist.
struct RejectingProductTask: ContextTask {
    let journal: Journal
    struct UnknownProduct: Error, CustomStringConvertible {
        let id: Int
        var description: String { "product \(id) does not exist" }
    }
    func prepare(_ screen: ProductScreen, with context: Int) throws {
        journal.record("prepare \(screen.name)")
        guard context < 1000 else { throw UnknownProduct(id: context) }
    }
}

@MainActor
@Suite("The promise: checks before guards, guards before changes, a failure changes nothing")
struct PromiseTests {
    let journal = Journal()

    /// Product pushed onto the stack that holds the list, guarded by a recording interceptor.
    var gatedProductOverList: DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(RecordingInterceptor<Int>(journal: journal, name: "login"))
            .adding(RejectingProductTask(journal: journal))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.custom(ClassFinder<ListScreen, Int>()).expectingContainer())
            .assemble()
    }

    @Test("A refusing screen above the anchor refuses before any interceptor or factory runs")
    func preflightRefusesBeforeGuards() async throws {
        let stack = TestNavigationContainer("main", stack: [ListScreen()])
        let window = TestWindow(root: stack)
        let form = TestScreen("unsaved form")
        form.canBeDismissed = false
        try await stack.presentScreen(form, animated: false)
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: gatedProductOverList, with: 42, animated: false)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(error?.found.contains("unsaved form") == true)
        #expect(window.render() == before)
        #expect(journal.lines == [], "no interceptor, factory or task may run when preflight refuses")
    }

    @Test("A context task that rejects the context fails before the new screen is shown")
    func contextTaskRunsBeforeShowing() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: gatedProductOverList, with: 5000, animated: false)
        }

        #expect(error?.code == .contextTaskFailed)
        #expect(window.render() == before, "the rejected product must never reach the screen")
        #expect(journal.lines == ["intercept login 5000", "build product 5000", "prepare product 5000"])
    }

    @Test("A valid context is prepared before the screen appears and then pushed")
    func validContextIsPreparedThenShown() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)

        let product = try await router.navigate(to: gatedProductOverList, with: 7, animated: false)

        #expect(product.productID == 7)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "product 7"
                """)
        #expect(journal.lines == ["intercept login 7", "build product 7", "prepare product 7"])
    }

    @Test("Post tasks never run for a navigation that then fails its destination check")
    func postTasksRunOnlyAfterSuccess() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let before = window.render()
        let productLeftOutside = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(ProductPostTask(journal: journal))
        .using(GeneralAction.nothing())
        .from(GeneralStep.current())
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: productLeftOutside, with: 3, animated: false)
        }

        #expect(error?.code == .actionFailed)
        #expect(window.render() == before)
        #expect(journal.lines == ["build product 3"], "the post task must not run")
    }
}
