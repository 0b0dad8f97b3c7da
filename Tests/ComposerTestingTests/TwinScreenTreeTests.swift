import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Twin: ScreenTree answers as UIKit would")
struct TwinScreenTreeTests {
    @Test func currentIsTheVisibleLeafOfTheTopPresentation() async throws {
        let window = TwinFixtures.shopWindow()
        let tree = ScreenTree(window: window)
        #expect(tree.current === (try TwinFixtures.screen("product 42", in: window)))

        try await TwinFixtures.screen("home", in: window)
            .presentScreen(TestNavigationContainer("modal", stack: [TestScreen("login")]), animated: false)

        #expect(tree.current === (try TwinFixtures.screen("login", in: window)))
        #expect(window.current?.name == "login")
    }

    @Test func presentationLevelsListTheRootThenEachPresentedLevel() async throws {
        let window = TwinFixtures.shopWindow()
        let modal = TestNavigationContainer("modal", stack: [TestScreen("login")])
        try await TwinFixtures.screen("list", in: window).presentScreen(modal, animated: false)
        let terms = TestScreen("terms")
        terms.modalStyle = .pageSheet
        try await TwinFixtures.screen("login", in: window).presentScreen(terms, animated: false)

        let levels = ScreenTree(window: window).presentationLevels
        #expect(levels.count == 3)
        #expect(levels.first === window.root)
        #expect(levels.dropFirst().first === modal)
        #expect(levels.last === terms)
        #expect(ScreenTree(window: window).contains(try TwinFixtures.screen("login", in: window)))
        #expect(!ScreenTree(window: window).contains(TestScreen("elsewhere")))
    }

    @Test func theScreenCoveringAChildIsWhatItsLevelPresents() async throws {
        let window = TwinFixtures.shopWindow()
        let home = try TwinFixtures.screen("home", in: window)
        #expect(ScreenTree.screenCovering(home) == nil)

        let modal = TestNavigationContainer("modal", stack: [TestScreen("login")])
        try await home.presentScreen(modal, animated: false)

        #expect(ScreenTree.screenCovering(home) === modal)
        #expect(ScreenTree.screenCovering(try TwinFixtures.screen("product 42", in: window)) === modal)
        #expect(ScreenTree.screenCovering(try TwinFixtures.screen("login", in: window)) == nil)
        #expect(
            ScreenTree.screensRemovedByDismissing(modal).map { String(describing: $0) } == [
                #"nav "modal""#, #"screen "login""#,
            ])
    }

    /// Removing a screen removes what it (or a screen inside it) hosts, not what a container above it
    /// presents, although the screen reports that presentation as UIKit does.
    @Test func removingAScreenTakesItsOwnPresentationsOnly() async throws {
        let window = TwinFixtures.shopWindow()
        let products = try TwinFixtures.navigation("products", in: window)
        let product = try TwinFixtures.screen("product 42", in: window)
        products.definesPresentationContext = true
        let sheet = TestScreen("context sheet")
        sheet.modalStyle = .currentContext
        try await product.presentScreen(sheet, animated: false)
        let names = { (screen: any Screen) in ScreenTree.screensRemovedByDismissing(screen).map { "\($0)" } }

        #expect(sheet.presentingScreen === products)
        #expect(product.presentedScreen === sheet)
        #expect(names(product) == [#"screen "product 42""#])
        #expect(
            names(products) == [
                #"nav "products""#, #"screen "list""#, #"screen "product 42""#, #"screen "context sheet""#,
            ])
        let root = try #require(window.root)
        #expect(
            names(root) == [
                #"tabs "main""#, #"nav "shop""#, #"screen "home""#, #"nav "products""#, #"screen "list""#,
                #"screen "product 42""#, #"screen "context sheet""#,
            ])

        let modal = TestScreen("modal")
        modal.modalStyle = .fullScreen
        let home = try TwinFixtures.screen("home", in: window)
        try await home.presentScreen(modal, animated: false)
        #expect(home.presentedScreen === modal && modal.presentingScreen === root)
        #expect(names(home) == [#"screen "home""#])
        #expect(names(try TwinFixtures.navigation("shop", in: window)) == [#"nav "shop""#, #"screen "home""#])
        #expect(names(root).last == #"screen "modal""#)
    }

    @Test func aLevelBeingDismissedIsNeitherCurrentNorCovering() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let home = try TwinFixtures.screen("home", in: window)
        try await home.presentScreen(TestScreen("modal"), animated: false)

        let dismissal = Task { try await home.dismissPresentedScreen(animated: true) }
        await clock.waitForPendingTransition()

        let tree = ScreenTree(window: window)
        #expect(tree.current === home)
        #expect(tree.presentationLevels.count == 1)
        #expect(ScreenTree.screenCovering(home) == nil)
        clock.advance()
        try await dismissal.value
    }

    @Test func anExpandedSplitShowsBothColumns() throws {
        let window = TestWindow(
            root: TestSplitContainer("mail", primary: TestScreen("inbox"), secondary: TestScreen("message")))
        let split = try #require(window.root)
        let visible = ScreenTree.visibleChildren(of: split).map { String(describing: $0) }
        #expect(visible == [#"screen "inbox""#, #"screen "message""#])
        #expect(window.current?.name == "message")
        #expect(
            window.lifecycle.lines.prefix(3) == [
                "mail: viewWillAppear", "inbox: viewWillAppear", "message: viewWillAppear",
            ])
    }
}
