// doc-sample: GettingStarted.md product-screen
import Composer
import ComposerTesting

/// The product page. In the app this is a `UIViewController` subclass.
final class ProductScreen: TestScreen, ContextChecking {
    let productID: Int
    private(set) var refreshCount = 0

    init(productID: Int) {
        self.productID = productID
        super.init("product \(productID)")
    }

    /// Fetches price and stock again.
    func refresh() {
        refreshCount += 1
    }

    /// Whether this page shows `productID`: what the finder asks.
    func isTarget(for productID: Int) -> Bool {
        self.productID == productID
    }
}
// end-doc-sample

// doc-sample: GettingStarted.md step-types
struct UnknownProduct: Error, CustomStringConvertible {
    let id: Int
    var description: String { "no product with id \(id)" }
}

/// Builds a product page when none shows the product.
struct ProductFactory: Factory {
    func build(with productID: Int) throws -> ProductScreen {
        guard productID > 0 else { throw UnknownProduct(id: productID) }
        return ProductScreen(productID: productID)
    }
}

/// Refreshes the page, whether it was just built or found on screen.
struct RefreshProductTask: ContextTask {
    func prepare(_ screen: ProductScreen, with productID: Int) throws {
        screen.refresh()
    }
}

/// Records that the product was seen, once the navigation has succeeded.
struct ProductViewedEvent: PostRoutingTask {
    func execute(on destination: ProductScreen, with productID: Int, screens: [any Screen]) {
        print("product_viewed id=\(productID) screens=\(screens)")
    }
}
// end-doc-sample

// doc-sample: GettingStarted.md routes
@MainActor
struct ShopRoutes {
    let session: Session
    let experiments: Experiments
    let router: DefaultRouter

    /// The product page itself: found by its id, built by its factory, guarded and refreshed.
    var productPage: StepAssembly<ProductScreen, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(),
            factory: ProductFactory()
        )
        .adding(LoginInterceptor<Int>(session: session, router: router))
        .adding(RefreshProductTask())
        .adding(ProductViewedEvent())
    }

    /// The product in a new navigation stack, presented over whatever is on top.
    var productModal: DestinationStep<ProductScreen, Int> {
        productPage
            .using(TestNavigationContainer.push())
            .from(
                StepAssembly(
                    finder: NilFinder<TestNavigationContainer, Int>(),
                    factory: NavigationContainerFactory { _ in TestNavigationContainer("product-nav") })
            )
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }
}
// end-doc-sample

// doc-sample: GettingStarted.md login
/// The login screen: it answers the guard that shows it, signed in or not.
final class LoginScreen: TestScreen, ResultReturning {
    /// Set by the router while the guard waits for the answer.
    var resultHandle: ResultHandle<Bool>?
    private let session: Session

    init(session: Session) {
        self.session = session
        super.init("login")
    }

    /// The Sign in button, once the credentials are accepted.
    func signIn() {
        session.isSignedIn = true
        resultHandle?.finish(with: true)
    }

    /// The Cancel button.
    func cancel() {
        resultHandle?.finish(with: false)
    }
}

struct SignInCancelled: Error, CustomStringConvertible {
    var description: String { "the user closed the login screen" }
}

/// Who is signed in.
@MainActor
final class Session {
    var isSignedIn = false
}

/// Shows the login screen through the same router and waits for its answer.
struct LoginInterceptor<Context>: RoutingInterceptor {
    let session: Session
    let router: DefaultRouter

    func intercept(with context: Context) async throws {
        if session.isSignedIn { return }
        let login = LoginScreen(session: session)
        do {
            // The screen's answer, once the router has removed it the way it came; `nil` when
            // the user swiped it away.
            let signedIn = try await router.navigate(to: presenting(login), awaitingResult: Bool.self)
            guard signedIn == true else { throw SignInCancelled() }
        } catch let error as RoutingError where error.code == .cancelled {
            // Interrupted (a forced logout): the wait ends and the screen stays. A navigation of
            // this one's own would be refused as cancelled, so close it directly.
            try await (login.presentingScreen as? any ModalPresenting)?.dismissPresentedScreen(animated: false)
            throw error
        }
    }

    private func presenting(_ login: LoginScreen) -> DestinationStep<LoginScreen, Void> {
        StepAssembly(finder: NilFinder<LoginScreen, Void>(), factory: ClosureFactory { _ in login })
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }
}
// end-doc-sample

// doc-sample: GettingStarted.md pushed
extension ShopRoutes {
    /// The product pushed onto the navigation stack around the current screen.
    var productPushed: DestinationStep<ProductScreen, Int> {
        productPage
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }
}
// end-doc-sample

// doc-sample: GettingStarted.md switch
@MainActor
final class Experiments {
    var productAsModal = false
}

extension ShopRoutes {
    /// Group A gets the product pushed, group B presented modally.
    var product: DestinationStep<ProductScreen, Int> {
        SwitchAssembly<ProductScreen, Int>()
            .addCase(if: { [experiments] in experiments.productAsModal }, productModal)
            .assemble(default: productPushed)
    }
}
// end-doc-sample
