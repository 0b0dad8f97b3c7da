import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// A context task that validates the context before anything is shown: product ids above 999
/// do not exist.
struct RejectingProductTask: ContextTask {
    let journal: Journal
    struct UnknownProduct: Error, CustomStringConvertible {
        let id: Int
        var description: String { "product \(id) does not exist" }
    }
    func prepare(_ screen: ProductScreen, with context: Int) throws {
        journal.record("prepare \(screen.name)")
        guard context < 1000 else { throw UnknownProduct(id: context) }
    }
}

@MainActor
@Suite("The promise: checks before guards, guards before changes, a failure changes nothing")
struct PromiseTests {
    let journal = Journal()

    /// Product pushed onto the stack that holds the list, guarded by a recording interceptor.
    var gatedProductOverList: DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(RecordingInterceptor<Int>(journal: journal, name: "login"))
            .adding(RejectingProductTask(journal: journal))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.custom(ClassFinder<ListScreen, Int>()).expectingContainer())
            .assemble()
    }

    /// A screen that refuses to be dismissed or popped (a form with unsaved edits).
    func refusingToLeave(_ name: String) -> TestScreen {
        let screen = TestScreen(name)
        screen.canBeDismissed = false
        return screen
    }

    @Test("A refusing screen above the anchor refuses before any interceptor or factory runs")
    func preflightRefusesBeforeGuards() async throws {
        let stack = TestNavigationContainer("main", stack: [ListScreen()])
        let window = TestWindow(root: stack)
        try await stack.presentScreen(refusingToLeave("unsaved form"), animated: false)
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: gatedProductOverList, with: 42, animated: false)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(error?.found.contains("unsaved form") == true)
        #expect(
            error?.failingStep == FailingStep(position: 1, role: .action, typeName: "reveal"),
            "the anchor, whose reveal was refused")
        #expect(window.render() == before)
        #expect(journal.lines == [], "no interceptor, factory or task may run when preflight refuses")
    }

    @Test("A reveal asks what it dismisses before what it pops, and names the first refusal")
    func revealAsksDismissedScreensFirst() async throws {
        let stack = TestNavigationContainer(
            "main", stack: [ListScreen(), ProductScreen(7), refusingToLeave("unsaved review")])
        let window = TestWindow(root: stack)
        let unsavedForm = refusingToLeave("unsaved form")
        try await stack.presentScreen(unsavedForm, animated: false)
        let router = DefaultRouter(window: window)
        let before = window.render()
        let product = GeneralStep.custom(ClassWithContextFinder<ProductScreen, Int>())

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: product, with: 7, animated: false)
        }
        #expect(error?.code == .dismissalRefused)
        #expect(error?.found.contains("unsaved form") == true, "the presentation is asked first: \(error?.found ?? "")")
        #expect(window.render() == before)

        // Once the form accepts, the review popped off the stack is the one that refuses.
        unsavedForm.canBeDismissed = true
        let second = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: product, with: 7, animated: false)
        }
        #expect(second?.code == .dismissalRefused)
        #expect(second?.found.contains("unsaved review") == true, "\(second?.found ?? "")")
        #expect(window.render() == before)
    }

    @Test("A context task that rejects the context fails before the new screen is shown")
    func contextTaskRunsBeforeShowing() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: gatedProductOverList, with: 5000, animated: false)
        }

        #expect(error?.code == .contextTaskFailed)
        #expect(error?.failingStep == FailingStep(position: 0, role: .contextTask, typeName: "RejectingProductTask"))
        #expect(window.render() == before, "the rejected product must never reach the screen")
        #expect(journal.lines == ["intercept login 5000", "build product 5000", "prepare product 5000"])
    }

    @Test("A valid context is prepared before the screen appears and then pushed")
    func validContextIsPreparedThenShown() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)

        let product = try await router.navigate(to: gatedProductOverList, with: 7, animated: false)

        #expect(product.productID == 7)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "product 7"
                """)
        #expect(journal.lines == ["intercept login 7", "build product 7", "prepare product 7"])
    }

    @Test("Post tasks never run for a navigation that then fails its destination check")
    func postTasksRunOnlyAfterSuccess() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let before = window.render()
        let productLeftOutside = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(ProductPostTask(journal: journal))
        .using(GeneralAction.nothing())
        .from(GeneralStep.current())
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: productLeftOutside, with: 3, animated: false)
        }

        #expect(error?.code == .actionFailed)
        #expect(window.render() == before)
        #expect(journal.lines == ["build product 3"], "the post task must not run")
    }

    @Test("The router-wide post task gets what navigate returns: the container the destination expects")
    func globalPostTaskGetsTheReturnedContainer() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        router.add(AnalyticsPostTask(journal: journal))

        let stack = try await router.navigate(
            to: Routes(journal: journal).list().expectingContainer(TestNavigationContainer.self), animated: false)

        #expect(stack.name == "shop-nav")
        #expect(journal.lines.last?.hasPrefix("global post nav \"shop-nav\"") == true, "\(journal.lines)")
    }

    func detail(_ name: String) -> DestinationStep<TestScreen, Void> {
        StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen(name) })
            .using(TestSplitContainer.showDetail())
            .from(GeneralStep.custom(ClassFinder<TestSplitContainer, Void>()))
            .assemble()
    }

    @Test("showDetail asks the detail it replaces, and a refusal changes nothing")
    func showDetailAsksTheOldDetail() async throws {
        let form = TestScreen("unsaved form")
        form.canBeDismissed = false
        let window = TestWindow(root: TestSplitContainer("split", primary: TestScreen("menu"), secondary: form))
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: detail("settings"), animated: false)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(window.render() == before)
    }

    @Test("showDetail on a split view without a primary column fails clearly and changes nothing")
    func showDetailNeedsAPrimary() async throws {
        let window = TestWindow(root: TestSplitContainer("split"))
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: detail("settings"), animated: false)
        }

        #expect(error?.code == .actionFailed)
        #expect(error?.description.contains("no primary column") == true)
        #expect(window.render() == before)
        let direct = await #expect(throws: TestScreenError.self) {
            try await (window.rootScreen as? TestSplitContainer)?.showDetail(TestScreen("x"), animated: false)
        }
        #expect(direct?.description.contains("no primary column") == true)
    }

    @Test("A completion-handler navigation started inside an interceptor waits its turn in the queue")
    func completionNavigationInsideAnInterceptorIsQueued() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let journal = journal
        let inner = detailFree("banner")
        let outer = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(
            ProbeInterceptor { [weak router] in
                router?.navigate(to: inner, animated: false) { _ in journal.record("banner shown") }
                await turns { router.map { $0.waitingNavigations > 0 } ?? true }
                journal.record("waiting: \(router?.waitingNavigations ?? -1)")
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        try await router.navigate(to: outer, with: 1, animated: false)
        await turns { journal.lines.count == 3 }

        #expect(journal.lines == ["waiting: 1", "build product 1", "banner shown"])
    }

    @Test("replaceRoot asks a refusing screen presented over a presentation context inside the level")
    func replaceRootAsksContextPresentations() async throws {
        let context = TestScreen("orders")
        context.definesPresentationContext = true
        let window = TestWindow(root: TestTabsContainer("tabs", tabs: [context, TestScreen("account")]))
        let form = TestScreen("unsaved form")
        form.modalStyle = .currentContext
        form.canBeDismissed = false
        try await context.presentScreen(form, animated: false)
        let router = DefaultRouter(window: window)
        let before = window.render()
        let newRoot = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("welcome") }
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: newRoot, animated: false)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(window.render() == before)
    }

    @Test("Two guards of one type on one step both run, in order, once each")
    func guardsOfOneTypeAllRun() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let journal = journal
        let product = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "sign in"))
        .adding(RecordingInterceptor<Int>(journal: journal, name: "age check"))
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        try await router.navigate(to: product, with: 9, animated: false)

        #expect(journal.lines == ["intercept sign in 9", "intercept age check 9", "build product 9"])
    }

    @Test("After a login interceptor signs the user in, the re-plan's new SwitchAssembly case is guarded too")
    func replanGuardsTheNewCase() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let journal = journal
        let session = SignedInFlag()
        func product<I: RoutingInterceptor>(_ interceptor: I) -> DestinationStep<ProductScreen, Int>
        where I.Context == Int {
            StepAssembly(
                finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
            )
            .adding(interceptor)
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
        }
        let guest = product(
            ProbeInterceptor {
                journal.record("sign in")
                session.isSignedIn = true
            })
        let member = product(RecordingInterceptor<Int>(journal: journal, name: "member offers"))
        let route = SwitchAssembly<ProductScreen, Int>()
            .addCase(if: { session.isSignedIn }, member)
            .assemble(default: guest)

        try await router.navigate(to: route, with: 9, animated: false)

        #expect(journal.lines == ["sign in", "intercept member offers 9", "build product 9"])
    }

    func detailFree(_ name: String) -> DestinationStep<TestScreen, Void> {
        StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen(name) })
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }
}

@MainActor
final class SignedInFlag {
    var isSignedIn = false
}

/// An interceptor whose body the test writes inline.
struct ProbeInterceptor: RoutingInterceptor {
    let body: @MainActor () async -> Void
    func intercept(with context: Int) async throws { await body() }
}

/// A logger that wants errors only, as an app's production logger might.
@MainActor
final class ErrorsOnlyLogger: RoutingLogger {
    var entries: [RoutingLogEntry] = []
    func log(_ entry: RoutingLogEntry) { entries.append(entry) }
    func wants(_ level: RoutingLogLevel) -> Bool { level >= .error }
}

@MainActor
@Suite("Logging costs nothing unless wanted")
struct LoggingLevelTests {
    @Test("A logger that wants errors only gets no plan reports for a success, and the error for a failure")
    func reportsOnlyWhatIsWanted() async throws {
        let journal = Journal()
        let logger = ErrorsOnlyLogger()
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window, logger: logger)

        try await router.navigate(to: Routes(journal: journal).productModal, with: 3, animated: false)
        #expect(logger.entries.isEmpty)

        await #expect(throws: RoutingError.self) {
            try await router.navigate(to: Routes(journal: journal).productModal, with: -1, animated: false)
        }
        #expect(logger.entries.map(\.level) == [.error])
    }
}
