import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import ComposerTestFixtures
import ComposerTesting
import Testing

// Adversarial review on the SwiftUI model: several models (windows) and routers at once.

/// A sheet node that can move between windows (a shared "now playing" screen, say).
final class MWSharedNode: NavigationNode {}

@MainActor
@Suite("Review: several SwiftUI models and routers at once")
struct MultiWindowModelReviewTests {
    let gate = WaitGate()

    /// A window: a stack holding `home`, driven by its own driver, with its own router.
    struct Window {
        let model: NavigationModel
        let driver: NavigationModelDriver
        let router: DefaultRouter
    }

    func window(_ name: String, mode: NavigationModelDriver.AcknowledgementMode = .automatic) -> Window {
        let model = NavigationModel(root: StackNode(name, nodes: [HomeNode("\(name) home")]))
        return Window(
            model: model, driver: NavigationModelDriver(model: model, mode: mode),
            router: DefaultRouter(windowProvider: FixedWindowProvider(model)))
    }

    /// One route shared by every window: a product pushed on the stack around the current node,
    /// its guard waiting on the gate for `gatedID`.
    func pushedProduct(gatedID: Int? = nil) -> DestinationStep<ProductNode, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductNode, Int>(), factory: ClosureFactory { ProductNode($0) })
            .adding(ClosureInterceptor<Int> { [gate] id in if id == gatedID { await gate.wait() } })
            .using(StackNode.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }

    /// The shared node presented as a sheet over the current node.
    func presenting(_ node: MWSharedNode) -> DestinationStep<MWSharedNode, Void> {
        StepAssembly(finder: InstanceFinder<MWSharedNode, Void>(node), factory: ClosureFactory { _ in node })
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }

    var home: DestinationStep<HomeNode, Void> { GeneralStep.custom(ClassFinder<HomeNode, Void>()) }

    @Test("Two models, one route: a navigation waiting in a guard in A and one in B each end in their own model")
    func twoModelsEachEndInTheirOwn() async throws {
        let a = window("a")
        let b = window("b")
        let beforeA = a.driver.render()
        let route = pushedProduct(gatedID: 1)

        let inA = Task { try await a.router.navigate(to: route, with: 1, animated: false) }
        #expect(await gate.waitUntilWaiting())
        try await b.router.navigate(to: route, with: 2, animated: false)
        #expect(a.driver.render() == beforeA)
        let afterB = b.driver.render()
        #expect(afterB.contains("screen \"product 2\""))
        gate.open()
        _ = try await inA.value

        #expect(a.model.current?.name == "product 1")
        #expect(b.model.current?.name == "product 2")
        #expect(b.driver.render() == afterB)
        #expect(a.driver.render().contains("product 2") == false)
        #expect(a.model.pendingAcknowledgements.isEmpty && b.model.pendingAcknowledgements.isEmpty)
    }

    /// NavigationNode.swift: "a node dismissed in one window may be shown in another before the
    /// first view's disappearance comes, and each window waits for its own."
    @Test("A node dismissed in A is shown in B before A's view disappeared; each model waits for its own view")
    func nodeMovesToAnotherModelBeforeItsDisappearance() async throws {
        let a = window("a")
        let b = window("b")
        let shared = MWSharedNode("now playing")
        try await a.router.navigate(to: presenting(shared), animated: false)
        #expect(a.model.current === shared)

        // A's views are slow: the dismissal waits for the sheet's view to disappear.
        a.driver.mode = .manual
        let back = Task { try await a.router.navigate(to: home, animated: false) }
        #expect(await a.driver.waitForPendingAcknowledgement())
        #expect(a.driver.pending.map(\.kind) == [.disappearance], "\(a.driver.pending)")

        // Meanwhile window B shows the same node.
        let shownInB = try await b.router.navigate(to: presenting(shared), animated: false)
        #expect(shownInB === shared)
        #expect(b.model.current === shared)
        #expect(b.model.pendingAcknowledgements.isEmpty)

        // B's driver acknowledges only what B waits for: A still waits.
        b.driver.acknowledgeAll()
        #expect(a.model.pendingAcknowledgements.count == 1)

        // A's old view disappears now: A's dismissal completes, B is untouched.
        a.driver.acknowledgeAll()
        _ = try await back.value
        #expect(a.model.current?.name == "a home")
        #expect(b.model.current === shared)
        #expect(a.model.allNodes().contains { $0 === shared } == false)
        #expect(
            b.driver.render() == """
                window
                  nav "b"
                    screen "b home"
                  presented sheet:
                    screen "now playing"
                """)
    }

    @Test("A node shown in A that a route in B presents: B fails naming its action, both models unchanged")
    func nodeShownInOneModelPresentedInTheOther() async throws {
        let a = window("a")
        let b = window("b")
        let shared = MWSharedNode("now playing")
        try await a.router.navigate(to: presenting(shared), animated: false)
        let beforeA = a.driver.render()
        let beforeB = b.driver.render()
        let revisionA = a.model.treeRevision

        let error = await #expect(throws: RoutingError.self) {
            try await b.router.navigate(to: presenting(shared), animated: false)
        }

        #expect(error?.code == .actionFailed || error?.code == .cannotPresent, "\(String(describing: error))")
        #expect(error?.failingStep?.role == .action)
        #expect(error?.appliedOperations == [])
        #expect(a.driver.render() == beforeA)
        #expect(b.driver.render() == beforeB)
        #expect(a.model.treeRevision == revisionA)
        #expect(a.model.current === shared)
    }

    @Test("A model's root replaced while its router's navigation waits in a guard: planned again on the new root")
    func rootReplacedDuringGuard() async throws {
        let a = window("a")
        let route = pushedProduct(gatedID: 1)

        let navigation = Task { try await a.router.navigate(to: route, with: 1, animated: false) }
        #expect(await gate.waitUntilWaiting())
        try await a.model.setRootScreen(StackNode("onboarding", nodes: [HomeNode("welcome")]), animated: false)
        gate.open()
        let shown = try await navigation.value

        #expect(shown.containingModel === a.model)
        #expect(
            a.driver.render() == """
                window
                  nav "onboarding"
                    screen "welcome"
                    screen "product 1"
                """)
    }

    @Test("A model's root replaced while its router's push waits for the view: a clear error, not a success off screen")
    func rootReplacedWhileWaitingForTheView() async throws {
        let a = window("a", mode: .manual)
        a.model.acknowledgementTimeout = .seconds(5)
        let route = pushedProduct()

        let navigation = Task { try await a.router.navigate(to: route, with: 1, animated: true) }
        #expect(await a.driver.waitForPendingAcknowledgement())
        let replacing = Task {
            try await a.model.setRootScreen(StackNode("onboarding", nodes: [HomeNode("welcome")]), animated: false)
        }
        // The root is replaced, and its call waits for the new root's appearance.
        await patientlyWait(turns: 10_000, minimumSeconds: 2) { a.driver.pending.map(\.node.name) == ["welcome"] }
        #expect(a.driver.pending.map(\.node.name) == ["welcome"])
        a.driver.mode = .automatic
        try await replacing.value
        let result = await navigation.result

        #expect(a.model.current?.name == "welcome")
        switch result {
        case .success(let shown):
            #expect(
                shown.containingModel === a.model,
                "navigate returned \(shown), which is not in the model:\n\(a.driver.render())")
        case .failure(let error as RoutingError):
            #expect(error.code == .actionFailedAfterChanges || error.code == .actionFailed, "\(error)")
        case .failure(let error):
            Issue.record("not a RoutingError: \(error)")
        }
    }
}
