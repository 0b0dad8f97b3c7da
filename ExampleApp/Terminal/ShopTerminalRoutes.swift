import Composer

// The terminal shop's own routes, on both of its platforms (ComposerShopSwiftUI links this file).
// The iOS app has its own `reviews`: a SwiftUI view in a hosting controller, pushed with
// ComposerUIKit's `push(animatedBy:)` and a `SlideTransitionAnimator`.

/// A transition a screen is pushed with and popped with in reverse, as the terminal prints it.
struct ShopTransition: Sendable, CustomStringConvertible {
    /// What the push does (`slides up from the bottom`).
    let push: String
    /// What the pop does: the push, reversed.
    let pop: String

    /// The reviews' transition on iOS: ComposerUIKit's `SlideTransitionAnimator(from: .bottom)`.
    static let slideUp = ShopTransition(
        push: "slides up from the bottom", pop: "slides back down to the bottom (the push, reversed)")

    /// The push's description.
    var description: String { push }
}

/// Pushes like the stack's own push and gives the pushed reviews the transition the platform has
/// for them (`ShopScreens.reviewsTransition`). The screen remembers it, and `ShopApp` prints it when
/// the push is reported and prints it reversed when the pop is, by the router or by the user: what
/// ComposerUIKit's `AnimatedPushAction` does with a `ReversibleTransition` on iOS.
///
/// It works in `merge`, which serves both ways the router pushes: onto a stack on screen, through
/// the action's default `perform` (merge, then set the children), and into a stack built in the
/// same navigation, whose factory takes the merged children.
struct ShopReviewsPush<Container: NavigationStackContainer>: ContainerAction {
    private let push = PushAction<Container>()

    func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        try push.merge(screen, into: &children)
        (screen as? ReviewsScreen)?.pushTransition = ShopScreens.reviewsTransition
    }

    func checkAccepts(_ screenType: Any.Type, on container: Container) throws {
        try push.checkAccepts(screenType, on: container)
    }
}

extension ShopRoutes {
    /// A product's reviews, pushed above the product with a transition of their own.
    var reviews: DestinationStep<ReviewsScreen, ProductID> {
        StepAssembly(
            finder: ClassWithContextFinder<ReviewsScreen, ProductID>(),
            factory: ClosureFactory { id in ShopScreens.makeReviews(for: id) }
        )
        .using(ShopReviewsPush<ShopNavigationController>())
        .from(product.expectingContainer())
        .assemble()
    }
}
