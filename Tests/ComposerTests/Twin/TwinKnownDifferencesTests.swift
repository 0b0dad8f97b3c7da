import Composer
import ComposerTesting
import Testing

/// Places where the twin does not yet do what UIKit does. Each test states UIKit's behaviour and is
/// marked as a known issue: it starts failing (the known issue is no longer recorded) once the twin
/// is fixed, and the mark must then be removed. See `UIKitBehaviour.md`.
@MainActor
@Suite("Twin: known differences from UIKit")
struct TwinKnownDifferencesTests {
    /// UIKit consults `definesPresentationContext` only for `.currentContext` and
    /// `.overCurrentContext`; full-screen, page-sheet and form-sheet presentations are performed by
    /// the outermost container of the level whatever the screens inside it define.
    @Test(arguments: [TestModalStyle.fullScreen, .pageSheet])
    func definesPresentationContextDoesNotMoveAFullScreenOrSheetPresentation(style: TestModalStyle) async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root)
        try TwinFixtures.navigation("shop", in: window).definesPresentationContext = true
        let filter = TestScreen("filter")
        filter.modalStyle = style

        try await TwinFixtures.screen("home", in: window).presentScreen(filter, animated: false)

        withKnownIssue("the twin lets definesPresentationContext choose the host for every style") {
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
                      presented \(style):
                        screen "filter"
                    """)
        }
        await withKnownIssue("the twin lets definesPresentationContext choose the host for every style") {
            let refused = TestScreenError.alreadyPresenting(
                host: #"tabs "main""#, presented: #"screen "filter""#, refused: #"screen "alert""#)
            await #expect(throws: refused) {
                try await TwinFixtures.screen("list", in: window).presentScreen(TestScreen("alert"), animated: false)
            }
        }
    }

    /// UIKit raises when a split view controller is pushed onto a navigation stack; ComposerUIKit
    /// refuses it (`UIKitRoutingError.Code.invalidStack`). The twin accepts it.
    @Test func pushingASplitContainerIsRefused() async throws {
        let window = TwinFixtures.shopWindow()
        let products = try TwinFixtures.navigation("products", in: window)
        let before = window.render()

        await withKnownIssue("the twin refuses only navigation containers in a stack") {
            await #expect(throws: TestScreenError.self) {
                try await products.push(TestSplitContainer("split", primary: TestScreen("inbox")), animated: false)
            }
            #expect(window.render() == before)
        }
    }

    /// On a push UIKit sends `viewWillDisappear` to the old top before `viewWillAppear` to the new
    /// one (and the reverse roles on a pop); the did-callbacks come in the order the twin logs.
    @Test func aPushTellsTheOldTopItWillDisappearBeforeTheNewTopThatItWillAppear() async throws {
        let window = TwinFixtures.navigationWindow()
        let main = try TwinFixtures.navigation("main", in: window)

        try await main.push(TestScreen("list"), animated: true)
        try await main.setStack(Array(main.stack.prefix(1)), animated: true)

        withKnownIssue("the twin logs every will-appear before every will-disappear") {
            #expect(
                window.lifecycle.lines == [
                    "home: viewWillDisappear", "list: viewWillAppear", "home: viewDidDisappear", "list: viewDidAppear",
                    "list: viewWillDisappear", "home: viewWillAppear", "list: viewDidDisappear", "home: viewDidAppear",
                ])
        }
    }
}
