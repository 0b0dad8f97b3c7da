import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// The navigations every app relies on, each checked against the rendered tree before and after.
@MainActor
@Suite("Router scenarios")
struct RouterScenarioTests {
    let journal = Journal()
    var routes: Routes { Routes(journal: journal) }

    @Test("A product that is not on screen is built in a new stack and presented in one navigation")
    func productNotOnScreen() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let logger = RecordingRoutingLogger()
        let router = DefaultRouter(window: window, logger: logger)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
        window.lifecycle.clear()

        let product = try await router.navigate(to: routes.productModal, with: 42)

        // Presented as UIKit's default, a sheet on an iPhone: home stays on screen beneath it.
        #expect(
            window.lifecycle.lines == [
                "product-nav: viewWillAppear", "product 42: viewWillAppear",
                "product-nav: viewDidAppear", "product 42: viewDidAppear",
            ])
        #expect(logger.entries.map(\.level) == [.debug, .info])
        #expect(logger.entries.last?.message.hasPrefix("navigated to ProductScreen") == true)

        #expect(product.name == "product 42")
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    nav "product-nav"
                      screen "product 42"
                """)
        #expect(
            journal.lines == [
                "intercept product 42",
                "build product 42",
                "prepare product 42",
                "post product 42 screens: screen \"product 42\", nav \"product-nav\", screen \"home\"",
            ])
    }

    @Test("A product already in a background tab under a modal is revealed, refreshed, and nothing is built")
    func productAlreadyOnScreen() async throws {
        let product = ProductScreen(42)
        let tabs = TestTabsContainer(
            "main",
            tabs: [
                TestNavigationContainer("home-nav", stack: [TestScreen("home")]),
                TestNavigationContainer("shop-nav", stack: [ListScreen(), product, TestScreen("reviews")]),
            ], selectedIndex: 0)
        let window = TestWindow(root: tabs)
        try await tabs.presentScreen(TestScreen("promo"), animated: false)
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "home-nav"
                      screen "home"
                    nav "shop-nav"
                      screen "list"
                      screen "product 42"
                      screen "reviews"
                  presented automatic (as pageSheet):
                    screen "promo"
                """)

        let found = try await router.navigate(to: routes.productModal, with: 42)

        #expect(found === product)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "home-nav"
                      screen "home"
                    nav "shop-nav"
                      screen "list"
                      screen "product 42"
                """)
        #expect(journal.lines.first == "intercept product 42")
        #expect(journal.count(prefix: "build") == 0)
        #expect(journal.count(prefix: "prepare product 42") == 1)
        #expect(window.memory.isReleased("promo"))
        #expect(window.memory.isReleased("reviews"))
    }

    @Test("Navigating to a screen that refuses to be dismissed fails before anything changes")
    func refusedDismissal() async throws {
        let tabs = TestTabsContainer(
            "main",
            tabs: [
                TestNavigationContainer("home-nav", stack: [TestScreen("home")]),
                TestNavigationContainer("shop-nav", stack: [ProductScreen(42)]),
            ], selectedIndex: 0)
        let window = TestWindow(root: tabs)
        let form = TestScreen("edit-form")
        form.canBeDismissed = false
        try await tabs.presentScreen(form, animated: false)
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: routes.productModal, with: 42)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(error?.found.contains("screen \"edit-form\" refuses") == true)
        #expect(window.render() == before)
    }

    @Test("A deep link from a cold start builds tabs, stack, list and product with one animated transition")
    func coldStartDeepLink() async throws {
        let window = TestWindow()
        window.clock.mode = .manual
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  (no root)
                """)

        let navigation = Task { try await router.navigate(to: routes.productInShop, with: 42) }
        await window.clock.waitForPendingTransition()
        #expect(window.clock.pendingTransitions.count == 1)
        #expect(window.clock.advance())
        let product = try await navigation.value

        #expect(product.name == "product 42")
        #expect(window.clock.pendingTransitions.isEmpty)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "shop-nav"
                      screen "list"
                      screen "product 42"
                """)
        #expect(journal.lines == ["build product 42", "prepare product 42"])
    }

    @Test("A second deep link reuses the stack and list it finds and pushes only the product")
    func deepLinkIntoExistingStack() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        try await router.navigate(to: routes.productInShop, with: 1)

        try await router.navigate(to: routes.productInShop, with: 2)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "shop-nav"
                      screen "list"
                      screen "product 2"
                """)
        #expect(window.memory.isReleased("product 1"))
    }

    @Test("Several pushes into an existing stack become one stack change")
    func pushesIntoExistingStackAreOneChange() async throws {
        let tabs = TestTabsContainer("main", tabs: [TestNavigationContainer("shop-nav", stack: [TestScreen("home")])])
        let window = TestWindow(root: tabs)
        window.clock.mode = .manual
        let router = DefaultRouter(window: window)

        let navigation = Task { try await router.navigate(to: routes.productInShop, with: 7) }
        await window.clock.waitForPendingTransition()
        #expect(window.clock.pendingTransitions.count == 1)
        window.clock.advanceAll()
        _ = try await navigation.value

        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "shop-nav"
                      screen "home"
                      screen "list"
                      screen "product 7"
                """)
    }
}
