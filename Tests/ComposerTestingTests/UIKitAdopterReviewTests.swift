import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

// A UIKit adopter's review of README.md, BuildingAUIKitApp.md, MigratingFromRouteComposer.md and
// UIKitBehaviour.md: the articles' routes written with the twin's screens instead of view
// controllers, each test holding one claim of an article. A test that fails names a claim the
// code does not keep.

/// The home screen of the article's tab bar.
final class ReviewHomeScreen: TestScreen {
    init() { super.init("home") }
}

/// The account screen of the article's tab bar.
final class ReviewAccountScreen: TestScreen {
    init() { super.init("account") }
}

/// The cart, in a sheet.
final class ReviewCartScreen: TestScreen {
    init() { super.init("cart") }
}

/// A product page, found again by the product it shows and refreshed on every navigation.
final class ReviewProductScreen: TestScreen, ContextChecking {
    private(set) var productID: Int
    private(set) var refreshes = 0

    init(productID: Int) {
        self.productID = productID
        super.init("product \(productID)")
    }

    func isTarget(for productID: Int) -> Bool { self.productID == productID }

    func show(_ productID: Int) {
        self.productID = productID
        refreshes += 1
    }
}

/// `ShowProductTask` of the article.
struct ReviewShowProductTask: ContextTask {
    func prepare(_ screen: ReviewProductScreen, with productID: Int) throws {
        screen.show(productID)
    }
}

/// The routes of *Building a UIKit app*, with the twin's containers in place of UIKit's.
@MainActor
struct ReviewAppRoutes {
    /// The tab bar with one navigation stack per tab, made the window's root when it is missing.
    func tabs<Context>() -> DestinationStep<TestTabsContainer, Context> {
        tabsStep().using(GeneralAction.replaceRoot()).from(GeneralStep.window()).assemble()
    }

    /// The tab bar's own step, before it is joined to the window.
    func tabsStep<Context>() -> StepAssembly<TestTabsContainer, Context> {
        StepAssembly(
            finder: ClassFinder<TestTabsContainer, Context>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory<TestTabsContainer, Context> { _ in TestTabsContainer("main") },
                children: [
                    { _ in TestNavigationContainer("home-nav", stack: [ReviewHomeScreen()]) },
                    { _ in TestNavigationContainer("account-nav", stack: [ReviewAccountScreen()]) },
                ])
        )
    }

    /// The home tab: selected if the tab bar exists, built with it otherwise.
    func home<Context>() -> DestinationStep<ReviewHomeScreen, Context> {
        StepAssembly(
            finder: ClassFinder<ReviewHomeScreen, Context>(),
            factory: BuiltByContainerFactory<ReviewHomeScreen, Context>()
        )
        .using(GeneralAction.nothing())
        .from(tabs())
        .assemble()
    }

    /// A product page, pushed onto the home tab's stack.
    var product: DestinationStep<ReviewProductScreen, Int> {
        StepAssembly(
            finder: ClassWithContextFinder<ReviewProductScreen, Int>(),
            factory: ClosureFactory { ReviewProductScreen(productID: $0) }
        )
        .adding(ReviewShowProductTask())
        .using(TestNavigationContainer.push())
        .from(home().expectingContainer())
        .assemble()
    }

    /// The cart in its own stack, in a sheet over whatever is on top.
    var cart: DestinationStep<ReviewCartScreen, Void> {
        StepAssembly(
            finder: ClassFinder<ReviewCartScreen, Void>(), factory: ClosureFactory { _ in ReviewCartScreen() }
        )
        .using(TestNavigationContainer.push())
        .from(
            StepAssembly(
                finder: NilFinder<TestNavigationContainer, Void>(),
                factory: NavigationContainerFactory { _ in TestNavigationContainer("cart-nav") })
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }
}

/// A context task that counts the screens it prepares.
@MainActor
final class ReviewPrepareCounter {
    var prepared: [String] = []
}

struct ReviewCountingTask<Screen: TestScreen, Context>: ContextTask {
    let counter: ReviewPrepareCounter

    func prepare(_ screen: Screen, with context: Context) throws {
        counter.prepared.append(screen.name)
    }
}

/// A guard that counts its runs.
struct ReviewCountingGuard<Context>: RoutingInterceptor {
    let counter: ReviewPrepareCounter

    func intercept(with context: Context) async throws {
        counter.prepared.append("guard")
    }
}

struct ReviewRefusedContext: Error {}

/// A factory that refuses every context in `validate(_:)`, and counts its builds.
struct ReviewRefusingFactory: Factory {
    let counter: ReviewPrepareCounter

    func validate(_ context: Int) throws { throw ReviewRefusedContext() }

    func build(with context: Int) throws -> ReviewProductScreen {
        counter.prepared.append("build")
        return ReviewProductScreen(productID: context)
    }
}

struct ReviewFactoryFailure: Error {}

@MainActor
@Suite("A UIKit adopter's review: the articles' claims on the twin")
struct UIKitAdopterReviewTests {
    private func waitUntil(_ condition: @MainActor () -> Bool) async {
        await patientlyWait(turns: 2_000, minimumSeconds: 2) { condition() }
    }

    // MARK: Building a UIKit app

    /// BuildingAUIKitApp.md:124-127: "When the tab bar exists, the router selects the home tab (and
    /// pops its stack back to the home screen, and dismisses what is presented above). When it does
    /// not, on a cold start, BuiltByContainerFactory lets the tab bar's factory build it, and the
    /// whole tab bar is shown at once."
    @Test func homeBuildsTheWholeTabBarOnAColdStartAndRevealsHomeLater() async throws {
        let window = TestWindow(root: TestScreen("launch"))
        let router = DefaultRouter(window: window)
        let routes = ReviewAppRoutes()

        let home = try await router.navigate(to: routes.home(), with: ())

        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "home-nav"
                      screen "home"
                    nav "account-nav"
                      screen "account"
                """)
        #expect(window.current === home)

        // Product 42 pushed onto home, the account tab selected, the cart in a sheet over it.
        try await router.navigate(to: routes.product, with: 42)
        let tabs = try #require(window.root as? TestTabsContainer)
        try await tabs.selectTab(at: 1)
        try await router.navigate(to: routes.cart, with: ())
        #expect(window.screen(named: "cart") != nil)

        let revealed = try await router.navigate(to: routes.home(), with: ())

        #expect(revealed === home)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "home-nav"
                      screen "home"
                    nav "account-nav"
                      screen "account"
                """)
    }

    /// BuildingAUIKitApp.md:153-154 and README.md:10-12: a product already on show is "revealed
    /// (its tab selected, its stack popped back to it, the modals above it dismissed) and
    /// refreshed"; MigratingFromRouteComposer.md:220-221: `navigate` returns "the very instance that
    /// was on screen if the product was found".
    @Test func aProductOnShowIsRevealedRefreshedAndReturned() async throws {
        let window = TestWindow(root: TestScreen("launch"))
        let router = DefaultRouter(window: window)
        let routes = ReviewAppRoutes()
        let first = try await router.navigate(to: routes.product, with: 42)
        let tabs = try #require(window.root as? TestTabsContainer)
        try await tabs.selectTab(at: 1)
        try await router.navigate(to: routes.cart, with: ())
        let refreshesBefore = first.refreshes

        let found = try await router.navigate(to: routes.product, with: 42)

        #expect(found === first)
        #expect(found.refreshes == refreshesBefore + 1)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "home-nav"
                      screen "home"
                      screen "product 42"
                    nav "account-nav"
                      screen "account"
                """)
    }

    // MARK: Coming from RouteComposer

    /// MigratingFromRouteComposer.md:163-164: "A conversion can throw; the navigation then fails
    /// with contextMismatch before anything changes."
    @Test func aThrowingContextConversionFailsWithContextMismatchBeforeAnythingChanges() async throws {
        let window = TwinFixtures.navigationWindow()
        let before = window.render()
        let router = DefaultRouter(window: window)
        let home = StepAssembly(
            finder: ClassFinder<TestScreen, Void>(), factory: BuiltByContainerFactory<TestScreen, Void>()
        )
        .using(GeneralAction.nothing())
        .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Void>()))
        .assemble()
        let product = StepAssembly(
            finder: ClassWithContextFinder<ReviewProductScreen, Int>(),
            factory: ClosureFactory { ReviewProductScreen(productID: $0) }
        )
        .using(TestNavigationContainer.push())
        .from(
            home.adaptingContext { (id: Int) throws in
                if id < 0 { throw ReviewRefusedContext() }
            }
            .expectingContainer()
        )
        .assemble()

        await #expect {
            try await router.navigate(to: product, with: -1)
        } throws: { error in
            (error as? RoutingError)?.code == .contextMismatch
        }
        #expect(window.render() == before)
    }

    /// MigratingFromRouteComposer.md:110: `validate` "checks the context in preflight, before any
    /// guard runs or anything is built".
    @Test func validateRefusesTheContextBeforeAnyGuardOrFactoryRuns() async throws {
        let window = TwinFixtures.navigationWindow()
        let before = window.render()
        let router = DefaultRouter(window: window)
        let counter = ReviewPrepareCounter()
        let product = StepAssembly(
            finder: NilFinder<ReviewProductScreen, Int>(), factory: ReviewRefusingFactory(counter: counter)
        )
        .adding(ReviewCountingGuard<Int>(counter: counter))
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        await #expect {
            try await router.navigate(to: product, with: 1)
        } throws: { error in
            (error as? RoutingError)?.code == .factoryFailed
        }
        #expect(counter.prepared.isEmpty)
        #expect(window.render() == before)
    }

    /// MigratingFromRouteComposer.md:228-229: "Every missing screen is built before any is shown,
    /// so a factory that throws leaves the screen as it was", here with a found anchor that needs
    /// revealing (a sheet over it, another tab selected).
    @Test func aThrowingFactoryLeavesTheScreenAsItWasEvenWhenTheAnchorNeededRevealing() async throws {
        let window = TestWindow(root: TestScreen("launch"))
        let router = DefaultRouter(window: window)
        let routes = ReviewAppRoutes()
        try await router.navigate(to: routes.product, with: 42)
        let tabs = try #require(window.root as? TestTabsContainer)
        try await tabs.selectTab(at: 1)
        try await router.navigate(to: routes.cart, with: ())
        let before = window.render()
        let failing = StepAssembly(
            finder: NilFinder<ReviewProductScreen, Int>(),
            factory: ClosureFactory<ReviewProductScreen, Int> { _ in throw ReviewFactoryFailure() }
        )
        .using(TestNavigationContainer.push())
        .from(routes.product.expectingContainer())
        .assemble()

        await #expect {
            try await router.navigate(to: failing, with: 42)
        } throws: { error in
            (error as? RoutingError)?.code == .factoryFailed
        }
        #expect(window.render() == before)
    }

    /// MigratingFromRouteComposer.md said a context task "runs on every screen of the chain, found
    /// or new"; it runs on the screens from the destination back to the first one found (the
    /// anchor), which the article now says. A task on the tab bar step (found above home, the
    /// anchor) does not run.
    @Test func aContextTaskRunsFromTheDestinationBackToTheAnchor() async throws {
        let window = TestWindow(root: TestScreen("launch"))
        let router = DefaultRouter(window: window)
        let routes = ReviewAppRoutes()
        try await router.navigate(to: routes.home(), with: ())
        let counter = ReviewPrepareCounter()
        let tabsWithTask = (routes.tabsStep() as StepAssembly<TestTabsContainer, Int>)
            .adding(ReviewCountingTask<TestTabsContainer, Int>(counter: counter))
            .using(GeneralAction.replaceRoot())
            .from(GeneralStep.window())
            .assemble()
        let home = StepAssembly(
            finder: ClassFinder<ReviewHomeScreen, Int>(), factory: BuiltByContainerFactory<ReviewHomeScreen, Int>()
        )
        .adding(ReviewCountingTask<ReviewHomeScreen, Int>(counter: counter))
        .using(GeneralAction.nothing())
        .from(tabsWithTask)
        .assemble()
        let product = StepAssembly(
            finder: ClassWithContextFinder<ReviewProductScreen, Int>(),
            factory: ClosureFactory { ReviewProductScreen(productID: $0) }
        )
        .adding(ReviewCountingTask<ReviewProductScreen, Int>(counter: counter))
        .using(TestNavigationContainer.push())
        .from(home.expectingContainer())
        .assemble()

        try await router.navigate(to: product, with: 42)

        #expect(counter.prepared.sorted() == ["home", "product 42"])
    }
}
