import Composer
import ComposerShopSwiftUI
import ComposerTesting

// The terminal shop's platform: in-memory screens that follow UIKit's rules (the classes are in
// ShopScreenClasses.swift). The iOS app defines the same names with UIKit view controllers, and
// ComposerShopSwiftUI with the SwiftUI model's nodes, so `ShopRoutes` compiles unchanged on each.

typealias ShopScreenBase = TestScreen
typealias ShopNavigationController = TestNavigationContainer
typealias ShopTabBarController = TestTabsContainer
typealias ShopWindow = TestWindow
/// The side menu: the test kit's two-panel container, which stands for a drawer of the app's own.
typealias ShopSideMenu = TestSideMenuContainer

extension ShopApp: TerminalShop {}

extension TestWindow {
    /// A new empty window for the shop.
    static func makeForShop() -> TestWindow { TestWindow() }

    /// Simulates a gesture of the user on the in-memory screens; the router's observers (the
    /// analytics) see it as the user's.
    func performUserGesture(_ gesture: String) async throws {
        let words = gesture.split(separator: " ")
        switch words.first {
        case "back":
            guard let current,
                let stack = ScreenTree.nearest(TestNavigationContainer.self, from: current)
            else { return print("no navigation stack on screen") }
            try await stack.userPop()
        case "swipe":
            guard let current else { return print("nothing on screen") }
            try await current.userSwipeDown()
        case "tab":
            guard words.count == 2, let index = Int(words[1]), let tabs = root as? TestTabsContainer else {
                return print("usage: user tab N")
            }
            try await tabs.userSelectTab(at: index)
        default:
            print("usage: user back | user swipe | user tab N")
        }
    }
}

extension ShopScreens {
    /// The side menu, showing its menu panel, over the whole screen without hiding it (a drawer).
    static func makeSideMenu() -> ShopSideMenu {
        let sideMenu = TestSideMenuContainer(
            "sidemenu", menu: MenuScreen("menu"), content: HelpScreen("help"), shownPanel: .menu)
        sideMenu.modalStyle = .overFullScreen
        return sideMenu
    }

    /// The reviews slide up from the bottom, as ComposerUIKit's `SlideTransitionAnimator` does on iOS.
    static let reviewsTransition: ShopTransition? = .slideUp
    /// Unused here: the twin stands for UIKit, which takes a custom push transition.
    static let noCustomTransition = "none"

    static func makeNavigation(named name: String, root: TestScreen?) -> ShopNavigationController {
        TestNavigationContainer(name, stack: root.map { [$0] } ?? [])
    }

    static func makeModalNavigation(named name: String, asSheet: Bool) -> ShopNavigationController {
        let navigation = TestNavigationContainer(name)
        navigation.modalStyle = asSheet ? .pageSheet : .fullScreen
        return navigation
    }
}
