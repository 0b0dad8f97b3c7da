import Composer
import ComposerLinks
import ComposerTestFixtures
import ComposerTesting
import Testing

/// The error an app's guard, factory check or action throws in these tests.
struct AuditRefusal: Error, CustomStringConvertible {
    var description: String { "refused" }
}

/// An app's own action that fails when it runs, in the show phase.
@MainActor
struct AuditThrowingAction: Action {
    func perform(_ screen: any Screen, on presenter: any Screen, animated: Bool) async throws { throw AuditRefusal() }
}

/// A factory of screens named by a text context, which refuses an empty name before anything runs.
@MainActor
struct AuditNamedFactory: Factory {
    func validate(_ context: String) throws { if context.isEmpty { throw AuditRefusal() } }
    func build(with context: String) throws -> TestScreen { TestScreen(context) }
}

/// Messages of errors an app can receive, held to the rule that an error says which step failed,
/// what was expected and what was found, and leaves the tree as it was. Each test failed on a
/// message (or on the failing step as data) that fell short of that rule before it was mended:
/// placeholders for names, a text context that read as nothing, a parameter error without its
/// pattern.
@MainActor
@Suite("Error message audit")
struct ErrorMessageAuditTests {
    let journal = Journal()

    func homeWindow() -> TestWindow {
        TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
    }

    /// The action of one step fails when it runs: the step's position and the action's type are
    /// known, as they are when the same action refuses in preflight (`action X of step 0`).
    @Test("An app's action that fails in the show phase is named as that step's action, as data")
    func showPhaseActionFailureNamesItsStep() async throws {
        let window = homeWindow()
        let before = window.render()
        let route = StepAssembly(finder: NilFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .using(AuditThrowingAction())
            .from(GeneralStep.current())
            .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await DefaultRouter(window: window).navigate(to: route, with: 1, animated: false)
        }

        #expect(error?.code == .actionFailed)
        #expect(
            error?.failingStep == FailingStep(position: 0, role: .action, typeName: "AuditThrowingAction"),
            "found \(String(describing: error?.failingStep))")
        #expect(window.render() == before)
    }

    @Test("noAnchor names the chain's outermost step as the failing finder, not a placeholder ('finder finder')")
    func noAnchorHasNoPlaceholderFailingStep() async throws {
        let window = homeWindow()
        let before = window.render()
        let route = StepAssembly(finder: NilFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .using(TestTabsContainer.addTab())
            .from(GeneralStep.custom(ClassFinder<TestTabsContainer, Int>()))
            .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await DefaultRouter(window: window).navigate(to: route, with: 1, animated: false)
        }

        #expect(error?.code == .noAnchor)
        // The outermost step cannot be built: its screen is the one that must exist.
        #expect(
            error?.failingStep
                == FailingStep(position: 1, role: .finder, typeName: "ClassFinder<TestTabsContainer, Int>"),
            "found \(String(describing: error?.failingStep))")
        #expect(error?.step?.hasPrefix("step 1:") == true, "step reads: \(error?.step ?? "nil")")
        #expect(window.render() == before)
    }

    /// Step 1 (the current screen) has no action; what failed is its expectation of a container.
    @Test("containerNotFound for a step without an action names its finder, not a placeholder 'action action'")
    func containerNotFoundHasNoPlaceholderFailingStep() async throws {
        let window = TestWindow(root: TestScreen("home"))
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await DefaultRouter(window: window).navigate(
                to: Routes(journal: journal).productPushed, with: 3, animated: false)
        }

        #expect(error?.code == .containerNotFound)
        #expect(
            error?.failingStep?.position == 1 && error?.failingStep?.role == .finder
                && error?.failingStep?.typeName != "finder",
            "found \(String(describing: error?.failingStep))")
        #expect(window.render() == before)
    }

    @Test("A factory's refusal of a text context shows the context it was given, even an empty one")
    func factoryRefusalShowsATextContext() async throws {
        let window = homeWindow()
        let before = window.render()
        let route = StepAssembly(finder: NilFinder<TestScreen, String>(), factory: AuditNamedFactory())
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await DefaultRouter(window: window).navigate(to: route, with: "", animated: false)
        }

        #expect(error?.code == .factoryFailed)
        #expect(error?.expected.contains("\"\"") == true, "expected reads: \(error?.expected ?? "nil")")
        #expect(window.render() == before)
    }

    @Test("A context adapter's refusal shows the context it could not convert, even an empty one")
    func contextAdapterRefusalShowsTheContext() async throws {
        let window = homeWindow()
        let before = window.render()
        let route = Routes(journal: journal).productPushed.adaptingContext { (text: String) throws -> Int in
            guard let id = Int(text) else { throw AuditRefusal() }
            return id
        }

        let error = await #expect(throws: RoutingError.self) {
            try await DefaultRouter(window: window).navigate(to: route, with: "", animated: false)
        }

        #expect(error?.code == .contextMismatch)
        #expect(error?.found.contains("\"\"") == true, "found reads: \(error?.found ?? "nil")")
        #expect(journal.lines.isEmpty)
        #expect(window.render() == before)
    }

    @Test("A switch without a matching case shows the context none matched, even an empty one")
    func switchWithoutCaseShowsTheContext() async throws {
        let window = homeWindow()
        let before = window.render()
        let route = SwitchAssembly<TestScreen, String>()
            .addCase { (name: String) -> DestinationStep<TestScreen, String>? in nil }
            .assemble()

        let error = await #expect(throws: RoutingError.self) {
            try await DefaultRouter(window: window).navigate(to: route, with: "", animated: false)
        }

        #expect(error?.code == .noMatchingCase)
        #expect(error?.found.contains("\"\"") == true, "found reads: \(error?.found ?? "nil")")
        #expect(window.render() == before)
    }

    /// Its siblings (missingParameter, unknownParameter, conversionFailed) name the pattern; an
    /// app with several patterns that share a parameter name cannot tell which registration read
    /// it wrongly.
    @Test("Reading a link parameter as the wrong type names the pattern, as its sibling errors do")
    func wrongTypeNamesThePattern() throws {
        var table = LinkTable<Int>()
        try table.register("shop://product/<slug>") { try $0.int("slug") }

        let error = #expect(throws: LinkError.self) {
            _ = try table.resolve("shop://product/shoes")
        }

        guard case .wrongType? = error else {
            Issue.record("expected wrongType, got \(String(describing: error))")
            return
        }
        #expect(
            error?.description.contains("shop://product/<slug>") == true,
            "description reads: \(error?.description ?? "nil")")
    }
}
