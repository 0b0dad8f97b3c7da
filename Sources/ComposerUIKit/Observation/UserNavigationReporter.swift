#if canImport(UIKit)
    import Composer
    import ObjectiveC
    import UIKit

    /// Tells the routers of a window when the user changed its screens (the back button, an
    /// interactive back swipe, a sheet swiped down, a tab tapped), from UIKit's own delegate
    /// callbacks, so that ``/Composer/DefaultRouter/addObserver(_:)`` observers see every jump; and
    /// hands the user's tab taps to the router, so a tab's guards run before it is selected.
    ///
    /// It reports, through ``/Composer/DefaultRouter/userDidChangeScreens(in:leaving:)``:
    /// - `navigationController(_:didShow:animated:)` of every navigation controller. The router
    ///   ignores the callbacks of its own pushes and pops while it makes them and reports those
    ///   itself, so only the user's remain.
    /// - `presentationControllerDidDismiss(_:)`, which UIKit sends only for an interactive
    ///   dismissal (a sheet swiped down). A screen a caller awaits a result from (a sign-in screen
    ///   a guard waits on) ends that wait with `nil` when swiped away.
    ///
    /// It also answers `presentationControllerShouldDismiss(_:)`: a sheet whose screens refuse to
    /// leave (``/Composer/DismissalVetoing``) springs back when swiped, as the router's own
    /// navigations are refused.
    /// - `tabBarController(_:shouldSelect:)`: a tap on another tab becomes
    ///   ``/Composer/DefaultRouter/userTapsTab(at:in:)`` when the window has a router to hand it to
    ///   (``/Composer/DefaultRouter/tabTapRouter(in:)``), which selects the tab once its guards
    ///   allow it; otherwise the tap goes ahead and `tabBarController(_:didSelect:)` reports it. A
    ///   tap on the selected tab, which UIKit answers by popping its navigation controller to the
    ///   root, is refused while a screen that pop would remove refuses to leave
    ///   (``/Composer/DismissalVetoing``).
    /// - From iOS 18, the same for `tabBarController(_:shouldSelectTab:)` and
    ///   `tabBarController(_:didSelectTab:previousTab:)`, the callbacks of a `UITab`: a tab bar may
    ///   ask them instead of the view controller's, and a tab's guards must run either way. Where UIKit asks both
    ///   for one tap, the tap starts one navigation: while a tap on a tab is with the router, another
    ///   on the same tab is refused without running its guards again. A `UITab` whose view controller
    ///   is not one of the tab bar's `viewControllers` (a tab inside a `UITabGroup`) is left to UIKit.
    ///
    /// A controller that has a delegate keeps it: the reporter puts a small relay in its place that
    /// passes every callback on (the ones it reads after reading them, the others untouched through
    /// Objective-C forwarding), so the app's delegate, the navigation bar coordinator of a
    /// ``ScreenBarNavigationController`` and a custom transition's delegate all keep working. A
    /// delegate the app sets later is relayed from the next ``watch(_:)``, which
    /// ``ComposerUIKit/Composer/DefaultRouter/reportUserNavigation(with:)`` runs after every
    /// successful navigation (a navigation that fails after changing the screen leaves what it
    /// showed unwatched until the next one succeeds, or until the app calls ``watch(_:)``).
    ///
    /// UIKit holds delegates weakly: keep the reporter as long as the scene (in the object that owns
    /// the router); each relay lives as long as its controller.
    @MainActor
    public final class UserNavigationReporter: NavigationDelegateForwarder, UITabBarControllerDelegate,
        UIAdaptivePresentationControllerDelegate
    {
        /// A reporter that is the delegate of nothing yet.
        public init() {
            super.init(forwardingTo: nil)
        }

        /// Watches every navigation controller, tab bar controller and presentation controller in
        /// `root`'s tree (presented screens included): one without a delegate gets the reporter,
        /// one with a delegate of the app's gets a relay that reports and passes everything on.
        public func watch(_ root: UIViewController) {
            for screen in ScreenTree.screensRemovedByDismissing(root) {
                guard let controller = screen as? UIViewController else { continue }
                if let navigation = controller as? UINavigationController {
                    navigation.delegate = relay(for: navigation, current: navigation.delegate) {
                        NavigationRelay(reporter: self, forwardingTo: $0)
                    }
                }
                if let tabs = controller as? UITabBarController {
                    tabs.delegate = relay(for: tabs, current: tabs.delegate) {
                        TabBarRelay(reporter: self, forwardingTo: $0)
                    }
                }
                if controller.parent == nil, controller.presentingViewController != nil,
                    let presentation = controller.presentationController
                {
                    presentation.delegate = relay(for: presentation, current: presentation.delegate) {
                        PresentationRelay(reporter: self, forwardingTo: $0)
                    }
                }
            }
        }

        /// The delegate `owner` should have: itself when it has none, the relay already in place,
        /// or a new relay (kept alive by `owner`) around the delegate the app gave it.
        private func relay<Delegate>(
            for owner: NSObject, current: Delegate?, make: (NSObject) -> DelegateRelay
        ) -> Delegate? {
            guard let current = current as? NSObject, current !== self else { return self as? Delegate }
            // Already passing its callbacks on to this reporter, through relays and forwarders.
            let reaches = delegateChain(from: current).contains {
                $0 === self || ($0 as? DelegateRelay)?.reporter === self
            }
            if reaches { return current as? Delegate }
            let relay = make(current)
            objc_setAssociatedObject(owner, &DelegateRelay.key, relay, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            return relay as? Delegate
        }

        /// Reports a navigation controller's change, then passes the callback on.
        override public func navigationController(
            _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
        ) {
            report(in: navigationController, leaving: nil)
            super.navigationController(navigationController, didShow: viewController, animated: animated)
        }

        /// The view controllers of the tabs whose tap is with the router, until its navigation
        /// ends: UIKit may ask both `shouldSelect` callbacks for one tap, and the tab's guards must
        /// run once for it (a sign-in screen shown twice otherwise).
        private var tapsWithTheRouter: Set<ObjectIdentifier> = []

        /// Hands a tap on another tab to the window's router, which selects it once its guards
        /// allow it; lets the tap through when the window has no router to hand it to.
        public func tabBarController(
            _ tabBarController: UITabBarController, shouldSelect viewController: UIViewController
        ) -> Bool {
            shouldSelect(viewController, in: tabBarController, afterSelecting: nil)
        }

        /// ``tabBarController(_:shouldSelect:)`` for the view controller of `tab`, as a tab bar of
        /// iOS 18 or later asks it; a tab whose view controller is none of the tab bar's
        /// `viewControllers` is let through.
        @available(iOS 18.0, tvOS 18.0, visionOS 2.0, *)
        public func tabBarController(_ tabBarController: UITabBarController, shouldSelectTab tab: UITab) -> Bool {
            guard let viewController = tab.viewController else { return true }
            return shouldSelect(viewController, in: tabBarController, afterSelecting: nil)
        }

        /// ``tabBarController(_:shouldSelect:)``, running `afterSelecting` once the router has
        /// selected the tab: UIKit sends `tabBarController(_:didSelect:)` only for a tap it let
        /// through, so the relay of an app's delegate tells it itself.
        func shouldSelect(
            _ viewController: UIViewController, in tabBarController: UITabBarController,
            afterSelecting: (@MainActor () -> Void)?
        ) -> Bool {
            // A tap on the selected tab pops its navigation controller to the root, asking no one:
            // refused here when a screen it would pop refuses to leave (unsaved edits).
            if viewController === tabBarController.selectedViewController {
                guard let navigation = viewController as? UINavigationController,
                    navigation.viewControllers.count > 1
                else { return true }
                return (try? ScreenTree.checkDismissal(of: Array(navigation.viewControllers.dropFirst()))) != nil
            }
            guard let window = tabBarController.viewIfLoaded?.window,
                let index = tabBarController.viewControllers?.firstIndex(of: viewController),
                index != tabBarController.selectedIndex, let router = DefaultRouter.tabTapRouter(in: window)
            else { return true }
            let tap = ObjectIdentifier(viewController)
            guard tapsWithTheRouter.insert(tap).inserted else { return false }
            // The outcome, a refusal included, is logged by the router; the tab stays until then.
            router.startNavigationTask { [weak self] in
                defer { self?.tapsWithTheRouter.remove(tap) }
                guard (try? await router.userTapsTab(at: index, in: tabBarController)) != nil,
                    tabBarController.selectedViewController === viewController
                else { return }
                afterSelecting?()
            }
            return false
        }

        /// Reports the tab the user tapped.
        public func tabBarController(
            _ tabBarController: UITabBarController, didSelect viewController: UIViewController
        ) {
            report(in: tabBarController, leaving: nil)
        }

        /// Reports the tab the user tapped, as a tab bar of iOS 18 or later tells it. Told along with
        /// ``tabBarController(_:didSelect:)``, the second report finds the screens as the first left
        /// them and tells the observers nothing.
        @available(iOS 18.0, tvOS 18.0, visionOS 2.0, *)
        public func tabBarController(
            _ tabBarController: UITabBarController, didSelectTab selectedTab: UITab, previousTab: UITab?
        ) {
            report(in: tabBarController, leaving: nil)
        }

        /// Lets the user swipe a sheet down only when no screen it would take away refuses to leave
        /// (``/Composer/DismissalVetoing``): a form with unsaved edits springs back, as
        /// `isModalInPresentation` makes it, without the app keeping that flag in step with its
        /// answer. UIKit may ask this at any time, not only when a dismissal follows, and not at
        /// all while `isModalInPresentation` is set: the answer has no side effect, and an app's
        /// `canBeDismissed` must be as quick.
        public func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
            (try? ScreenTree.checkDismissal(of: [presentationController.presentedViewController])) != nil
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

    /// Stands in for a delegate the app set: the callbacks the reporter reads go to the reporter,
    /// then to the app's delegate; every other one goes straight to the app's delegate, through
    /// Objective-C message forwarding, so the relay never answers in the app's place.
    class DelegateRelay: NSObject {
        nonisolated(unsafe) static var key: UInt8 = 0
        private(set) weak var reporter: UserNavigationReporter?
        private(set) weak var original: NSObject?

        init(reporter: UserNavigationReporter?, forwardingTo original: NSObject?) {
            self.reporter = reporter
            self.original = original
            super.init()
        }

        override func responds(to selector: Selector!) -> Bool {
            super.responds(to: selector) || original?.responds(to: selector) == true
        }

        override func forwardingTarget(for selector: Selector!) -> Any? {
            original?.responds(to: selector) == true ? original : nil
        }
    }

    /// `delegate` and the delegates it passes callbacks on to, in order, following relays and
    /// ``NavigationDelegateForwarder``s: how a relay tells that a chain already reaches it.
    @MainActor
    func delegateChain(from delegate: AnyObject?) -> [AnyObject] {
        var chain: [AnyObject] = []
        var next = delegate
        while let current = next, chain.count < 16, !chain.contains(where: { $0 === current }) {
            chain.append(current)
            next =
                (current as? DelegateRelay)?.original ?? (current as? NavigationDelegateForwarder)?.forwardingDelegate
        }
        return chain
    }

    /// The relay of a navigation controller whose delegate is the app's.
    final class NavigationRelay: DelegateRelay, UINavigationControllerDelegate {
        func navigationController(
            _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
        ) {
            reporter?.navigationController(navigationController, didShow: viewController, animated: animated)
            (original as? any UINavigationControllerDelegate)?.navigationController?(
                navigationController, didShow: viewController, animated: animated)
        }
    }

    /// The relay of a tab bar controller whose delegate is the app's: the app's delegate is asked
    /// first whether a tab may be selected, then the tap goes to the router.
    ///
    /// A `UITab` tap (iOS 18) asks the app's delegate through both callbacks it implements, the
    /// tab's and the view controller's: a delegate written before iOS 18 keeps its say on a tab bar
    /// that asks only the tab's, and the router takes the tap at the first callback, so UIKit would
    /// not ask the other. A selection the router makes is told to the app's delegate the same way.
    final class TabBarRelay: DelegateRelay, UITabBarControllerDelegate {
        private var app: (any UITabBarControllerDelegate)? { original as? any UITabBarControllerDelegate }

        func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
            -> Bool
        {
            if app?.tabBarController?(tabBarController, shouldSelect: viewController) == false { return false }
            guard let reporter else { return true }
            // A tap the router selects is no tap UIKit let through: the app's delegate hears of it here.
            return reporter.shouldSelect(viewController, in: tabBarController) { [weak self] in
                self?.app?.tabBarController?(tabBarController, didSelect: viewController)
            }
        }

        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
            reporter?.tabBarController(tabBarController, didSelect: viewController)
            app?.tabBarController?(tabBarController, didSelect: viewController)
        }

        @available(iOS 18.0, tvOS 18.0, visionOS 2.0, *)
        func tabBarController(_ tabBarController: UITabBarController, shouldSelectTab tab: UITab) -> Bool {
            if app?.tabBarController?(tabBarController, shouldSelectTab: tab) == false { return false }
            guard let viewController = tab.viewController else { return true }
            if app?.tabBarController?(tabBarController, shouldSelect: viewController) == false { return false }
            guard let reporter else { return true }
            let previous = tabBarController.selectedTab
            return reporter.shouldSelect(viewController, in: tabBarController) { [weak self] in
                self?.app?.tabBarController?(tabBarController, didSelectTab: tab, previousTab: previous)
                self?.app?.tabBarController?(tabBarController, didSelect: viewController)
            }
        }

        @available(iOS 18.0, tvOS 18.0, visionOS 2.0, *)
        func tabBarController(
            _ tabBarController: UITabBarController, didSelectTab selectedTab: UITab, previousTab: UITab?
        ) {
            reporter?.tabBarController(tabBarController, didSelectTab: selectedTab, previousTab: previousTab)
            app?.tabBarController?(tabBarController, didSelectTab: selectedTab, previousTab: previousTab)
        }
    }

    /// The relay of a presentation controller whose delegate is the app's: the app's delegate is
    /// asked first whether the sheet may be swiped down, then the screens' vetoes.
    final class PresentationRelay: DelegateRelay, UIAdaptivePresentationControllerDelegate {
        func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
            let app = original as? any UIAdaptivePresentationControllerDelegate
            if app?.presentationControllerShouldDismiss?(presentationController) == false { return false }
            return reporter?.presentationControllerShouldDismiss(presentationController) ?? true
        }

        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) {
            reporter?.presentationControllerDidDismiss(presentationController)
            (original as? any UIAdaptivePresentationControllerDelegate)?.presentationControllerDidDismiss?(
                presentationController)
        }
    }

    extension DefaultRouter {
        /// Installs `reporter` (``UserNavigationReporter/watch(_:)``) on the window's tree after
        /// every successful navigation (a post task), so the containers and sheets the router shows
        /// report the user's changes.
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
