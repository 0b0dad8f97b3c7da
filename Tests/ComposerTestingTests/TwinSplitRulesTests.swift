import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Twin: split views follow UIKit")
struct TwinSplitRulesTests {
    @Test func aCollapsedSplitShowsTheDetailByPushingOntoThePrimaryStack() async throws {
        let split = TestSplitContainer(
            "mail", primary: TestNavigationContainer("folders", stack: [TestScreen("inbox")]), isCollapsed: true)
        let window = TestWindow(root: split)

        try await split.showDetail(TestScreen("message"), animated: true)

        #expect(
            window.render() == """
                window
                  split "mail" collapsed
                    nav "folders"
                      screen "inbox"
                      screen "message"
                """)
        #expect(window.current?.name == "message")
        #expect(split.secondaryScreen == nil)
    }

    @Test func anExpandedSplitShowsTheDetailInTheSecondaryColumn() async throws {
        let split = TestSplitContainer(
            "mail", primary: TestNavigationContainer("folders", stack: [TestScreen("inbox")]),
            secondary: TestScreen("empty"))
        let window = TestWindow(root: split)
        window.lifecycle.clear()

        try await split.showDetail(TestScreen("message"), animated: true)

        #expect(
            window.render() == """
                window
                  split "mail" expanded
                    nav "folders"
                      screen "inbox"
                    screen "message"
                """)
        #expect(window.memory.isReleased("empty"))
        #expect(
            window.lifecycle.lines == [
                "empty: viewWillDisappear", "message: viewWillAppear", "empty: viewDidDisappear",
                "message: viewDidAppear",
            ])
    }

    @Test func aCollapsedSplitWhosePrimaryIsNoNavigationStackRefusesADetail() async throws {
        let split = TestSplitContainer("mail", primary: TestScreen("inbox"), isCollapsed: true)
        let window = TestWindow(root: split)
        let before = window.render()

        let refused = TestScreenError.primaryNotNavigation(split: #"split "mail""#, primary: #"screen "inbox""#)
        await #expect(throws: refused) {
            try await split.showDetail(TestScreen("message"), animated: false)
        }
        #expect(window.render() == before)
    }

    @Test func collapsingFoldsTheSecondaryOntoThePrimaryStackAndExpandingRestoresIt() throws {
        let split = TestSplitContainer(
            "mail", primary: TestNavigationContainer("folders", stack: [TestScreen("inbox")]),
            secondary: TestNavigationContainer("detail", stack: [TestScreen("message")]))
        let window = TestWindow(root: split)
        let expanded = window.render()
        #expect(
            expanded == """
                window
                  split "mail" expanded
                    nav "folders"
                      screen "inbox"
                    nav "detail"
                      screen "message"
                """)

        split.isCollapsed = true
        #expect(
            window.render() == """
                window
                  split "mail" collapsed
                    nav "folders"
                      screen "inbox"
                      screen "message"
                """)
        #expect(window.current?.name == "message")

        split.isCollapsed = false
        #expect(window.render() == expanded)
    }

    /// A split view's initializer leaves a refused column empty, as its documentation says: given
    /// one screen for both columns, it records `duplicateChild` and keeps the screen in the primary
    /// column only, so the screen is in one place.
    @Test func aSplitViewDoesNotTakeOneScreenAsBothColumns() {
        let page = TestScreen("page")
        let split = TestSplitContainer("split", primary: page, secondary: page)

        #expect(
            split.initializationErrors == [.duplicateChild(screen: #"screen "page""#, container: #"split "split""#)])
        #expect(split.primary === page)
        #expect(split.secondary == nil)
        #expect(
            ScreenTreeRenderer().render(split) == """
                split "split" expanded
                  screen "page"
                """)
    }

    /// Collapsing keeps the emptied secondary navigation container aside, out of the tree, so it is
    /// free: it can be presented (or become a tab, or a window's root). Expanding then leaves it
    /// where it went and gives the screens moved back a secondary column of their own, so the
    /// container is never both a column of the split view and what the split view presents.
    @Test func aSecondaryStackKeptAsideWhileCollapsedDoesNotEndUpInTwoPlaces() async throws {
        let detail = TestNavigationContainer("detail", stack: [TestScreen("message")])
        let split = TestSplitContainer(
            "mail", primary: TestNavigationContainer("folders", stack: [TestScreen("inbox")]), secondary: detail)
        let window = TestWindow(root: split)
        split.isCollapsed = true
        let message = try TwinFixtures.screen("message", in: window)
        let presented = (try? await message.presentScreen(detail, animated: false)) != nil

        split.isCollapsed = false

        #expect(!(detail.parentScreen === split && split.hostedPresentation === detail))
        #expect(presented)
        if presented {
            #expect(window.render().contains("presented automatic (as pageSheet):"))
        }
        #expect(
            window.render() == """
                window
                  split "mail" expanded
                    nav "folders"
                      screen "inbox"
                    screen "message"
                  presented automatic (as pageSheet):
                    nav "detail"
                """)
    }
}
