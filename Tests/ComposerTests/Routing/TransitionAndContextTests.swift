import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Running transitions and presentation contexts")
struct TransitionAndContextTests {
    let journal = Journal()
    var routes: Routes { Routes(journal: journal) }

    @Test("A navigation asked for while a dismissal animates waits for it to settle, then runs")
    func waitsForRunningTransition() async throws {
        let main = TestNavigationContainer("main", stack: [TestScreen("home")])
        let window = TestWindow(root: main)
        try await main.presentScreen(TestScreen("promo"), animated: false)
        window.clock.mode = .manual
        let router = DefaultRouter(window: window)
        let dismissal = Task { try await main.dismissPresentedScreen(animated: true) }
        await window.clock.waitForPendingTransition()

        let navigation = Task { try await router.navigate(to: routes.productPushed, with: 4) }
        for _ in 0..<50 { await Task.yield() }
        #expect(journal.lines.isEmpty)
        #expect(window.clock.pendingTransitions.count == 1)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    screen "promo" (dismissing)
                """)

        window.clock.advance()
        try await dismissal.value
        await window.clock.waitForPendingTransition()
        window.clock.advance()
        _ = try await navigation.value

        #expect(journal.lines == ["build product 4", "prepare product 4"])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "product 4"
                """)
    }

    @Test("A modal presented by a screen that defines the presentation context covers it and is dismissed to reveal it")
    func nestedPresentationContext() async throws {
        let shop = TestNavigationContainer("shop-nav", stack: [ProductScreen(42)])
        shop.definesPresentationContext = true
        let tabs = TestTabsContainer(
            "main", tabs: [shop, TestNavigationContainer("home-nav", stack: [TestScreen("home")])], selectedIndex: 0)
        let window = TestWindow(root: tabs)
        do {
            // Scoped, so the test holds no reference that would keep the dismissed filter alive.
            let filter = TestScreen("filter")
            filter.modalStyle = .currentContext
            try await shop.presentScreen(filter, animated: false)
        }
        let router = DefaultRouter(window: window)
        #expect(window.current?.name == "filter")

        try await router.navigate(to: routes.productModal, with: 42)

        #expect(window.current?.name == "product 42")
        #expect(window.memory.isReleased("filter"))
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "shop-nav"
                      screen "product 42"
                    nav "home-nav"
                      screen "home"
                """)
    }
}
