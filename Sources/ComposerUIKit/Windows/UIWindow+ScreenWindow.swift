#if canImport(UIKit)
    import Composer
    import UIKit

    /// A window holds the root of the screen tree (`rootViewController`) and tells the router when a
    /// transition it did not start is still running.
    extension UIWindow: ScreenWindow, TransitionSettling {
        /// The root screen (`rootViewController`).
        public var rootScreen: (any Screen)? { rootViewController }

        /// Replaces the root screen, with a cross-dissolve when `animated`, and returns when the
        /// animation has ended. See ``setRootViewController(_:transition:)``.
        public func setRootScreen(_ screen: any Screen, animated: Bool) async throws {
            let controller = try requireViewController(screen, for: "replacing the root of a window")
            try await setRootViewController(controller, transition: animated ? .crossDissolve() : .none)
        }

        /// Whether no transition is running anywhere in the window now (see ``waitUntilSettled()``
        /// for what counts as one).
        public var isSettled: Bool {
            if case .none = runningTransition() { return true }
            return false
        }

        /// Returns once no transition is running anywhere in the window: no presentation or dismissal,
        /// no push or pop, no interactive back swipe (however long the finger stays down).
        ///
        /// It looks for a transition coordinator in the whole tree (contained and presented screens)
        /// and for screens being presented, dismissed, added or removed, and waits for the transition's
        /// completion (after the end of its interactive part). A cancelled back swipe ends with the
        /// stack as it was, which is what the router then sees. Transitions that never report their
        /// end are waited for at most ten seconds in total.
        public func waitUntilSettled() async {
            var waited: TimeInterval = 0
            let frame: TimeInterval = 1.0 / 60
            while waited < uikitTransitionTimeout {
                switch runningTransition() {
                case .none:
                    return
                case .coordinated(let coordinator):
                    let interactive = coordinator.isInteractive
                    switch await waitForTransition(of: coordinator, timeout: 0.25) {
                    case .ended:
                        await Task.yield()
                    case .interactionEnded:
                        break
                    case .timedOut:
                        if !interactive { waited += 0.25 }
                    }
                case .flagged:
                    // A screen is mid-transition without a coordinator to wait on: look again next frame.
                    _ = await waitForCallback(timeout: frame, timeoutValue: ()) { _ in }
                    waited += frame
                }
            }
        }

        private enum RunningTransition {
            case none
            case coordinated(any UIViewControllerTransitionCoordinator)
            case flagged
        }

        private func runningTransition() -> RunningTransition {
            guard let root = rootViewController else { return .none }
            var pending = [root]
            var seen = Set<ObjectIdentifier>()
            var flagged = false
            while let controller = pending.popLast(), seen.count < 10_000 {
                guard seen.insert(ObjectIdentifier(controller)).inserted else { continue }
                if let coordinator = controller.transitionCoordinator { return .coordinated(coordinator) }
                if controller.isBeingPresented || controller.isBeingDismissed || controller.isMovingToParent
                    || controller.isMovingFromParent
                {
                    flagged = true
                }
                pending.append(contentsOf: controller.children)
                if let presented = controller.presentedViewController { pending.append(presented) }
            }
            return flagged ? .flagged : .none
        }
    }

    extension UIWindow {
        /// Replaces `rootViewController` with `controller` using `transition`
        /// (`UIView.transition(with:duration:options:animations:completion:)`), and returns when the
        /// animation has ended.
        ///
        /// Screens the old root presents are dismissed without animation first, hidden behind a
        /// snapshot of the window so that the user sees one transition.
        ///
        /// - Throws: ``UIKitRoutingError`` when `controller` is already in a container, presented, or
        ///   the root of another window.
        public func setRootViewController(_ controller: UIViewController, transition: RootTransition) async throws {
            guard controller !== rootViewController else { return }
            try requireDetached(controller, for: "replacing the root of a window")
            var cover: UIView?
            if let oldRoot = rootViewController, oldRoot.presentedViewController != nil {
                if transition.isAnimated, let snapshot = snapshotView(afterScreenUpdates: false) {
                    addSubview(snapshot)
                    cover = snapshot
                }
                do {
                    try await oldRoot.dismissPresentedScreen(animated: false)
                } catch {
                    // Left in place, the picture of the old screens would cover the window and take
                    // every touch.
                    cover?.removeFromSuperview()
                    throw error
                }
            }
            guard transition.isAnimated else {
                rootViewController = controller
                cover?.removeFromSuperview()
                return
            }
            try await performAwaitingCompletion("the root transition of a window") { completion in
                UIView.transition(
                    with: self, duration: transition.duration, options: transition.options,
                    animations: {
                        // The new root lays out without animating its own frames inside the transition.
                        let animationsWereEnabled = UIView.areAnimationsEnabled
                        UIView.setAnimationsEnabled(false)
                        self.rootViewController = controller
                        cover?.removeFromSuperview()
                        UIView.setAnimationsEnabled(animationsWereEnabled)
                    },
                    completion: { _ in completion() })
            }
        }
    }
#endif
