/// A window that knows when a transition it did not start is still running: a modal being
/// presented or dismissed, an interactive back swipe.
///
/// The router asks at the start of every navigation, inside its queue, and waits until the tree
/// is settled instead of failing or changing a stack in the middle of an animation.
@MainActor
public protocol TransitionSettling {
    /// Whether no transition is running now. When it is `true` the router goes on without awaiting
    /// ``waitUntilSettled()``, which spares every navigation a suspension point; `false` only
    /// means the router awaits it. The default answers `false`.
    var isSettled: Bool { get }

    /// Returns once no transition is running in the window.
    func waitUntilSettled() async
}

extension TransitionSettling {
    /// `false`: without an answer of its own, a window is always waited for.
    public var isSettled: Bool { false }
}
