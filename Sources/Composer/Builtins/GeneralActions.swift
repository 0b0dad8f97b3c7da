/// Presents a screen modally over the screen of the step before (its presentation host really
/// presents it, as in UIKit).
public struct PresentModallyAction: Action {
    /// The action has no settings: a chain reads better with the shorthand `GeneralAction.presentModally()`.
    public init() {}

    /// Presents `screen`; a presenter that cannot present is refused.
    public func perform(_ screen: any Screen, on presenter: any Screen, animated: Bool) async throws {
        let presenting = try ScreenTree.modalPresenter(presenter, toDo: "present \(screen)")
        try await presenting.presentScreen(screen, animated: animated)
    }
}

/// Dismisses what the screen of the step before presents, then presents the new screen in its place:
/// swapping one modal for another.
///
/// Through the router the anchor is revealed first (what covers it is dismissed, with the usual
/// ``DismissalVetoing`` check), so this matters when the action is called directly or composed into
/// an app's own action.
public struct DismissAndPresentAction: Action {
    /// The action has no settings: a chain reads better with the shorthand `GeneralAction.dismissAndPresent()`.
    public init() {}

    /// Dismisses (without animation when a presentation follows) and presents `screen`.
    public func perform(_ screen: any Screen, on presenter: any Screen, animated: Bool) async throws {
        let presenting = try ScreenTree.modalPresenter(presenter, toDo: "present \(screen)")
        if let covering = ScreenTree.screenCovering(presenter) {
            try ScreenTree.checkDismissal(of: [covering])
            try await presenting.dismissPresentedScreen(animated: false)
        }
        try await presenting.presentScreen(screen, animated: animated)
    }

    /// What covers `presenter`, which the action dismisses first: asked before any guard runs.
    public func screensRemoved(on presenter: any Screen) -> [any Screen] {
        ScreenTree.screenCovering(presenter).map { [$0] } ?? []
    }
}

/// Makes a screen the root of the window, replacing the whole tree.
public struct ReplaceRootAction: Action {
    /// The action has no settings: a chain reads better with the shorthand `GeneralAction.replaceRoot()`.
    public init() {}

    /// Replaces the root; a screen of the current tree that refuses dismissal stops it first.
    public func perform(_ screen: any Screen, on presenter: WindowAnchor, animated: Bool) async throws {
        if let root = presenter.window.rootScreen, root !== screen {
            try ScreenTree.checkDismissal(of: [root])
        }
        if let joining = presenter.window as? any RootJoiningNextChanges {
            try await joining.setRootScreenJoiningNextChanges(screen, animated: animated)
        } else {
            try await presenter.window.setRootScreen(screen, animated: animated)
        }
    }

    /// The window's root screen, which the new one replaces: asked before any guard runs.
    public func screensRemoved(on presenter: WindowAnchor) -> [any Screen] {
        presenter.window.rootScreen.map { [$0] } ?? []
    }
}

/// Does nothing: for a step whose screen is already where it belongs.
public struct NoAction: Action {
    /// The action has no settings: a chain reads better with the shorthand `GeneralAction.nothing()`.
    public init() {}

    /// Leaves the tree as it is: the screen is already where it belongs.
    public func perform(_ screen: any Screen, on presenter: any Screen, animated: Bool) async throws {}
}

/// The actions that work on any screen.
@MainActor
public enum GeneralAction {
    /// Presents the screen modally.
    public static func presentModally() -> PresentModallyAction { PresentModallyAction() }
    /// Dismisses what is presented, then presents the screen.
    public static func dismissAndPresent() -> DismissAndPresentAction { DismissAndPresentAction() }
    /// Makes the screen the window's root; use it after ``GeneralStep/window()``.
    public static func replaceRoot() -> ReplaceRootAction { ReplaceRootAction() }
    /// Does nothing.
    public static func nothing() -> NoAction { NoAction() }
}
