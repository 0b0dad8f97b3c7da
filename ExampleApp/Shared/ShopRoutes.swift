import Composer

/// Every destination of the shop, described once. The terminal app and the iOS app compile this
/// same file; only the screen classes behind `ShopScreens` differ per platform.
@MainActor
final class ShopRoutes {
    let session: ShopSession
    weak var router: DefaultRouter?

    init(session: ShopSession) {
        self.session = session
    }

    /// Makes `router` the one these routes navigate with, and guards the tabs the way the routes
    /// guard their screens: a tap on the account tab asks for sign-in as `account` does.
    func attach(to router: DefaultRouter) {
        self.router = router
        router.guardTabTaps(with: account)
    }

    // MARK: The tab bar and its tabs

    /// The tab bar, built on a cold start with its three tabs and made the window's root.
    func tabs<Context>() -> DestinationStep<ShopTabBarController, Context> {
        StepAssembly(
            finder: ClassFinder<ShopTabBarController, Context>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in ShopScreens.makeTabs() },
                children: [
                    { _ in ShopScreens.makeNavigation(named: "home-nav", root: ShopScreens.makeHome()) },
                    { _ in ShopScreens.makeNavigation(named: "products-nav", root: ShopScreens.makeProductList()) },
                    { _ in ShopScreens.makeNavigation(named: "account-nav", root: ShopScreens.makeAccount()) },
                ])
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    private func tab<TabScreen: ShopScreenBase, Context>(_ type: TabScreen.Type) -> DestinationStep<TabScreen, Context>
    {
        inTab(
            StepAssembly(
                finder: ClassFinder<TabScreen, Context>(), factory: BuiltByContainerFactory<TabScreen, Context>()))
    }

    /// `step`, the bottom screen of a tab's stack, reached through that stack, which is selected:
    /// so a cold start that builds the tab bar (a restored or deep-linked product) ends on the
    /// tab the screen is in, not on the first one.
    private func inTab<TabScreen: ShopScreenBase, Context>(_ step: StepAssembly<TabScreen, Context>) -> DestinationStep<
        TabScreen, Context
    > {
        step
            .using(GeneralAction.nothing())
            .from(
                StepAssembly(
                    finder: TabStackFinder<TabScreen, Context>(),
                    factory: BuiltByContainerFactory<ShopNavigationController, Context>())
            )
            .using(ShopTabBarController.selectTab())
            .from(tabs())
            .assemble()
    }

    /// The home tab.
    var home: DestinationStep<HomeScreen, Void> { tab(HomeScreen.self) }

    /// The product list, at the bottom of the products tab.
    func productList<Context>() -> DestinationStep<ProductListScreen, Context> { tab(ProductListScreen.self) }

    /// The account tab; signing in is required.
    var account: DestinationStep<AccountScreen, Void> {
        inTab(
            StepAssembly(
                finder: ClassFinder<AccountScreen, Void>(), factory: BuiltByContainerFactory<AccountScreen, Void>()
            )
            .adding(SignInInterceptor<Void>(routes: self)))
    }

    // MARK: Product, cart, login

    /// A product, pushed onto the products tab above the list; signing in is required. Group B of
    /// the experiment sees it in a sheet over whatever is on screen instead.
    var product: DestinationStep<ProductScreen, ProductID> {
        SwitchAssembly<ProductScreen, ProductID>()
            .addCase(if: { [session] in session.productsAsSheet }, productInSheet)
            .assemble(default: productInList)
    }

    private func productStep() -> StepAssembly<ProductScreen, ProductID> {
        StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, ProductID>(),
            factory: ClosureFactory { id in ShopScreens.makeProduct(id) }
        )
        .adding(SignInInterceptor<ProductID>(routes: self))
        .adding(ShowProductTask())
    }

    private var productInList: DestinationStep<ProductScreen, ProductID> {
        productStep()
            .using(ShopNavigationController.push())
            .from(productList().expectingContainer())
            .assemble()
    }

    private var productInSheet: DestinationStep<ProductScreen, ProductID> {
        productStep()
            .using(ShopNavigationController.push())
            .from(modalNavigation(named: "product-sheet", asSheet: true))
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }

    /// The cart, in its own navigation stack presented over the current screen.
    var cart: DestinationStep<CartScreen, Void> {
        StepAssembly(
            finder: ClassFinder<CartScreen, Void>(),
            factory: ClosureFactory { [session] _ in ShopScreens.makeCart(items: session.cart) }
        )
        .adding(RefreshCartTask(session: session))
        .using(ShopNavigationController.push())
        .from(modalNavigation(named: "cart-nav"))
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    /// The login screen, presented over the current screen.
    var login: DestinationStep<LoginScreen, Void> {
        StepAssembly(finder: ClassFinder<LoginScreen, Void>(), factory: ClosureFactory { _ in ShopScreens.makeLogin() })
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }

    /// `login`, presented over the current screen for a sign-in guard that awaits its answer: a
    /// login screen already on screen answers another guard, so this one never finds it.
    func login(asking login: LoginScreen) -> DestinationStep<LoginScreen, Void> {
        StepAssembly(finder: NilFinder<LoginScreen, Void>(), factory: ClosureFactory { _ in login })
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }

    /// Back: pops the top screen, or closes the topmost modal at the bottom of its stack.
    var back: DestinationStep<any Screen, Void> { GeneralStep.previous() }

    /// After signing out, no screen that needs sign-in stays on screen or a tab away: a navigation
    /// waiting for sign-in is interrupted (its login screen closes), the products tab goes back to
    /// its list (which closes every modal, a product sheet included), and home is shown. Both
    /// navigations interrupt, so they run before any navigation that was waiting its turn.
    func leaveSignedInScreens() async throws {
        guard let router else { return }
        try await router.navigate(to: productList(), with: (), queueing: .interrupt)
        try await router.navigate(to: home, queueing: .interrupt)
    }

    /// A new navigation stack to present (full screen, or a sheet when `asSheet`), for a modal
    /// whose screens are pushed into it.
    func modalNavigation<Context>(named name: String, asSheet: Bool = false) -> StepAssembly<
        ShopNavigationController, Context
    > {
        StepAssembly(
            finder: NilFinder<ShopNavigationController, Context>(),
            factory: NavigationContainerFactory { _ in ShopScreens.makeModalNavigation(named: name, asSheet: asSheet) })
    }
}

/// Finds the navigation stack of the tab whose bottom screen is a `TabScreen`; a type per tab, so
/// the route map draws each tab's stack as a step of its own.
struct TabStackFinder<TabScreen, Context>: StackIteratingFinder {
    typealias ViewController = ShopNavigationController

    var options: SearchOptions { .all }

    func isTarget(_ screen: ShopNavigationController, with context: Context) -> Bool {
        screen.stack.first is TabScreen
    }
}

/// Shows a login screen through the same router and waits for its answer (the screen is
/// `ResultReturning`): the router closes it once it answers, and a user who swipes it away answers
/// `nil`, so the guard never waits for a screen that is gone.
struct SignInInterceptor<Context>: RoutingInterceptor {
    let routes: ShopRoutes

    func intercept(with context: Context) async throws {
        guard !routes.session.isSignedIn else { return }
        guard let router = routes.router else { throw SignInCancelled() }
        let login = ShopScreens.makeLogin()
        do {
            let signedIn = try await router.navigate(to: routes.login(asking: login), awaitingResult: Bool.self)
            guard signedIn == true else { throw SignInCancelled() }
        } catch let error as RoutingError where error.code == .cancelled {
            // Interrupted (a forced sign-out): the wait ends and the screen stays. A navigation of
            // this one's own would be refused as cancelled, so close the login screen directly.
            try await (login.presentingScreen as? any ModalPresenting)?.dismissPresentedScreen(animated: false)
            throw SignInCancelled()
        }
    }
}

/// What every platform's login screen (a `ResultReturning` screen answering `Bool`) does with its
/// buttons.
extension LoginScreen {
    /// Whether a guard awaits the answer: the router sets the handle while it does, and the handle
    /// stays once answered.
    var isAsked: Bool { resultHandle?.isFinished == false }

    /// Signs in or not, and answers the guard that awaits it, which the router then lets go on or
    /// stops once it has closed this screen; `false` when no guard awaits (a login screen opened
    /// on its own, which then closes itself).
    @discardableResult
    func answer(signedIn: Bool, in session: ShopSession) -> Bool {
        if signedIn { session.isSignedIn = true }
        guard let resultHandle, isAsked else { return false }
        resultHandle.finish(with: signedIn)
        return true
    }
}

/// Shows the navigation's product on a product screen, found or new.
struct ShowProductTask: ContextTask {
    func prepare(_ screen: ProductScreen, with context: ProductID) throws {
        screen.show(context)
    }
}

/// Shows the current cart contents on a cart screen, found or new.
struct RefreshCartTask: ContextTask {
    let session: ShopSession

    func prepare(_ screen: CartScreen, with context: Void) throws {
        screen.show(items: session.cart)
    }
}
