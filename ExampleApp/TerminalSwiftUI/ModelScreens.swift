import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting

// The shop's screens on the SwiftUI navigation model: nodes under the names the shared `ShopRoutes`
// uses, so the routes compile unchanged here, in the terminal's twin and in the iOS app.

typealias ShopScreenBase = NavigationNode
typealias ShopNavigationController = StackNode
typealias ShopTabBarController = TabsNode
typealias ShopWindow = NavigationModel

extension ShopApp: TerminalShop {}

extension ShopScreens {
    /// The side menu (ShopSideMenu.swift, shared with the SwiftUI app) over the whole screen, showing
    /// its menu panel: SwiftUI has no over-full-screen presentation, so it is a full-screen cover.
    static func makeSideMenu() -> ShopSideMenu {
        let sideMenu = ShopSideMenu(menu: MenuScreen("menu"), content: HelpScreen("help"))
        sideMenu.presentationStyle = .fullScreenCover
        return sideMenu
    }

    /// No custom transition: SwiftUI's `NavigationStack` pushes with its own animation.
    static let reviewsTransition: ShopTransition? = nil
    /// Why the reviews are pushed with the platform's own animation.
    static let noCustomTransition = "SwiftUI's NavigationStack takes no custom push transition"

    static func makeNavigation(named name: String, root: NavigationNode?) -> ShopNavigationController {
        StackNode(name, nodes: root.map { [$0] } ?? [])
    }

    static func makeModalNavigation(named name: String, asSheet: Bool) -> ShopNavigationController {
        let navigation = StackNode(name)
        navigation.presentationStyle = asSheet ? .sheet() : .fullScreenCover
        return navigation
    }
}

extension NavigationModel {
    /// The drivers that stand in for the views of the shop's models, one per model.
    private static var shopDrivers: [ObjectIdentifier: NavigationModelDriver] = [:]

    /// A new empty model for the shop, with a driver that acknowledges every change at once.
    static func makeForShop() -> NavigationModel {
        let model = NavigationModel()
        shopDrivers[ObjectIdentifier(model)] = NavigationModelDriver(model: model)
        return model
    }

    private var driver: NavigationModelDriver? { Self.shopDrivers[ObjectIdentifier(self)] }

    /// The tree as the twin's renderer writes it.
    func render() -> String { NavigationModelDriver.renderer.render(window: self) }

    /// The first node called `name`.
    func screen(named name: String) -> NavigationNode? { node(named: name) }

    /// Makes the write a SwiftUI view makes for a gesture of the user; the router's observers (the
    /// analytics) see it as the user's.
    func performUserGesture(_ gesture: String) async throws {
        guard let driver else { return print("nothing on screen") }
        let words = gesture.split(separator: " ")
        let outcome: UserWriteOutcome
        switch words.first {
        case "back": outcome = driver.userTapBack()
        case "swipe": outcome = driver.userSwipeDown()
        case "tab":
            guard words.count == 2, let index = Int(words[1]) else { return print("usage: user tab N") }
            // The shop's router guards tab taps (the account tab asks for sign-in), as the twin's gesture
            // hands its taps to it; the tab is selected by that navigation.
            if let tabs = root as? TabsNode, tabs.tabs.indices.contains(index), index != tabs.selectedIndex,
                ScreenTree.screenCovering(tabs) == nil, let router = DefaultRouter.tabTapRouter(in: self)
            {
                return try await router.userTapsTab(at: index, in: tabs)
            }
            outcome = driver.userTapTab(index)
        default:
            return print("usage: user back | user swipe | user tab N")
        }
        switch outcome {
        case .ignored(let reason), .refused(let reason): print("the gesture did nothing: \(reason)")
        case .navigating(let navigation): try await navigation.value
        case .applied: break
        }
    }
}
