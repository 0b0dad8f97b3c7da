#if canImport(UIKit)
    import UIKit

    /// A navigation controller delegate that gives each screen its own bar: as a screen is about to be
    /// shown (pushed, popped back to, or set), it applies that screen's ``NavigationBarConfiguration``
    /// (``NavigationBarConfiguring``, or ``defaultConfiguration`` for the others) alongside the
    /// transition, so the bars of the other screens do not flicker; a cancelled back swipe puts the
    /// leaving screen's bar back.
    ///
    /// Install it as the `delegate` of a navigation controller, or use
    /// ``ScreenBarNavigationController``. Every callback is also passed on to
    /// ``NavigationDelegateForwarder/forwardingDelegate``.
    public final class NavigationBarCoordinator: NavigationDelegateForwarder {
        /// The bar of screens that do not adopt ``NavigationBarConfiguring``.
        public var defaultConfiguration: NavigationBarConfiguration

        /// A coordinator using `defaultConfiguration` for screens without their own.
        public init(
            defaultConfiguration: NavigationBarConfiguration = .visible,
            forwardingTo forwardingDelegate: (any UINavigationControllerDelegate)? = nil
        ) {
            self.defaultConfiguration = defaultConfiguration
            super.init(forwardingTo: forwardingDelegate)
        }

        /// The configuration for `controller`: its own, or ``defaultConfiguration``.
        public func configuration(for controller: UIViewController) -> NavigationBarConfiguration {
            (controller as? any NavigationBarConfiguring)?.navigationBarConfiguration ?? defaultConfiguration
        }

        /// Applies the configuration of `viewController` alongside the transition, then forwards.
        public override func navigationController(
            _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
        ) {
            let configuration = configuration(for: viewController)
            applyItemAppearances(configuration, to: viewController)
            if animated, let coordinator = navigationController.transitionCoordinator {
                navigationController.setNavigationBarHidden(configuration.isHidden, animated: true)
                coordinator.animate(
                    alongsideTransition: { _ in
                        self.applyBarProperties(configuration, to: navigationController)
                    },
                    completion: { context in
                        guard context.isCancelled, let leaving = context.viewController(forKey: .from) else { return }
                        let restored = self.configuration(for: leaving)
                        navigationController.setNavigationBarHidden(restored.isHidden, animated: false)
                        self.applyBarProperties(restored, to: navigationController)
                    })
            } else {
                navigationController.setNavigationBarHidden(configuration.isHidden, animated: animated)
                applyBarProperties(configuration, to: navigationController)
            }
            super.navigationController(navigationController, willShow: viewController, animated: animated)
        }

        /// Applies the configuration of the top screen at once, for a bar shown before any transition
        /// (a navigation controller created with its screens).
        public func applyConfigurationOfTopScreen(of navigationController: UINavigationController) {
            guard let top = navigationController.topViewController else { return }
            let configuration = configuration(for: top)
            applyItemAppearances(configuration, to: top)
            navigationController.setNavigationBarHidden(configuration.isHidden, animated: false)
            applyBarProperties(configuration, to: navigationController)
        }

        private func applyItemAppearances(_ configuration: NavigationBarConfiguration, to controller: UIViewController)
        {
            let item = controller.navigationItem
            if let standard = configuration.standardAppearance { item.standardAppearance = standard }
            if let compact = configuration.compactAppearance { item.compactAppearance = compact }
            if let scrollEdge = configuration.scrollEdgeAppearance { item.scrollEdgeAppearance = scrollEdge }
        }

        private func applyBarProperties(
            _ configuration: NavigationBarConfiguration, to navigationController: UINavigationController
        ) {
            navigationController.navigationBar.tintColor = configuration.tintColor ?? defaultConfiguration.tintColor
        }
    }
#endif
