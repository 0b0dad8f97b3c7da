import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("expectingContainer() on a step still being assembled")
struct StepExpectingContainerTests {
    let journal = Journal()
    var routes: Routes { Routes(journal: journal) }

    var listStep: StepAssembly<ListScreen, Int> {
        StepAssembly(finder: ClassFinder<ListScreen, Int>(), factory: ClosureFactory { _ in ListScreen() })
    }

    /// tabs → shop stack → list → product, with the product pushed onto the list's stack: written
    /// as one chain, the list step standing for its stack in the middle of it.
    var product: DestinationStep<ProductScreen, Int> {
        ChainAssembly.from(
            StepAssembly(
                finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
        )
        .using(TestNavigationContainer.push())
        .from(listStep.expectingContainer())
        .using(TestNavigationContainer.push())
        .from(routes.shopStack())
        .assemble()
    }

    @Test("On a cold start the product goes onto the stack the list is built into; later, onto the found one")
    func pushesOntoTheListsStack() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)

        try await router.navigate(to: product, with: 42, animated: false)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "shop-nav"
                      screen "list"
                      screen "product 42"
                """)

        // The list is the anchor now: revealing it pops product 42, then product 7 goes on its stack.
        try await router.navigate(to: product, with: 7, animated: false)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "shop-nav"
                      screen "list"
                      screen "product 7"
                """)
    }

    @Test("A route that starts at such a step navigates to the container itself")
    func routeToTheContainer() async throws {
        let window = TestWindow()
        let stack = ChainAssembly.from(listStep.expectingContainer(TestNavigationContainer.self))
            .using(TestNavigationContainer.push())
            .from(routes.shopStack())
            .assemble()

        let found: TestNavigationContainer = try await DefaultRouter(window: window).navigate(
            to: stack, with: 1, animated: false)

        #expect(found.name == "shop-nav")
        #expect(found.stack.count == 1)
    }

    @Test("A found screen with no such container around it is containerNotFound, and nothing changes")
    func noContainer() async throws {
        let window = TestWindow(root: ListScreen())

        do {
            try await DefaultRouter(window: window).navigate(to: product, with: 42, animated: false)
            Issue.record("expected containerNotFound")
        } catch {
            #expect(error.code == .containerNotFound)
        }
        #expect(window.render() == "window\n  screen \"list\"")
        #expect(!journal.lines.contains { $0.hasPrefix("build") })
    }
}
