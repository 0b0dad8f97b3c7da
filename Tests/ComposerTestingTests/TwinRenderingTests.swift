import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Twin: the tree renders as indented text")
struct TwinRenderingTests {
    @Test func theRenderingShowsContainersSelectionAndPresentations() async throws {
        let window = TwinFixtures.shopWindow()
        try await TwinFixtures.screen("list", in: window)
            .presentScreen(TestNavigationContainer("modal", stack: [TestScreen("login")]), animated: false)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "shop"
                      screen "home"
                    nav "products"
                      screen "list"
                      screen "product 42"
                  presented automatic (as pageSheet):
                    nav "modal"
                      screen "login"
                """)
    }

    /// A test comparing a rendering with the tree it expects is told the first line that differs,
    /// with both versions, and when one text is longer.
    @Test func aDifferenceNamesTheFirstLineThatDiffers() {
        let expected = "window\n  nav \"main\"\n    screen \"home\""
        #expect(ScreenTreeRenderer.difference(expected, expected: expected) == nil)
        #expect(
            ScreenTreeRenderer.difference("window\n  nav \"main\"\n    screen \"cart\"", expected: expected)
                == #"line 3: expected `    screen "home"`, rendered `    screen "cart"`"#)
        #expect(
            ScreenTreeRenderer.difference(expected + "\n    screen \"cart\"", expected: expected)
                == #"line 4: expected nothing (the text ends), rendered `    screen "cart"`; 4 lines rendered, 3 expected"#
        )
        #expect(
            ScreenTreeRenderer.difference("window\n  (no root)", expected: expected)
                == #"line 2: expected `  nav "main"`, rendered `  (no root)`; 2 lines rendered, 3 expected"#)
    }

    @Test func anEmptyWindowRendersNoRoot() {
        #expect(TestWindow().render() == "window\n  (no root)")
    }

    @Test func aSubtreeRendersFromColumnZero() throws {
        let window = TwinFixtures.shopWindow()
        let products = try TwinFixtures.navigation("products", in: window)
        #expect(
            window.renderTree(of: products) == """
                nav "products"
                  screen "list"
                  screen "product 42"
                """)
    }

    @Test func aScreenTheRendererDoesNotKnowIsPresentedAsModalUnlessTheRendererIsTold() {
        let page = ForeignPage("page")
        let popup = ForeignPage("popup")
        page.presented = popup
        popup.presenter = page
        #expect(ScreenTreeRenderer().render(page) == "page \"page\"\npresented modal:\n  page \"popup\"")
        #expect(
            ScreenTreeRenderer { _ in "custom" }.render(page) == "page \"page\"\npresented custom:\n  page \"popup\"")
    }

    @Test func aCustomStyleNameIsUsedForScreensTheRendererDoesNotKnow() async throws {
        let window = TwinFixtures.navigationWindow()
        let sheet = TestScreen("sheet")
        sheet.modalStyle = .formSheet
        try await TwinFixtures.screen("home", in: window).presentScreen(sheet, animated: false)

        let renderer = ScreenTreeRenderer { _ in "custom" }
        #expect(
            renderer.render(window: window) == """
                window
                  nav "main"
                    screen "home"
                  presented custom:
                    screen "sheet"
                """)
    }
}

/// A screen of an app's own that is no twin: the renderer knows it only through `Screen`.
@MainActor
private final class ForeignPage: Screen, CustomStringConvertible {
    nonisolated let name: String
    var presented: ForeignPage?
    weak var presenter: ForeignPage?

    init(_ name: String) { self.name = name }

    nonisolated var description: String { "page \"\(name)\"" }
    var parentScreen: (any Screen)? { nil }
    var childScreens: [any Screen] { [] }
    var presentedScreen: (any Screen)? { presented }
    var presentingScreen: (any Screen)? { presenter }
    var isBeingDismissed: Bool { false }
}
