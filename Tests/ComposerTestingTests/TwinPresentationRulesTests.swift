import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Twin: modal presentation follows UIKit")
struct TwinPresentationRulesTests {
    @Test func presentingFromAHostThatAlreadyPresentsIsRefused() async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        try await home.presentScreen(TestNavigationContainer("modal", stack: [TestScreen("login")]), animated: false)
        let before = window.render()
        #expect(
            before == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    nav "modal"
                      screen "login"
                """)

        let refused = TestScreenError.alreadyPresenting(
            host: #"nav "main""#, presented: #"nav "modal""#, refused: #"screen "other""#)
        await #expect(throws: refused) {
            try await home.presentScreen(TestScreen("other"), animated: false)
        }
        #expect(window.render() == before)
    }

    @Test func childPresentedScreenReportsWhatItsContainerPresents() async throws {
        let window = TwinFixtures.navigationWindow()
        let main = try TwinFixtures.navigation("main", in: window)
        let home = try TwinFixtures.screen("home", in: window)
        let modal = TestNavigationContainer("modal", stack: [TestScreen("login")])
        try await home.presentScreen(modal, animated: false)
        let login = try TwinFixtures.screen("login", in: window)

        #expect(home.presentedScreen === modal)
        #expect(main.presentedScreen === modal)
        #expect(modal.presentingScreen === main)
        #expect(login.presentingScreen === main)
        #expect(home.presentingScreen == nil)
        #expect(modal.presentedScreen == nil)
        #expect(modal.parentScreen == nil)
    }

    @Test(arguments: [TestModalStyle.currentContext, .overCurrentContext])
    func definesPresentationContextMakesTheScreenTheHostOfAContextPresentation(style: TestModalStyle) async throws {
        let window = TwinFixtures.shopWindow()
        let shop = try TwinFixtures.navigation("shop", in: window)
        let tabs = try #require(window.root)
        shop.definesPresentationContext = true
        let filter = TestScreen("filter")
        filter.modalStyle = style
        try await TwinFixtures.screen("home", in: window).presentScreen(filter, animated: false)
        try await TwinFixtures.screen("list", in: window).presentScreen(TestScreen("alert"), animated: false)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "shop"
                      screen "home"
                    presented \(style):
                      screen "filter"
                    nav "products"
                      screen "list"
                      screen "product 42"
                  presented automatic (as pageSheet):
                    screen "alert"
                """)
        #expect(filter.presentingScreen === shop)
        #expect(try TwinFixtures.screen("home", in: window).presentedScreen === filter)
        #expect(try TwinFixtures.screen("list", in: window).presentedScreen === tabs.presentedScreen)
        #expect(tabs.presentedScreen !== filter)
    }

    /// UIKit's `definesPresentationContext`: "The default value for this property is false. Some
    /// system-provided view controllers, such as UINavigationController, change the default value to
    /// true." So a current-context presentation asked for inside a tab's navigation controller is
    /// hosted by that navigation controller, and the tab bar stays on screen.
    @Test func aNavigationContainerDefinesThePresentationContextByDefault() async throws {
        #expect(TestNavigationContainer("any").definesPresentationContext)
        #expect(TestWrappingNavigationContainer("wrapping").definesPresentationContext)
        #expect(!TestScreen("plain").definesPresentationContext)
        #expect(!TestTabsContainer("tabs").definesPresentationContext)

        let window = TwinFixtures.shopWindow()
        let products = try TwinFixtures.navigation("products", in: window)
        let filter = TestScreen("filter")
        filter.modalStyle = .currentContext
        window.lifecycle.clear()

        try await TwinFixtures.screen("product 42", in: window).presentScreen(filter, animated: false)

        #expect(filter.presentingScreen === products)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "shop"
                      screen "home"
                    nav "products"
                      screen "list"
                      screen "product 42"
                    presented currentContext:
                      screen "filter"
                """)
        #expect(!window.lifecycle.lines.contains("main: viewWillDisappear"))
    }

    /// A navigation container defines the context by default, as `UINavigationController` does:
    /// this one is told not to, so no screen around `product 42` defines it.
    @Test func aContextPresentationWithNoScreenDefiningTheContextIsHostedByTheOutermostContainer() async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root)
        try TwinFixtures.navigation("products", in: window).definesPresentationContext = false
        let filter = TestScreen("filter")
        filter.modalStyle = .currentContext
        window.lifecycle.clear()

        try await TwinFixtures.screen("product 42", in: window).presentScreen(filter, animated: false)

        #expect(filter.presentingScreen === tabs)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "shop"
                      screen "home"
                    nav "products"
                      screen "list"
                      screen "product 42"
                  presented currentContext:
                    screen "filter"
                """)
        #expect(
            window.lifecycle.lines == [
                "main: viewWillDisappear", "products: viewWillDisappear", "product 42: viewWillDisappear",
                "filter: viewWillAppear", "filter: viewDidAppear",
                "main: viewDidDisappear", "products: viewDidDisappear", "product 42: viewDidDisappear",
            ])
    }

    /// UIKit reads `definesPresentationContext` only for the context styles: a presentation in any
    /// other style (full screen, over full screen, a sheet, an automatic one, a popover) asked for
    /// inside a screen that defines the context is still performed by the outermost container, which
    /// then refuses a second presentation from any tab.
    @Test(arguments: [TestModalStyle.automatic, .fullScreen, .pageSheet, .formSheet, .overFullScreen, .popover])
    func definesPresentationContextDoesNotMoveAFullScreenOrSheetPresentation(style: TestModalStyle) async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root)
        try TwinFixtures.navigation("shop", in: window).definesPresentationContext = true
        let filter = TestScreen("filter")
        filter.modalStyle = style

        try await TwinFixtures.screen("home", in: window).presentScreen(filter, animated: false)

        #expect(filter.presentingScreen === tabs)
        let presented = """
            window
              tabs "main" selected=1
                nav "shop"
                  screen "home"
                nav "products"
                  screen "list"
                  screen "product 42"
              presented \(style.renderedName):
                screen "filter"
            """
        #expect(window.render() == presented)
        let refused = TestScreenError.alreadyPresenting(
            host: #"tabs "main""#, presented: #"screen "filter""#, refused: #"screen "alert""#)
        await #expect(throws: refused) {
            try await TwinFixtures.screen("list", in: window).presentScreen(TestScreen("alert"), animated: false)
        }
        #expect(window.render() == presented)
    }

    @Test func presentingFromAScreenOutsideTheWindowHierarchyIsRefused() async throws {
        let loose = TestNavigationContainer("loose", stack: [TestScreen("orphan")])
        await #expect(throws: TestScreenError.notInWindow(screen: #"nav "loose""#)) {
            try await loose.presentScreen(TestScreen("modal"), animated: false)
        }
        #expect(loose.presentedScreen == nil)
    }

    @Test func presentingAScreenThatIsAlreadyInATreeIsRefused() async throws {
        let window = TwinFixtures.shopWindow()
        let before = window.render()
        let home = try TwinFixtures.screen("home", in: window)
        let product = try TwinFixtures.screen("product 42", in: window)

        await #expect(throws: TestScreenError.alreadyInContainer(screen: #"screen "home""#, container: #"nav "shop""#))
        {
            try await product.presentScreen(home, animated: false)
        }
        await #expect(throws: TestScreenError.alreadyWindowRoot(screen: #"tabs "main""#)) {
            try await product.presentScreen(try #require(window.root), animated: false)
        }
        await #expect(throws: TestScreenError.notATestScreen(type: "TwinForeignScreen")) {
            try await product.presentScreen(TwinForeignScreen(), animated: false)
        }
        #expect(window.render() == before)
    }

    @Test func dismissingAScreenDismissesTheWholeChainAboveIt() async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        try await home.presentScreen(TestNavigationContainer("modal", stack: [TestScreen("login")]), animated: false)
        try await TwinFixtures.screen("login", in: window).presentScreen(TestScreen("terms"), animated: false)
        let details = TestScreen("details")
        details.modalStyle = .formSheet
        try await TwinFixtures.screen("terms", in: window).presentScreen(details, animated: false)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    nav "modal"
                      screen "login"
                    presented automatic (as pageSheet):
                      screen "terms"
                      presented formSheet:
                        screen "details"
                """)

        try await home.dismissPresentedScreen(animated: true)

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
        #expect(details.presentingScreen == nil)
        #expect(home.presentedScreen == nil)
        #expect(window.memory.releasedNames == ["login", "modal", "terms"])
    }

    @Test func dismissingWhenNothingIsPresentedIsRefused() async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        await #expect(throws: TestScreenError.nothingPresented(screen: #"screen "home""#)) {
            try await home.dismissPresentedScreen(animated: true)
        }
    }

    @Test func presentingOverAHostWhoseDismissalIsRunningIsRefused() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let home = try TwinFixtures.screen("home", in: window)
        try await home.presentScreen(TestScreen("modal"), animated: false)
        let dismissal = Task { try await home.dismissPresentedScreen(animated: true) }
        await clock.waitForPendingTransition()

        await #expect(throws: TestScreenError.dismissalInProgress(screen: #"screen "modal""#)) {
            try await home.presentScreen(TestScreen("other"), animated: false)
        }
        clock.advanceAll()
        try await dismissal.value
        try await home.presentScreen(TestScreen("other"), animated: false)
        #expect(window.current?.name == "other")
    }
}
