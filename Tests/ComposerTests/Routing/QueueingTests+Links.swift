import Composer
import ComposerLinks
import ComposerTestFixtures
import ComposerTesting
import Testing

extension QueueingTests {
    @Test("A link, a link value and a restoration pass the queueing their caller chose through the protocol")
    func linksPassTheirQueueing() async throws {
        let router = RecordingRouter(answer: .screen { _ in ProductScreen(1) })
        let asProtocol: any Router = router
        let product = gatedProduct(CancellableLoginGate(journal: journal))
        var links = LinkMap()
        try links.register("shop://product/<int:id>", as: "Product") { params in
            Link(to: product, with: try params.int("id"))
        }

        try await asProtocol.open("shop://product/1", using: links, animated: false, queueing: .interrupt)
        try await asProtocol.navigate(to: links.resolve("shop://product/2"), queueing: .failIfBusy)
        let restored = await asProtocol.restore(["shop://product/3"], using: links, queueing: .interrupt)

        #expect(restored.isComplete)
        #expect(
            router.requests.map(\.description) == [
                "ProductScreen with 1 (not animated) [interrupt]",
                "ProductScreen with 2 (animated) [failIfBusy]",
                "ProductScreen with 3 (not animated) [interrupt]",
            ])
    }

    @Test("A link opened with a completion handler inside an interceptor waits its turn in the queue")
    func completionLinkInsideAnInterceptorIsQueued() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let journal = journal
        var links = LinkMap()
        let signedOut = signedOut()
        try links.register("shop://signed-out", as: "Signed out") { _ in Link(to: signedOut) }
        let product = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(
            ProbeInterceptor { [weak router, links] in
                router?.open("shop://signed-out", using: links, animated: false) { _ in journal.record("link opened") }
                await turns { router.map { $0.waitingNavigations > 0 } ?? true }
                journal.record("waiting: \(router?.waitingNavigations ?? -1)")
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        try await router.navigate(to: product, with: 1, animated: false)
        await waitUntil { journal.lines.count == 3 }

        #expect(journal.lines == ["waiting: 1", "build product 1", "link opened"])
        #expect(window.current.map { "\($0)" } == "screen \"signed out\"")
    }
}
