// The container samples of BuildingAUIKitApp.md, compiled as the article shows them (on iOS; empty elsewhere).
#if canImport(UIKit)
    import ComposerUIKit
    import UIKit

    // doc-sample: BuildingAUIKitApp.md wrapped-stack
    extension AppRoutes {
        /// A tab's stack in which every screen is wrapped with a navigation bar of its own.
        static func wrappedStack(_ root: UIViewController, title: String, symbol: String) -> UINavigationController {
            let stack = WrappingNavigationController(rootViewController: root)
            stack.defaultConfiguration = NavigationBarConfiguration(tintColor: .systemOrange)
            stack.tabBarItem = UITabBarItem(title: title, image: UIImage(systemName: symbol), tag: 0)
            return stack
        }
    }
    // end-doc-sample

    // doc-sample: BuildingAUIKitApp.md drawer
    /// A drawer: a menu and the content, one of them on screen at a time.
    final class DrawerViewController: UIViewController, ScreenContainer {
        let menu: UIViewController
        let content: UIViewController
        private(set) var showsMenu = false

        init(menu: UIViewController, content: UIViewController) {
            self.menu = menu
            self.content = content
            super.init(nibName: nil, bundle: nil)
            addChild(menu)
            addChild(content)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        override func viewDidLoad() {
            super.viewDidLoad()
            let shown = showsMenu ? menu : content
            shown.view.frame = view.bounds
            view.addSubview(shown.view)
            menu.didMove(toParent: self)
            content.didMove(toParent: self)
        }

        /// Shows the menu or the content; UIKit sends both panels their appearance callbacks.
        func show(menu wantsMenu: Bool, animated: Bool) async {
            guard wantsMenu != showsMenu else { return }
            showsMenu = wantsMenu
            guard isViewLoaded else { return }
            let (from, to) = wantsMenu ? (content, menu) : (menu, content)
            to.view.frame = view.bounds
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                transition(
                    from: from, to: to, duration: animated ? 0.25 : 0, options: .transitionCrossDissolve,
                    animations: nil, completion: { _ in done.resume() })
            }
        }

        // What Composer needs: which child is on screen, and how to show the other one.

        var visibleChildScreens: [any Screen] { [showsMenu ? menu : content] }

        func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? {
            guard child === menu || child === content else { return nil }
            let wantsMenu = child === menu
            guard wantsMenu != showsMenu else { return nil }
            return ContainerReveal(
                summary: { wantsMenu ? "open the drawer's menu" : "close the drawer's menu" },
                perform: { animated in await self.show(menu: wantsMenu, animated: animated) })
        }
    }
// end-doc-sample
#endif
