#if canImport(UIKit)
    import UIKit

    /// A ready-made transition animation: the new screen slides in from an edge over the old one (from
    /// the bottom, it looks like a modal presentation), and slides back out when it leaves.
    ///
    /// Use it with ``AnimatedPushAction``, whose pop runs it reversed, or with
    /// ``ModalPresentationAction/animated(presenting:dismissing:)``, giving it reversed as the
    /// `dismissing` animation too (without one, the dismissal is UIKit's own).
    public final class SlideTransitionAnimator: NSObject, UIViewControllerAnimatedTransitioning {
        /// The edge a screen slides in from.
        public enum Edge: Sendable {
            /// From the bottom, like a modal sheet.
            case bottom
            /// From the top.
            case top
            /// From the leading edge.
            case leading
            /// From the trailing edge, like a push.
            case trailing
        }

        /// The edge the new screen comes from.
        public let edge: Edge
        /// The duration in seconds.
        public let duration: TimeInterval
        /// `false` to slide the screen out (a dismissal), `true` to slide it in.
        public let isAppearing: Bool

        /// An animator sliding a screen in from `edge` (or out towards it, when `isAppearing` is `false`).
        public init(from edge: Edge = .bottom, duration: TimeInterval = 0.35, isAppearing: Bool = true) {
            self.edge = edge
            self.duration = duration
            self.isAppearing = isAppearing
            super.init()
        }

        /// ``duration``.
        public func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)
            -> TimeInterval
        {
            duration
        }

        /// Slides the moving screen's view between its final frame and the edge.
        public func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
            let container = transitionContext.containerView
            let key: UITransitionContextViewControllerKey = isAppearing ? .to : .from
            guard let moving = transitionContext.viewController(forKey: key),
                let movingView = transitionContext.view(forKey: isAppearing ? .to : .from) ?? moving.viewIfLoaded
            else {
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
                return
            }
            let onScreen =
                isAppearing ? transitionContext.finalFrame(for: moving) : transitionContext.initialFrame(for: moving)
            let frame = onScreen.isEmpty ? container.bounds : onScreen
            let offScreen = offset(frame, in: container)
            if isAppearing {
                container.addSubview(movingView)
                movingView.frame = offScreen
            } else if let revealed = transitionContext.viewController(forKey: .to),
                let revealedView = transitionContext.view(forKey: .to), revealedView.superview == nil
            {
                // A pop, or the dismissal of a full-screen presentation: the screen underneath comes back.
                container.insertSubview(revealedView, belowSubview: movingView)
                revealedView.frame = transitionContext.finalFrame(for: revealed)
            }
            UIView.animate(
                withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseInOut],
                animations: { movingView.frame = self.isAppearing ? frame : offScreen },
                completion: { _ in
                    let finished = !transitionContext.transitionWasCancelled
                    if !self.isAppearing && finished { movingView.removeFromSuperview() }
                    transitionContext.completeTransition(finished)
                })
        }

        private func offset(_ frame: CGRect, in container: UIView) -> CGRect {
            let rightToLeft = container.effectiveUserInterfaceLayoutDirection == .rightToLeft
            switch edge {
            case .bottom: return frame.offsetBy(dx: 0, dy: container.bounds.height)
            case .top: return frame.offsetBy(dx: 0, dy: -container.bounds.height)
            case .leading:
                return frame.offsetBy(dx: rightToLeft ? container.bounds.width : -container.bounds.width, dy: 0)
            case .trailing:
                return frame.offsetBy(dx: rightToLeft ? -container.bounds.width : container.bounds.width, dy: 0)
            }
        }
    }
#endif
