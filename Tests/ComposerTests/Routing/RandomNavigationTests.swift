import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// Every product screen a factory of the random test built, held weakly, so the test can check
/// that a failed navigation leaves none alive outside the tree.
@MainActor
final class BuiltScreens {
    private struct Entry {
        weak var screen: ProductScreen?
    }

    private var entries: [Entry] = []

    func add(_ screen: ProductScreen) { entries.append(Entry(screen: screen)) }

    /// How many were built so far.
    var count: Int { entries.count }

    /// Those built after the first `start` that are still alive.
    func alive(since start: Int) -> [ProductScreen] { entries[start...].compactMap(\.screen) }
}

/// A product factory that records what it built.
struct TrackedProductFactory: Factory {
    let journal: Journal
    let built: BuiltScreens

    func validate(_ context: Int) throws {
        if context == 0 { throw ValidatingProductFactory.NegativeID(id: context) }
    }

    func build(with context: Int) throws -> ProductScreen {
        journal.record("build product \(context)")
        guard context > 0 else { throw ProductFactoryError(id: context) }
        let screen = ProductScreen(context)
        built.add(screen)
        return screen
    }
}

/// Lets an interceptor wait until the test (or an interrupting navigation) releases it.
@MainActor
final class Gate {
    var isWaiting = false

    /// Waits until the task is cancelled, as a login interceptor waits for a user who never comes.
    func wait() async throws {
        isWaiting = true
        defer { isWaiting = false }
        while !Task.isCancelled { await Task.yield() }
        throw CancellationError()
    }
}

struct GateInterceptor: RoutingInterceptor {
    let gate: Gate
    let journal: Journal
    func intercept(with context: Int) async throws {
        journal.record("intercept gate \(context)")
        try await gate.wait()
    }
}

@MainActor
@Suite("Random navigation sequences")
struct RandomNavigationTests {
    /// Every screen in the window, level by level, each container's children after it.
    func screensInTree(_ window: TestWindow) -> [any Screen] {
        ScreenTree(window: window).presentationLevels.flatMap { ScreenTree.containedScreens(of: $0) }
    }

    /// The rules UIKit keeps, checked on the whole tree: one parent per screen, each child points
    /// back at its container, the selected tab is one of the tabs, and no screen appears twice.
    func treeIsConsistent(_ window: TestWindow) -> Bool {
        let screens = screensInTree(window)
        let unique = Set(screens.map { ObjectIdentifier($0) })
        guard unique.count == screens.count else { return false }
        for screen in screens {
            for child in screen.childScreens where child.parentScreen !== screen { return false }
            if let tabs = screen as? any TabsContainer, !tabs.tabScreens.isEmpty {
                guard let index = tabs.selectedTabIndex, tabs.tabScreens.indices.contains(index) else { return false }
            }
        }
        return true
    }

    /// The routes of the random walk: the fixtures' shapes with a tracked factory, a validating
    /// context task (no data above 100) and a guard on the modal product.
    @MainActor
    struct RandomRoutes {
        let journal: Journal
        let built: BuiltScreens
        let gate: Gate
        let fixtures: Routes

        var factory: TrackedProductFactory { TrackedProductFactory(journal: journal, built: built) }

        var inShop: DestinationStep<ProductScreen, Int> {
            StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: factory)
                .adding(ValidatingProductTask(journal: journal))
                .using(TestNavigationContainer.push())
                .from(fixtures.list().expectingContainer())
                .assemble()
        }

        var modal: DestinationStep<ProductScreen, Int> {
            StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: factory)
                .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
                .adding(ValidatingProductTask(journal: journal))
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

        var pushed: DestinationStep<ProductScreen, Int> {
            StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: factory)
                .adding(ValidatingProductTask(journal: journal))
                .using(TestNavigationContainer.push())
                .from(GeneralStep.current().expectingContainer())
                .assemble()
        }

        /// A product behind a guard that waits until it is interrupted.
        var gated: DestinationStep<ProductScreen, Int> {
            StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: factory)
                .adding(GateInterceptor(gate: gate, journal: journal))
                .using(TestNavigationContainer.push())
                .from(GeneralStep.current().expectingContainer())
                .assemble()
        }
    }

    /// Codes a navigation can only fail with before any guard runs.
    static let preflightCodes: Set<RoutingError.Code> = [.dismissalRefused, .cannotReveal, .cannotPresent]

    @Test(
        "Seeded random navigations (failing factories and validations, vetoes, interrupts) keep the tree consistent, show each destination, change nothing on failure, guard nothing preflight refused, leak nothing",
        arguments: Array(1...48) as [UInt64])
    func randomNavigations(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let journal = Journal()
        let routes = RandomRoutes(
            journal: journal, built: BuiltScreens(), gate: Gate(), fixtures: Routes(journal: journal))
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        let back: DestinationStep<any Screen, Void> = GeneralStep.previous()
        let names = ["shop", "modal", "push", "back", "broken factory", "veto", "no data", "invalid", "interrupt"]
        var log: [String] = []

        for step in 0..<120 {
            let id = Int.random(in: 1...6, using: &random)
            let choice = step == 0 ? 0 : Int.random(in: 0..<names.count, using: &random)
            log.append("seed \(seed) step \(step): \(names[choice]) \(id)")
            if choice == 5, let current = window.current {
                current.canBeDismissed.toggle()
                log.append("  \(current.name) canBeDismissed = \(current.canBeDismissed)")
                continue
            }
            let before = window.render()
            let builtBefore = routes.built.count
            let journalBefore = journal.lines.count
            let vetoing = screensInTree(window).filter { ($0 as? TestScreen)?.canBeDismissed == false }
                .map { ObjectIdentifier($0) }
            let outcome: Result<any Screen, RoutingError>
            var interrupted: Result<ProductScreen, any Error>?
            do {
                switch choice {
                case 0: outcome = .success(try await router.navigate(to: routes.inShop, with: id))
                case 1: outcome = .success(try await router.navigate(to: routes.modal, with: id))
                case 2: outcome = .success(try await router.navigate(to: routes.pushed, with: id))
                case 4: outcome = .success(try await router.navigate(to: routes.modal, with: -id))
                case 6: outcome = .success(try await router.navigate(to: routes.pushed, with: 100 + id))
                case 7: outcome = .success(try await router.navigate(to: routes.modal, with: 0))
                case 8:
                    // A guard waits for a user who never comes; a forced navigation interrupts it.
                    let waiting = Task { try await router.navigate(to: routes.gated, with: 10 + id) }
                    while !routes.gate.isWaiting { await Task.yield() }
                    // Caught here, so that the interrupted navigation's end is awaited and checked
                    // whether or not the interrupting one succeeds.
                    do {
                        outcome = .success(
                            try await router.navigate(to: routes.inShop, with: id, queueing: .interrupt))
                    } catch {
                        outcome = .failure(error)
                    }
                    interrupted = await waiting.result
                default: outcome = .success(try await router.navigate(to: back))
                }
            } catch {
                outcome = .failure(error)
            }
            let context = Comment(rawValue: log.suffix(6).joined(separator: "\n") + "\n" + window.render())
            // The interrupted navigation's own guard ran before the interrupting one started.
            let journalOfThisStep = journal.lines[journalBefore...].filter { !$0.hasPrefix("intercept gate") }

            switch outcome {
            case .success(let destination):
                #expect(window.current === destination, context)
            case .failure(let error):
                #expect(window.render() == before, "\(error)\n\(context.rawValue)")
                #expect(error.code != .actionFailedAfterChanges, "\(error)\n\(context.rawValue)")
                if Self.preflightCodes.contains(error.code) || choice == 6 || choice == 7 {
                    #expect(
                        !journalOfThisStep.contains { $0.hasPrefix("intercept") || $0.hasPrefix("build") },
                        "preflight refused, yet a guard or factory ran: \(journalOfThisStep)\n\(context.rawValue)")
                }
            }
            if let interrupted {
                // The interrupting navigation can only be refused by a screen that will not leave.
                if case .failure(let error) = outcome {
                    #expect(
                        error.code == .dismissalRefused && !vetoing.isEmpty,
                        "the interrupting navigation failed: \(error)\n\(context.rawValue)")
                }
                // The waiting guard saw its task cancelled and stopped the navigation, which says
                // it was cancelled.
                switch interrupted {
                case .success:
                    Issue.record("the interrupted navigation succeeded\n\(context.rawValue)")
                case .failure(let error):
                    let routingError = error as? RoutingError
                    #expect(
                        routingError?.code == .cancelled
                            && routingError?.underlyingError is CancellationError,
                        "the interrupted navigation failed otherwise: \(error)\n\(context.rawValue)")
                }
            }
            #expect(treeIsConsistent(window), context)
            let inTreeIDs = Set(screensInTree(window).map { ObjectIdentifier($0) })
            #expect(
                vetoing.allSatisfy(inTreeIDs.contains), "a screen refusing dismissal left the tree\n\(context.rawValue)"
            )
            let strays = routes.built.alive(since: builtBefore).filter { !inTreeIDs.contains(ObjectIdentifier($0)) }
            #expect(strays.isEmpty, "screens built by this navigation outlive it: \(strays)\n\(context.rawValue)")
            let inTree = screensInTree(window).compactMap { ($0 as? TestScreen)?.name }.sorted()
            #expect(window.memory.liveNames == inTree, context)
        }
    }
}
