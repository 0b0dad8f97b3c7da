import Composer
import ComposerTesting
import Foundation
import Testing

// Result waits at random: two routers, two windows, pickers pushed and presented and awaited
// through either router, the routers' own navigations, the user's back taps and swipes, pickers
// that finish, and the second router's provider switched between the windows. After every move,
// each caller still waiting waits for a picker that is in the window it was shown in and has not
// finished; every other caller has its answer (the picker's value when it finished with one, nil
// otherwise), and a finished picker is gone from its window. `swift test` runs 40 seeds; a long
// run asks for a range, one seed at a time (the seeds' runs share the main actor, and thousands
// started at once yield to each other without end):
// `RESULT_WAIT_SEEDS=1-3000 swift test -c release --no-parallel --filter ResultWaitProperty`.
// A failure prints its seed and a reproduction shrunk to a test to paste.

/// One move of a result-wait run.
enum ResultWaitMove: CustomStringConvertible, Sendable, Equatable {
    /// A picker pushed onto the stack around the current screen (or presented as a sheet over it),
    /// awaited through router `router` (0 or 1).
    case awaitPicker(router: Int, presented: Bool)
    /// A plain screen pushed (or presented as a sheet) through `router`.
    case show(router: Int, presented: Bool)
    /// Home revealed through `router`: whatever is above it popped and dismissed.
    case home(router: Int)
    /// The user taps back on the stack of the current screen of window `window`.
    case back(window: Int)
    /// The user swipes down the sheet on top of window `window`.
    case swipeDown(window: Int)
    /// The `index`th picker still waited on (counted from the oldest) finishes, with blue or with
    /// nothing.
    case finish(index: Int, withValue: Bool)
    /// Router 1's window provider answers the other window from now on.
    case switchProvider

    var description: String {
        switch self {
        case .awaitPicker(let router, let presented): ".awaitPicker(router: \(router), presented: \(presented))"
        case .show(let router, let presented): ".show(router: \(router), presented: \(presented))"
        case .home(let router): ".home(router: \(router))"
        case .back(let window): ".back(window: \(window))"
        case .swipeDown(let window): ".swipeDown(window: \(window))"
        case .finish(let index, let withValue): ".finish(index: \(index), withValue: \(withValue))"
        case .switchProvider: ".switchProvider"
        }
    }

    /// A move drawn by `random`.
    static func random(_ random: inout SeededRandom) -> ResultWaitMove {
        let router = random.int(in: 0...1)
        let window = random.int(in: 0...1)
        switch random.int(in: 0...9) {
        case 0, 1: return .awaitPicker(router: router, presented: random.chance(40))
        case 2: return .show(router: router, presented: random.chance(40))
        case 3: return .home(router: router)
        case 4: return .back(window: window)
        case 5: return .swipeDown(window: window)
        case 6, 7: return .finish(index: random.int(in: 0...2), withValue: random.chance(50))
        default: return .switchProvider
        }
    }
}

/// Two windows, a router fixed on the first and one whose provider switches, and the pickers
/// awaited so far.
@MainActor
final class ResultWaitWorld {
    /// Router 1's provider: the window it answers changes with ``ResultWaitMove/switchProvider``.
    private final class SwitchingProvider: WindowProvider {
        var current: TestWindow
        init(_ window: TestWindow) { current = window }
        var window: (any ScreenWindow)? { current }
    }

    /// A caller waiting for a picker, and what the test did to it.
    private final class Awaited {
        let router: Int
        let picker: ColourPicker
        let window: TestWindow
        let probe: ResultProbe<Colour>
        /// What the picker finished with, once it did: `.some(nil)` for no value.
        var finishedWith: Colour??

        init(router: Int, picker: ColourPicker, window: TestWindow, probe: ResultProbe<Colour>) {
            self.router = router
            self.picker = picker
            self.window = window
            self.probe = probe
        }
    }

    private let windows = [ResultRoutes.window(), ResultRoutes.window()]
    private let provider: SwitchingProvider
    private let routers: [DefaultRouter]
    private let routes = ResultRoutes()
    private var awaited: [Awaited] = []
    private var shown = 0

    init() {
        provider = SwitchingProvider(windows[0])
        routers = [DefaultRouter(window: windows[0]), DefaultRouter(windowProvider: provider)]
    }

    /// Plays `moves`; the first broken promise, with the move that broke it and the windows.
    static func run(_ moves: [ResultWaitMove]) async -> String? {
        let world = ResultWaitWorld()
        for (index, move) in moves.enumerated() {
            await world.play(move)
            guard let broken = world.brokenPromise() else { continue }
            // The promise is that every wait ends, with the right answer, not within a number of
            // turns: on a loaded machine, long runs saw a caller answered only after the turns of
            // `settle()` (seeds 713 and 878 of one run, 2654 and 2972 of another; none again when
            // rerun, each answered within 50 ms). A state that still breaks the promise 250 ms later
            // is a failure; the message gives the state first seen, and the one that lasted.
            await patientlyWait(turns: 0, minimumSeconds: 0.25) { world.brokenPromise() == nil }
            if let lasting = world.brokenPromise() {
                let windows = world.windows.map { $0.render() }.joined(separator: "\n")
                return "move \(index) (\(move)): \(broken) (250 ms later: \(lasting))\n\(windows)"
            }
        }
        return nil
    }

    private func window(of router: Int) -> TestWindow { router == 0 ? windows[0] : provider.current }

    private func play(_ move: ResultWaitMove) async {
        switch move {
        case .awaitPicker(let router, let presented):
            let window = window(of: router)
            let probe = ResultProbe(
                routers[router], presented ? routes.presentedPicker : routes.pushedPicker, with: .red)
            await settle()
            // Failed (no stack around the current screen to push onto): nothing to wait for.
            if probe.outcome == nil, let picker = window.current as? ColourPicker {
                awaited.append(Awaited(router: router, picker: picker, window: window, probe: probe))
            }
        case .show(let router, let presented):
            shown += 1
            let name = "screen \(shown)"
            _ = try? await routers[router].navigate(
                to: presented ? routes.sheet(name) : routes.pushed(name), animated: false)
        case .home(let router):
            _ = try? await routers[router].navigate(to: routes.home, animated: false)
        case .back(let window):
            let current = windows[window].current
            let stack = current.flatMap { ScreenTree.nearest(TestNavigationContainer.self, from: $0) }
            try? await stack?.userPop(animated: false)
        case .swipeDown(let window):
            try? await windows[window].current?.userSwipeDown(animated: false)
        case .finish(let index, let withValue):
            let waiting = awaited.filter { $0.probe.outcome == nil && $0.finishedWith == nil }
            guard waiting.indices.contains(index) else { return }
            let value: Colour? = withValue ? .blue : nil
            waiting[index].finishedWith = .some(value)
            waiting[index].picker.resultHandle?.finish(with: value, animated: false)
        case .switchProvider:
            provider.current = provider.current === windows[0] ? windows[1] : windows[0]
        }
        await settle()
    }

    /// Lets the tasks the move started (a finish's removal, a resumed caller) run.
    private func settle() async {
        for _ in 0..<200 { await Task.yield() }
    }

    /// What the state breaks of the promise, if anything.
    private func brokenPromise() -> String? {
        for (index, entry) in awaited.enumerated() {
            let name = "picker \(index) (router \(entry.router))"
            let held = entry.picker.containingWindow === entry.window
            switch (entry.probe.outcome, entry.finishedWith) {
            case (nil, nil) where !held:
                return "\(name) left its window without finishing, and its caller still waits"
            case (nil, .some):
                return "\(name) finished, and its caller still waits"
            case (.some(.failure(let error)), _):
                return "\(name)'s caller got an error: \(error)"
            case (.some(.success(let value)), nil) where held:
                return "\(name) is still in its window, yet its caller got \(String(describing: value))"
            case (.some(.success(let value)), nil) where value != nil:
                return "\(name) left without finishing, yet its caller got \(String(describing: value))"
            case (.some(.success(let value)), .some(let finished)) where value != finished:
                let gave = String(describing: finished)
                return "\(name) finished with \(gave), its caller got \(String(describing: value))"
            case (.some, .some) where held:
                return "\(name) finished, yet it is still in its window"
            default: continue
            }
        }
        for (index, router) in routers.enumerated() {
            let waiting = awaited.filter { $0.router == index && $0.probe.outcome == nil }.count
            if router.waitingResults != waiting {
                return "router \(index) counts \(router.waitingResults) waits, the callers \(waiting)"
            }
        }
        return nil
    }
}

@MainActor
@Suite("Result waits at random: two routers, two windows, a provider that switches")
struct ResultWaitPropertyTests {
    /// Moves of `seed`'s run.
    static func moves(seed: UInt64, count: Int) -> [ResultWaitMove] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in ResultWaitMove.random(&random) }
    }

    /// `moves` with moves dropped, one at a time, while the run still breaks a promise: a
    /// reproduction short enough to read and paste.
    static func shrunk(_ moves: [ResultWaitMove]) async -> [ResultWaitMove] {
        var kept = moves
        var index = 0
        while index < kept.count {
            var without = kept
            without.remove(at: index)
            if await ResultWaitWorld.run(without) != nil { kept = without } else { index += 1 }
        }
        return kept
    }

    /// The seeds of the run: 1 to 40, or the range `RESULT_WAIT_SEEDS` asks for (`FROM-TO`; a
    /// malformed one runs none, so that it cannot pass for a long run).
    nonisolated static var seeds: [UInt64] {
        guard let asked = ProcessInfo.processInfo.environment["RESULT_WAIT_SEEDS"] else { return Array(1...40) }
        let bounds = asked.split(separator: "-").compactMap { UInt64($0) }
        guard bounds.count == 2, bounds[0] <= bounds[1] else { return [] }
        return Array(bounds[0]...bounds[1])
    }

    @Test("Every caller gets its picker's answer, or nil once the picker has left its window", arguments: seeds)
    func randomRun(seed: UInt64) async {
        let moves = Self.moves(seed: seed, count: 60)
        guard let broken = await ResultWaitWorld.run(moves) else { return }
        let reproduction = await Self.shrunk(moves)
        let failure = await ResultWaitWorld.run(reproduction) ?? broken
        Issue.record(
            """
            seed \(seed): \(failure)
            shrunk to \(reproduction.count) of \(moves.count) moves; as a test:
                #expect(await ResultWaitWorld.run([\(reproduction.map(\.description).joined(separator: ", "))]) == nil)
            """)
    }

    @Test("A picker awaited through router 1 in window 0 keeps its wait when router 1 moves to window 1 and goes home")
    func providerSwitchKeepsTheWait() async {
        #expect(
            await ResultWaitWorld.run([
                .awaitPicker(router: 1, presented: false), .switchProvider, .home(router: 1),
                .finish(index: 0, withValue: true),
            ]) == nil)
    }
}
