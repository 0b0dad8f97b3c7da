import Composer
import UIKit

/// Sets up one scene of the shop: its window, its ``ShopEnvironment`` (session, routes, router,
/// links), the home tab at launch, and every URL the scene is asked to open.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    /// The scene's window; UIKit reads it through `UIWindowSceneDelegate`.
    var window: UIWindow?
    /// The scene's environment, which its screens look up through their window.
    private(set) var environment: ShopEnvironment?

    /// Builds the window and the environment, shows home, then opens the URLs and universal links
    /// the app was launched with (they arrive here, not in the open-URL callbacks, on a cold start).
    func scene(
        _ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions
    ) {
        guard let windowScene = scene as? UIWindowScene else {
            ShopEnvironment.log.error("the shop only supports window scenes; \(type(of: scene)) was offered")
            return
        }
        let environment = ShopEnvironment(scene: windowScene)
        let window = UIWindow(windowScene: windowScene)
        // A blank root until the router replaces it with the tab bar, a moment later.
        let placeholder = UIViewController()
        placeholder.view.backgroundColor = .systemBackground
        window.rootViewController = placeholder
        window.makeKeyAndVisible()
        self.window = window
        self.environment = environment

        let urls =
            connectionOptions.urlContexts.map(\.url)
            + connectionOptions.userActivities.compactMap(Self.webpageURL(of:))
        let saved = session.stateRestorationActivity?.userInfo?[Self.savedLinksKey] as? [String] ?? []
        environment.start(opening: urls, restoring: saved)
    }

    /// The activity type of the scene's saved screens; listed under `NSUserActivityTypes` in Info.plist.
    static let restorationActivityType = "com.example.ComposerShop.screens"
    private static let savedLinksKey = "links"

    /// Saves the links of the screens shown when the scene goes to the background; iOS hands the
    /// activity back to `scene(_:willConnectTo:options:)` when it reconnects the scene.
    func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
        guard let window, let environment else { return nil }
        let activity = NSUserActivity(activityType: Self.restorationActivityType)
        activity.userInfo = [Self.savedLinksKey: environment.savedLinks(in: window)]
        return activity
    }

    /// Opens custom-scheme URLs (`shop://product/42`) while the scene is running.
    func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
        guard let environment else {
            ShopEnvironment.log.error("a URL arrived before the scene was set up; it is ignored")
            return
        }
        for context in urlContexts {
            environment.open(context.url)
        }
    }

    /// Opens universal links (`https://shop.example.com/products/42`) while the scene is running.
    func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
        guard let url = Self.webpageURL(of: userActivity) else {
            ShopEnvironment.log.info("ignoring a user activity of type \(userActivity.activityType)")
            return
        }
        guard let environment else {
            ShopEnvironment.log.error("a universal link arrived before the scene was set up; it is ignored")
            return
        }
        environment.open(url)
    }

    /// The web page URL of a universal link activity, or `nil` for any other kind of activity.
    private static func webpageURL(of activity: NSUserActivity) -> URL? {
        guard activity.activityType == NSUserActivityTypeBrowsingWeb else { return nil }
        return activity.webpageURL
    }
}
