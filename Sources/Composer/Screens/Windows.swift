/// The window that holds the root of the screen tree.
@MainActor
public protocol ScreenWindow: AnyObject {
    /// The root screen, if any.
    var rootScreen: (any Screen)? { get }

    /// Replaces the root screen and returns when any transition has finished.
    func setRootScreen(_ screen: any Screen, animated: Bool) async throws
}

/// A window that counts the changes to its tree, so the router plans a navigation again after its
/// guards only when something changed (a login screen came and went), not after every guard.
///
/// Without it the router plans again whenever a guard ran, which is always correct, only slower.
/// The package's own windows (the test kit's, the SwiftUI model's) adopt it; `package`, because
/// only a window that counts every change exactly may, and an app's window never needs to.
@MainActor
package protocol TreeRevisioning: ScreenWindow {
    /// A number that changes whenever any screen of the tree is added, removed, moved, shown or
    /// hidden.
    var treeRevision: Int { get }

    /// Whether the tree is the one it was at `revision`: the same revision, or a later one that the
    /// window knows to hold the same tree (a change it took back at once).
    func treeIsUnchanged(since revision: Int) -> Bool
}

extension TreeRevisioning {
    /// The same revision only.
    package func treeIsUnchanged(since revision: Int) -> Bool { treeRevision == revision }
}

/// A window that can set its root for a navigation without waiting for the root to show: the
/// navigation's next changes (a tab selection, a push) join it in one update, so a cold start from
/// a link shows the linked screen first, never the first tab, and the navigation waits for what is
/// on top at its next change that waits or at the end of its show phase
/// (``TransitionSettling/waitUntilChangesShown()``). Only ``ReplaceRootAction`` calls it, since
/// only a navigation's show phase is sure to wait afterwards; the SwiftUI model adopts it.
/// `package`, as ``TreeRevisioning`` is: the window must report through
/// ``TransitionSettling/isSettled`` that a root it set has not shown yet.
@MainActor
package protocol RootJoiningNextChanges: ScreenWindow, TransitionSettling {
    /// Replaces the root screen and returns without waiting for it to show.
    func setRootScreenJoiningNextChanges(_ screen: any Screen, animated: Bool) async throws
}

/// Supplies the window a navigation runs in, asked once at the start of every navigation.
///
/// On iOS the default answers the key window of the foreground active scene; an app with several
/// scenes passes the window of the scene that asked.
@MainActor
public protocol WindowProvider {
    /// The window to navigate in, or `nil` when there is none yet.
    var window: (any ScreenWindow)? { get }
}

/// A provider that always answers the same window.
@MainActor
public struct FixedWindowProvider: WindowProvider {
    private let fixedWindow: any ScreenWindow

    /// Creates a provider for `window`.
    public init(_ window: any ScreenWindow) {
        self.fixedWindow = window
    }

    /// The window given at creation.
    public var window: (any ScreenWindow)? { fixedWindow }
}

/// The window seen as a screen, so that replacing its root is an action like any other.
@MainActor
public final class WindowAnchor: Screen {
    /// The window whose root ``ReplaceRootAction`` replaces.
    public let window: any ScreenWindow

    init(window: any ScreenWindow) {
        self.window = window
    }

    /// Always `nil`: the window has no parent.
    public var parentScreen: (any Screen)? { nil }
    /// The root screen, if any.
    public var childScreens: [any Screen] { window.rootScreen.map { [$0] } ?? [] }
    /// Always `nil`.
    public var presentedScreen: (any Screen)? { nil }
    /// Always `nil`.
    public var presentingScreen: (any Screen)? { nil }
    /// Always `false`.
    public var isBeingDismissed: Bool { false }
}
