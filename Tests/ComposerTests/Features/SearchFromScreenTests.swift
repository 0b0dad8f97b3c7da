import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("A search that starts from a given screen")
struct SearchFromScreenTests {
    /// Two tabs of stacks (home selected; the shop holds a list and product 7) under a modal stack
    /// presented full screen.
    private func window() async throws -> TestWindow {
        let window = TestWindow(
            root: TestTabsContainer(
                "main",
                tabs: [
                    TestNavigationContainer("home-nav", stack: [TestScreen("home"), ProductScreen(1)]),
                    TestNavigationContainer("shop-nav", stack: [ListScreen(), ProductScreen(7)]),
                ], selectedIndex: 0))
        let modal = TestNavigationContainer("modal-nav", stack: [TestScreen("login"), TestScreen("otp")])
        modal.modalStyle = .fullScreen
        try await #require(window.root).presentScreen(modal, animated: false)
        return window
    }

    @Test(
        "From a hidden tab's stack: its screens first, then the levels around it",
        arguments: [
            (SearchOptions.current, ["product 7"]),
            (.currentAndParents, ["product 7", "shop-nav", "main"]),
            (.currentVisible, ["product 7", "shop-nav"]),
            (.currentAllStack, ["product 7", "shop-nav", "list"]),
            (.presented, ["modal-nav", "otp"]),
            (
                .all,
                [
                    "product 7", "shop-nav", "main", "list", "modal-nav", "otp", "login",
                ]
            ),
        ])
    func candidatesFromHiddenStack(options: SearchOptions, expected: [String]) async throws {
        let window = try await window()
        let shop = try #require(window.screen(named: "shop-nav"))

        let candidates = ScreenSearch.candidates(in: ScreenTree(window: window), options: options, from: shop)

        #expect(screenNames(candidates) == expected)
    }

    @Test(
        "From a level's outermost screen, the order is that of the level's own search",
        arguments: [
            SearchOptions.current, .currentVisible, .currentAllStack, .currentAndParents, .allVisible, .all,
            .contained, .presenting, [.contained, .presented],
        ])
    func sameAsLevelSearch(options: SearchOptions) async throws {
        let window = try await window()
        let tree = ScreenTree(window: window)
        let top = try #require(tree.presentationLevels.last)
        let root = try #require(tree.root)

        #expect(
            screenNames(ScreenSearch.candidates(in: tree, options: options, from: top))
                == screenNames(ScreenSearch.candidates(in: tree, options: options, start: .topmost)))
        #expect(
            screenNames(ScreenSearch.candidates(in: tree, options: options, from: root))
                == screenNames(ScreenSearch.candidates(in: tree, options: options, start: .root)))
    }

    @Test("A finder searching from the shop's stack finds its product, and the router reveals that tab")
    func finderFromScreenRevealsHiddenTab() async throws {
        let window = try await window()
        let tree = ScreenTree(window: window)
        let shop = try #require(window.screen(named: "shop-nav"))
        let anyProduct = ClassFinder<ProductScreen, Void>(options: .all, start: .root)

        #expect(try anyProduct.findScreen(with: (), in: tree)?.name == "product 1")
        #expect(try anyProduct.searching(from: shop).findScreen(with: (), in: tree)?.name == "product 7")

        let shopProduct = GeneralStep.custom(
            ClassFinder<ProductScreen, Void>(options: .currentAllStack).searching { _, tree in
                ScreenSearch.candidates(in: tree, options: .all, start: .root).first {
                    ($0 as? TestScreen)?.name == "shop-nav"
                }
            })
        let product = try await DefaultRouter(window: window).navigate(to: shopProduct, animated: false)

        #expect(product.name == "product 7")
        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "home-nav"
                      screen "home"
                      screen "product 1"
                    nav "shop-nav"
                      screen "list"
                      screen "product 7"
                """)
    }

    @Test("A starting screen that has left the tree finds nothing")
    func startOutsideTree() async throws {
        let window = try await window()
        let tree = ScreenTree(window: window)
        let detached = TestNavigationContainer("detached", stack: [ProductScreen(9)])

        #expect(ScreenSearch.candidates(in: tree, options: .all, from: detached).isEmpty)
        #expect(try ClassFinder<ProductScreen, Void>().searching(from: detached).findScreen(with: (), in: tree) == nil)
        #expect(try ClassFinder<ProductScreen, Void>().searching { _, _ in nil }.findScreen(with: (), in: tree) == nil)
    }
}
