// The README's first sample, compiled as the README shows it (on iOS; the module is empty elsewhere).
#if canImport(UIKit)
    // doc-sample: README.md first-sample
    import ComposerUIKit  // re-exports Composer and ComposerLinks
    import UIKit

    /// A product page. It says which product it shows, so that the router finds it again.
    final class ProductViewController: UIViewController, ContextChecking {
        var productID = 0

        func isTarget(for productID: Int) -> Bool { self.productID == productID }
    }

    /// Runs on every navigation to a product page, built or found: shows the product asked for.
    struct ShowProduct: ContextTask {
        func prepare(_ screen: ProductViewController, with productID: Int) throws {
            screen.productID = productID
        }
    }

    /// Product pages: pushed into a new navigation stack, presented as a sheet over whatever is on top.
    @MainActor let product = StepAssembly(
        finder: ClassWithContextFinder<ProductViewController, Int>(),
        factory: ClassFactory<ProductViewController, Int>()
    )
    .adding(ShowProduct())
    .using(UINavigationController.push())
    .from(StepAssembly.navigationController())
    .using(UIViewController.presentModally(sheet: SheetConfiguration(detents: [.medium, .large])))
    .from(GeneralStep.current())
    .assemble()

    /// One per scene (your scene delegate keeps it): navigates in that scene's window.
    @MainActor
    final class Navigator {
        let router: DefaultRouter

        init(scene: UIWindowScene) {
            router = DefaultRouter(windowProvider: SceneWindowProvider(scene: scene))
            // Hears the user's own back taps, swipes and tab taps: observers see them, a sheet that
            // refuses to leave springs back, a tab's guards run, and a screen swiped away answers nil.
            router.reportUserNavigation(with: UserNavigationReporter())
        }

        /// The same call for a tap, a push notification and a link.
        func showProduct(_ id: Int) async throws {
            try await router.navigate(to: product, with: id)
        }
    }
// end-doc-sample
#endif
