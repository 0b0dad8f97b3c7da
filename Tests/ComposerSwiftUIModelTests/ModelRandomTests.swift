import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import ComposerTestFixtures
import ComposerTesting
import Foundation
import Testing

/// The long run's settings, read from the environment by `scripts/model-check --swiftui`.
private let longRunSteps = ProcessInfo.processInfo.environment["MODEL_CHECK_STEPS"].flatMap { Int($0) }
private let longRunSeed = ProcessInfo.processInfo.environment["MODEL_CHECK_SEED"].flatMap { UInt64($0) } ?? 1

/// One thing the app or the user does to the model shop, written as the Swift a failing run prints.
enum ShopMove: Sendable {
    case home, list, account, cart, editor, picker, back
    case product(Int)
    case details(Int)
    /// The product's specifications, pushed over it.
    case specs(Int)
    case review(Int)
    /// The inbox split view in a sheet, a message as its detail, the share popover.
    case inbox, share
    case message(Int)
    /// The share popover anchored on product `id`, pushed on the products tab.
    case shareProduct(Int)
    /// The welcome screen in a lone stack that replaces the tab view as the root (a sign-out); the
    /// next move into the tabs builds them again, as a cold start.
    case welcome
    /// Signs in or out: the account tab is guarded.
    case signedIn(Bool)
    /// Makes the editor, if it is in the tree, refuse (or stop refusing) to leave.
    case editorRefuses(Bool)
    /// Makes the screen on top (not the sign-in sheet) refuse to leave; `false`: every screen stops
    /// refusing. A refusing sheet, popover, split view detail or pushed screen of another stack.
    case topRefuses(Bool)
    /// Gives the account tab a `userSelectionNavigation` (or takes it away): a tap on the tab runs
    /// the navigation to the account, whose guard decides, as an app guards a tab.
    case guardsAccountTab(Bool)
    /// The user taps the tab that is selected already: SwiftUI pops its `NavigationStack` to its
    /// root, which reaches the model as a write of an empty path (and a duplicate selection).
    case userRetapsTab
    /// SwiftUI writes the back tap of a stack other than the one on top, late: the tap was made
    /// before the app presented over it (the stack under a sheet or a popover) or switched tabs.
    /// `stack` picks one of the tree's stacks, by position, modulo their number. `toRoot`: the
    /// back button's menu chose the root (an empty path), popping every pushed node at once.
    case swiftUIWritesBackOf(stack: Int, toRoot: Bool)
    /// The app cancels the task of the navigation running once the sign-in sheet its guard shows
    /// is up (the view that started it went away while the user signs in).
    case appCancelsSignIn
    /// The user swipes the sign-in sheet down once it is up, its guard waiting for the answer;
    /// `late`: its view goes at once and its binding write comes after the next move.
    case userSwipesDownSignIn(late: Bool)
    case userTapBack, userPopToRoot, userSwipeDown
    /// A swipe-down whose view disappears at once and whose binding write lands after the next
    /// `movesLater` moves.
    case userSwipeDownWritingLater(movesLater: Int)
    case userTapTab(Int)
    /// The app's own code, outside any navigation, pops the stack around the node on top to its
    /// root without animation: the model tells the views on the main actor's next turn.
    case appPopsToRootUnanimated
    /// The app's own code pops the products tab's stack to its list, animated, whatever is on
    /// screen (a reset after an account change): under a sheet, or from under a popover anchored
    /// on a product.
    case appResetsProducts
    /// The window becomes narrow or wide (the user rotates the device, resizes the app): the inbox
    /// split view, if it is in the tree, collapses to one column or expands to two, and one made
    /// later starts so.
    case userResize(collapsed: Bool)
    /// The user brings the detail column, or the sidebar, of the collapsed inbox forward.
    case userShowColumn(detail: Bool)
    /// The app cancels the task of the navigation running (the view whose `.task` started it went
    /// away); made only during a navigation, it does nothing on its own.
    case appCancelsNavigation
    /// SwiftUI writes the path binding of the stack on top from an old state: one of the last paths
    /// it had on top (`movesAgo` 1: the latest), or, for a back tap rendered then, that path
    /// without its last node.
    case swiftUIWritesOldPath(movesAgo: Int, backTap: Bool)
    /// The user answers the sign-in sheet the account's guard shows a signed-out user, if it is up:
    /// signs in, or closes it.
    case userAnswersSignIn(Bool)
    /// A navigation (the first move) and, `turns` turns of the main actor after it started, while
    /// it may still wait for the views, a gesture of the user (the second): the user does not wait
    /// for the router.
    indirect case duringNavigation(ShopMove, ShopMove, turns: Int)

    /// Whether the move is, or holds, a pop the app's own code makes, which asks no screen.
    var isAppPop: Bool {
        switch self {
        case .appPopsToRootUnanimated, .appResetsProducts: true
        case .duringNavigation(let navigation, let gesture, _): navigation.isAppPop || gesture.isAppPop
        default: false
        }
    }

    /// The move as Swift, `.product(2)`: a dot before the value as Swift describes an enum's.
    var swift: String {
        if case .duringNavigation(let navigation, let gesture, let turns) = self {
            return ".duringNavigation(\(navigation.swift), \(gesture.swift), turns: \(turns))"
        }
        return ".\(self)"
    }

    /// Whether the move is a navigation of the router.
    var isNavigation: Bool {
        switch self {
        case .home, .list, .account, .cart, .editor, .picker, .back, .product, .details, .specs, .review, .inbox,
            .share, .message, .shareProduct, .welcome:
            true
        default: false
        }
    }

    /// A move drawn from `random`: mostly navigations, some user gestures and changes of state.
    static func random(_ random: inout SeededRandom) -> ShopMove {
        let move = plain(&random)
        // The account, signed out, shows the sign-in sheet and waits: now and then the user
        // answers it.
        // The guarded account tab's tap (when the tab is guarded) shows it too.
        let guardedTab: Bool = if case .userTapTab(2) = move { true } else { false }
        if case .account = move, random.chance(50) {
            return .duringNavigation(move, signInGesture(&random), turns: random.int(in: 0...4))
        }
        if guardedTab, random.chance(40) {
            return .duringNavigation(move, signInGesture(&random), turns: random.int(in: 0...4))
        }
        // The user taps back on the product as its share popover comes up: SwiftUI's write may
        // come before the popover, or after it and pop the popover's anchor.
        if case .shareProduct = move, random.chance(30) {
            return .duringNavigation(
                move, .swiftUIWritesBackOf(stack: 0, toRoot: random.chance(30)), turns: random.int(in: 0...6))
        }
        // Now and then the user acts, or SwiftUI writes a path late, while a navigation runs.
        guard move.isNavigation, random.chance(15) else { return move }
        let gesture = random.pick(
            [
                .userTapBack, .userPopToRoot, .userSwipeDown, .userTapTab(random.int(in: 0...2)),
                .userResize(collapsed: random.chance(50)), .userShowColumn(detail: random.chance(50)),
                .appCancelsNavigation, .appCancelsNavigation,
                .swiftUIWritesOldPath(movesAgo: random.int(in: 1...4), backTap: random.chance(50)),
                .userRetapsTab, .swiftUIWritesBackOf(stack: random.int(in: 0...5), toRoot: random.chance(40)),
            ] as [ShopMove])
        return .duringNavigation(move, gesture, turns: random.int(in: 0...4))
    }

    /// What the user (or the app) does while the account's guard may show the sign-in sheet: answer
    /// it, swipe it down, tap a tab (the guarded one again), or cancel the navigation.
    private static func signInGesture(_ random: inout SeededRandom) -> ShopMove {
        guard random.chance(50) else { return .userAnswersSignIn(random.chance(50)) }
        return random.pick([
            .appCancelsSignIn, .appCancelsSignIn, .userTapTab(random.int(in: 0...2)), .userTapTab(2), .userRetapsTab,
            .userSwipesDownSignIn(late: random.chance(50)),
        ])
    }

    /// A move that is not made during another one.
    private static func plain(_ random: inout SeededRandom) -> ShopMove {
        let id = random.int(in: 1...3)
        return random.pick([
            .home, .list, .account, .cart, .editor, .picker, .back, .product(id), .product(id), .details(id),
            .details(id), .specs(id), .specs(id), .review(id), .review(id), .signedIn(random.chance(55)),
            .editorRefuses(random.chance(50)),
            .userTapBack, .userPopToRoot, .userSwipeDown, .userSwipeDownWritingLater(movesLater: random.int(in: 1...3)),
            .userTapTab(random.int(in: 0...2)), .appPopsToRootUnanimated, .appResetsProducts, .inbox, .share,
            .message(id), .message(id), .userResize(collapsed: random.chance(50)),
            .userShowColumn(detail: random.chance(50)),
            .swiftUIWritesOldPath(movesAgo: random.int(in: 1...4), backTap: random.chance(50)),
            .topRefuses(random.chance(40)), .guardsAccountTab(random.chance(70)), .userRetapsTab,
            .userTapTab(2), .swiftUIWritesBackOf(stack: random.int(in: 0...5), toRoot: random.chance(40)),
            .shareProduct(id), .welcome,
        ])
    }
}

/// A promise the model broke: which move, what broke, and the tree before and after the move.
struct BrokenInvariant: CustomStringConvertible {
    let move: Int
    let problem: String
    let before: String
    let after: String

    var description: String {
        "move \(move): \(problem)\ntree before:\n\(before)\ntree after:\n\(after)"
    }
}

/// Seeded random moves on the SwiftUI model shop, with the model's invariants checked after every
/// move: the routes, the guards and the user's gestures of `ModelShop`, in any order. What the
/// hand-written tests show on a few paths, this checks on paths nobody wrote down.
@MainActor
@Suite("SwiftUI model: seeded random moves keep the promise")
struct ModelRandomTests {
    @Test("A short run on fixed seeds: every invariant holds after every move", arguments: [UInt64(1), 2, 3, 4])
    func shortRun(seed: UInt64) async {
        await shortRun(seed: seed, acknowledging: .automatic)
    }

    @Test(
        "A short run whose views acknowledge on the main actor's next turn, as SwiftUI's do",
        arguments: [UInt64(5), 6, 7, 8])
    func shortRunAcknowledgingNextTurn(seed: UInt64) async {
        await shortRun(seed: seed, acknowledging: .nextTurn)
    }

    private func shortRun(seed: UInt64, acknowledging mode: NavigationModelDriver.AcknowledgementMode) async {
        let moves = Self.moves(seed: seed, count: 300)
        let report = await Self.run(moves, mode: mode)
        if let broken = report.broken {
            Issue.record("seed \(seed), \(broken)\n\(await Self.shrunkTest(moves, mode: mode))")
            return
        }
        // The run checks both halves of the promise: navigations that complete and ones refused.
        #expect(report.navigated > 50)
        #expect(report.failed > 0)
    }

    @Test(
        "The long run of scripts/model-check --swiftui (MODEL_CHECK_STEPS, MODEL_CHECK_SEED)",
        .enabled(if: longRunSteps != nil, "set by scripts/model-check"))
    func longRun() async {
        let steps = longRunSteps ?? 0
        var seed = longRunSeed
        var done = 0
        var total = RunReport()
        while done < steps {
            // Runs of a few hundred moves, each on a fresh shop, so that a failure shrinks quickly.
            let moves = Self.moves(seed: seed, count: min(300, steps - done))
            // Every other run with views that acknowledge on the next turn, as SwiftUI's do.
            let mode: NavigationModelDriver.AcknowledgementMode = (done / 300) % 2 == 0 ? .automatic : .nextTurn
            // For a crash, which leaves no report: how to make these moves again (see `replayedMoves`).
            RandomCheckCrashes.noteChunk(
                "swiftui seed=\(seed) moves=\(moves.count) mode=\(mode == .nextTurn ? "nextTurn" : "automatic")")
            let report = await Self.run(moves, mode: mode)
            if let broken = report.broken {
                Issue.record("model check: seed \(seed), \(broken)\n\(await Self.shrunkTest(moves, mode: mode))")
                return
            }
            total.navigated += report.navigated
            total.failed += report.failed
            done += moves.count
            seed &+= 1_000_003
        }
        print(
            "model check (SwiftUI model): \(steps) moves from seed \(longRunSeed) (\(total.navigated) navigations"
                + " completed, \(total.failed) refused), nothing found")
    }

    @Test(
        "A replay of moves that crashed a long run, in a process of its own (scripts/model-check --swiftui)",
        .enabled(if: Self.replayedMoves() != nil, "set by scripts/model-check after a crash"))
    func replayAfterCrash() async {
        guard let (moves, mode) = Self.replayedMoves() else { return }
        // Printed first: if the replay crashes too, this is all it leaves.
        RandomCheckCrashes.printReproduction(Self.reproduction(moves, mode: mode))
        let broken = await Self.firstBrokenInvariant(moves, mode: mode)
        RandomCheckCrashes.replayFinished(broken.map { "it broke an invariant: \($0.problem)" } ?? "nothing broken")
    }

    /// The moves `scripts/model-check --swiftui` asks to replay after a crash (`MODEL_CHECK_REPLAY`,
    /// as ``longRun()`` noted them), with only those `MODEL_CHECK_KEEP` keeps; `nil` when no replay
    /// of this check is asked for.
    nonisolated static func replayedMoves() -> (moves: [ShopMove], mode: NavigationModelDriver.AcknowledgementMode)? {
        guard let (chunk, kept) = RandomCheckCrashes.replay, chunk.hasPrefix("swiftui "),
            let seed = RandomCheckCrashes.value("seed", in: chunk).flatMap({ UInt64($0) }),
            let count = RandomCheckCrashes.value("moves", in: chunk).flatMap({ Int($0) })
        else { return nil }
        let mode: NavigationModelDriver.AcknowledgementMode =
            RandomCheckCrashes.value("mode", in: chunk) == "nextTurn" ? .nextTurn : .automatic
        return (RandomCheckCrashes.keeping(kept, of: moves(seed: seed, count: count)), mode)
    }

    @Test("The check finds a broken promise: a tree changed by a failed navigation is reported")
    func checkCanFail() async {
        // The editor refuses to leave, so going back to the list under it must fail and change
        // nothing; this test changes the tree behind the router's back after that failure.
        let broken = await Self.firstBrokenInvariant(
            [.editor, .editorRefuses(true), .list],
            afterEachMove: { shop, move in
                if case .list = move { _ = shop.driver.userTapTab(0) }
            })
        #expect(broken?.move == 2)
        #expect(broken?.problem.hasPrefix("a failed navigation changed the tree") == true)
    }

    @Test("The check finds a view left stale: a change its observers were not told of is reported")
    func staleViewCheckCanFail() async {
        // Something every view reads here changes after the second move, and nothing tells of it.
        let untold = UntoldState()
        let broken = await Self.firstBrokenInvariant(
            [.list, .cart, .home],
            afterEachMove: { _, move in
                if case .cart = move { untold.value += 1 }
            },
            alsoRead: { _ in "untold \(untold.value)" })
        #expect(broken?.move == 1)
        #expect(broken?.problem.hasPrefix("a view would be left stale") == true, "\(broken.map { "\($0)" } ?? "")")
    }

    // MARK: - Running moves

    nonisolated static func moves(seed: UInt64, count: Int) -> [ShopMove] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in ShopMove.random(&random) }
    }

    /// Plays `moves` on a fresh shop (home on screen first) and returns the first broken invariant.
    /// `afterEachMove` lets a test break the model on purpose, to show the check notices.
    /// `alsoRead` adds to what the stand-in for the views reads of each node (see
    /// `ModelViewWatcher`), for a test that changes something nobody is told of.
    static func firstBrokenInvariant(
        _ moves: [ShopMove], mode: NavigationModelDriver.AcknowledgementMode = .automatic,
        afterEachMove: (ModelShop, ShopMove) -> Void = { _, _ in },
        alsoRead: @escaping (NavigationNode) -> String = { _ in "" }
    ) async -> BrokenInvariant? {
        await run(moves, mode: mode, afterEachMove: afterEachMove, alsoRead: alsoRead).broken
    }

    /// What a run of moves did: how many navigations completed and failed, and what broke.
    struct RunReport {
        var navigated = 0
        var failed = 0
        var broken: BrokenInvariant?
    }

    static func run(
        _ moves: [ShopMove], mode: NavigationModelDriver.AcknowledgementMode = .automatic,
        afterEachMove: (ModelShop, ShopMove) -> Void = { _, _ in },
        alsoRead: @escaping (NavigationNode) -> String = { _ in "" }
    ) async -> RunReport {
        var report = RunReport()
        // The driver answers every wait at once, so a wait that outlasts a fifth of a second waits
        // in vain: a short timeout finds it, and shrinks it, without two seconds per try. On the
        // next turn, an answer can come later while other tests keep the main actor busy.
        let shop = ModelShop(mode: mode, timeout: mode == .automatic ? .milliseconds(200) : .seconds(2))
        shop.asksToSignIn = true
        // What each node's view reads, observed as SwiftUI observes a body.
        let views = ModelViewWatcher(alsoRead: alsoRead)
        await shop.go(shop.home, ())
        views.watch(shop.model)
        for (index, move) in moves.enumerated() {
            RandomCheckCrashes.trapIfAsked(moves, at: index, describedAs: { $0.swift })
            // The swipe-downs whose view went some moves ago and whose binding SwiftUI writes
            // after this move.
            let due = shop.lateSwipeWrites.filter { $0.movesLeft == 1 }.map(\.write)
            shop.lateSwipeWrites = shop.lateSwipeWrites.filter { $0.movesLeft > 1 }.map { ($0.movesLeft - 1, $0.write) }
            let before = shop.render()
            shop.signInSheetsShown = 0
            if let stack = shop.model.current.flatMap({ ScreenTree.nearest(StackNode.self, from: $0) }) {
                var paths = shop.pathHistory[ObjectIdentifier(stack), default: []]
                if paths.last.map({ !$0.elementsEqual(stack.path, by: ===) }) ?? true { paths.append(stack.path) }
                // The last few: older ones would keep nodes alive that the model let go.
                shop.pathHistory[ObjectIdentifier(stack)] = paths.suffix(4)
            }
            // Screens that refuse to leave: no navigation and no gesture of the user may take one
            // away (the app's own pops may: its code decides).
            let refusing = move.isAppPop ? [] : shop.model.allNodes().filter { !$0.canBeDismissed }.map(\.id)
            let logged = shop.driver.log.count
            let outcome = await play(move, on: shop)
            afterEachMove(shop, move)
            let after = shop.render()
            if ModelRandomCoverage.isOn {
                ModelRandomCoverage.noteMove(move, outcome: coverageName(of: outcome), treeChanged: after != before)
                ModelRandomCoverage.noteTree(shop)
            }
            let remaining = Set(shop.model.allNodes().map(\.id))
            if let gone = refusing.first(where: { !remaining.contains($0) }) {
                report.broken = BrokenInvariant(
                    move: index, problem: "node \(gone), which refused to leave, left the tree", before: before,
                    after: after)
                return report
            }
            switch outcome {
            case .navigated, .interleaved(nil), .cancelled(_, nil): report.navigated += 1
            case .failed, .interleaved, .cancelled: report.failed += 1
            case .notNavigation, .wrongWrite: break
            }
            if let problem = await problem(after: move, outcome: outcome, before: before, in: shop, views: views)
                ?? (mode == .nextTurn ? flashedScreen(by: outcome, loggedSince: logged, in: shop) : nil)
            {
                report.broken = BrokenInvariant(move: index, problem: problem, before: before, after: after)
                return report
            }
            guard !due.isEmpty else { continue }
            for write in due { ModelRandomCoverage.noteWrite("late swipe-down", write(), in: shop.model) }
            await settle(shop)
            if let problem = await problem(after: move, outcome: .notNavigation, before: after, in: shop, views: views)
            {
                report.broken = BrokenInvariant(
                    move: index, problem: "after the late write of a swipe-down: \(problem)", before: after,
                    after: shop.render())
                return report
            }
        }
        return report
    }

    /// What a move ended with: a navigation completed or failed, or the move was no navigation.
    private enum Outcome {
        case navigated
        case failed(RoutingError)
        case notNavigation
        /// A navigation during which the user acted: its error, if it failed.
        case interleaved(RoutingError?)
        /// A navigation whose task was cancelled while it ran (`navigation`): its error, if it failed.
        case cancelled(ShopMove, RoutingError?)
        /// A binding write the model took wrongly, in words.
        case wrongWrite(String)
    }

    /// How the coverage count names `outcome`.
    private static func coverageName(of outcome: Outcome) -> String {
        switch outcome {
        case .navigated: "navigated"
        case .failed(let error): "failed \(error.code)"
        case .notNavigation: "no navigation"
        case .interleaved(nil): "interleaved, navigated"
        case .interleaved(let error?): "interleaved, failed \(error.code)"
        case .cancelled(_, nil): "cancelled, navigated"
        case .cancelled(_, let error?): "cancelled, failed \(error.code)"
        case .wrongWrite: "wrong write"
        }
    }

    /// The sign-in sheet, if it is up and waits for the user's answer.
    private static func waitingSignIn(in shop: ModelShop) -> LoginNode? {
        shop.model.allNodes().lazy.compactMap { $0 as? LoginNode }.first { $0.resultHandle?.isFinished == false }
    }

    /// Set once, when something ended.
    @MainActor
    private final class Flag {
        var isSet = false
    }

    /// Lets a navigation run until `ended`; a sign-in sheet it waits on that no move answered
    /// within 200 turns, the user closes, so that every navigation ends.
    private static func closeSignInLeftWaiting(in shop: ModelShop, until ended: Flag) async {
        var turn = 0
        while !ended.isSet {
            await Task.yield()
            turn += 1
            if turn % 200 == 0, let login = waitingSignIn(in: shop) {
                ModelRandomCoverage.note("sign-in sheet left waiting, closed after 200 turns")
                login.resultHandle?.finish(with: false)
            }
        }
    }

    /// Lets the driver acknowledge what a user's gesture asked, as a navigation waits for it: fifty
    /// turns, then at least two seconds more on a loaded machine (see `patientlyWait`).
    private static func settle(_ shop: ModelShop) async {
        await patientlyWait(turns: 50, minimumSeconds: 2) { shop.model.isSettled }
    }

    private static func play(_ move: ShopMove, on shop: ModelShop) async -> Outcome {
        func navigate<Node, Context>(_ step: DestinationStep<Node, Context>, _ context: Context) async -> Outcome {
            let ended = Flag()
            let running = Task { () -> Outcome in
                defer { ended.isSet = true }
                do throws(RoutingError) {
                    _ = try await shop.router.navigate(to: step, with: context, animated: true)
                    return .navigated
                } catch {
                    return .failed(error)
                }
            }
            // The navigation runs in a task of its own, so that this one can close a sign-in sheet
            // meanwhile; a cancellation of this one (the app's) is handed on to it.
            await withTaskCancellationHandler {
                await closeSignInLeftWaiting(in: shop, until: ended)
            } onCancel: {
                running.cancel()
            }
            return await running.value
        }
        switch move {
        case .home: return await navigate(shop.home, ())
        case .welcome: return await navigate(shop.welcome, ())
        case .list: return await navigate(shop.list(), ())
        case .account: return await navigate(shop.account, ())
        case .cart: return await navigate(shop.cart, ())
        case .editor: return await navigate(shop.editor, ())
        case .picker: return await navigate(shop.picker, ())
        case .back: return await navigate(shop.back, ())
        case .product(let id): return await navigate(shop.product, id)
        case .details(let id): return await navigate(shop.details, id)
        case .specs(let id): return await navigate(shop.specs, id)
        case .review(let id): return await navigate(shop.review, id)
        case .inbox: return await navigate(shop.inbox, ())
        case .message(let id): return await navigate(shop.message, id)
        case .share: return await navigate(shop.share, ())
        case .shareProduct(let id): return await navigate(shop.shareProduct, id)
        case .signedIn(let value):
            shop.isSignedIn = value
        case .editorRefuses(let value):
            for editor in shop.model.allNodes() where editor is EditorNode { editor.canBeDismissed = !value }
        case .userTapBack:
            noteCoverageOfPathWrite("back", popping: 1, on: shop)
            ModelRandomCoverage.noteWrite("back", shop.driver.userTapBack(), in: shop.model)
        case .userPopToRoot:
            noteCoverageOfPathWrite("pop to root", popping: nil, on: shop)
            ModelRandomCoverage.noteWrite("pop to root", shop.driver.userPopToRoot(), in: shop.model)
        case .userSwipeDown: ModelRandomCoverage.noteWrite("swipe-down", shop.driver.userSwipeDown(), in: shop.model)
        case .userSwipeDownWritingLater(let movesLater):
            if let write = shop.driver.userSwipeDownWritingLater() {
                shop.lateSwipeWrites.append((movesLater, write))
                ModelRandomCoverage.note("swipe-down writing later: view gone")
            }
        case .userTapTab(let index):
            let tabs = shop.model.current.flatMap { ScreenTree.nearest(TabsNode.self, from: $0) } ?? shop.tabsNode
            let name = index == tabs?.selectedIndex ? "tab tap (selected tab again)" : "tab tap (another tab)"
            let outcome = shop.driver.userTapTab(index)
            ModelRandomCoverage.noteWrite(name, outcome, in: shop.model)
            // A guarded tab runs its navigation: the move ends with it, as one of the router's.
            if case .navigating(let navigation) = outcome { return await tabTapNavigation(navigation, on: shop) }
        case .userRetapsTab:
            guard let tabs = shop.tabsNode, let index = tabs.selectedIndex, ScreenTree.screenCovering(tabs) == nil
            else { break }
            ModelRandomCoverage.noteWrite("re-tap: selection", shop.driver.userTapTab(index), in: shop.model)
            if let stack = tabs.tabs[index] as? StackNode {
                noteCoverageOfPathWrite("re-tap", popping: nil, on: shop, stack: stack)
                ModelRandomCoverage.noteWrite("re-tap: path", shop.driver.userPopToRoot(in: stack), in: shop.model)
            }
        case .swiftUIWritesBackOf(let index, let toRoot):
            // One that has something to pop (to the root: several nodes), if any has; every other
            // time, the stack of a pushed node a popover is anchored on (the user tapped back as
            // the popover came up).
            let nodes = shop.model.allNodes()
            let all = nodes.compactMap { $0 as? StackNode }
            let deep = toRoot ? all.filter { $0.path.count >= 2 } : []
            let popping = deep.isEmpty ? all.filter { !$0.path.isEmpty } : deep
            let stacks = popping.isEmpty ? all : popping
            let anchoring = popping.filter { stack in
                nodes.contains { popover in stack.path.contains { $0.id == popover.popoverAnchor } }
            }
            guard
                let stack = index.isMultiple(of: 2) && !anchoring.isEmpty
                    ? anchoring.first : stacks.isEmpty ? nil : stacks[index % stacks.count]
            else { break }
            noteCoverageOfPathWrite("late back", popping: toRoot ? nil : 1, on: shop, stack: stack)
            let outcome = toRoot ? shop.driver.userPopToRoot(in: stack) : shop.driver.userTapBack(in: stack)
            ModelRandomCoverage.noteWrite("late back", outcome, in: shop.model)
        case .topRefuses(let refuses):
            if !refuses {
                for node in shop.model.allNodes() { node.canBeDismissed = true }
            } else if let top = shop.model.current, !(top is LoginNode) {
                top.canBeDismissed = false
            }
        case .guardsAccountTab(let guarded):
            let navigation: @MainActor () async throws -> Void = { [unowned shop] in
                _ = try await shop.router.navigate(to: shop.account, with: (), animated: true)
            }
            shop.tabsNode?.tabs.last?.userSelectionNavigation = guarded ? navigation : nil
        case .appCancelsSignIn:
            break
        case .userSwipesDownSignIn(let late):
            guard let login = waitingSignIn(in: shop) else { break }
            ModelRandomCoverage.note("sign-in sheet swiped down\(late ? ", its write late" : "")")
            if !late {
                ModelRandomCoverage.noteWrite(
                    "swipe-down of the sign-in sheet", shop.driver.userSwipeDown(login), in: shop.model)
            } else if let write = shop.driver.userSwipeDownWritingLater(login) {
                shop.lateSwipeWrites.append((1, write))
            }
        case .appPopsToRootUnanimated:
            if let stack = shop.model.current?.parentScreen as? StackNode, let root = stack.rootNode {
                // The app's own call asks no one: vetoes are the router's (a popped editor goes).
                try? await stack.setStack([root], animated: false)
            }
        case .appResetsProducts:
            if let stack = shop.stack("products-nav"), let list = stack.rootNode {
                try? await stack.setStack([list], animated: true)
            }
        case .userResize(let collapsed):
            shop.isCompact = collapsed
            if let split = shop.inboxSplit {
                ModelRandomCoverage.noteWrite(
                    "resize", shop.driver.userResize(split, collapsed: collapsed), in: shop.model)
            }
        case .userShowColumn(let detail):
            if let split = shop.inboxSplit {
                let outcome = shop.driver.userShowColumn(detail ? .secondary : .primary, of: split)
                ModelRandomCoverage.noteWrite("show column", outcome, in: shop.model)
            }
        case .appCancelsNavigation:
            break
        case .userAnswersSignIn(let signsIn):
            if let login = waitingSignIn(in: shop) {
                ModelRandomCoverage.note("sign-in sheet answered \(signsIn ? "signing in" : "closing it")")
                login.resultHandle?.finish(with: signsIn)
            }
        case .swiftUIWritesOldPath(let movesAgo, let backTap):
            return await writeOldPath(movesAgo: movesAgo, backTap: backTap, on: shop, duringNavigation: false)
        case .duringNavigation(let navigation, let gesture, let turns):
            let ended = Flag()
            let running = Task {
                defer { ended.isSet = true }
                return await play(navigation, on: shop)
            }
            switch gesture {
            case .userAnswersSignIn, .appCancelsSignIn, .userSwipesDownSignIn:
                // The user answers (the app cancels) once the sign-in sheet is up, `turns` turns
                // later; a navigation that ended shows none.
                for _ in 0..<300 where waitingSignIn(in: shop) == nil && !ended.isSet { await Task.yield() }
            default: break
            }
            for _ in 0..<turns { await Task.yield() }
            var gestureOutcome = Outcome.notNavigation
            ModelRandomCoverage.gestureDuringNavigation = true
            switch gesture {
            case .appCancelsNavigation, .appCancelsSignIn:
                if waitingSignIn(in: shop) != nil { ModelRandomCoverage.note("cancel while the sign-in sheet waits") }
                if !shop.model.isSettled { ModelRandomCoverage.note("cancel while the model waits for the views") }
                running.cancel()
            case .swiftUIWritesOldPath(let movesAgo, let backTap):
                gestureOutcome = await writeOldPath(
                    movesAgo: movesAgo, backTap: backTap, on: shop, duringNavigation: true)
            default: gestureOutcome = await play(gesture, on: shop)
            }
            ModelRandomCoverage.gestureDuringNavigation = false
            let outcome = await running.value
            await settle(shop)
            // SwiftUI's late write of a path, taken wrongly while the navigation ran.
            if case .wrongWrite = gestureOutcome { return gestureOutcome }
            switch outcome {
            // A tab tap that started no navigation (the tab is not guarded, or covered).
            case .notNavigation, .wrongWrite: return outcome
            default: break
            }
            let error: RoutingError? = if case .failed(let error) = outcome { error } else { nil }
            switch gesture {
            // The app's cancellation reaches the navigations it started, not a tab tap's, which
            // the model runs in a task of its own.
            case .appCancelsNavigation,
                .appCancelsSignIn where navigation.isNavigation:
                return .cancelled(navigation, error)
            default: return .interleaved(error)
            }
        }
        await settle(shop)
        return .notNavigation
    }

    /// Lets the navigation a guarded tab's tap started run to its end, closing a sign-in sheet its
    /// guard leaves waiting, and says how it ended.
    private static func tabTapNavigation(_ navigation: Task<Void, any Error>, on shop: ModelShop) async -> Outcome {
        let ended = Flag()
        Task {
            _ = await navigation.result
            ended.isSet = true
        }
        await closeSignInLeftWaiting(in: shop, until: ended)
        await settle(shop)
        switch await navigation.result {
        case .success: return .navigated
        case .failure(let error as RoutingError): return .failed(error)
        case .failure(let error): return .wrongWrite("a tab tap's navigation threw \(error), no routing error")
        }
    }

    /// SwiftUI writes the path of the stack on top from one of its last states (see
    /// `ShopMove.swiftUIWritesOldPath`). Only a write that reads as a pop of the path as it is may
    /// change anything; while a navigation runs, which changes the tree itself, only what the model
    /// says of the write is checked.
    private static func writeOldPath(movesAgo: Int, backTap: Bool, on shop: ModelShop, duringNavigation: Bool) async
        -> Outcome
    {
        guard let stack = shop.model.current.flatMap({ ScreenTree.nearest(StackNode.self, from: $0) }),
            let paths = shop.pathHistory[ObjectIdentifier(stack)], paths.count >= movesAgo
        else {
            await settle(shop)
            return .notNavigation
        }
        let seen = paths[paths.count - movesAgo]
        let oldPath = backTap ? Array(seen.dropLast()) : seen
        let current = stack.path
        let isPop = oldPath.count < current.count && zip(oldPath, current).allSatisfy { $0 === $1 }
        let before = shop.render()
        if isPop { noteCoverageOfPathWrite("old path", popping: current.count - oldPath.count, on: shop, stack: stack) }
        let outcome = stack.userWrotePath(oldPath)
        ModelRandomCoverage.noteWrite(isPop ? "old path (a pop)" : "old path (stale)", outcome, in: shop.model)
        await settle(shop)
        // Matched by identity against the model as it is: only a write that reads as a pop of this
        // stack (a back tap the user could make) changes anything.
        if !isPop, outcome.isApplied || (!duringNavigation && shop.render() != before) {
            return .wrongWrite("an old path written to \(stack) (\(oldPath.map(\.name))) was applied: \(outcome)")
        }
        return .notNavigation
    }

    /// Counts, for the coverage, a path write about to pop `popped` nodes (`nil`: all) of `stack`,
    /// by default the nearest stack around the node on top.
    private static func noteCoverageOfPathWrite(
        _ name: String, popping popped: Int?, on shop: ModelShop, stack: StackNode? = nil
    ) {
        guard ModelRandomCoverage.isOn,
            let stack = stack ?? shop.model.current.flatMap({ ScreenTree.nearest(StackNode.self, from: $0) })
        else { return }
        let count = min(popped ?? stack.path.count, stack.path.count)
        ModelRandomCoverage.notePathWrite(name, popping: count, of: stack, in: shop.model)
    }

    // MARK: - Invariants

    /// The first invariant `shop` breaks after `move`, in words, or `nil`. Then `views` read the
    /// model afresh, for the next move.
    private static func problem(
        after move: ShopMove, outcome: Outcome, before: String, in shop: ModelShop, views: ModelViewWatcher
    ) async -> String? {
        if let problem = treeProblem(after: move, outcome: outcome, before: before, in: shop) { return problem }
        // A pop told later is told when the navigation ends or on the main actor's next turn.
        for _ in 0..<3 { await Task.yield() }
        if let stale = views.staleView(in: shop.model) { return "a view would be left stale: \(stale)" }
        views.watch(shop.model)
        return nil
    }

    /// The first invariant of the tree and of the router's answers `shop` breaks after `move`.
    private static func treeProblem(after move: ShopMove, outcome: Outcome, before: String, in shop: ModelShop)
        -> String?
    {
        let model = shop.model
        if !model.isSettled { return "the model still waits for \(model.pendingAcknowledgements.map(\.description))" }
        switch outcome {
        case .failed(let error):
            // The driver acknowledges every change at once: a wait that times out waited in vain.
            if error.underlyingError is AcknowledgementTimeoutError {
                return "a navigation waited for the views in vain: \(error)"
            }
            if error.code != .actionFailedAfterChanges, treeChanged(since: before, in: shop) {
                return "a failed navigation changed the tree (\(error.code), step \(error.step ?? "none"))"
            }
            if error.step == nil, error.code != .noAnchor { return "a routing error names no step: \(error)" }
        case .navigated:
            if let wrong = wrongDestination(after: move, in: model) { return wrong }
        case .interleaved(let error?):
            // The user's gesture may have changed the tree, and taken the destination away; the
            // navigation must still end, saying which step, and never wait for the views in vain.
            if error.underlyingError is AcknowledgementTimeoutError {
                return "a navigation the user interrupted waited for the views in vain: \(error)"
            }
            if error.step == nil, error.code != .noAnchor { return "a routing error names no step: \(error)" }
        case .cancelled(let navigation, nil):
            // Cancelled once it had started showing, it finishes what it began.
            if let wrong = wrongDestination(after: navigation, in: model) { return wrong }
        case .cancelled(_, let error?):
            // Cancelled earlier, it changes nothing and says it was cancelled, whichever step stopped.
            if error.underlyingError is AcknowledgementTimeoutError {
                return "a cancelled navigation waited for the views in vain: \(error)"
            }
            // The shop's actions are the library's, which never stop midway.
            if treeChanged(since: before, in: shop) {
                return "a cancelled navigation changed the tree (\(error.code), step \(error.step ?? "none"))"
            }
            if error.code != .cancelled,
                error.underlyingError is CancellationError
                    || (error.underlyingError as? RoutingError)?.code == .cancelled
            {
                return "a navigation stopped by its cancellation does not say so: \(error)"
            }
        case .wrongWrite(let problem):
            return problem
        case .notNavigation, .interleaved(nil):
            break
        }
        // The router sees a level as being dismissed exactly while the user's swipe of it awaits
        // its binding write: never a level a full-screen cover hid, nor one back on screen.
        let swiped = shop.driver.swipedAwayLevels
        for node in model.allNodes() where node.isBeingDismissed != swiped.contains(node.id) {
            return node.isBeingDismissed
                ? "\(node) is being dismissed for the router, but the user swiped nothing away there"
                : "\(node), swiped away and its binding write still to come, is on screen for the router"
        }
        return structureProblem(in: model)
    }

    /// Whether `shop`'s tree is other than `before`, for a navigation that failed. The sign-in sheet
    /// a guard showed may have taken out, as every presentation does, a level the user had swiped
    /// away already (gone for the user, its write still to come): that is no change of its.
    private static func treeChanged(since before: String, in shop: ModelShop) -> Bool {
        let now = shop.render()
        return now != before && (shop.signInSheetsShown == 0 || now != withoutSwipedLevels(before))
    }

    /// `render`, a rendered tree, without the levels swiped away whose binding write is still to
    /// come (each with its `presented` line and everything indented under it).
    private static func withoutSwipedLevels(_ render: String) -> String {
        let lines = render.split(separator: "\n", omittingEmptySubsequences: false)
        var kept: [Substring] = []
        var skippingDeeperThan: Int?
        for (index, line) in lines.enumerated() {
            let indent = line.prefix { $0 == " " }.count
            if let depth = skippingDeeperThan {
                if indent > depth { continue }
                skippingDeeperThan = nil
            }
            if line.dropFirst(indent).hasPrefix("presented"), index + 1 < lines.count,
                lines[index + 1].hasSuffix("(dismissing)")
            {
                skippingDeeperThan = indent
                continue
            }
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }

    /// A screen in a tab a completed navigation left, shown on the way: the first tab on a cold
    /// start into another, say. (A screen the navigation reveals to act from, such as a stack's
    /// list before a push, may show: it is where the next transition starts, as in UIKit.) Asked
    /// in `nextTurn` mode, where the driver reports what SwiftUI would after each update; in
    /// `automatic` mode every change's top node appears at once, even one the next change of the
    /// same update hides.
    private static func flashedScreen(by outcome: Outcome, loggedSince start: Int, in shop: ModelShop) -> String? {
        guard case .navigated = outcome else { return nil }
        let lines = shop.driver.log[start...]
        var inTabsLeft: Set<String> = []
        for case let tabs as TabsNode in shop.model.allNodes() {
            for (index, tab) in tabs.tabs.enumerated() where index != tabs.selectedIndex {
                inTabsLeft.formUnion(ScreenTree.containedScreens(of: tab).map { "\($0)" })
            }
        }
        for line in lines where line.hasPrefix("appeared ") {
            let node = String(line.dropFirst("appeared ".count))
            if inTabsLeft.contains(node), !lines.contains("disappeared \(node)") {
                return "the navigation showed \(node) on the way, in a tab it did not end in"
            }
        }
        return nil
    }

    /// Why the screen `move` navigated to is not on screen, if it is not: on top, or, in an
    /// expanded split view, the column beside it.
    private static func wrongDestination(after move: ShopMove, in model: NavigationModel) -> String? {
        let expected: (NavigationNode) -> Bool
        switch move {
        case .home: expected = { $0 is HomeNode }
        case .welcome: expected = { $0 is WelcomeNode }
        case .list: expected = { $0 is ListNode }
        case .account: expected = { $0 is AccountNode }
        case .cart: expected = { $0 is CartNode }
        case .editor: expected = { $0 is EditorNode }
        case .picker: expected = { $0 is PickerNode }
        case .product(let id): expected = { ($0 as? ProductNode)?.productID == id }
        case .details(let id): expected = { ($0 as? DetailsNode)?.productID == id }
        case .specs(let id): expected = { ($0 as? SpecsNode)?.productID == id }
        case .review(let id): expected = { ($0 as? ReviewNode)?.productID == id }
        case .inbox: expected = { $0 is MailboxNode }
        case .message(let id): expected = { ($0 as? MessageNode)?.messageID == id }
        case .share: expected = { $0 is ShareNode }
        case .shareProduct(let id):
            expected = { node in
                node is ShareNode
                    && (model.allNodes().first { $0.id == node.popoverAnchor } as? ProductNode)?.productID == id
            }
        // Completed only as a guarded tab's navigation: the account's.
        case .userTapTab: expected = { $0 is AccountNode }
        default: return nil
        }
        guard !onScreen(in: model).contains(where: expected) else { return nil }
        return "navigated to \(move.swift) but \(model.current.map { "\($0)" } ?? "nothing") is on top"
    }

    /// The nodes the user sees: the level on top and, in it, what every container shows (the top
    /// of a stack, the selected tab, both columns of an expanded split view).
    private static func onScreen(in model: NavigationModel) -> [NavigationNode] {
        var shown: [NavigationNode] = []
        var pending = ScreenTree(window: model).presentationLevels.suffix(1).compactMap { $0 as? NavigationNode }
        while let node = pending.popLast() {
            shown.append(node)
            pending += ScreenTree.visibleChildren(of: node).compactMap { $0 as? NavigationNode }
        }
        return shown
    }

    /// The first inconsistency of the model's tree: links between containers and children, between
    /// hosts and presented levels, and the answers the router reads without recomputing.
    private static func structureProblem(in model: NavigationModel) -> String? {
        let nodes = model.allNodes()
        var seen = Set<NodeID>()
        for node in nodes {
            guard seen.insert(node.id).inserted else { return "\(node) is in the tree twice" }
            for child in node.childScreens where child.parentScreen !== node {
                return "\(child) is a child of \(node) but names another parent"
            }
            let uikitAnswer = node.presentedScreen.flatMap { $0.presentingScreen === node ? $0 : nil }
            if node.hostedPresentation !== uikitAnswer {
                return "\(node) hosts \(node.hostedPresentation.map { "\($0)" } ?? "nothing"), UIKit's answer differs"
            }
            if let presented = node.hostedPresentation, presented.parentScreen != nil {
                return "\(presented), presented by \(node), is also inside a container"
            }
            // SwiftUI anchors a popover on the view of the node that asked for it: that node is
            // in the level the popover is presented over.
            if let popover = node.popoverNode,
                !ScreenTree.containedScreens(of: node).contains(where: {
                    ($0 as? NavigationNode)?.id == popover.popoverAnchor
                })
            {
                return
                    "\(popover) is anchored on \(popover.popoverAnchor.map { "\($0)" } ?? "nothing"), not a node of \(node)'s level"
            }
            // The containers keep their children converted to screens: the router's view must be
            // the nodes the views show.
            if let stack = node as? StackNode {
                if !stack.childScreens.elementsEqual(stack.nodes, by: { $0 === $1 }) {
                    return "\(stack)'s children as the router reads them are not its nodes"
                }
                if stack.focusedChildScreen !== stack.childScreens.last {
                    return "\(stack)'s focused child is not its top"
                }
            }
            if let tabs = node as? TabsNode {
                if !tabs.childScreens.elementsEqual(tabs.tabs, by: { $0 === $1 }) {
                    return "\(tabs)'s children as the router reads them are not its tabs"
                }
                let selected = tabs.selectedIndex.flatMap { tabs.tabs.indices.contains($0) ? tabs.tabs[$0] : nil }
                if tabs.focusedChildScreen !== selected { return "\(tabs)'s focused child is not its selected tab" }
            }
            if let split = node as? SplitNode, let problem = splitProblem(split) { return problem }
        }
        let onTop = ScreenTree(window: model).current
        if model.current !== onTop { return "the model's current node is not the tree's current screen" }
        return nil
    }

    /// The first inconsistency of a split view: its columns as the router reads them, and which
    /// of them is on screen (both expanded; collapsed, the compact column, or the one there is).
    private static func splitProblem(_ split: SplitNode) -> String? {
        let columns = [split.primary, split.secondary].compactMap { $0 }
        if !split.childScreens.elementsEqual(columns, by: { $0 === $1 }) {
            return "\(split)'s children as the router reads them are not its columns"
        }
        let inFront =
            split.compactColumn == .secondary ? split.secondary ?? split.primary : split.primary ?? split.secondary
        let focused = split.isCollapsed ? inFront : split.secondary ?? split.primary
        if split.focusedChildScreen !== focused {
            return "\(split)'s focused child is not the column in front (collapsed: \(split.isCollapsed))"
        }
        let visible: [NavigationNode] = split.isCollapsed ? [focused].compactMap { $0 } : columns
        if !split.visibleChildScreens.elementsEqual(visible, by: { $0 === $1 }) {
            return "\(split)'s visible children are not the columns on screen (collapsed: \(split.isCollapsed))"
        }
        return nil
    }

    // MARK: - Shrinking

    /// The shortest list of moves found, by dropping one move at a time, that still breaks an
    /// invariant, written as a test to paste into this suite.
    static func shrunkTest(_ moves: [ShopMove], mode: NavigationModelDriver.AcknowledgementMode = .automatic) async
        -> String
    {
        var kept = moves
        if let broken = await firstBrokenInvariant(kept, mode: mode) { kept = Array(kept.prefix(broken.move + 1)) }
        var index = kept.count - 1
        while index >= 0 {
            var shorter = kept
            shorter.remove(at: index)
            if await firstBrokenInvariant(shorter, mode: mode) != nil { kept = shorter }
            index -= 1
        }
        return "shrunk to \(kept.count) moves:\n" + reproduction(kept, mode: mode)
    }

    /// `moves` played in `mode` as a test to paste into this suite.
    static func reproduction(_ moves: [ShopMove], mode: NavigationModelDriver.AcknowledgementMode) -> String {
        let list = moves.map(\.swift).joined(separator: ", ")
        let modeArgument = mode == .nextTurn ? ", mode: .nextTurn" : ""
        return """
                @Test func shrunkRun() async {
                    let broken = await ModelRandomTests.firstBrokenInvariant([\(list)]\(modeArgument))
                    #expect(broken == nil, "\\(broken.map { "\\($0)" } ?? "")")
                }
            """
    }
}

/// State no observer hears of, for the test that shows the stale-view check can fail.
@MainActor
private final class UntoldState {
    var value = 0
}
