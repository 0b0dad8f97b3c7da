#if canImport(UIKit)
    import Foundation

    /// An error thrown by ComposerUIKit's conformances, factories and actions when UIKit would refuse
    /// (or crash on) what was asked. The router wraps it in a `RoutingError` naming the step.
    ///
    /// The ``message`` names the screens involved, what was expected and what was found; switch on
    /// ``code`` to react in code.
    public struct UIKitRoutingError: Error, CustomStringConvertible, LocalizedError, Sendable, Equatable {
        /// The kind of failure.
        public enum Code: String, Sendable, Hashable, CaseIterable {
            /// A screen given to a UIKit container or window is not a `UIViewController`.
            case notAViewController
            /// The screen that should present already presents another screen.
            case alreadyPresenting
            /// The screen that should present (or its outermost container) is not in a window.
            case notInWindow
            /// The screen to integrate is already in a container, presented, or the root of a window.
            case alreadyInTree
            /// A container would hold what it cannot: a navigation stack a navigation or split view
            /// controller, or a screen twice; a tab bar the same tab twice; a split view another
            /// split view as its detail.
            case invalidStack
            /// A tab index is outside the tabs.
            case indexOutOfRange
            /// A nib named by a factory is not in its bundle.
            case nibNotFound
            /// A storyboard named by a factory is not in its bundle.
            case storyboardNotFound
            /// A storyboard has no scene with the identifier a factory asked for.
            case identifierNotFound
            /// A storyboard has no initial view controller.
            case noInitialViewController
            /// A storyboard scene is not of the class the factory promises.
            case wrongClass
            /// The window to use is not a `UIWindow`.
            case notAWindow
            /// A popover has no view or bar button item to point at.
            case popoverAnchorMissing
            /// A presentation option does not fit the presentation style.
            case invalidConfiguration
            /// A collapsed split view shows a column that is not a navigation stack, so a detail cannot be pushed.
            case columnNotNavigation
            /// A screen referred to weakly (a presentation source) no longer exists.
            case screenGone
            /// UIKit did not report the end of a transition in time (one it ran for the change, or
            /// one still running when the change was to be made).
            case transitionDidNotFinish
        }

        /// The kind of failure.
        public let code: Code
        /// What went wrong, readable on its own: the screens involved, what was expected, what was found.
        public let message: String

        /// Creates an error.
        public init(_ code: Code, _ message: String) {
            self.code = code
            self.message = message
        }

        /// The message.
        public var description: String { message }

        /// The message, for `localizedDescription`.
        public var errorDescription: String? { message }
    }
#endif
