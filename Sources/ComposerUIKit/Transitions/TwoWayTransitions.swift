#if canImport(UIKit)
    import ObjectiveC
    import UIKit

    /// A transition animation that can run backwards: given to a push, it shows the screen, and the
    /// same animation reversed pops it again. A modal presentation reverses only what it is given as
    /// its `dismissing` animation (``ModalPresentationAction/animated(presenting:dismissing:)``).
    ///
    /// ``SlideTransitionAnimator`` is one: a screen that slides up from the bottom when pushed slides
    /// back down when popped, whether the back button, the edge swipe (interactively, following the
    /// finger) or the router pops it.
    @MainActor
    public protocol ReversibleTransition: UIViewControllerAnimatedTransitioning {
        /// The animation that undoes this one: what the pop of the screen this one pushed runs.
        func reversed() -> any UIViewControllerAnimatedTransitioning
    }

    extension SlideTransitionAnimator: ReversibleTransition {
        /// The slide back towards the same edge (or in from it, for a slide out).
        public func reversed() -> any UIViewControllerAnimatedTransitioning {
            SlideTransitionAnimator(from: edge, duration: duration, isAppearing: !isAppearing)
        }
    }

    /// Remembers which pushed screens came with a transition of their own, and answers a pop of
    /// such a screen with the reversed animation: installed on a navigation controller by
    /// ``AnimatedPushAction`` for as long as the controller lives, in front of its delegate (which it
    /// passes every callback on to, so the app's delegate and the user navigation reporter keep
    /// theirs). An edge pan it adds drives that reversed animation interactively; the system's
    /// back swipe, which cannot run a custom animation, waits for it to fail.
    final class ReversingPopRelay: NavigationDelegateForwarder, UIGestureRecognizerDelegate {
        nonisolated(unsafe) private static var key: UInt8 = 0
        private final class Transitions {
            let animator: any ReversibleTransition
            init(_ animator: any ReversibleTransition) { self.animator = animator }
        }
        nonisolated(unsafe) private static var screenKey: UInt8 = 0

        private weak var navigation: UINavigationController?
        private var interaction: UIPercentDrivenInteractiveTransition?

        private init(navigation: UINavigationController) {
            self.navigation = navigation
            super.init(forwardingTo: navigation.delegate)
            let pan = UIScreenEdgePanGestureRecognizer(target: self, action: #selector(pan(_:)))
            pan.edges = navigation.view.effectiveUserInterfaceLayoutDirection == .rightToLeft ? .right : .left
            pan.delegate = self
            navigation.view.addGestureRecognizer(pan)
            navigation.interactivePopGestureRecognizer?.require(toFail: pan)
        }

        /// Remembers that `screen` was pushed onto `navigation` with `animator`, installing the relay
        /// on `navigation` the first time. A transition that cannot reverse changes nothing: its
        /// screen pops with UIKit's standard slide.
        static func remember(
            _ animator: any UIViewControllerAnimatedTransitioning, for screen: UIViewController,
            on navigation: UINavigationController
        ) {
            guard let reversible = animator as? any ReversibleTransition else { return }
            objc_setAssociatedObject(
                screen, &screenKey, Transitions(reversible), .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            let installed = objc_getAssociatedObject(navigation, &key) as? ReversingPopRelay
            let relay = installed ?? ReversingPopRelay(navigation: navigation)
            objc_setAssociatedObject(navigation, &key, relay, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            // Put back in front if a delegate set later took its place; that delegate is passed on to.
            if !delegateChain(from: navigation.delegate).contains(where: { $0 === relay }) {
                relay.forwardingDelegate = navigation.delegate
                navigation.delegate = relay
            }
        }

        /// The reversible transition `screen` was pushed with, if any. A
        /// ``WrappingNavigationController`` holds the screen in a wrapper, which UIKit pops and
        /// shows as the top controller: the wrapper answers for its content.
        static func transition(of screen: UIViewController) -> (any ReversibleTransition)? {
            let own = (objc_getAssociatedObject(screen, &screenKey) as? Transitions)?.animator
            return own ?? (screen as? ScreenWrapperController).flatMap { transition(of: $0.content) }
        }

        override func navigationController(
            _ navigationController: UINavigationController,
            animationControllerFor operation: UINavigationController.Operation,
            from fromVC: UIViewController, to toVC: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? {
            if operation == .pop, let transition = Self.transition(of: fromVC) { return transition.reversed() }
            return super.navigationController(
                navigationController, animationControllerFor: operation, from: fromVC, to: toVC)
        }

        override func navigationController(
            _ navigationController: UINavigationController,
            interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
        ) -> (any UIViewControllerInteractiveTransitioning)? {
            interaction
                ?? super.navigationController(navigationController, interactionControllerFor: animationController)
        }

        /// The edge pan starts only over a screen pushed with a reversible transition.
        func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard let navigation, navigation.viewControllers.count > 1, let top = navigation.topViewController
            else { return false }
            return Self.transition(of: top) != nil
        }

        @objc private func pan(_ gesture: UIScreenEdgePanGestureRecognizer) {
            guard let navigation, let view = gesture.view else { return }
            let distance = gesture.translation(in: view).x
            let progress = min(max((gesture.edges == .left ? distance : -distance) / max(view.bounds.width, 1), 0), 1)
            switch gesture.state {
            case .began:
                interaction = UIPercentDrivenInteractiveTransition()
                navigation.popViewController(animated: true)
            case .changed:
                interaction?.update(progress)
            case .ended:
                let velocity = gesture.velocity(in: view).x * (gesture.edges == .left ? 1 : -1)
                if progress > 0.5 || velocity > 500 { interaction?.finish() } else { interaction?.cancel() }
                interaction = nil
            default:
                interaction?.cancel()
                interaction = nil
            }
        }
    }

    /// Gives every tab switch of a tab bar controller (a tab the user taps, a tab the router selects)
    /// an animation of its own, installed in front of the tab bar's delegate (the user navigation
    /// reporter's relay may later stand in front of it), which it passes every callback on to.
    final class TabSwitchRelay: DelegateRelay, UITabBarControllerDelegate {
        nonisolated(unsafe) static var tabKey: UInt8 = 0
        /// Replaced by a later `animateTabSwitches(with:)`, which keeps the relay where it stands.
        var makeAnimator: @MainActor () -> any UIViewControllerAnimatedTransitioning

        init(
            forwardingTo original: NSObject?,
            makeAnimator: @escaping @MainActor () -> any UIViewControllerAnimatedTransitioning
        ) {
            self.makeAnimator = makeAnimator
            super.init(reporter: nil, forwardingTo: original)
        }

        func tabBarController(
            _ tabBarController: UITabBarController, animationControllerForTransitionFrom fromVC: UIViewController,
            to toVC: UIViewController
        ) -> (any UIViewControllerAnimatedTransitioning)? {
            makeAnimator()
        }
    }

    extension UITabBarController {
        /// Animates every switch between tabs with the animator `makeAnimator` creates, both ways:
        /// a tab the user taps and a tab a navigation selects. The tab bar's delegate stays (the
        /// user navigation reporter included) and receives every other callback.
        ///
        /// ```swift
        /// tabs.animateTabSwitches { SlideTransitionAnimator(from: .trailing, duration: 0.25) }
        /// ```
        public func animateTabSwitches(
            with makeAnimator: @escaping @MainActor () -> any UIViewControllerAnimatedTransitioning
        ) {
            // A second call replaces the animator of the relay already in the delegate chain (in
            // front of the delegate, or behind the user navigation reporter's relay, which holds it
            // weakly): a new relay would release the first, which only this tab bar kept alive, and
            // with it the app's delegate it passes callbacks on to.
            if let installed = delegateChain(from: delegate).lazy.compactMap({ $0 as? TabSwitchRelay }).first {
                installed.makeAnimator = makeAnimator
                return
            }
            let relay = TabSwitchRelay(forwardingTo: delegate as? NSObject, makeAnimator: makeAnimator)
            objc_setAssociatedObject(self, &TabSwitchRelay.tabKey, relay, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            delegate = relay
        }
    }
#endif
