/// Why the in-memory twin refused an operation that UIKit would refuse, raise an exception for, or
/// log a warning about and ignore.
///
/// A refused operation changes nothing in the tree. Each case names the screens involved by their
/// `description` (for example `nav "main"`), so a failing test says what went wrong.
public enum TestScreenError: Error, CustomStringConvertible, Equatable {
    /// `host` already presents `presented`, so it cannot present `refused` (UIKit logs and does nothing).
    case alreadyPresenting(host: String, presented: String, refused: String)
    /// `screen` is already a child of `container` and cannot be put somewhere else.
    case alreadyInContainer(screen: String, container: String)
    /// `screen` is already presented by `presenter`.
    case alreadyPresented(screen: String, presenter: String)
    /// `screen` is the root of a window.
    case alreadyWindowRoot(screen: String)
    /// The screen is of type `type`, not a ``TestScreen``; the twin works with its own screens only.
    case notATestScreen(type: String)
    /// `screen` is not in a window, so it cannot present (UIKit warns that the view is not in the
    /// window hierarchy and does nothing).
    case notInWindow(screen: String)
    /// Neither `screen` nor any of its ancestors presents anything, so there is nothing to dismiss.
    case nothingPresented(screen: String)
    /// `screen` is being dismissed by a transition that has not finished (UIKit refuses to present
    /// while a dismissal is in progress).
    case dismissalInProgress(screen: String)
    /// `screen` is a navigation container and cannot go into `navigation`'s stack (UIKit raises).
    case navigationInsideNavigation(screen: String, navigation: String)
    /// `screen` is a split container and cannot go into `navigation`'s stack (UIKit raises).
    case splitInsideNavigation(screen: String, navigation: String)
    /// `screen` appears twice in the children given to `container` (UIKit raises).
    case duplicateChild(screen: String, container: String)
    /// Putting `screen` into `container` would make `screen` contain itself.
    case wouldContainItself(screen: String, container: String)
    /// `index` is not a valid tab index of `tabs`, which has `tabCount` tabs.
    case tabIndexOutOfRange(index: Int, tabCount: Int, tabs: String)
    /// `split` is collapsed and its primary column (`primary`) is not a navigation container, so a
    /// detail cannot be pushed onto it.
    case primaryNotNavigation(split: String, primary: String)
    /// `split` has no primary column, so it cannot show a detail: UIKit has no split view with
    /// only a secondary column.
    case detailWithoutPrimary(split: String, detail: String)

    /// A sentence naming the screens and the UIKit rule that refused the operation.
    public var description: String {
        switch self {
        case .alreadyPresenting(let host, let presented, let refused):
            "\(host) already presents \(presented), so it cannot present \(refused); UIKit refuses a second presentation"
        case .alreadyInContainer(let screen, let container):
            "\(screen) is already a child of \(container); remove it from there first"
        case .alreadyPresented(let screen, let presenter):
            "\(screen) is already presented by \(presenter)"
        case .alreadyWindowRoot(let screen):
            "\(screen) is the root of a window"
        case .notATestScreen(let type):
            "a screen of type \(type) is not a TestScreen; the twin only works with its own screens"
        case .notInWindow(let screen):
            "\(screen) is not in a window, so it cannot present; UIKit refuses when the view is not in the window hierarchy"
        case .nothingPresented(let screen):
            "\(screen) presents nothing, so there is nothing to dismiss"
        case .dismissalInProgress(let screen):
            "\(screen) is being dismissed; wait until the dismissal has finished"
        case .navigationInsideNavigation(let screen, let navigation):
            "\(screen) is a navigation container and cannot be put in the stack of \(navigation); UIKit raises"
        case .splitInsideNavigation(let screen, let navigation):
            "\(screen) is a split container and cannot be put in the stack of \(navigation); UIKit raises"
        case .duplicateChild(let screen, let container):
            "\(screen) appears more than once in the children given to \(container); UIKit raises"
        case .wouldContainItself(let screen, let container):
            "\(screen) cannot go into \(container), which is itself inside \(screen)"
        case .tabIndexOutOfRange(let index, let tabCount, let tabs):
            "tab index \(index) is out of range for \(tabs), which has \(tabCount) tab\(tabCount == 1 ? "" : "s")"
        case .primaryNotNavigation(let split, let primary):
            "\(split) is collapsed and its primary column (\(primary)) is not a navigation container, so a detail cannot be pushed onto it"
        case .detailWithoutPrimary(let split, let detail):
            "\(split) has no primary column, so it cannot show \(detail) as its detail; set the primary first"
        }
    }
}
