import Composer
import ComposerUIKit
import UIKit

/// Sends a tap on the account tab through the router while the user is signed out, so the
/// account's sign-in guard applies to the tab bar too, not only to links and buttons.
///
/// UIKit selects a tab on its own when it is tapped; without this delegate the account tab would
/// open signed out. One stateless instance serves every tab bar (a tab bar holds its delegate weakly).
@MainActor
final class ShopTabsDelegate: NSObject, UITabBarControllerDelegate {
    /// The instance the shop's tab bars use; it keeps no state, so sharing it across scenes is safe.
    static let shared = ShopTabsDelegate()

    /// Lets every tap through, except one on the account tab while signed out: that one becomes a
    /// navigation to the account, which shows the login screen first.
    func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
        -> Bool
    {
        let root = (viewController as? UINavigationController)?.viewControllers.first ?? viewController
        guard root is AccountScreen, let environment = tabBarController.shopEnvironment,
            !environment.session.isSignedIn
        else { return true }
        environment.navigate("showing the account tab") { try await $0.router.navigate(to: $0.routes.account) }
        return false
    }

    /// Tells the routers of the window that the user changed tabs, so the analytics see it: the
    /// shop's own delegate takes the place of `UserNavigationReporter` on the tab bar.
    func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        guard let window = tabBarController.viewIfLoaded?.window else { return }
        DefaultRouter.userDidChangeScreens(in: window)
    }
}
