#if canImport(UIKit)
    import Composer
    import UIKit

    /// A tab bar controller is a Composer tab container: its `viewControllers` and its selection.
    ///
    /// UIKit does not animate tab selection unless the tab bar's delegate supplies an animator
    /// (`animateTabSwitches(with:)` installs one): selecting returns once that
    /// transition has ended, at once without one.
    extension UITabBarController: ChildListContainer, TabsContainer {
        /// The index of the selected tab; `nil` when no tab is shown: there are no tabs, or the
        /// "More" list shows only its own list (UIKit's `selectedIndex` is then `NSNotFound`).
        ///
        /// When the "More" list shows a tab, this is that tab. While it shows only its list, no tab's
        /// screen is on screen, so the router presents over the tab bar and selects the tab a
        /// navigation needs, rather than pushing onto a stack the user cannot see.
        public var selectedTabIndex: Int? {
            let controllers = viewControllers ?? []
            guard !controllers.isEmpty else { return nil }
            if let selected = selectedViewController, let index = controllers.firstIndex(where: { $0 === selected }) {
                return index
            }
            if selectedViewController === moreNavigationController {
                let shown = moreNavigationController.viewControllers.dropFirst().first
                return shown.flatMap { shown in controllers.firstIndex { $0 === shown } }
            }
            return controllers.indices.contains(selectedIndex) ? selectedIndex : 0
        }

        /// Replaces the tabs (`setViewControllers(_:animated:)`) and selects `selectedIndex`, or the
        /// first tab when it is `nil`.
        ///
        /// - Throws: ``UIKitRoutingError`` when a screen is not a view controller, appears twice or
        ///   is already elsewhere, or when `selectedIndex` is not one of the tabs.
        public func setTabs(_ tabs: [any Screen], selectedIndex: Int?, animated: Bool) async throws {
            var seen = Set<ObjectIdentifier>()
            let controllers = try tabs.enumerated().map { index, screen in
                let purpose = "setting the tabs of \(describe(self)) (tab \(index + 1) of \(tabs.count))"
                let controller = try requireViewController(screen, for: purpose)
                if !seen.insert(ObjectIdentifier(controller)).inserted {
                    throw UIKitRoutingError(.invalidStack, "\(purpose): \(describe(controller)) appears more than once")
                }
                // A tab past the fifth lives in the "More" list's navigation controller.
                let parent = controller.parent === moreNavigationController ? moreNavigationController : self
                try requireDetached(controller, allowedParent: parent, for: purpose)
                return controller
            }
            if let selectedIndex, !controllers.indices.contains(selectedIndex) {
                throw UIKitRoutingError(
                    .indexOutOfRange,
                    "cannot select tab \(selectedIndex) of \(describe(self)): it will have \(controllers.count) tab(s)")
            }
            setViewControllers(controllers, animated: animated)
            if !controllers.isEmpty { self.selectedIndex = selectedIndex ?? 0 }
            _ = await waitWhileTransitioning { self.transitionCoordinator }
        }

        /// Selects the tab at `index`: at once, or once an animated switch (the tab bar delegate's
        /// animation) has ended.
        ///
        /// - Throws: ``UIKitRoutingError/Code/indexOutOfRange`` when `index` is not one of the tabs.
        public func selectTab(at index: Int) async throws {
            let count = viewControllers?.count ?? 0
            guard (0..<count).contains(index) else {
                throw UIKitRoutingError(
                    .indexOutOfRange, "cannot select tab \(index) of \(describe(self)): it has \(count) tab(s)")
            }
            selectedIndex = index
            // An animator of the delegate's runs the switch as a transition; the next navigation
            // must not start on a half-finished one.
            _ = await waitWhileTransitioning { self.transitionCoordinator }
        }
    }

    extension UITabBarController {
        /// The tabs (`viewControllers`), in order. Named apart from UIKit's own `tabs` (the `UITab`
        /// list of iOS 18), which it must not hide.
        public var tabScreens: [any Screen] { viewControllers ?? [] }
    }
#endif
