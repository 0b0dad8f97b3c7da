/// A window told where each navigation of a router begins and ends.
///
/// The router calls ``navigationWillBegin()`` before a navigation (or the removal of a finished
/// screen) changes anything in the window, after it waited for the window to settle, and
/// ``navigationDidEnd()`` once it has ended, whether it succeeded or failed; navigations started
/// inside another nest. A window that holds a change back for the change that joins it (the
/// SwiftUI model holds a pop without animation for the push after it) makes it at the end at the
/// latest. Windows that hold nothing back need not adopt it.
@MainActor
public protocol NavigationBracketing: AnyObject {
    /// A navigation begins in this window.
    func navigationWillBegin()

    /// A navigation that began in this window has ended.
    func navigationDidEnd()
}
