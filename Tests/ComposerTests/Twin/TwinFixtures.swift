import Composer
import ComposerTesting
import Testing

/// Trees shared by the twin's tests.
@MainActor
enum TwinFixtures {
    /// `tabs "main"` selecting `nav "products"` (`list`, `product 42`), with `nav "shop"` (`home`) as
    /// the first tab.
    static func shopWindow(clock: TransitionClock = TransitionClock()) -> TestWindow {
        TestWindow(
            root: TestTabsContainer(
                "main",
                tabs: [
                    TestNavigationContainer("shop", stack: [TestScreen("home")]),
                    TestNavigationContainer("products", stack: [TestScreen("list"), TestScreen("product 42")]),
                ],
                selectedIndex: 1
            ),
            clock: clock
        )
    }

    /// `nav "main"` holding `home`, with its appearance already logged and cleared.
    static func navigationWindow(clock: TransitionClock = TransitionClock()) -> TestWindow {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]), clock: clock)
        window.lifecycle.clear()
        return window
    }

    /// The screen called `name` in `window`, or a test failure.
    static func screen(_ name: String, in window: TestWindow) throws -> TestScreen {
        try #require(window.screen(named: name))
    }

    /// The navigation container called `name` in `window`, or a test failure.
    static func navigation(_ name: String, in window: TestWindow) throws -> TestNavigationContainer {
        try #require(window.screen(named: name) as? TestNavigationContainer)
    }
}

/// A screen that is not one of the twin's, to check that the twin refuses it.
@MainActor
final class TwinForeignScreen: Screen {
    var parentScreen: (any Screen)? { nil }
    var childScreens: [any Screen] { [] }
    var presentedScreen: (any Screen)? { nil }
    var presentingScreen: (any Screen)? { nil }
    var isBeingDismissed: Bool { false }
}
