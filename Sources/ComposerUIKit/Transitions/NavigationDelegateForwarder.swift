#if canImport(UIKit)
    import UIKit

    /// A navigation controller delegate that adds behaviour and passes every callback on to the
    /// delegate it stands in for, so installing it does not take anything away from the app's own.
    ///
    /// Subclasses override the callbacks they care about and call `super` to forward.
    open class NavigationDelegateForwarder: NSObject, UINavigationControllerDelegate {
        /// The delegate every callback is passed on to. Held weakly, as UIKit holds delegates.
        public weak var forwardingDelegate: (any UINavigationControllerDelegate)? {
            didSet { forwardingObject = forwardingDelegate as? NSObject }
        }

        /// `forwardingDelegate`, for the Objective-C runtime's questions, which are not isolated.
        /// Set only with it, on the main actor.
        nonisolated(unsafe) private weak var forwardingObject: NSObject?

        /// A forwarder passing callbacks on to `forwardingDelegate`.
        public init(forwardingTo forwardingDelegate: (any UINavigationControllerDelegate)? = nil) {
            self.forwardingDelegate = forwardingDelegate
            forwardingObject = forwardingDelegate as? NSObject
            super.init()
        }

        /// Answers for the callbacks it implements and for those `forwardingDelegate` implements:
        /// the others (the supported orientations among them) stay unanswered, so UIKit keeps its
        /// own behaviour, which an answer given in the delegate's place would change.
        override nonisolated open func responds(to selector: Selector!) -> Bool {
            super.responds(to: selector) || forwardingObject?.responds(to: selector) == true
        }

        /// Sends a callback it does not implement to `forwardingDelegate`.
        override nonisolated open func forwardingTarget(for selector: Selector!) -> Any? {
            forwardingObject?.responds(to: selector) == true ? forwardingObject : nil
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
    }
#endif
