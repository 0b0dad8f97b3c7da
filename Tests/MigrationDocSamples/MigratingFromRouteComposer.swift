// The Composer side of MigratingFromRouteComposer.md, compiled as the article shows it (on iOS;
// empty elsewhere). The RouteComposer side is not compiled: this package does not depend on it.
#if canImport(UIKit)
    // doc-sample: MigratingFromRouteComposer.md destination
    import ComposerUIKit
    import UIKit

    final class ProductViewController: UIViewController, ContextChecking {
        var productID = ""

        func isTarget(for productID: String) -> Bool { self.productID == productID }
    }

    struct ProductContextTask: ContextTask {
        func prepare(_ screen: ProductViewController, with productID: String) throws {
            screen.productID = productID
        }
    }

    @MainActor
    func productScreen(session: Session, router: DefaultRouter) -> DestinationStep<ProductViewController, String> {
        StepAssembly(
            finder: ClassWithContextFinder<ProductViewController, String>(),
            factory: ClassFactory<ProductViewController, String>()
        )
        .adding(LoginInterceptor<String>(session: session, router: router))
        .adding(ProductContextTask())
        .using(UINavigationController.push())
        .from(StepAssembly.navigationController())
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }
    // end-doc-sample

    // doc-sample: MigratingFromRouteComposer.md interceptor
    final class LoginViewController: UIViewController, ResultReturning {
        /// Set by the router while the interceptor waits: the Sign in and Cancel buttons call
        /// `resultHandle?.finish(with: true)` or `finish(with: false)`.
        var resultHandle: ResultHandle<Bool>?
    }

    struct NotSignedIn: Error {}

    @MainActor
    final class Session {
        var isSignedIn = false
    }

    struct LoginInterceptor<Context>: RoutingInterceptor {
        let session: Session
        let router: DefaultRouter

        func intercept(with context: Context) async throws {
            guard !session.isSignedIn else { return }
            // The screen's answer, once the router has removed it; `nil` if the user swiped it away.
            // (Interrupted by a forced logout, it throws `cancelled` and the screen stays: *Getting
            // started* shows the interceptor closing it.)
            let signedIn = try await router.navigate(to: login, awaitingResult: Bool.self)
            guard signedIn == true else { throw NotSignedIn() }
            session.isSignedIn = true
        }

        private var login: DestinationStep<LoginViewController, Void> {
            StepAssembly(
                finder: NilFinder<LoginViewController, Void>(), factory: ClassFactory<LoginViewController, Void>()
            )
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
        }
    }
    // end-doc-sample

    @MainActor
    func navigate(session: Session, scene: UIWindowScene) async throws {
        // doc-sample: MigratingFromRouteComposer.md navigate
        let router = DefaultRouter(windowProvider: SceneWindowProvider(scene: scene))
        // The user's own back taps, swipes and tab taps reach the router: guards run on a tapped tab, and
        // a login sheet swiped away answers its guard. Keep one per scene.
        router.reportUserNavigation(with: UserNavigationReporter())
        let product = try await router.navigate(to: productScreen(session: session, router: router), with: "42")
        // `product` is the ProductViewController on screen, found or new.
        // end-doc-sample
        _ = product
    }

    // doc-sample: MigratingFromRouteComposer.md contexts
    final class HomeViewController: UIViewController {}

    @MainActor
    struct Routes {
        /// The home screen, at the bottom of the first tab; it needs no context.
        var home: DestinationStep<HomeViewController, Void> {
            StepAssembly(
                finder: ClassFinder<HomeViewController, Void>(),
                factory: BuiltByContainerFactory<HomeViewController, Void>()
            )
            .using(GeneralAction.nothing())
            .from(GeneralStep.custom(ClassFinder<UITabBarController, Void>()))
            .assemble()
        }

        /// A product pushed onto the home stack. Its chain carries a String; home takes Void, so
        /// the chain says how one becomes the other.
        var productOnHome: DestinationStep<ProductViewController, String> {
            StepAssembly(
                finder: ClassWithContextFinder<ProductViewController, String>(),
                factory: ClassFactory<ProductViewController, String>()
            )
            .adding(ProductContextTask())
            .using(UINavigationController.push())
            .from(home.adaptingContext { (_: String) in () }.expectingContainer())
            .assemble()
        }
    }
// end-doc-sample
#endif
