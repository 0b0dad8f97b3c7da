import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

struct TransitionBroke: Error {}

/// An action that always fails, standing for a transition UIKit refuses halfway through a navigation.
struct FailingAction: Action {
    func perform(_ screen: any Screen, on presenter: any Screen, animated: Bool) async throws {
        throw TransitionBroke()
    }
}

/// A finder that answers with the product screen it was last given, wherever that screen is now:
/// an app that keeps a screen after the user closed it.
@MainActor
final class RememberingFinder: Finder {
    var remembered: ProductScreen?

    func findScreen(with context: Int, in tree: ScreenTree) throws -> ProductScreen? { remembered }
}

/// A finder that answers with the stack it holds, in the window or not.
@MainActor
struct InstanceHoldingFinder: Finder {
    let stack: TestNavigationContainer

    init(_ stack: TestNavigationContainer) {
        self.stack = stack
    }

    func findScreen(with context: Int, in tree: ScreenTree) throws -> TestNavigationContainer? { stack }
}

@MainActor
@Suite("Routing errors")
struct RoutingErrorTests {
    let journal = Journal()
    var routes: Routes { Routes(journal: journal) }

    func homeWindow() -> TestWindow {
        TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
    }

    @Test("A factory that throws fails with factoryFailed naming the factory, and nothing is shown")
    func factoryThrows() async throws {
        let window = homeWindow()
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: routes.productModal, with: -1)
        }

        #expect(error?.code == .factoryFailed)
        #expect(error?.step?.contains("ProductFactory") == true)
        #expect(error?.underlyingError is ProductFactoryError)
        #expect(error?.plan.contains("found, anchor: screen \"home\"") == true)
        #expect(window.render() == before)
    }

    @Test("A finder that finds a screen of the wrong kind fails with containerNotFound, naming the finder")
    func finderFindsWrongType() async throws {
        let window = TestWindow(root: TestScreen("home"))
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: routes.productPushed, with: 3)
        }

        #expect(error?.code == .containerNotFound)
        #expect(error?.step?.contains("finder current screen") == true)
        #expect(error?.expected.contains("TestNavigationContainer") == true)
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
    }

    @Test("An action that fails after an earlier transition says the screen changed, and what was applied")
    func actionFailsMidway() async throws {
        let window = homeWindow()
        let router = DefaultRouter(window: window)
        let broken = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .using(FailingAction())
        .from(
            StepAssembly(finder: NilFinder<ListScreen, Int>(), factory: ClosureFactory { _ in ListScreen() })
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Int>()))
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: broken, with: 8)
        }

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(error?.appliedOperations.count == 1)
        #expect(error?.appliedOperations.first?.contains("ListScreen") == true)
        #expect(error?.description.contains("already applied (the screen has changed)") == true)
        #expect(error?.step?.contains("FailingAction") == true)
        #expect(error?.underlyingError is TransitionBroke)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "list"
                """)
    }

    @Test("A chain whose origin is nowhere fails with noAnchor before anything changes")
    func noAnchor() async throws {
        let window = homeWindow()
        let router = DefaultRouter(window: window)
        let orphan = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .using(TestTabsContainer.addTab())
        .from(GeneralStep.custom(ClassFinder<TestTabsContainer, Int>()))
        .assemble()
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: orphan, with: 1)
        }

        #expect(error?.code == .noAnchor)
        #expect(error?.expected.contains("ClassFinder<TestTabsContainer, Int>") == true)
        #expect(journal.lines.isEmpty)
        #expect(window.render() == before)
    }

    /// A finder can answer from what it holds instead of the tree it is given. A screen the user
    /// popped is in no level of the window: the finder's answer is refused where it answers, so the
    /// navigation fails naming the finder before any guard or factory runs. Before, the screen
    /// outside the window was returned as the destination.
    @Test("A finder that answers with a screen no longer in the window fails with screenNotFound, naming the finder")
    func finderAnswersWithAScreenOutsideTheWindow() async throws {
        let popped = ProductScreen(5)
        let main = TestNavigationContainer("main", stack: [ListScreen(), popped])
        let window = TestWindow(root: main)
        let router = DefaultRouter(window: window)
        try await main.userPop(animated: false)
        let before = """
            window
              nav "main"
                screen "list"
            """
        #expect(window.render() == before)
        let finder = RememberingFinder()
        finder.remembered = popped
        let product = StepAssembly(finder: finder, factory: ProductFactory(journal: journal))
            .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: product, with: 5)
        }

        #expect(error?.code == .screenNotFound)
        #expect(error?.step?.hasPrefix("step 0: ProductScreen (finder RememberingFinder") == true)
        #expect(error?.failingStep == FailingStep(position: 0, role: .finder, typeName: "RememberingFinder"))
        #expect(error?.expected == "the finder to answer with a screen in the window")
        #expect(
            error?.found
                == "it answered screen \"product 5\", which is not in the window (removed from it, or never shown)")
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
    }

    /// The same answer from the finder of the step a new screen goes onto would have pushed onto
    /// a stack outside the window; it fails the same way, naming that step.
    @Test("A finder of the origin that answers with a stack no longer in the window fails before anything is built")
    func originFinderAnswersWithAScreenOutsideTheWindow() async throws {
        let closed = TestNavigationContainer("closed", stack: [ListScreen()])
        let window = homeWindow()
        let before = window.render()
        let product = StepAssembly(
            finder: NilFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(InstanceHoldingFinder(closed)))
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await DefaultRouter(window: window).navigate(to: product, with: 1)
        }

        #expect(error?.code == .screenNotFound)
        #expect(error?.failingStep == FailingStep(position: 1, role: .finder, typeName: "InstanceHoldingFinder"))
        #expect(window.render() == before)
        #expect(journal.lines.isEmpty)
        #expect(closed.stack.count == 1, "nothing was pushed onto the stack outside the window")
    }

    @Test("An error's description names the step, what was expected and found, and the plan")
    func descriptionIsActionable() async throws {
        let router = DefaultRouter(window: homeWindow())

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: routes.productModal, with: -4)
        }

        let text = try #require(error).description
        #expect(text.contains("Routing failed (factoryFailed)"))
        #expect(text.contains("expected: ProductFactory to build ProductScreen from -4"))
        #expect(text.contains("because: no product with id -4"))
        #expect(
            text.contains("0. ProductScreen (finder ClassWithContextFinder<ProductScreen, Int>, factory ProductFactory")
        )
        #expect(text.contains("2. any Screen (finder current screen) — found, anchor: screen \"home\""))
    }

    @Test("Without a window the router says so")
    func noWindow() async throws {
        struct NoWindow: WindowProvider { var window: (any ScreenWindow)? { nil } }
        let router = DefaultRouter(windowProvider: NoWindow())

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: routes.productModal, with: 1)
        }

        #expect(error?.code == .noWindow)
    }
}
