// The samples of BuildingAUIKitApp.md, compiled as the article shows them (on iOS; empty elsewhere).
#if canImport(UIKit)
    // doc-sample: BuildingAUIKitApp.md screens
    import ComposerUIKit
    import SwiftUI
    import UIKit

    final class HomeViewController: UIViewController {}
    final class AccountViewController: UIViewController {}
    final class CartViewController: UIViewController {}
    final class FiltersViewController: UIViewController {}

    /// A product page, found again by the product it shows, with a navigation bar of its own.
    final class ProductViewController: UIViewController, ContextChecking, NavigationBarConfiguring {
        private(set) var productID: Int

        init(productID: Int) {
            self.productID = productID
            super.init(nibName: nil, bundle: nil)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { nil }

        func isTarget(for productID: Int) -> Bool { self.productID == productID }

        func show(_ productID: Int) { self.productID = productID }

        /// A transparent bar with orange buttons over the product photo, while this page is on top.
        var navigationBarConfiguration: NavigationBarConfiguration {
            let appearance = UINavigationBarAppearance()
            appearance.configureWithTransparentBackground()
            return NavigationBarConfiguration(
                standardAppearance: appearance, scrollEdgeAppearance: appearance, tintColor: .systemOrange)
        }
    }

    /// Refreshes a product page on every navigation to it, built or found.
    struct ShowProductTask: ContextTask {
        func prepare(_ screen: ProductViewController, with productID: Int) throws {
            screen.show(productID)
        }
    }

    /// The reviews of a product, written in SwiftUI.
    struct ReviewsView: View {
        let productID: Int

        var body: some View {
            List { Text("Reviews of product \(productID)") }
        }
    }
    // end-doc-sample

    // doc-sample: BuildingAUIKitApp.md tabs
    @MainActor
    struct AppRoutes {
        /// The tab bar with one navigation stack per tab, made the window's root when it is missing.
        func tabs<Context>() -> DestinationStep<UITabBarController, Context> {
            StepAssembly(
                finder: ClassFinder<UITabBarController, Context>(),
                factory: PredefinedChildrenFactory(
                    TabsContainerFactory<UITabBarController, Context>(),
                    children: [
                        { _ in Self.stack(HomeViewController(), title: "Home", symbol: "house") },
                        { _ in Self.stack(AccountViewController(), title: "Account", symbol: "person") },
                    ])
            )
            .using(UIWindow.replaceRoot(transition: .crossDissolve()))
            .from(GeneralStep.window())
            .assemble()
        }

        /// The home tab: selected if the tab bar exists, built with it otherwise.
        func home<Context>() -> DestinationStep<HomeViewController, Context> {
            StepAssembly(
                finder: ClassFinder<HomeViewController, Context>(),
                factory: BuiltByContainerFactory<HomeViewController, Context>()
            )
            .using(GeneralAction.nothing())
            .from(tabs())
            .assemble()
        }

        /// A tab's navigation stack, in which every screen owns its navigation bar.
        static func stack(_ root: UIViewController, title: String, symbol: String) -> UINavigationController {
            let stack = ScreenBarNavigationController(rootViewController: root)
            stack.tabBarItem = UITabBarItem(title: title, image: UIImage(systemName: symbol), tag: 0)
            return stack
        }
    }
    // end-doc-sample

    // doc-sample: BuildingAUIKitApp.md product
    extension AppRoutes {
        /// A product page, pushed onto the home tab's stack.
        var product: DestinationStep<ProductViewController, Int> {
            StepAssembly(
                finder: ClassWithContextFinder<ProductViewController, Int>(),
                factory: ClosureFactory { ProductViewController(productID: $0) }
            )
            .adding(ShowProductTask())
            .using(UINavigationController.push())
            .from(home().expectingContainer())
            .assemble()
        }
    }
    // end-doc-sample

    // doc-sample: BuildingAUIKitApp.md reviews
    extension AppRoutes {
        /// The SwiftUI reviews, sliding up from the bottom above their product page.
        var reviews: DestinationStep<ContextualHostingController<ReviewsView, Int>, Int> {
            StepAssembly(
                finder: HostingControllerFinder<ReviewsView, Int>(),
                factory: HostingFactory { (productID: Int) in ReviewsView(productID: productID) }
            )
            .using(UINavigationController.push(animatedBy: { SlideTransitionAnimator(from: .bottom) }))
            .from(product.expectingContainer())
            .assemble()
        }
    }
    // end-doc-sample

    // doc-sample: BuildingAUIKitApp.md cart
    extension AppRoutes {
        /// The cart in its own stack, in a sheet that rests at half height and can be pulled up.
        var cart: DestinationStep<CartViewController, Void> {
            StepAssembly(
                finder: ClassFinder<CartViewController, Void>(), factory: ClassFactory<CartViewController, Void>()
            )
            .using(UINavigationController.push())
            .from(StepAssembly.navigationController())
            .using(
                UIViewController.presentModally(
                    sheet: SheetConfiguration(detents: [.medium, .large], prefersGrabberVisible: true))
            )
            .from(GeneralStep.current())
            .assemble()
        }
    }
    // end-doc-sample

    // doc-sample: BuildingAUIKitApp.md popover
    extension AppRoutes {
        /// The filters, in a popover pointing at the button that asked for them.
        func filters(from button: UIBarButtonItem) -> DestinationStep<FiltersViewController, Void> {
            StepAssembly(
                finder: ClassFinder<FiltersViewController, Void>(), factory: ClassFactory<FiltersViewController, Void>()
            )
            .using(
                UIViewController.presentModally(
                    preferredContentSize: CGSize(width: 320, height: 280),
                    popover: PopoverConfiguration(anchor: .barButtonItem(button)))
            )
            .from(GeneralStep.current())
            .assemble()
        }
    }
    // end-doc-sample

    // doc-sample: BuildingAUIKitApp.md links
    extension AppRoutes {
        /// Every URL the app opens: its own scheme and its universal links.
        func makeLinks() throws -> LinkMap {
            var links = LinkMap()
            try links.register("shop://product/<int:id>", as: "Product") { params in
                Link(to: product, with: try params.int("id"))
            }
            try links.register("https://shop.example.com/products/<int:id>/reviews", as: "Reviews") { params in
                Link(to: reviews, with: try params.int("id"))
            }
            try links.register("shop://cart", as: "Cart") { _ in Link(to: cart) }
            links.fallback { _ in Link(to: home()) }
            return links
        }
    }
// end-doc-sample
#endif
