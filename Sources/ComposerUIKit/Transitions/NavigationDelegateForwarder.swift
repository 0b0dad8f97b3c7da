#if canImport(UIKit)
    import UIKit

    /// A navigation controller delegate that adds behaviour and passes every callback on to the
    /// delegate it stands in for, so installing it does not take anything away from the app's own.
    ///
    /// Subclasses override the callbacks they care about and call `super` to forward.
    open class NavigationDelegateForwarder: NSObject, UINavigationControllerDelegate {
        /// The delegate every callback is passed on to. Held weakly, as UIKit holds delegates.
        public weak var forwardingDelegate: (any UINavigationControllerDelegate)?

        /// A forwarder passing callbacks on to `forwardingDelegate`.
        public init(forwardingTo forwardingDelegate: (any UINavigationControllerDelegate)? = nil) {
            self.forwardingDelegate = forwardingDelegate
            super.init()
        }

        /// Forwards `navigationController(_:willShow:animated:)`.
        open func navigationController(
            _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
        ) {
            forwardingDelegate?.navigationController?(
                navigationController, willShow: viewController, animated: animated)
        }

        /// Forwards `navigationController(_:didShow:animated:)`.
        open func navigationController(
            _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
        ) {
            forwardingDelegate?.navigationController?(navigationController, didShow: viewController, animated: animated)
        }

        /// Forwards the animation controller request; `nil` (UIKit's standard animation) otherwise.
        open func navigationController(
            _ navigationController: UINavigationController,
            animationControllerFor operation: UINavigationController.Operation,
            from fromVC: UIViewController, to toVC: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? {
            forwardingDelegate?.navigationController?(
                navigationController, animationControllerFor: operation, from: fromVC, to: toVC)
        }

        /// Forwards the interaction controller request; `nil` otherwise.
        open func navigationController(
            _ navigationController: UINavigationController,
            interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
        ) -> (any UIViewControllerInteractiveTransitioning)? {
            forwardingDelegate?.navigationController?(
                navigationController, interactionControllerFor: animationController)
        }

        #if !os(tvOS)
            /// Forwards the supported orientations; otherwise those of the top screen, as UIKit does
            /// without a delegate.
            open func navigationControllerSupportedInterfaceOrientations(
                _ navigationController: UINavigationController
            ) -> UIInterfaceOrientationMask {
                forwardingDelegate?.navigationControllerSupportedInterfaceOrientations?(navigationController)
                    ?? navigationController.topViewController?.supportedInterfaceOrientations ?? .all
            }

            /// Forwards the preferred presentation orientation; otherwise that of the top screen.
            open func navigationControllerPreferredInterfaceOrientationForPresentation(
                _ navigationController: UINavigationController
            ) -> UIInterfaceOrientation {
                forwardingDelegate?.navigationControllerPreferredInterfaceOrientationForPresentation?(
                    navigationController)
                    ?? navigationController.topViewController?.preferredInterfaceOrientationForPresentation ?? .portrait
            }
        #endif
    }
#endif
