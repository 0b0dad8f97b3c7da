#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import Testing
    import UIKit

    @MainActor
    @Suite("UITabBarController as tabs", .serialized)
    struct TabsTests {
        @Test("setting tabs selects the requested one at once")
        func setTabsAndSelect() async throws {
            let tabs = UITabBarController()
            let window = makeKeyWindow(root: tabs)
            defer { window.close() }
            let home = TitledScreen("home")
            let search = TitledScreen("search")
            let profile = TitledScreen("profile")

            try await tabs.setTabs([home, search, profile], selectedIndex: 2, animated: false)

            #expect(tabs.selectedTabIndex == 2)
            #expect(tabs.selectedViewController === profile)
            #expect(ScreenTree(window: window).current === profile)

            try await tabs.selectTab(at: 0)
            #expect(tabs.selectedViewController === home)
        }

        @Test("selecting a tab that does not exist is refused and the selection stays")
        func selectOutOfRange() async throws {
            let tabs = UITabBarController()
            tabs.viewControllers = [TitledScreen("a"), TitledScreen("b")]
            tabs.selectedIndex = 1
            let error = await #expect(throws: UIKitRoutingError.self) { try await tabs.selectTab(at: 5) }
            #expect(error?.code == .indexOutOfRange)
            #expect(tabs.selectedIndex == 1)
        }

        @Test("the tab list does not hide UIKit's own tabs property")
        func tabsDoNotShadowUIKit() {
            let tabs = UITabBarController()
            tabs.viewControllers = [TitledScreen("a")]
            let screens: [any Screen] = tabs.tabScreens
            #expect(screens.count == 1)
            if #available(iOS 18.0, *) {
                let items: [UITab] = tabs.tabs
                #expect(items.isEmpty)
            }
        }
    }

    @MainActor
    @Suite("UISplitViewController as a split view", .serialized)
    struct SplitTests {
        /// A window whose root holds `split` with the horizontal size class forced.
        private func host(_ split: UISplitViewController, sizeClass: UIUserInterfaceSizeClass) -> UIWindow {
            let host = UIViewController()
            host.addChild(split)
            host.view.addSubview(split.view)
            split.view.frame = host.view.bounds
            split.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            split.didMove(toParent: host)
            if #available(iOS 17.0, *) {
                // The override of iOS 17, which deprecates the one below.
                split.traitOverrides.horizontalSizeClass = sizeClass
            } else {
                host.setOverrideTraitCollection(UITraitCollection(horizontalSizeClass: sizeClass), forChild: split)
            }
            let window = makeKeyWindow(root: host, size: CGSize(width: 1024, height: 768))
            split.view.layoutIfNeeded()
            return window
        }

        @Test("expanded, a detail replaces the secondary column")
        func expandedColumns() async throws {
            let split = UISplitViewController(style: .doubleColumn)
            let menu = ListScreen("menu")
            split.setViewController(menu, for: .primary)
            split.setViewController(ProductScreen("first"), for: .secondary)
            let window = host(split, sizeClass: .regular)
            defer { window.close() }
            #expect(split.isCollapsed == false)
            let detail = ProductScreen("second")

            try await split.showDetail(detail, animated: false)

            #expect(split.viewController(for: .secondary) === detail)
            #expect(ScreenTree.visibleLeaf(of: split) === detail)
            #expect(ScreenTree.visibleChildren(of: split).count == 2)
            let primary = try #require(split.primaryScreen)
            #expect(ScreenTree.visibleLeaf(of: primary) === menu)
        }

        @Test("collapsed, a detail is shown on top of the primary column")
        func collapsedColumns() async throws {
            let split = UISplitViewController(style: .doubleColumn)
            let menu = ListScreen("menu")
            split.setViewController(menu, for: .primary)
            let window = host(split, sizeClass: .compact)
            defer { window.close() }
            #expect(split.isCollapsed)
            let detail = ProductScreen("detail")

            try await split.showDetail(detail, animated: true)

            #expect(ScreenTree.visibleLeaf(of: split) === detail)
            #expect(split.primaryScreen is UINavigationController)
        }

        @Test("the classic API: the second view controller is the detail")
        func classicExpanded() async throws {
            let split = UISplitViewController()
            split.viewControllers = [
                UINavigationController(rootViewController: ListScreen("menu")), ProductScreen("first"),
            ]
            let window = host(split, sizeClass: .regular)
            defer { window.close() }
            let detail = ProductScreen("second")

            try await split.showDetail(detail, animated: false)

            #expect(split.secondaryScreen === detail)
            #expect(split.viewControllers.last === detail)
        }

        @Test("setting the primary column")
        func setPrimary() async throws {
            let split = UISplitViewController(style: .doubleColumn)
            let window = host(split, sizeClass: .regular)
            defer { window.close() }
            let menu = ListScreen("menu")

            try await split.setPrimary(menu, animated: false)

            #expect(split.viewController(for: .primary) === menu)
            #expect((split.primaryScreen as? UINavigationController)?.viewControllers.first === menu)
        }
    }
#endif
