import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

private struct NotAllowed: Error, CustomStringConvertible {
    let id: Int
    var description: String { "product \(id) is not for sale" }
}

@MainActor
@Suite("Inline interceptors and tasks")
struct ClosureTaskTests {
    let journal = Journal()

    /// A product presented in a new stack, guarded and prepared by closures only.
    var product: DestinationStep<ProductScreen, Int> {
        let journal = journal
        return StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(),
            factory: ClosureFactory { id in
                journal.record("build product \(id)")
                return ProductScreen(id)
            }
        )
        .adding(
            ClosureInterceptor<Int> { id in
                journal.record("guard \(id)")
                if id == 13 { throw NotAllowed(id: id) }
            }
        )
        .adding(
            ClosureContextTask<ProductScreen, Int> { screen, id in
                // The task sees the context even when the screen already existed.
                screen.productID = id * 10
                journal.record("prepare \(id)")
            }
        )
        .adding(
            ClosurePostTask<ProductScreen, Int> { screen, _, screens in
                journal.record("shown \(screen.productID) in \(screens.count) screens")
            }
        )
        .using(TestNavigationContainer.push())
        .from(
            StepAssembly(
                finder: NilFinder<TestNavigationContainer, Int>(),
                factory: NavigationContainerFactory { _ in
                    journal.record("build product-nav")
                    return TestNavigationContainer("product-nav")
                })
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    @Test("Closures guard, prepare and follow up a navigation in the router's order")
    func closuresRunInOrder() async throws {
        let window = TestWindow(root: TestScreen("home"))
        let router = DefaultRouter(window: window)
        router.add(ClosureInterceptor<Any> { context in journal.record("global guard \(context)") })

        let screen = try await router.navigate(to: product, with: 7)

        #expect(screen.productID == 70)
        #expect(
            journal.lines == [
                "global guard 7", "guard 7", "build product 7", "build product-nav", "prepare 7",
                "shown 70 in 3 screens",
            ])
        #expect(
            window.render() == """
                window
                  screen "home"
                  presented automatic (as pageSheet):
                    nav "product-nav"
                      screen "product 7"
                """)
    }

    @Test("A closure interceptor that throws stops the navigation before anything is built or shown")
    func closureInterceptorVetoes() async throws {
        let window = TestWindow(root: TestScreen("home"))
        let router = DefaultRouter(window: window)

        do {
            try await router.navigate(to: product, with: 13)
            Issue.record("expected the guard to refuse product 13")
        } catch {
            #expect(error.code == .interceptorRejected)
            #expect(error.underlyingError.map { "\($0)" } == "product 13 is not for sale")
        }
        // The factories record what they build: nothing was.
        #expect(journal.lines == ["guard 13"])
        #expect(
            window.render() == """
                window
                  screen "home"
                """)
    }

    @Test("A closure context task that throws fails the navigation as a context task failure")
    func closureContextTaskFails() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let step = StepAssembly(
            finder: ClassFinder<TestScreen, Void>(),
            factory: ClosureFactory { _ in TestScreen("never") }
        )
        .adding(ClosureContextTask<TestScreen, Void> { screen, _ in throw NotAllowed(id: screen.name.count) })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        await #expect(throws: RoutingError.self) { try await router.navigate(to: step) }
        do {
            try await router.navigate(to: step)
        } catch {
            #expect(error.code == .contextTaskFailed)
        }
    }

    /// A router-wide task runs on every screen of the chain; when it refuses one, the error names
    /// the step whose screen it was, as a step's own task does.
    @Test("A router-wide context task that throws is named at the step whose screen it prepared")
    func routerWideContextTaskFailureNamesTheStep() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        router.add(
            ClosureContextTask<any Screen, Any> { screen, _ in
                if "\(screen)" == #"screen "home""# { throw NotAllowed(id: 1) }
            })
        let before = window.render()
        let step = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("new") }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: step) }

        #expect(error?.code == .contextTaskFailed)
        #expect(error?.failingStep?.position == 1, "\(String(describing: error))")
        #expect(error?.failingStep?.role == .contextTask)
        #expect(window.render() == before)
    }
}
