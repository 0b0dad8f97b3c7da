/// A screen of the app as the router sees it: a node of the live screen tree.
///
/// Composer never names a UI framework. `ComposerUIKit` makes `UIViewController` a `Screen`,
/// `ComposerTesting` provides in-memory screens, and an app's own view type can conform by
/// extension. The relationships mirror UIKit's:
/// - ``parentScreen`` and ``childScreens`` describe containment (a stack, tabs, a split view);
/// - ``presentedScreen`` answers what the nearest presenting ancestor presents, exactly like
///   `UIViewController.presentedViewController`, so a screen inside a container reports the
///   modal its container presents;
/// - ``presentingScreen`` is the screen that really performed the presentation, which is
///   often the root container rather than the screen that asked for it.
@MainActor
public protocol Screen: AnyObject {
    /// The container this screen is a child of, or `nil` for a root or a presented screen.
    var parentScreen: (any Screen)? { get }

    /// The screens contained in this one, in the container's own order (stack order, tab order,
    /// primary before secondary). Empty for a plain screen.
    var childScreens: [any Screen] { get }

    /// The screen presented over this one or over its nearest presenting ancestor.
    var presentedScreen: (any Screen)? { get }

    /// The screen that presented this one (or this one's outermost container), if any.
    var presentingScreen: (any Screen)? { get }

    /// Whether this screen is leaving the tree by a dismissal that is still running.
    ///
    /// The router never treats such a screen as current, because it is about to disappear.
    var isBeingDismissed: Bool { get }

    /// Whether this screen, presented, hides every screen beneath it in the window, whichever
    /// screen hosts the presentation: a full-screen modal (`UIModalPresentationStyle.fullScreen`,
    /// SwiftUI's `fullScreenCover`).
    ///
    /// The router asks it of presentations hosted on another branch of a level (the other column of
    /// a split view that defines the presentation context): such a chain covers only its context,
    /// unless a full-screen modal is in it, and then revealing a screen of the level dismisses it.
    /// The default is `false`: a screen type that cannot tell leaves other branches' presentations
    /// alone.
    var hidesWindowWhenPresented: Bool { get }

    /// This screen as a ``ScreenContainer``, or `nil` for a plain screen.
    ///
    /// The tree walk asks it once per screen, so one answer covers every kind of container. The
    /// default is a dynamic cast; a screen class hierarchy can answer without one.
    var asContainer: (any ScreenContainer)? { get }

    /// The screen this screen itself presents, as the host of the presentation: `nil` when it
    /// presents nothing, and when ``presentedScreen`` only answers for an ancestor that presents.
    ///
    /// The router asks it of every screen a navigation removes or passes on its way to the visible
    /// screen. The default compares `presentedScreen?.presentingScreen` with this screen; a screen
    /// type that stores what it presents answers without walking up to its presenting ancestor.
    var hostedPresentation: (any Screen)? { get }
}

/// A screen that may refuse to be dismissed or popped, for example a form with unsaved edits.
///
/// Before making a found screen visible, the router asks every screen that would leave the tree
/// (dismissed above the anchor or popped off a stack). One refusal ends the navigation with
/// ``RoutingError/Code/dismissalRefused`` before anything changes on screen.
@MainActor
public protocol DismissalVetoing: AnyObject {
    /// `false` while this screen must stay on screen.
    var canBeDismissed: Bool { get }
}

/// A screen that can present another one modally and dismiss what it presents.
///
/// Following UIKit, the presentation is performed by the screen's presentation host: the outermost
/// container of its level for full-screen and sheet styles, and for the current-context styles the
/// nearest ancestor that defines the presentation context. A host that
/// already presents something refuses to present another screen.
@MainActor
public protocol ModalPresenting: Screen {
    /// Presents `screen` modally and returns when the presentation has finished.
    func presentScreen(_ screen: any Screen, animated: Bool) async throws

    /// Dismisses what this screen's presentation host presents, together with every screen
    /// presented above it, and returns when the dismissal has finished.
    func dismissPresentedScreen(animated: Bool) async throws
}

/// Thrown when a step needs a screen to present or dismiss modally and the screen does not conform
/// to ``ModalPresenting``; the router reports it as ``RoutingError/Code/cannotPresent``.
public struct NotModalPresentingError: Error, CustomStringConvertible, Sendable {
    /// The screen that was asked, as text.
    public let screen: String
    /// What it was asked to do, such as "present ProductScreen" or "dismiss LoginScreen".
    public let purpose: String

    /// Creates the error for `screen`, asked to do `purpose`.
    @MainActor
    public init(_ screen: any Screen, purpose: String) {
        self.screen = "\(screen)"
        self.purpose = purpose
    }

    /// `<screen> cannot <purpose>: it does not conform to ModalPresenting`.
    public var description: String { "\(screen) cannot \(purpose): it does not conform to ModalPresenting" }
}

extension ScreenTree {
    /// `screen` as a ``ModalPresenting`` screen, or ``NotModalPresentingError`` naming `purpose`.
    ///
    /// Every action and the router ask through here, so a screen that cannot present fails the
    /// same way, with the same ``RoutingError/Code``, wherever it is met.
    public static func modalPresenter(_ screen: any Screen, toDo purpose: @autoclosure () -> String)
        throws(NotModalPresentingError) -> any ModalPresenting
    {
        guard let presenter = ScreenClassConformances.modalPresenter(screen) else {
            throw NotModalPresentingError(screen, purpose: purpose())
        }
        return presenter
    }
}

extension Array where Element == any Screen {
    /// The position of `screen` in the list, by identity.
    ///
    /// A loop in nonisolated code rather than `firstIndex(where:)`: a closure written in main-actor
    /// code is isolated to the main actor, and Swift 6 checks at each of its calls that it runs
    /// there, which costs several times the comparison (a pop of fifty screens paid it fifty times).
    nonisolated package func firstIndex(ofIdentical screen: any Screen) -> Int? {
        var index = startIndex
        while index < endIndex {
            if self[index] === screen { return index }
            index += 1
        }
        return nil
    }
}
