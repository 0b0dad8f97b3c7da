#if canImport(UIKit)
    import UIKit

    /// A transitioning delegate made of animation providers: the animator for the presentation and,
    /// optionally, for the dismissal (UIKit's standard one when `nil`).
    ///
    /// ``ModalPresentationAction`` keeps it alive as long as the presented screen, since UIKit holds
    /// `transitioningDelegate` weakly.
    public final class TransitionAnimationDelegate: NSObject, UIViewControllerTransitioningDelegate {
        private let presenting: @MainActor () -> (any UIViewControllerAnimatedTransitioning)?
        private let dismissing: @MainActor () -> (any UIViewControllerAnimatedTransitioning)?

        /// A delegate asking `presenting` and `dismissing` for an animator at each transition.
        public init(
            presenting: @escaping @MainActor () -> (any UIViewControllerAnimatedTransitioning)?,
            dismissing: @escaping @MainActor () -> (any UIViewControllerAnimatedTransitioning)? = { nil }
        ) {
            self.presenting = presenting
            self.dismissing = dismissing
            super.init()
        }

        /// The presentation animator.
        public func animationController(
            forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? {
            self.presenting()
        }

        /// The dismissal animator.
        public func animationController(forDismissed dismissed: UIViewController) -> (
            any UIViewControllerAnimatedTransitioning
        )? {
            dismissing()
        }
    }
#endif
