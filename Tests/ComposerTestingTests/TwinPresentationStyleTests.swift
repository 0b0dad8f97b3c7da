import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// The styles that leave the presenter on screen, as an iPhone in portrait shows them: UIKit's
/// default (`.automatic`, a page sheet), a page sheet, over full screen, and a popover (adapted to a
/// form sheet on compact width). Each test states the tree while the screen is presented and the
/// callbacks of the presentation and of its dismissal.
@MainActor
@Suite("Twin: presentation styles follow UIKit on an iPhone")
struct TwinPresentationStyleTests {
    /// What a presentation from `home` (in `nav "main"`) in `style` shows and calls.
    struct Observed {
        var presenting: String
        var presentedTree: String
        var presentationCallbacks: [String]
        var dismissalCallbacks: [String]
        var treeAfterDismissal: String
    }

    /// Presents `screen` from `home` and dismisses it, both animated, recording the tree and the
    /// callbacks of each step. `style` is applied unless `nil` (the screen keeps its default).
    private func presentAndDismiss(_ screen: TestScreen, style: TestModalStyle?) async throws -> Observed {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        if let style { screen.modalStyle = style }

        try await home.presentScreen(screen, animated: true)
        let presenting = screen.presentingScreen.map { "\($0)" } ?? "nothing"
        let presentedTree = window.render()
        let presentationCallbacks = window.lifecycle.lines
        window.lifecycle.clear()
        try await home.dismissPresentedScreen(animated: true)

        return Observed(
            presenting: presenting, presentedTree: presentedTree, presentationCallbacks: presentationCallbacks,
            dismissalCallbacks: window.lifecycle.lines, treeAfterDismissal: window.render())
    }

    private let homeAlone = """
        window
          nav "main"
            screen "home"
        """

    /// Checks what presenting the single screen `name` over home showed: hosted by `nav "main"`,
    /// rendered under `presented <styleLine>:` with home still there, and only `name` told of its
    /// appearance and, on dismissal, of its disappearance.
    private func expectOnlyThePresentedScreenIsTold(
        _ observed: Observed, name: String, styleLine: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(observed.presenting == #"nav "main""#, sourceLocation: sourceLocation)
        #expect(
            observed.presentedTree == """
                window
                  nav "main"
                    screen "home"
                  presented \(styleLine):
                    screen "\(name)"
                """, sourceLocation: sourceLocation)
        #expect(
            observed.presentationCallbacks == ["\(name): viewWillAppear", "\(name): viewDidAppear"],
            sourceLocation: sourceLocation)
        #expect(
            observed.dismissalCallbacks == ["\(name): viewWillDisappear", "\(name): viewDidDisappear"],
            sourceLocation: sourceLocation)
        #expect(observed.treeAfterDismissal == homeAlone, sourceLocation: sourceLocation)
    }

    @Test func anAutomaticPresentationIsAPageSheetThatLeavesThePresenterOnScreen() async throws {
        let login = TestScreen("login")
        #expect(login.modalStyle == .automatic)

        let observed = try await presentAndDismiss(login, style: nil)

        expectOnlyThePresentedScreenIsTold(observed, name: "login", styleLine: "automatic (as pageSheet)")
    }

    @Test func aPageSheetLeavesThePresenterOnScreen() async throws {
        let observed = try await presentAndDismiss(TestScreen("terms"), style: .pageSheet)

        expectOnlyThePresentedScreenIsTold(observed, name: "terms", styleLine: "pageSheet")
    }

    /// UIKit keeps the views beneath an over-full-screen presentation, so nothing beneath it gets a
    /// disappearance, although it covers the whole window.
    @Test func anOverFullScreenPresentationCoversTheWindowButNothingBeneathDisappears() async throws {
        let observed = try await presentAndDismiss(
            TestNavigationContainer("player", stack: [TestScreen("video")]), style: .overFullScreen)

        #expect(observed.presenting == #"nav "main""#)
        #expect(
            observed.presentedTree == """
                window
                  nav "main"
                    screen "home"
                  presented overFullScreen:
                    nav "player"
                      screen "video"
                """)
        #expect(
            observed.presentationCallbacks == [
                "player: viewWillAppear", "video: viewWillAppear", "player: viewDidAppear", "video: viewDidAppear",
            ])
        #expect(
            observed.dismissalCallbacks == [
                "player: viewWillDisappear", "video: viewWillDisappear",
                "player: viewDidDisappear", "video: viewDidDisappear",
            ])
        #expect(observed.treeAfterDismissal == homeAlone)
    }

    /// On compact width UIKit adapts a popover: it behaves as a form sheet, over the presenter.
    @Test func aPopoverIsAFormSheetOnAnIPhoneAndLeavesThePresenterOnScreen() async throws {
        let observed = try await presentAndDismiss(TestScreen("filters"), style: .popover)

        expectOnlyThePresentedScreenIsTold(observed, name: "filters", styleLine: "popover (as formSheet)")
    }

    /// A full-screen presentation made from one that left the presenter on screen hides the whole
    /// window, the over-full-screen level included, as it does from a sheet.
    @Test func aFullScreenPresentationOverAnOverFullScreenOneHidesEverythingBeneath() async throws {
        let window = TwinFixtures.navigationWindow()
        let player = TestScreen("player")
        player.modalStyle = .overFullScreen
        try await TwinFixtures.screen("home", in: window).presentScreen(player, animated: false)
        window.lifecycle.clear()
        let settings = TestScreen("settings")
        settings.modalStyle = .fullScreen

        try await player.presentScreen(settings, animated: true)

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented overFullScreen:
                    screen "player"
                    presented fullScreen:
                      screen "settings"
                """)
        #expect(
            window.lifecycle.lines == [
                "main: viewWillDisappear", "home: viewWillDisappear", "player: viewWillDisappear",
                "settings: viewWillAppear", "settings: viewDidAppear",
                "main: viewDidDisappear", "home: viewDidDisappear", "player: viewDidDisappear",
            ])
    }

    @Test func onlyTheAutomaticStyleAndThePopoverAreShownAsAnotherStyle() {
        let shown = Dictionary(
            uniqueKeysWithValues: [
                TestModalStyle.automatic, .fullScreen, .pageSheet, .formSheet, .currentContext, .overFullScreen,
                .overCurrentContext, .popover,
            ].map { ($0, $0.renderedName) })
        #expect(
            shown == [
                .automatic: "automatic (as pageSheet)", .fullScreen: "fullScreen", .pageSheet: "pageSheet",
                .formSheet: "formSheet", .currentContext: "currentContext", .overFullScreen: "overFullScreen",
                .overCurrentContext: "overCurrentContext", .popover: "popover (as formSheet)",
            ])
    }
}
