#if canImport(UIKit)
    // doc-sample: Links.md restoration-scene
    // iOS only: UIKit, in the app target.
    import Composer
    import ComposerUIKit
    import UIKit

    final class RestoringSceneDelegate: UIResponder, UIWindowSceneDelegate {
        var window: UIWindow?
        private var router: DefaultRouter?
        private var links = LinkMap()
        private var restoration: LinkRestoration?

        /// Asked when the scene goes to the background: what iOS keeps for this scene.
        func stateRestorationActivity(for scene: UIScene) -> NSUserActivity? {
            guard let window, let restoration else { return nil }
            let activity = NSUserActivity(activityType: "com.example.shop.screens")
            activity.userInfo = ["links": restoration.savedLinks(in: window).urls]
            return activity
        }

        func scene(
            _ scene: UIScene, willConnectTo session: UISceneSession,
            options connectionOptions: UIScene.ConnectionOptions
        ) {
            // … the window, the router, the links and the restoration, as in the delegate above …
            let saved = session.stateRestorationActivity?.userInfo?["links"] as? [String] ?? []
            // A link that launched the app wins over the screens the user left.
            guard let router, connectionOptions.urlContexts.isEmpty, !saved.isEmpty else { return }
            Task {
                let result = await router.restore(saved, using: links)
                if let failure = result.failure { print("not restored: \(failure)") }
            }
        }
    }
// end-doc-sample
#endif
