import Composer
import ComposerTesting

/// Trees shared by the twin's tests.
@MainActor
package enum TwinFixtures {
    /// `tabs "main"` selecting `nav "products"` (`list`, `product 42`), with `nav "shop"` (`home`) as
    /// the first tab.
    package static func shopWindow(clock: TransitionClock = TransitionClock()) -> TestWindow {
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
    package static func navigationWindow(clock: TransitionClock = TransitionClock()) -> TestWindow {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]), clock: clock)
        window.lifecycle.clear()
        return window
    }

    /// The screen called `name` in `window`; a test that asks for a missing one fails with the tree.
    package static func screen(_ name: String, in window: TestWindow) throws -> TestScreen {
        guard let screen = window.screen(named: name) else {
            throw MissingTwinScreen(name: name, kind: "screen", tree: window.render())
        }
        return screen
    }

    /// The navigation container called `name` in `window`; a test that asks for a missing one fails
    /// with the tree.
    package static func navigation(_ name: String, in window: TestWindow) throws -> TestNavigationContainer {
        guard let navigation = window.screen(named: name) as? TestNavigationContainer else {
            throw MissingTwinScreen(name: name, kind: "navigation container", tree: window.render())
        }
        return navigation
    }
}

/// What a fixture throws when the window has no screen of the name and kind a test asked for. (The
/// fixtures live in a library target, where Swift Testing's `#require` is not available.)
package struct MissingTwinScreen: Error, CustomStringConvertible {
    package let name: String
    package let kind: String
    package let tree: String

    package var description: String { "no \(kind) named \"\(name)\" in the window:\n\(tree)" }
}

/// A screen that is not one of the twin's, to check that the twin refuses it.
@MainActor
package final class TwinForeignScreen: Screen {
    package init() {}
    package var parentScreen: (any Screen)? { nil }
    package var childScreens: [any Screen] { [] }
    package var presentedScreen: (any Screen)? { nil }
    package var presentingScreen: (any Screen)? { nil }
    package var isBeingDismissed: Bool { false }
}
