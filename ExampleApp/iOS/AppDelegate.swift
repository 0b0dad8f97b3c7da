import UIKit
import UserNotifications

/// The app's entry point. Everything visible is per scene (see ``SceneDelegate``); the app itself
/// names the scene configuration that `Info.plist` declares and opens tapped notifications.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    private let notificationOpener = NotificationOpener()

    /// Routes tapped notifications through the links, before the first scene connects, so a
    /// notification that launches the app is not missed.
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        UNUserNotificationCenter.current().delegate = notificationOpener
        // A notification, even one sent to a simulator with `simctl push`, shows only once the
        // user has allowed alerts: the first launch asks.
        UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .sound]) { _, _ in }
        return true
    }

    /// Every new scene uses the "Default Configuration" of `Info.plist`, run by ``SceneDelegate``.
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
        options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        let configuration = UISceneConfiguration(
            name: "Default Configuration", sessionRole: connectingSceneSession.role)
        configuration.delegateClass = SceneDelegate.self
        return configuration
    }
}

/// Opens the link a tapped notification carries in its payload (`"link": "shop://product/42"`),
/// through the links of the scene the user is looking at, exactly as a tap would navigate. Try it
/// on a simulator with `xcrun simctl push booted ExampleApp/scripts/product-42.apns`.
final class NotificationOpener: NSObject, UNUserNotificationCenterDelegate {
    /// Shows notifications that arrive while the app is in front as banners.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification
    ) async -> UNNotificationPresentationOptions {
        [.banner, .sound]
    }

    /// Opens the tapped notification's link.
    func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse) async {
        await Self.open(response.notification.request.content.userInfo["link"] as? String)
    }

    @MainActor
    private static func open(_ link: String?) {
        guard let link else {
            ShopEnvironment.log.info("a tapped notification carries no link; nothing to open")
            return
        }
        guard let url = URL(string: link) else {
            ShopEnvironment.log.error("a notification's link is not a URL: \(link)")
            return
        }
        let scenes = UIApplication.shared.connectedScenes
        let scene = scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
        guard let environment = (scene?.delegate as? SceneDelegate)?.environment else {
            ShopEnvironment.log.error("no shop scene to open \(link) in")
            return
        }
        environment.open(url)
    }
}
