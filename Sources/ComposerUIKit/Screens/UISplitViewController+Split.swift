#if canImport(UIKit)
    import Composer
    import UIKit

    /// A split view controller is a Composer split container, for both of UIKit's APIs:
    ///
    /// - **column style** (`init(style:)`, iOS 14+): the columns are read with
    ///   `viewController(for:)` and set with `setViewController(_:for:)`; a detail is shown with
    ///   `show(.secondary)`. UIKit wraps a column's controller in a navigation controller, and this
    ///   conformance reports that navigation controller as the column's screen (it is the split view's
    ///   child), so pushing onto the detail column works. When collapsed with a `.compact` column, the
    ///   compact column is what is on screen and is reported as the primary.
    /// - **classic** (`viewControllers`): the first controller is the primary, the second the detail,
    ///   and a detail is shown with `showDetailViewController(_:sender:)`.
    ///
    /// In both, a detail shown while collapsed is pushed onto the primary column's navigation stack by
    /// UIKit; the method returns when that push has finished.
    extension UISplitViewController: SplitContainer {
        private var usesColumns: Bool { style != .unspecified }

        /// The screen of the primary column (the compact column when collapsed and one is set).
        public var primaryScreen: (any Screen)? {
            if usesColumns {
                if isCollapsed, let compact = viewController(for: .compact) { return columnScreen(compact) }
                return viewController(for: .primary).map(columnScreen)
            }
            return viewControllers.first
        }

        /// The screen of the secondary (detail) column, if any.
        public var secondaryScreen: (any Screen)? {
            if usesColumns { return viewController(for: .secondary).map(columnScreen) }
            return viewControllers.count > 1 ? viewControllers[1] : nil
        }

        /// Replaces the primary column. UIKit runs no transition for this.
        ///
        /// - Throws: ``UIKitRoutingError`` when `screen` is not a view controller or is already elsewhere.
        public func setPrimary(_ screen: any Screen, animated: Bool) async throws {
            let purpose = "setting the primary column of \(describe(self))"
            let controller = try requireViewController(screen, for: purpose)
            try requireAvailable(controller, for: purpose)
            if usesColumns {
                setViewController(controller, for: .primary)
            } else {
                viewControllers = [controller] + viewControllers.dropFirst()
            }
        }

        /// Shows `screen` as the detail: expanded, it replaces the secondary column; collapsed, UIKit
        /// pushes it onto the primary column's stack (onto the compact column's stack when there is
        /// one). Returns when that transition has finished.
        ///
        /// - Throws: ``UIKitRoutingError`` when `screen` is not a view controller or is already
        ///   elsewhere, or when a collapsed split view shows a compact column that is not a navigation
        ///   stack.
        public func showDetail(_ screen: any Screen, animated: Bool) async throws {
            let purpose = "showing a detail in \(describe(self))"
            let controller = try requireViewController(screen, for: purpose)
            if controller is UISplitViewController {
                throw UIKitRoutingError(
                    .invalidStack,
                    "\(purpose): \(describe(controller)) is a split view controller and cannot be a detail")
            }
            try requireAvailable(controller, for: purpose)
            if usesColumns, isCollapsed, let compact = viewController(for: .compact) {
                guard let stack = columnScreen(compact) as? UINavigationController else {
                    throw UIKitRoutingError(
                        .columnNotNavigation,
                        "\(purpose): the split view is collapsed and shows its compact column \(describe(compact)), which is not in a navigation controller, so the detail cannot be pushed; show it another way"
                    )
                }
                try await stack.push(controller, animated: animated)
                return
            }
            func change() {
                if self.usesColumns {
                    self.setViewController(controller, for: .secondary)
                    if self.isCollapsed || [.oneOverSecondary, .twoOverSecondary].contains(self.displayMode) {
                        self.show(.secondary)
                    }
                } else {
                    self.showDetailViewController(controller, sender: nil)
                }
            }
            if animated {
                change()
            } else {
                // These calls take no `animated`, and a collapsed split view pushes the detail
                // itself, at its next layout pass: laid out here, without animation, the push is
                // made now, and a transition UIKit still runs is waited for below.
                UIView.performWithoutAnimation {
                    change()
                    layOutNowIfInWindow()
                }
            }
            try await awaitTransitionEnd("showing \(describe(controller)) in \(describe(self))") {
                runningCoordinator(inOrBelow: self)
            }
        }

        /// Throws when `controller` is held by another container than this split view (or one of its
        /// column wrappers), is presented, or is a window's root.
        private func requireAvailable(_ controller: UIViewController, for purpose: @autoclosure () -> String) throws {
            if let parent = controller.parent, parent === self || parent.parent === self { return }
            try requireDetached(controller, allowedParent: self, for: purpose())
        }

        /// The split view's own child that holds `controller`: the navigation controller UIKit wrapped
        /// it in, or the controller itself.
        private func columnScreen(_ controller: UIViewController) -> UIViewController {
            if controller.parent === self { return controller }
            if let navigation = controller.navigationController, navigation.parent === self { return navigation }
            return controller
        }
    }
#endif
