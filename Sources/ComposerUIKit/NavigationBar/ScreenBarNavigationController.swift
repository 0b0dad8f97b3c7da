#if canImport(UIKit)
    import UIKit

    /// A navigation controller in which each screen owns its navigation bar (see
    /// ``NavigationBarConfiguring``): it installs a ``NavigationBarCoordinator`` as its delegate.
    ///
    /// To receive the delegate callbacks yourself, set ``navigationDelegate`` rather than `delegate`;
    /// the coordinator passes every callback on to it.
    open class ScreenBarNavigationController: UINavigationController {
        /// The coordinator applying each screen's bar; change its `defaultConfiguration` for the
        /// screens that do not configure their own.
        public let barCoordinator: NavigationBarCoordinator

        /// The app's own delegate, called after the bar has been configured.
        public var navigationDelegate: (any UINavigationControllerDelegate)? {
            get { barCoordinator.forwardingDelegate }
            set { barCoordinator.forwardingDelegate = newValue }
        }

        /// A navigation controller with `rootViewController` as its only screen.
        public override init(rootViewController: UIViewController) {
            barCoordinator = NavigationBarCoordinator()
            super.init(rootViewController: rootViewController)
            delegate = barCoordinator
        }

        /// A navigation controller using custom bar and toolbar classes.
        public override init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
            barCoordinator = NavigationBarCoordinator()
            super.init(navigationBarClass: navigationBarClass, toolbarClass: toolbarClass)
            delegate = barCoordinator
        }

        /// A navigation controller loaded from a nib, or an empty one.
        public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
            barCoordinator = NavigationBarCoordinator()
            super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
            delegate = barCoordinator
        }

        /// A navigation controller from a storyboard.
        public required init?(coder: NSCoder) {
            barCoordinator = NavigationBarCoordinator()
            super.init(coder: coder)
            delegate = barCoordinator
        }

        /// Applies the top screen's bar before this controller appears.
        open override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            barCoordinator.applyConfigurationOfTopScreen(of: self)
        }
    }
#endif
