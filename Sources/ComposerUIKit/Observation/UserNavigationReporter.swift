#if canImport(UIKit)
    import Composer
    import UIKit

    /// Tells the routers of a window when the user changed its screens (the back button, an
    /// interactive back swipe, a sheet swiped down, a tab tapped), from UIKit's own delegate
    /// callbacks, so that ``/Composer/DefaultRouter/addObserver(_:)`` observers see every jump.
    ///
    /// It reports, through ``/Composer/DefaultRouter/userDidChangeScreens(in:leaving:)``:
    /// - `navigationController(_:didShow:animated:)` of the navigation controllers it is the delegate
    ///   of. The router ignores the callbacks of its own pushes and pops while it makes them and
    ///   reports those itself, so only the user's remain.
    /// - `presentationControllerDidDismiss(_:)`, which UIKit sends only for an interactive
    ///   dismissal (a sheet swiped down).
    /// - `tabBarController(_:didSelect:)`, which UIKit sends only for a tab the user tapped.
    ///
    /// UIKit holds delegates weakly: keep the reporter as long as the scene (in the object that owns
    /// the router), and let ``watch(_:)`` install it, or call it after each navigation with
    /// ``ComposerUIKit/Composer/DefaultRouter/reportUserNavigation(with:)``. A navigation controller that already
    /// has a delegate keeps it; that delegate can pass the callback on by calling the router itself.
    @MainActor
    public final class UserNavigationReporter: NavigationDelegateForwarder, UITabBarControllerDelegate,
        UIAdaptivePresentationControllerDelegate
    {
        /// A reporter that is the delegate of nothing yet.
        public init() {
            super.init(forwardingTo: nil)
        }

        /// Becomes the delegate of every navigation controller, tab bar controller and presentation
        /// controller in `root`'s tree (presented screens included) that has none.
        public func watch(_ root: UIViewController) {
            for screen in ScreenTree.screensRemovedByDismissing(root) {
                guard let controller = screen as? UIViewController else { continue }
                if let navigation = controller as? UINavigationController, navigation.delegate == nil {
                    navigation.delegate = self
                }
                if let tabs = controller as? UITabBarController, tabs.delegate == nil {
                    tabs.delegate = self
                }
                if controller.parent == nil, controller.presentingViewController != nil,
                    let presentation = controller.presentationController, presentation.delegate == nil
                {
                    presentation.delegate = self
                }
            }
        }

        /// Reports a navigation controller's change, then passes the callback on.
        override public func navigationController(
            _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
        ) {
            report(in: navigationController, leaving: nil)
            super.navigationController(navigationController, didShow: viewController, animated: animated)
        }

        /// Reports the tab the user tapped.
        public func tabBarController(
            _ tabBarController: UITabBarController, didSelect viewController: UIViewController
        ) {
            report(in: tabBarController, leaving: nil)
        }

        /// Reports the sheet the user swiped down; the screen it showed is the one left.
        public func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            let leaving = ScreenTree.visibleLeaf(of: presentationController.presentedViewController)
            report(in: presentationController.presentingViewController, leaving: leaving)
        }

        private func report(in controller: UIViewController, leaving: (any Screen)?) {
            guard let window = controller.viewIfLoaded?.window else { return }
            DefaultRouter.userDidChangeScreens(in: window, leaving: leaving)
        }
    }

    extension DefaultRouter {
        /// Installs `reporter` (``UserNavigationReporter/watch(_:)``) on the window's tree after
        /// every navigation, so the containers and sheets the router shows report the user's changes.
        ///
        /// The router holds `reporter` for its own lifetime. The tree on screen now is watched at once.
        public func reportUserNavigation(with reporter: UserNavigationReporter) {
            if let window = windowProvider.window as? UIWindow, let root = window.rootViewController {
                reporter.watch(root)
            }
            add(
                ClosurePostTask<any Screen, Any> { [weak self] _, _, _ in
                    guard let window = self?.windowProvider.window as? UIWindow, let root = window.rootViewController
                    else { return }
                    reporter.watch(root)
                })
        }
    }
#endif
