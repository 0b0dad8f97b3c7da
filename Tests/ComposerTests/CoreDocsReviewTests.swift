import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// An app's own action that presents its screen and then fails, the kind of action the
/// architecture article means when it speaks of a failure after the screen changed.
private struct ReviewPresentThenFail: Action {
    struct Failed: Error, CustomStringConvertible {
        var description: String { "the action failed after presenting" }
    }

    func perform(_ screen: any Screen, on presenter: any Screen, animated: Bool) async throws {
        try await ScreenTree.modalPresenter(presenter, toDo: "present \(screen)").presentScreen(screen, animated: false)
        throw Failed()
    }
}

/// Claims of the core articles that no other test pins, checked against the router and the twin.
@MainActor
@Suite("Core docs review")
struct CoreDocsReviewTests {
    /// GettingStarted.md, "Go back with a navigation": "From a product presented in `product-nav`
    /// over `product 1`, the first `back` dismisses the modal and the second pops `product 1`."
    @Test("Going back: the first back dismisses product-nav, the second pops product 1")
    func backTwiceFromAPresentedProduct() async throws {
        let window = TestWindow(
            root: TestNavigationContainer("main", stack: [TestScreen("home"), ProductScreen(1)]))
        let router = DefaultRouter(window: window)
        let routes = Routes(journal: Journal())
        let back: DestinationStep<any Screen, Void> = GeneralStep.previous()

        try await router.navigate(to: routes.productModal, with: 42, animated: false)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "product 1"
                  presented automatic (as pageSheet):
                    nav "product-nav"
                      screen "product 42"
                """)

        try await router.navigate(to: back, animated: false)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "product 1"
                """)

        try await router.navigate(to: back, animated: false)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
    }

    /// GettingStarted.md, "When a navigation fails": the error printed when the factory refuses
    /// product -4, line for line (the fixture's route has the article's finders, factories and
    /// actions; the article's guard and tasks do not appear in a step's summary).
    @Test("The printed factory failure reads as the article shows it")
    func printedFactoryFailure() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let routes = Routes(journal: Journal())
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: routes.productModal, with: -4)
        }

        #expect(window.render() == before)
        #expect(
            error?.description == """
                Routing failed (factoryFailed)
                  step: step 0: ProductScreen (finder ClassWithContextFinder<ProductScreen, Int>, factory ProductFactory, action PushAction<TestNavigationContainer>)
                  expected: ProductFactory to build ProductScreen from -4
                  found: it threw
                  because: no product with id -4
                  plan (destination first), stage: building
                    0. ProductScreen (finder ClassWithContextFinder<ProductScreen, Int>, factory ProductFactory, action PushAction<TestNavigationContainer>) — to build
                    1. TestNavigationContainer (finder NilFinder<TestNavigationContainer, Int>, factory NavigationContainerFactory<TestNavigationContainer, Int>, action PresentModallyAction) — to build
                    2. any Screen (finder current screen) — found, anchor: screen "home"
                """)
    }

    /// ResultsAndObservation.md, "What the caller receives": "A screen that is neither (a tab's
    /// root) stays, and the caller still gets the value."
    @Test("A tab's root that finishes with a value stays, and the caller gets the value")
    func tabRootFinishStays() async throws {
        let picker = ColourPicker("picker tab")
        let window = TestWindow(
            root: TestTabsContainer(
                "tabs",
                tabs: [
                    TestNavigationContainer("home-nav", stack: [TestScreen("home")]),
                    TestNavigationContainer("picker-nav", stack: [picker]),
                ]))
        let router = DefaultRouter(window: window)
        let findPicker: DestinationStep<ColourPicker, Colour> = GeneralStep.custom(ClassFinder<ColourPicker, Colour>())
        let probe = ResultProbe(router, findPicker, with: .blue)
        await turns { picker.resultHandle != nil }
        let shown = window.render()
        #expect(
            shown == """
                window
                  tabs "tabs" selected=1
                    nav "home-nav"
                      screen "home"
                    nav "picker-nav"
                      screen "picker tab"
                """)

        var finished: Result<Void, RoutingError>?
        picker.resultHandle?.finish(with: .red) { finished = $0 }
        await turns { probe.outcome != nil && finished != nil }

        #expect(try probe.value() == .red)
        #expect(throws: Never.self) { try #require(finished).get() }
        #expect(window.render() == shown)
    }

    /// The other half of that rule, which the article says since: a tab's root inside a presented
    /// tab bar is removed with the presented level, the tab bar with it.
    @Test("A tab's root inside a presented tab bar that finishes takes the presented tab bar away")
    func tabRootOfAPresentedTabBarFinishDismissesIt() async throws {
        let picker = ColourPicker("picker tab")
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let before = window.render()
        let tabs = TestTabsContainer(
            "tabs",
            tabs: [
                TestNavigationContainer("home-nav", stack: [TestScreen("inner home")]),
                TestNavigationContainer("picker-nav", stack: [picker]),
            ], selectedIndex: 1)
        tabs.modalStyle = .fullScreen
        try await #require(window.current).presentScreen(tabs, animated: false)
        let router = DefaultRouter(window: window)
        let findPicker: DestinationStep<ColourPicker, Colour> = GeneralStep.custom(ClassFinder<ColourPicker, Colour>())
        let probe = ResultProbe(router, findPicker, with: .blue)
        await turns { picker.resultHandle != nil }

        picker.resultHandle?.finish(with: .red)
        await turns { probe.outcome != nil }

        #expect(try probe.value() == .red)
        #expect(window.render() == before)
    }

    /// ResultsAndObservation.md, "What the caller receives": "The waiting task is cancelled: The
    /// call throws cancelled; the screen stays, and its later finish still removes it."
    @Test("After the waiting task is cancelled, the screen's later finish still removes it")
    func finishAfterCancelledWaitStillRemoves() async throws {
        let window = ResultRoutes.window()
        let router = DefaultRouter(window: window)
        let step = ResultRoutes().presentedPicker
        let asking = Task { @MainActor in
            try await router.navigate(to: step, with: .blue, awaitingResult: Colour.self, animated: false)
        }
        await turns { router.waitingResults > 0 }
        let picker = try #require(window.current as? ColourPicker)
        asking.cancel()
        let error = await #expect(throws: RoutingError.self) { try await asking.value }
        #expect(error?.code == .cancelled)
        #expect(window.current === picker)

        var finished: Result<Void, RoutingError>?
        picker.resultHandle?.finish(with: .red, animated: false) { finished = $0 }
        await turns { finished != nil }

        #expect(throws: Never.self) { try #require(finished).get() }
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
    }

    /// ResultsAndObservation.md, "What is reported": "Once per navigation that changed the current
    /// screen, when it ends, successful or not" — here one that fails after it changed the screen.
    @Test("A navigation that fails after changing the screen is reported once, as the router's")
    func failureAfterChangesIsReportedOnce() async throws {
        let window = ResultRoutes.window()
        let router = DefaultRouter(window: window)
        var events: [String] = []
        router.addObserver { events.append($0.description) }
        let failing: DestinationStep<TestScreen, Void> =
            StepAssembly(
                finder: NilFinder<TestScreen, Void>(),
                factory: ClosureFactory { _ in
                    let sheet = TestScreen("sheet")
                    sheet.modalStyle = .pageSheet
                    return sheet
                }
            )
            .using(ReviewPresentThenFail())
            .from(GeneralStep.current())
            .assemble()

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: failing, animated: false) }

        #expect(error?.code == .actionFailedAfterChanges)
        #expect(events == [#"router: screen "home" -> screen "sheet""#])
    }
}
