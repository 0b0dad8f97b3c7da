/// A window that knows when a transition it did not start is still running: a modal being
/// presented or dismissed, an interactive back swipe.
///
/// The router asks at the start of every navigation, inside its queue, and waits until the tree
/// is settled instead of failing or changing a stack in the middle of an animation.
@MainActor
public protocol TransitionSettling {
    /// Returns once no transition is running in the window.
    func waitUntilSettled() async
}
