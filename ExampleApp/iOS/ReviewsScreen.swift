import ComposerUIKit
import SwiftUI
import UIKit

/// A product's reviews, written in SwiftUI and hosted by ComposerUIKit's `HostingFactory`.
struct ReviewsView: View {
    /// The product reviewed; the hosting controller rebuilds the view when a navigation changes it.
    let productID: ProductID

    /// Sample reviews: the shop has no back end.
    var body: some View {
        List {
            Section("\(SampleProduct.name(of: productID)) (#\(productID))") {
                Label("Does what it says.", systemImage: "star.fill")
                Label("Arrived a day early.", systemImage: "shippingbox")
                Label("Would buy again.", systemImage: "hand.thumbsup")
            }
        }
    }
}

/// The screen `ShopRoutes.reviews` shows: a hosting controller that remembers its product.
typealias ReviewsScreen = ContextualHostingController<ReviewsView, ProductID>

/// The iOS app's own destinations that use UIKit-only pieces, beside the screens they show.
extension ShopRoutes {
    /// A product's reviews, a SwiftUI screen that slides up from the bottom above the product (a
    /// push with an animation of its own). `SlideTransitionAnimator` is a `ReversibleTransition`, so
    /// the pop runs it in reverse, by the back button, the router or the back swipe. Found again by
    /// its product. The terminal shop prints both transitions (ExampleApp/Terminal/ShopTerminalRoutes.swift).
    var reviews: DestinationStep<ReviewsScreen, ProductID> {
        StepAssembly(
            finder: HostingControllerFinder<ReviewsView, ProductID>(),
            factory: HostingFactory(configure: { controller, _ in controller.title = "Reviews" }) { (id: ProductID) in
                ReviewsView(productID: id)
            }
        )
        .using(ShopNavigationController.push(animatedBy: { SlideTransitionAnimator(from: .bottom) }))
        .from(product.expectingContainer())
        .assemble()
    }

    /// About the shop, in a popover pointing at the button that asked for it (a sheet on iPhone in
    /// portrait, where UIKit adapts popovers).
    func about(from button: UIBarButtonItem) -> DestinationStep<AboutScreen, Void> {
        StepAssembly(finder: ClassFinder<AboutScreen, Void>(), factory: ClassFactory<AboutScreen, Void>())
            .using(
                UIViewController.presentModally(
                    preferredContentSize: CGSize(width: 320, height: 220),
                    popover: PopoverConfiguration(anchor: .barButtonItem(button)))
            )
            .from(GeneralStep.current())
            .assemble()
    }
}

/// What the shop is, shown in a popover from the home screen.
final class AboutScreen: UIViewController {
    /// Builds the content.
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        installContent([
            makeLabel("Composer Shop", style: .title2),
            makeLabel(
                "An example of declarative navigation with Composer: every screen is a destination.", style: .body),
        ])
    }
}
