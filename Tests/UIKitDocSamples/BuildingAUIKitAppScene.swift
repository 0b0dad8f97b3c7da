// The scene, app and notification samples of BuildingAUIKitApp.md (on iOS; empty elsewhere).
#if canImport(UIKit)
    // doc-sample: BuildingAUIKitApp.md scene-delegate
    import ComposerUIKit
    import UIKit
    import os

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private var router: DefaultRouter?
        private var links = LinkMap()
        private let routes = AppRoutes()
        private let log = Logger(subsystem: "com.example.shop", category: "Links")

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            guard let windowScene = scene as? UIWindowScene else { return }
            let window = UIWindow(windowScene: windowScene)
            window.rootViewController = UIViewController()  // replaced by the tab bar at once
            window.makeKeyAndVisible()
            self.window = window

            let router = DefaultRouter(
                windowProvider: SceneWindowProvider(scene: windowScene), logger: OSRoutingLogger())
            // The user's own changes reach the router: observers hear a back tap, a sheet that refuses
            // to leave springs back, a tab's guards run, a screen swiped away answers nil.
            router.reportUserNavigation(with: UserNavigationReporter())
            self.router = router
            do {
                links = try routes.makeLinks()
            } catch {
                log.error("the link patterns do not register: \(String(describing: error))")
            }
            // On a cold start, the URLs and universal links that launched the app arrive here.
            let urls =
                connectionOptions.urlContexts.map(\.url)
                + connectionOptions.userActivities.compactMap(\.webpageURL)
            Task {
                do {
                    try await router.navigate(to: routes.home(), with: (), animated: false)
                } catch {
                    log.error("cannot show home: \(String(describing: error))")
                }
                for url in urls { await open(url.absoluteString) }
            }
        }

        /// A custom-scheme URL (shop://product/42) while the app runs.
        func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
            for context in urlContexts {
                Task { await open(context.url.absoluteString) }
            }
        }

        /// A universal link (https://shop.example.com/products/42/reviews) while the app runs.
        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            guard let url = userActivity.webpageURL else { return }
            Task { await open(url.absoluteString) }
        }

        /// Opens a link as a tap would navigate: a screen on show is revealed, guards run.
        func open(_ link: String) async {
            guard let router else { return }
            do {
                try await router.open(link, using: links)
            } catch {
                log.error("cannot open \(link): \(String(describing: error))")
            }
        }
    }
    // end-doc-sample

    // doc-sample: BuildingAUIKitApp.md notifications
    import UserNotifications

    /// Opens the link in a tapped notification's payload (`"link": "shop://product/42"`) in the
    /// scene the user is looking at.
    final class NotificationOpener: NSObject, UNUserNotificationCenterDelegate {
        func userNotificationCenter(_ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse)
            async
        {
            guard let link = response.notification.request.content.userInfo["link"] as? String else { return }
            await Self.open(link)
        }

        @MainActor
        private static func open(_ link: String) async {
            let scenes = UIApplication.shared.connectedScenes
            let scene = scenes.first { $0.activationState == .foregroundActive } ?? scenes.first
            guard let sceneDelegate = scene?.delegate as? SceneDelegate else { return }
            await sceneDelegate.open(link)
        }
    }

    final class AppDelegate: UIResponder, UIApplicationDelegate {
        private let notificationOpener = NotificationOpener()

        func application(
            _ application: UIApplication, didFinishLaunchingWithOptions options: [UIApplication.LaunchOptionsKey: Any]?
        ) -> Bool {
            UNUserNotificationCenter.current().delegate = notificationOpener
            return true
        }
    }
// end-doc-sample
#endif
