#if canImport(UIKit)
    import Composer
    import UIKit

    /// Pushes a screen with an animation of your own (a `UIViewControllerAnimatedTransitioning`): a
    /// screen can slide up like a modal inside the navigation stack. An animator that is a
    /// ``ReversibleTransition`` (``SlideTransitionAnimator`` is one) animates both ways: the pop
    /// of that screen runs it in reverse, whether the back button, the router or the edge swipe
    /// pops it (the swipe drives it interactively, following the finger). Any other animator
    /// animates the push only, and the screen pops with UIKit's standard slide.
    ///
    /// ```swift
    /// .using(UINavigationController.push(animatedBy: { SlideTransitionAnimator(from: .bottom) }))
    /// ```
    ///
    /// While the push runs, a delegate stands in for the navigation controller's own and forwards
    /// every other callback to it; the original delegate is put back when the push has finished,
    /// behind the relay that reverses the pops (which passes every callback on to it in turn).
    /// A non-animated push, or a push merged into a navigation controller built in the same
    /// navigation, runs no animation at all; the first still pops with the reversed animation.
    public struct AnimatedPushAction<Container: UINavigationController>: ContainerAction {
        private let makeAnimator: @MainActor () -> any UIViewControllerAnimatedTransitioning

        /// An action pushing with the animator `makeAnimator` creates for each push.
        public init(animatedBy makeAnimator: @escaping @MainActor () -> any UIViewControllerAnimatedTransitioning) {
            self.makeAnimator = makeAnimator
        }

        /// Appends `screen` to the children of a navigation controller that is being built, by the
        /// same rules as a plain push (``/Composer/PushAction``).
        public func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
            try PushAction<Container>().merge(screen, into: &children)
        }

        /// Pushes `screen` onto `container` with the custom animation and returns when it has finished.
        public func perform(_ screen: any Screen, on container: Container, animated: Bool) async throws {
            let newStack = container.stack + [screen]
            guard let controller = screen as? UIViewController else {
                try await container.setStack(newStack, animated: animated)
                return
            }
            let animator = makeAnimator()
            if animated {
                let original = container.delegate
                let proxy = PushAnimationProxy(pushing: controller, animator: animator, forwardingTo: original)
                container.delegate = proxy
                defer {
                    if container.delegate === proxy { container.delegate = original }
                }
                try await container.setStack(newStack, animated: true)
                // UIKit holds delegates weakly: the proxy must live until the push has finished.
                withExtendedLifetime(proxy) {}
                if container.delegate === proxy { container.delegate = original }
            } else {
                try await container.setStack(newStack, animated: false)
            }
            // The screen leaves as it came, even when it came without animation (restored at launch).
            ReversingPopRelay.remember(animator, for: controller, on: container)
        }
    }

    extension NavigationStackContainer where Self: UINavigationController {
        /// Pushes the screen with the animation `makeAnimator` creates; see ``AnimatedPushAction``.
        public static func push(
            animatedBy makeAnimator: @escaping @MainActor () -> any UIViewControllerAnimatedTransitioning
        ) -> AnimatedPushAction<Self> {
            AnimatedPushAction(animatedBy: makeAnimator)
        }
    }

    /// Supplies one animator for the push of one screen, and forwards everything else.
    final class PushAnimationProxy: NavigationDelegateForwarder {
        private weak var pushed: UIViewController?
        private let animator: any UIViewControllerAnimatedTransitioning

        init(
            pushing pushed: UIViewController, animator: any UIViewControllerAnimatedTransitioning,
            forwardingTo original: (any UINavigationControllerDelegate)?
        ) {
            self.pushed = pushed
            self.animator = animator
            super.init(forwardingTo: original)
        }

        override func navigationController(
            _ navigationController: UINavigationController,
            animationControllerFor operation: UINavigationController.Operation,
            from fromVC: UIViewController, to toVC: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? {
            // In a WrappingNavigationController, UIKit pushes the wrapper that holds the screen.
            if operation == .push, toVC === pushed || (toVC as? ScreenWrapperController)?.content === pushed {
                return animator
            }
            return super.navigationController(
                navigationController, animationControllerFor: operation, from: fromVC, to: toVC)
        }
    }
#endif
