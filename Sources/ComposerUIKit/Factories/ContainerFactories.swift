#if canImport(UIKit)
    import Composer
    import UIKit

    extension NavigationContainerFactory where Container: UINavigationController {
        /// A factory creating an empty `Container()` and filling it with the screens later steps push.
        public init() {
            self.init { _ in Container() }
        }
    }

    extension TabsContainerFactory where Container: UITabBarController {
        /// A factory creating an empty `Container()` and filling it with the tabs later steps add.
        public init() {
            self.init { _ in Container() }
        }
    }

    extension SplitContainerFactory where Container: UISplitViewController {
        /// A factory creating `Container(style:)` (the column-style API), or for `.unspecified` a
        /// classic split view (`Container(nibName:bundle:)`: UIKit refuses `.unspecified` in
        /// `init(style:)`), and filling its primary and detail with the screens later steps give it.
        public init(style: UISplitViewController.Style = .doubleColumn) {
            self.init { _ in style == .unspecified ? Container(nibName: nil, bundle: nil) : Container(style: style) }
        }
    }

    extension StepAssembly where ViewController == UINavigationController {
        /// A step building a new navigation controller holding the screens pushed into it:
        /// `.using(UINavigationController.push()).from(.navigationController())`.
        public static func navigationController() -> StepAssembly<UINavigationController, Context> {
            StepAssembly(finder: NilFinder<UINavigationController, Context>(), factory: NavigationContainerFactory())
        }
    }

    extension StepAssembly where ViewController == UITabBarController {
        /// A step building a new tab bar controller holding the tabs added to it.
        public static func tabBarController() -> StepAssembly<UITabBarController, Context> {
            StepAssembly(finder: NilFinder<UITabBarController, Context>(), factory: TabsContainerFactory())
        }
    }

    extension StepAssembly where ViewController == UISplitViewController {
        /// A step building a new split view controller of `style` holding the primary and detail given to it.
        public static func splitViewController(style: UISplitViewController.Style = .doubleColumn)
            -> StepAssembly<UISplitViewController, Context>
        {
            StepAssembly(
                finder: NilFinder<UISplitViewController, Context>(), factory: SplitContainerFactory(style: style))
        }
    }
#endif
