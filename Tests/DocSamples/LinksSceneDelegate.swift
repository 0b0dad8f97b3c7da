#if canImport(UIKit)
    // doc-sample: Links.md scene-delegate
    // iOS only: UIKit, in the app target.
    import Composer
    import ComposerUIKit
    import UIKit

    final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private var router: DefaultRouter?
        private var links = LinkMap()
        private let shopSession = Session()

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            guard let windowScene = scene as? UIWindowScene else { return }
            let window = UIWindow(windowScene: windowScene)
            // The app's first screen.
            window.rootViewController = UINavigationController(rootViewController: HomeViewController())
            window.makeKeyAndVisible()
            self.window = window

            let router = DefaultRouter(windowProvider: SceneWindowProvider(scene: windowScene))
            self.router = router
            do {
                links = try ShopRoutes(session: shopSession, experiments: Experiments(), router: router).makeLinks()
            } catch {
                // A bug in the patterns, found at the first launch.
                fatalError("invalid link patterns: \(error)")
            }

            // Cold start: the link that launched the app is here, and only here.
            if let url = connectionOptions.urlContexts.first?.url {
                open(url, animated: false)
            } else if let activity = connectionOptions.userActivities.first(where: {
                $0.activityType == NSUserActivityTypeBrowsingWeb
            }), let url = activity.webpageURL {
                open(url, animated: false)
            }
        }

        /// A custom-scheme link (shop://…) while the app is running.
        func scene(_ scene: UIScene, openURLContexts urlContexts: Set<UIOpenURLContext>) {
            if let url = urlContexts.first?.url { open(url, animated: true) }
        }

        /// A universal link (https://shop.example.com/…) while the app is running.
        func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            guard userActivity.activityType == NSUserActivityTypeBrowsingWeb,
                let url = userActivity.webpageURL
            else { return }
            open(url, animated: true)
        }

        private func open(_ url: URL, animated: Bool) {
            router?.open(url, using: links, animated: animated) { result in
                if case .failure(let error) = result { print("cannot open \(url): \(error)") }
            }
        }
    }
    // end-doc-sample

    /// The app's first screen, which the article leaves to the app.
    final class HomeViewController: UIViewController {}
#endif
