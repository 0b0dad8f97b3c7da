#if canImport(UIKit)
    import Composer
    import UIKit

    /// A navigation controller is a Composer navigation stack: its `viewControllers`, bottom first.
    ///
    /// Changes go through `setViewControllers(_:animated:)` and return when the transition
    /// coordinator reports the end of the animation (at once when not animated, or when the controller
    /// is not on screen and UIKit runs no transition). In a ``WrappingNavigationController`` the stack
    /// holds the wrappers, and a wrapped screen given to `setStack` stands for its wrapper.
    extension UINavigationController: ChildListContainer, NavigationStackContainer {
        /// The stack, bottom first (`viewControllers`).
        public var stack: [any Screen] { viewControllers }

        /// The top of the stack (`viewControllers.last`), read without converting the whole stack
        /// to screens: the router asks it of every stack on the visible path at each navigation.
        public var focusedChildScreen: (any Screen)? { viewControllers.last }

        /// The top of the stack alone, read as ``focusedChildScreen`` is.
        public var visibleChildScreens: [any Screen] { viewControllers.last.map { [$0] } ?? [] }

        /// Replaces the stack and returns when the push or pop animation has finished.
        ///
        /// - Throws: ``UIKitRoutingError`` when a screen is not a view controller, is a navigation or
        ///   split view controller (UIKit raises an exception for both), appears twice, or is already
        ///   in another container, presented, or a window's root; or when UIKit does not report the end
        ///   of the transition.
        public func setStack(_ screens: [any Screen], animated: Bool) async throws {
            let screens = (self as? any StackScreenMapping)?.stackScreens(for: screens) ?? screens
            let controllers = try validatedStack(screens)
            if controllers.count == viewControllers.count, zip(controllers, viewControllers).allSatisfy({ $0 === $1 }) {
                return
            }
            // A transition UIKit is still running (an earlier push, a back swipe) ends first, so
            // this change is not dropped or mixed into it.
            _ = await waitWhileTransitioning { self.transitionCoordinator }
            setViewControllers(controllers, animated: animated)
            try await finishStackTransition(animated: animated)
        }

        /// Waits for the transition UIKit started for the last stack change, if any.
        func finishStackTransition(animated: Bool) async throws {
            guard animated else {
                // UIKit swaps the views of a change without animation at the stack's next layout
                // pass: laid out now, the new top's view is in the window before the navigation's
                // next step presents from it or pushes over it.
                layOutNowIfInWindow()
                return
            }
            try await awaitTransitionEnd("the navigation transition of \(describe(self))") {
                self.transitionCoordinator
            }
        }

        /// `screens` as view controllers that UIKit accepts as this controller's stack.
        func validatedStack(_ screens: [any Screen]) throws -> [UIViewController] {
            var seen = Set<ObjectIdentifier>()
            return try screens.enumerated().map { index, screen in
                let purpose = "setting the stack of \(describe(self)) (screen \(index + 1) of \(screens.count))"
                let controller = try requireViewController(screen, for: purpose)
                if controller is UINavigationController {
                    throw UIKitRoutingError(
                        .invalidStack,
                        "\(purpose): \(describe(controller)) is a navigation controller, and UIKit does not allow pushing one into another; push its screens instead"
                    )
                }
                if controller is UISplitViewController {
                    throw UIKitRoutingError(
                        .invalidStack,
                        "\(purpose): \(describe(controller)) is a split view controller, which UIKit cannot push onto a navigation stack"
                    )
                }
                if !seen.insert(ObjectIdentifier(controller)).inserted {
                    throw UIKitRoutingError(
                        .invalidStack, "\(purpose): \(describe(controller)) appears more than once in the new stack")
                }
                try requireDetached(controller, allowedParent: self, for: purpose)
                return controller
            }
        }
    }
#endif
