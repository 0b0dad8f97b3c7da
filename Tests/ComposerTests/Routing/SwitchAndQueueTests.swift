import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// An A/B flag read at navigation time.
@MainActor
final class Experiment {
    var isGroupB = false
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

        var transitions = 0
        while finished.count < 10 && transitions < 20 {
            await window.clock.waitForPendingTransition()
            #expect(window.clock.pendingTransitions.count == 1)
            window.clock.advance()
            transitions += 1
            for _ in 0..<20 { await Task.yield() }
        }
        let cancelled = await tasks[5].result
        let error = try #require(
            { () -> RoutingError? in
                if case .failure(let error) = cancelled { return error as? RoutingError }
                return nil
            }())

        #expect(error.code == .cancelled)
        #expect(transitions == 10)
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
