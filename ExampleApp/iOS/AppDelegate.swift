import UIKit

/// The app's entry point. Everything visible is per scene (see ``SceneDelegate``); the app itself
/// only names the scene configuration that `Info.plist` declares.
@main
final class AppDelegate: UIResponder, UIApplicationDelegate {
    /// Nothing to prepare before the first scene connects.
    func application(
        _ application: UIApplication,
        didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool {
        true
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
