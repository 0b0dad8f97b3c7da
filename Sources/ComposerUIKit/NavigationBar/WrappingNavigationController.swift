#if canImport(UIKit)
    import Composer
    import UIKit

    /// A navigation controller that wraps every screen in a ``ScreenWrapperController`` owning the
    /// screen's own navigation bar; the controller's shared bar stays hidden.
    ///
    /// Use it instead of ``ScreenBarNavigationController`` when screens' bars differ a lot (hidden,
    /// transparent, coloured): with one bar per screen nothing has to be reconfigured during a
    /// transition, an interactive back swipe moves each bar with its screen, and a cancelled swipe
    /// leaves both as they were. ``ScreenBarNavigationController`` keeps UIKit's single shared bar,
    /// which large titles that collapse on scrolling and `navigationItem.searchController` need.
    ///
    /// Screens are wrapped wherever they come from: `init(rootViewController:)`,
    /// `pushViewController(_:animated:)`, `setViewControllers(_:animated:)` and so Composer's push
    /// actions. `viewControllers` (Composer's ``/Composer/NavigationStackContainer/stack``) holds the wrappers;
    /// the router and the finders see the content screens through them, and a content screen
    /// already in this stack given to ``/Composer/NavigationStackContainer/setStack(_:animated:)`` stands for
    /// its wrapper, so revealing a found screen pops back to its wrapper.
    ///
    /// A screen sets its bar with ``NavigationBarConfiguring`` (or through its wrapper's
    /// ``ScreenWrapperController/navigationBar``), not through `navigationController`'s bar, which is
    /// the hidden shared one.
    open class WrappingNavigationController: UINavigationController, UIGestureRecognizerDelegate {
        /// The bar of screens that do not adopt ``NavigationBarConfiguring``.
        public var defaultConfiguration: NavigationBarConfiguration = .visible

        /// A navigation controller with `rootViewController`, wrapped, as its only screen.
        public override init(rootViewController: UIViewController) {
            super.init(rootViewController: WrappingNavigationController.wrapper(for: rootViewController, in: nil))
        }

        /// A navigation controller using custom bar and toolbar classes.
        public override init(navigationBarClass: AnyClass?, toolbarClass: AnyClass?) {
            super.init(navigationBarClass: navigationBarClass, toolbarClass: toolbarClass)
        }

        /// A navigation controller loaded from a nib, or an empty one.
        public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
            super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
        }

        /// A navigation controller from a storyboard; its screens are wrapped as UIKit sets them.
        public required init?(coder: NSCoder) {
            super.init(coder: coder)
        }

        /// Hides the shared bar and keeps the back swipe working without it.
        open override func viewDidLoad() {
            super.viewDidLoad()
            setNavigationBarHidden(true, animated: false)
            interactivePopGestureRecognizer?.delegate = self
        }

        /// Pushes `viewController` wrapped (as it is when it is already a wrapper).
        open override func pushViewController(_ viewController: UIViewController, animated: Bool) {
            super.pushViewController(Self.wrapper(for: viewController, in: self), animated: animated)
        }

        /// Sets the stack with each screen wrapped; a screen already wrapped in this stack keeps
        /// its wrapper.
        open override func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
            super.setViewControllers(viewControllers.map { Self.wrapper(for: $0, in: self) }, animated: animated)
        }

        /// The wrapped screens, bottom first: the content of each wrapper.
        public var contentViewControllers: [UIViewController] {
            viewControllers.map { ($0 as? ScreenWrapperController)?.content ?? $0 }
        }

        /// `controller` when it is a wrapper, its wrapper when it is wrapped in `navigation`'s
        /// stack, else a new wrapper around it.
        static func wrapper(for controller: UIViewController, in navigation: UINavigationController?)
            -> UIViewController
        {
            if controller is ScreenWrapperController { return controller }
            if let wrapper = controller.parent as? ScreenWrapperController, let navigation,
                wrapper.parent === navigation
            {
                return wrapper
            }
            return ScreenWrapperController(content: controller)
        }

        // MARK: - UIGestureRecognizerDelegate

        /// The back swipe starts when there is a screen to go back to and no transition runs.
        /// UIKit's own rule stops it once the shared bar is hidden; each screen has its own bar.
        public func gestureRecognizerShouldBegin(_ gestureRecognizer: UIGestureRecognizer) -> Bool {
            guard gestureRecognizer === interactivePopGestureRecognizer else { return true }
            return viewControllers.count > 1 && transitionCoordinator == nil
        }
    }

    extension WrappingNavigationController: StackScreenMapping {
        /// A content screen wrapped in this stack stands for its wrapper; a content screen left in
        /// a wrapper that is no longer in any stack is taken out of it, so it can be wrapped anew.
        /// Every other screen is checked by the navigation stack's rules as given, then wrapped by
        /// ``setViewControllers(_:animated:)``.
        func stackScreens(for screens: [any Screen]) -> [any Screen] {
            screens.map { screen in
                guard let controller = screen as? UIViewController,
                    let wrapper = controller.parent as? ScreenWrapperController
                else { return screen }
                if wrapper.parent === self { return wrapper }
                if wrapper.parent == nil { wrapper.releaseContent() }
                return screen
            }
        }
    }

    /// A navigation controller whose ``/Composer/NavigationStackContainer/setStack(_:animated:)`` takes
    /// screens that stand for others in its stack (wrapped content standing for its wrapper).
    @MainActor
    protocol StackScreenMapping: UINavigationController {
        /// `screens` with each replaced by what the stack holds for it.
        func stackScreens(for screens: [any Screen]) -> [any Screen]
    }
#endif
