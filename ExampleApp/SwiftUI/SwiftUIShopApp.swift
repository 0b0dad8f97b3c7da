import ComposerSwiftUI
import SwiftUI

/// The SwiftUI version of the shop: the same routes, session and links as the terminal and UIKit
/// apps, its screens written in SwiftUI and shown by `ComposerSwiftUI`'s views.
@main
struct SwiftUIShopApp: App {
    var body: some Scene {
        WindowGroup {
            ShopScene()
        }
    }
}

/// One scene: its own shop (model, router, session), the links it is asked to open, and the
/// screens it stores for the next launch.
struct ShopScene: View {
    @State private var shop = SwiftUIShop()
    /// The links of the screens shown when the scene last went to the background, one per line.
    @SceneStorage("shop.savedLinks") private var savedLinks = ""
    @Environment(\.scenePhase) private var scenePhase

    var body: some View {
        NavigationModelView(model: shop.model, registry: shop.registry, router: shop.router)
            .task {
                let saved = savedLinks.split(separator: "\n").map(String.init)
                await shop.start(restoring: saved)
            }
            .onOpenURL { shop.open($0) }
            .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                if let url = activity.webpageURL { shop.open(url) }
            }
            .onChange(of: scenePhase) { _, phase in
                if phase == .background { savedLinks = shop.savedLinks().joined(separator: "\n") }
            }
    }
}
