/// A window that knows when a transition it did not start is still running: a modal being
/// presented or dismissed, an interactive back swipe.
///
/// The router asks at the start of every navigation, inside its queue, and waits until the tree
/// is settled instead of failing or changing a stack in the middle of an animation; at the end of
/// a navigation that changed the screen it waits for the window to show the changes
/// (``waitUntilChangesShown()``).
@MainActor
public protocol TransitionSettling {
    /// Whether no transition is running now. When it is `true` the router goes on without awaiting
    /// ``waitUntilSettled()``, which spares every navigation a suspension point; `false` only
    /// means the router awaits it. The default answers `false`.
    var isSettled: Bool { get }

    /// Returns once no transition is running in the window.
    func waitUntilSettled() async

    /// Returns once the window shows what a navigation changed, or throws when part of it will
    /// never show. The router awaits it at the end of every navigation that changed the screen,
    /// when the window is not settled (``isSettled``), so that the navigation returns once its
    /// destination is on screen, and a change the window applied without waiting for it (a
    /// SwiftUI tab selection, which the view shows on its next update) fails the navigation if it
    /// never shows. The default awaits ``waitUntilSettled()`` and never throws.
    func waitUntilChangesShown() async throws
}

extension TransitionSettling {
    /// `false`: without an answer of its own, a window is always waited for.
    public var isSettled: Bool { false }

    /// Awaits ``waitUntilSettled()``.
    public func waitUntilChangesShown() async throws {
        await waitUntilSettled()
    }
}
