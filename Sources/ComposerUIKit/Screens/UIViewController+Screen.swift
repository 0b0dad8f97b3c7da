#if canImport(UIKit)
    import Composer
    import UIKit

    /// Every view controller is a Composer screen, with UIKit's own relationships: `parent`, the
    /// container's children, `presentedViewController` and `presentingViewController`.
    ///
    /// `isBeingDismissed` is UIKit's own property. Presenting and dismissing
    /// (``presentScreen(_:animated:)``, ``dismissPresentedScreen(animated:)``) return when UIKit calls
    /// their completion handlers; the names differ from UIKit's `present(_:animated:completion:)` so
    /// that app code calling UIKit directly is never captured by the async versions.
    extension UIViewController: Screen, ModalPresenting {
        /// The container this controller is a child of (`parent`).
        public var parentScreen: (any Screen)? { parent }

        /// The contained screens in the container's order: a navigation controller's stack, a tab bar
        /// controller's tabs, otherwise `children`.
        public var childScreens: [any Screen] {
            if let navigation = self as? UINavigationController { return navigation.viewControllers }
            if let tabs = self as? UITabBarController { return tabs.viewControllers ?? [] }
            return children
        }

        /// `presentedViewController`: what this controller, or the ancestor that presents for it, presents.
        public var presentedScreen: (any Screen)? { presentedViewController }

        /// `presentingViewController`: the controller that really performed the presentation.
        public var presentingScreen: (any Screen)? { presentingViewController }

        /// Whether this controller is presented full screen (`modalPresentationStyle` is
        /// `.fullScreen`, as UIKit shows it now, adapted to the size class), which hides the window.
        public var hidesWindowWhenPresented: Bool {
            guard presentingViewController != nil, parent == nil else { return false }
            guard let presentation = presentationController else { return modalPresentationStyle == .fullScreen }
            // UIKit adapts a presentation only in a compact width, to the style its delegate
            // answers; `.none` (no delegate, or no answer) keeps the style asked for.
            let traits = presentation.traitCollection
            let adapted =
                traits.horizontalSizeClass == .compact ? presentation.adaptivePresentationStyle(for: traits) : .none
            return (adapted == .none ? modalPresentationStyle : adapted) == .fullScreen
        }

        /// Presents `screen` modally and returns when UIKit's presentation has finished.
        ///
        /// UIKit performs the presentation from this controller's outermost container, or, for the
        /// current-context styles, from the nearest ancestor that defines the presentation context.
        ///
        /// - Throws: ``UIKitRoutingError`` when `screen` is not a view controller, when this controller
        ///   (or the controller presenting for it) already presents something, when it is not in a
        ///   window, when `screen` is already a child, presented or a window's root, when `screen` is
        ///   a popover with nothing to point at, or when a presentation or dismissal UIKit is running
        ///   over this controller does not end in time.
        public func presentScreen(_ screen: any Screen, animated: Bool) async throws {
            let purpose = "presenting over \(describe(self))"
            let controller = try requireViewController(screen, for: purpose)
            if controller === self {
                throw UIKitRoutingError(.alreadyInTree, "\(describe(self)) cannot present itself")
            }
            try requireDetached(controller, for: purpose)
            if let presented = presentedViewController, presented.isBeingPresented || presented.isBeingDismissed {
                // A presentation or dismissal UIKit is still running: let it end before deciding.
                try await finishTransition(of: presented, before: "presenting \(describe(controller))")
            }
            if let presented = presentedViewController {
                let host =
                    presented.presentingViewController.map { " (through \(describe($0)), which presents for it)" } ?? ""
                throw UIKitRoutingError(
                    .alreadyPresenting,
                    "\(describe(self)) cannot present \(describe(controller)): it already presents \(describe(presented))\(host); dismiss that first or present from it"
                )
            }
            let outermost = outermostParent(of: self)
            guard outermost.viewIfLoaded?.window != nil else {
                let via = outermost === self ? "" : " (its outermost container \(describe(outermost)) has no window)"
                throw UIKitRoutingError(
                    .notInWindow,
                    "\(describe(self)) cannot present \(describe(controller)): it is not in a window\(via); put it on screen first"
                )
            }
            try checkPopoverAnchor(of: controller)
            try await performAwaitingCompletion("the presentation of \(describe(controller)) over \(describe(self))") {
                completion in
                self.present(controller, animated: animated, completion: completion)
            }
        }

        /// Dismisses what this controller's presentation host presents, with everything presented above
        /// it, and returns when UIKit's dismissal has finished. Does nothing when nothing is presented.
        ///
        /// - Throws: ``UIKitRoutingError/Code/transitionDidNotFinish`` when a presentation or dismissal
        ///   UIKit is already running for it, or this dismissal, does not end in time.
        public func dismissPresentedScreen(animated: Bool) async throws {
            guard let presented = presentedViewController else { return }
            if presented.isBeingPresented || presented.isBeingDismissed {
                try await finishTransition(of: presented, before: "dismissing it")
            }
            guard let stillPresented = presentedViewController, !stillPresented.isBeingDismissed else { return }
            let host = stillPresented.presentingViewController ?? self
            try await performAwaitingCompletion("the dismissal of \(describe(stillPresented))") { completion in
                host.dismiss(animated: animated, completion: completion)
            }
        }

        /// Waits for the presentation or dismissal UIKit runs for `presented`; throws
        /// ``UIKitRoutingError/Code/transitionDidNotFinish`` naming it when it has not ended in time,
        /// rather than acting as if it had (a presentation still running refuses another, and a
        /// dismissal still running is not the caller's to report as done).
        private func finishTransition(of presented: UIViewController, before next: String) async throws {
            let kind = presented.isBeingDismissed ? "dismissal" : "presentation"
            try await awaitTransitionEnd("the \(kind) of \(describe(presented)) (before \(next))") {
                presented.transitionCoordinator
            }
        }

        /// Lays the view out now when it is in a window, so that a change UIKit makes at the next
        /// layout pass is made before the navigation's next step. The view callbacks the layout
        /// makes are the app's code, run outside the navigation's marks: a navigation one starts
        /// waits its turn, as it does when UIKit lays out later.
        func layOutNowIfInWindow() {
            guard let view = viewIfLoaded, view.window != nil else { return }
            NavigationScope.outsideNavigation { view.layoutIfNeeded() }
        }

        private func checkPopoverAnchor(of controller: UIViewController) throws {
            #if !os(tvOS)
                guard controller.modalPresentationStyle == .popover,
                    let popover = controller.popoverPresentationController
                else { return }
                var hasAnchor = popover.sourceView != nil || popover.barButtonItem != nil
                if #available(iOS 16.0, *) { hasAnchor = hasAnchor || popover.sourceItem != nil }
                if !hasAnchor {
                    throw UIKitRoutingError(
                        .popoverAnchorMissing,
                        "\(describe(controller)) is presented as a popover but has no source view or bar button item; give the presentation a popover anchor"
                    )
                }
            #endif
        }
    }
#endif
