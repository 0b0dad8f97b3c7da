import Composer
import ComposerTestFixtures
import ComposerTesting

/// One step of a model-check run.
enum StepSpec: CustomStringConvertible, Sendable {
    /// One navigation.
    case navigate(RouteSpec)
    /// A navigation whose guard waits, interrupted by a second one that must succeed in its place.
    case interrupt(RouteSpec, by: RouteSpec)
    /// Two navigations started together: the second waits its turn, and neither is lost.
    case queued(RouteSpec, RouteSpec)
    /// A navigation whose task is cancelled after `afterTurns` turns of the main actor (a SwiftUI
    /// `.task` whose view went away), wherever it is by then.
    case cancelled(RouteSpec, afterTurns: Int)
    /// The user makes a gesture on the screen on top.
    case user(GestureSpec)
    /// A navigation whose guard waits while the user makes a gesture, which may take the screen
    /// the navigation planned from away.
    case userDuringGuard(RouteSpec, GestureSpec)
    /// A navigation asked for while the user's gesture animates (a push notification opened as the
    /// user taps back): it must wait for the gesture's transition and plan against what it left.
    case navigateDuringGesture(RouteSpec, GestureSpec)
    /// The current screen starts or stops refusing to be dismissed.
    case toggleRefusing
    /// The user signs out, when no gated screen is on screen.
    case signOut

    var description: String {
        switch self {
        case .navigate(let route): ".navigate(\(route))"
        case .interrupt(let waiting, let interrupting): ".interrupt(\(waiting), by: \(interrupting))"
        case .queued(let first, let second): ".queued(\(first), \(second))"
        case .cancelled(let route, let turns): ".cancelled(\(route), afterTurns: \(turns))"
        case .user(let gesture): ".user(\(gesture))"
        case .userDuringGuard(let route, let gesture): ".userDuringGuard(\(route), \(gesture))"
        case .navigateDuringGesture(let route, let gesture): ".navigateDuringGesture(\(route), \(gesture))"
        case .toggleRefusing: ".toggleRefusing"
        case .signOut: ".signOut"
        }
    }

    var simplifications: [StepSpec] {
        switch self {
        case .navigate(let route): route.simplifications.map { .navigate($0) }
        case .interrupt(let waiting, let interrupting):
            [.navigate(interrupting)] + interrupting.simplifications.map { .interrupt(waiting, by: $0) }
        case .queued(let first, let second):
            [.navigate(first), .navigate(second)] + first.simplifications.map { .queued($0, second) }
                + second.simplifications.map { .queued(first, $0) }
        case .cancelled(let route, let turns):
            [.navigate(route)] + (turns > 0 ? [.cancelled(route, afterTurns: turns / 2)] : [])
                + route.simplifications.map { .cancelled($0, afterTurns: turns) }
        case .user: []
        case .userDuringGuard(let route, let gesture):
            [.navigate(route), .user(gesture)] + route.simplifications.map { .userDuringGuard($0, gesture) }
        case .navigateDuringGesture(let route, let gesture):
            [.navigate(route), .user(gesture)] + route.simplifications.map { .navigateDuringGesture($0, gesture) }
        case .toggleRefusing, .signOut: []
        }
    }
}

/// A gesture of the user on the screen on top.
enum GestureSpec: String, Sendable, CaseIterable, CustomStringConvertible {
    /// The back button of the nearest stack around it that has one.
    case back
    /// A swipe down of the sheet it is in.
    case swipeDown
    /// A tap on another tab of the tab bar around it: one that holds a screen that needs sign-in,
    /// if one does.
    case otherTab
    /// A tap on the selected tab of the tab bar around it, which pops the stack of that tab to its
    /// root (refused while a screen the pop would remove refuses to leave).
    case sameTab

    var description: String { ".\(rawValue)" }
}

/// A broken promise: which step broke which invariant, with the tree before and after.
struct Violation: CustomStringConvertible, Sendable {
    /// The invariant, in a few words: shrinking keeps a reproduction that breaks the same one.
    let invariant: String
    let step: Int
    let details: String

    var description: String { "step \(step): \(invariant)\n\(details)" }
}

/// Runs steps against a window built from a tree spec and checks the promise after each one, and
/// during every transition.
@MainActor
final class ModelCheckWorld {
    let window: TestWindow
    let router: DefaultRouter
    let recorder = CheckRecorder()
    let routes: CheckRoutes
    private(set) var violation: Violation?
    private var stepIndex = 0
    /// Keeps the router listening to the window, so that the user's tab taps are its navigations
    /// (and a plan guard keeps a gated tab closed to a signed-out user).
    private var listening: NavigationObserverToken?
    /// Set while the back button or a swipe-down animates: what it uncovers is not the router's to
    /// guard (see `makeGesture`).
    private var userUncovering = false
    /// What the observer heard during the step running now (emptied at the start of a lone
    /// navigation, so the screens are held no longer than the step).
    private var reported: [NavigationEvent] = []

    private init(window: TestWindow, signedIn: Bool) {
        self.window = window
        self.router = DefaultRouter(window: window)
        self.routes = CheckRoutes(recorder: recorder, router: router, window: window)
        recorder.isSignedIn = signedIn
        let recorder = recorder
        let router = router
        router.add(
            // Weakly: the router keeps its guard, and a world of a long run must be freed with it.
            planInterceptor: ClosurePlanInterceptor { [weak router] plan in
                guard let router, !recorder.isSignedIn,
                    plan.entries.contains(where: {
                        $0.type is any RequiresSignIn.Type || $0.screen is any RequiresSignIn
                    })
                else { return }
                recorder.record("plan guard")
                try await CheckRoutes.signIn(recorder: recorder, router: router, window: window)
            })
        router.add(ClosurePostTask<any Screen, Any> { _, _, _ in recorder.record("post router") })
        listening = router.addObserver { [unowned self] event in self.reported.append(event) }
    }

    /// Builds the world of `tree`; `signedIn` is overridden when a gated screen is on screen.
    static func make(tree: TreeSpec, signedIn: Bool) async -> ModelCheckWorld {
        let window = await tree.makeWindow(clock: TransitionClock(mode: .manual))
        let world = ModelCheckWorld(window: window, signedIn: signedIn)
        if world.gatedOnScreen() != nil { world.recorder.isSignedIn = true }
        ModelCheckCoverage.noteTree(window, prefix: "start")
        return world
    }

    /// Runs `steps` and returns the first broken promise, if any.
    static func run(tree: TreeSpec, signedIn: Bool, steps: [StepSpec]) async -> Violation? {
        let world = await make(tree: tree, signedIn: signedIn)
        for index in steps.indices {
            RandomCheckCrashes.trapIfAsked(steps, at: index, describedAs: { $0.description })
            await world.perform(steps[index])
            if let violation = world.violation { return violation }
        }
        return nil
    }

    func perform(_ step: StepSpec) async {
        defer { stepIndex += 1 }
        switch step {
        case .navigate(let route):
            await navigate([route])
        case .queued(let first, let second):
            await navigate([first, second])
        case .interrupt(let waiting, let interrupting):
            await interrupt(waiting, by: interrupting)
        case .cancelled(let route, let turns):
            await cancel(route, afterTurns: turns)
        case .user(let gesture):
            // The back button does not ask a screen whether it may leave, as in UIKit.
            let refusing = gesture == .back ? [] : refusingScreens()
            let renderedBefore = window.render()
            let made = startGesture(gesture)
            await pump { made.hasEnded }
            ModelCheckCoverage.note(
                "gesture \(gesture) \(window.render() == renderedBefore ? "did nothing" : "changed the tree")")
            checkAfterEveryStep(refusing: refusing)
        case .userDuringGuard(let route, let gesture):
            await navigate(route, whileTheUserMakes: gesture)
        case .navigateDuringGesture(let route, let gesture):
            await navigate(route, duringTheUsers: gesture)
        case .toggleRefusing:
            if let current = window.current { current.canBeDismissed.toggle() }
        case .signOut:
            if gatedOnScreen() == nil { recorder.isSignedIn = false }
        }
    }

    // MARK: - Navigating

    private final class Outcome {
        var result: Result<any Screen, RoutingError>?
    }

    @discardableResult
    private func start(_ built: CheckRoutes.Built, _ queueing: NavigationQueueing) -> (Outcome, Task<Void, Never>) {
        let outcome = Outcome()
        let task = Task { @MainActor in
            do throws(RoutingError) {
                outcome.result = .success(try await built.navigate(queueing))
            } catch {
                outcome.result = .failure(error)
            }
        }
        return (outcome, task)
    }

    /// Lets the navigations run, finishing one pending transition at a time and checking the
    /// screen in the middle of each, until `isDone`.
    private func pump(until isDone: () -> Bool) async {
        var idle = 0
        while !isDone() {
            checkGate(during: true)
            if window.clock.advance() {
                idle = 0
            } else {
                idle += 1
                // A navigation that neither finishes nor waits for the clock is stuck.
                if idle > 100_000 {
                    fail("navigations never overlap and none is lost", "a navigation never finished")
                    window.clock.mode = .immediate
                    return
                }
            }
            await Task.yield()
        }
    }

    private func navigate(_ specs: [RouteSpec]) async {
        reported.removeAll()
        let currentBefore = window.current
        let before = window.render()
        let refusing = refusingScreens()
        let eventsBefore = recorder.events.count
        let built = specs.map(routes.build)
        let snapshot = ModelCheckCoverage.snapshot(window)
        let outcomes = built.map { start($0, .waitTurn).0 }
        await pump { outcomes.allSatisfy { $0.result != nil } }
        if specs.count == 1, let result = outcomes[0].result {
            ModelCheckCoverage.noteChanges(from: snapshot, in: window, succeeded: (try? result.get()) != nil)
        }
        let events = Array(recorder.events[eventsBefore...])
        for (index, outcome) in outcomes.enumerated() {
            guard let result = outcome.result else { continue }
            // Only a lone navigation can be held to an unchanged tree on failure, and only the last
            // one's destination to be on screen at the end.
            check(
                result, of: specs[index], built: built[index], before: specs.count == 1 ? before : nil,
                events: specs.count == 1 ? events : nil, isLast: index == specs.count - 1)
            if case .failure(let error) = result, error.code == .busy || error.code == .cancelled {
                fail("navigations never overlap and none is lost", "a queued navigation was lost: \(error)")
            }
        }
        if specs.count == 1 { checkReports(from: currentBefore, of: specs[0], result: outcomes[0].result) }
        reported.removeAll()
        checkAfterEveryStep(refusing: refusing)
    }

    private func interrupt(_ waiting: RouteSpec, by interrupting: RouteSpec) async {
        var waitingSpec = waiting
        waitingSpec.guards = .wait
        let refusing = refusingScreens()
        let first = start(routes.build(waitingSpec), .waitTurn).0
        await pump { recorder.isWaiting || first.result != nil }
        let waited = recorder.isWaiting
        let eventsBefore = recorder.events.count
        let before = window.render()
        let builtInterrupting = routes.build(interrupting)
        let second = start(builtInterrupting, .interrupt).0
        await pump { first.result != nil && second.result != nil }
        switch first.result {
        case .success(let screen)? where waited:
            fail("an interrupted navigation fails", "the waiting navigation succeeded with \(screen)")
        case .failure(let error)? where waited && error.code != .cancelled:
            fail("a navigation stopped by cancellation says so", "the interrupted navigation failed with:\n\(error)")
        default: break
        }
        if let result = second.result {
            let events = Array(recorder.events[eventsBefore...])
            check(result, of: interrupting, built: builtInterrupting, before: before, events: events)
        }
        checkAfterEveryStep(refusing: refusing)
    }

    /// Starts a navigation, cancels its task after `turns` turns (or when it ended before), and
    /// holds it to the promise: it ends, succeeds with its destination on screen or fails with the
    /// tree as before, and a failure that the cancellation caused says `cancelled`.
    private func cancel(_ spec: RouteSpec, afterTurns turns: Int) async {
        var waitingSpec = spec
        // Half the time the destination's guard waits for a user, so that the cancellation lands
        // in a guard, as it does when a sign-in screen is up and the view that asked goes away;
        // otherwise a stack the route builds loads first, so that it can land in a factory.
        if turns % 2 == 1 { waitingSpec.guards = .wait } else { waitingSpec.loads = true }
        let before = window.render()
        let refusing = refusingScreens()
        let eventsBefore = recorder.events.count
        let built = routes.build(waitingSpec)
        let (outcome, task) = start(built, .waitTurn)
        var turn = 0
        await pump {
            turn += 1
            return outcome.result != nil || turn > turns
        }
        task.cancel()
        await pump { outcome.result != nil }
        if let result = outcome.result {
            let events = Array(recorder.events[eventsBefore...])
            check(result, of: waitingSpec, built: built, before: before, events: events)
            if case .failure(let error) = result, error.code != .cancelled,
                error.underlyingError is CancellationError
                    || (error.underlyingError as? RoutingError)?.code == .cancelled
            {
                fail("a navigation stopped by cancellation says so", "\(waitingSpec) failed with:\n\(error)")
            }
        }
        checkAfterEveryStep(refusing: refusing)
    }

    /// Whether a gesture started in a task of its own has ended.
    private final class GestureRun {
        var hasEnded = false
    }

    /// Starts `gesture` in a task of its own, so that the clock can be pumped meanwhile (and a tab
    /// tap, which is a navigation, can wait its turn).
    private func startGesture(_ gesture: GestureSpec) -> GestureRun {
        let run = GestureRun()
        Task { @MainActor in
            await makeGesture(gesture)
            run.hasEnded = true
        }
        return run
    }

    /// Makes `gesture` on the screen on top, through the test kit's gestures (which report it to
    /// the window's routers as the user's, and hand a tab tap to the router); one the user could
    /// not make there does nothing.
    private func makeGesture(_ gesture: GestureSpec) async {
        guard let current = window.current else { return }
        userUncovering = gesture != .otherTab
        defer {
            userUncovering = false
            // The back button and a swipe-down ask no one (UIKit's do not): a gated screen they
            // uncover asks for sign-in itself, as an app's must. A tab tap is the router's
            // navigation, whose plan guard keeps a gated tab closed: that is checked.
            if gesture != .otherTab, gatedOnScreen() != nil { recorder.isSignedIn = true }
        }
        let around = [current] + ScreenTree.ancestors(of: current)
        switch gesture {
        case .back:
            let stack = around.lazy.compactMap { $0 as? TestNavigationContainer }.first { $0.stack.count > 1 }
            try? await stack?.userPop(animated: true)
        case .swipeDown:
            try? await current.userSwipeDown(animated: true)
        case .otherTab:
            guard let tabs = around.lazy.compactMap({ $0 as? TestTabsContainer }).first,
                let selected = tabs.selectedTabIndex, tabs.tabScreens.count > 1
            else { return }
            // A tab that needs sign-in if there is one: the tap the router's guards must stop.
            let others = tabs.tabScreens.indices.filter { $0 != selected }
            let gated = others.first { index in
                ScreenTree.containedScreens(of: tabs.tabScreens[index]).contains { $0 is any RequiresSignIn }
            }
            try? await tabs.userSelectTab(at: gated ?? others[0])
        case .sameTab:
            guard let tabs = around.lazy.compactMap({ $0 as? TestTabsContainer }).first,
                let selected = tabs.selectedTabIndex
            else { return }
            try? await tabs.userSelectTab(at: selected)
        }
    }

    /// Starts a navigation whose guard waits, makes `gesture` meanwhile, and holds the navigation
    /// to the promise against the tree the user left: it plans again, succeeds with its destination
    /// on screen or fails leaving that tree as it is.
    private func navigate(_ spec: RouteSpec, whileTheUserMakes gesture: GestureSpec) async {
        var waitingSpec = spec
        waitingSpec.guards = .waitForUser
        recorder.userActed = false
        let eventsBefore = recorder.events.count
        let built = routes.build(waitingSpec)
        let (outcome, _) = start(built, .waitTurn)
        await pump { recorder.isWaiting || outcome.result != nil }
        var made: GestureRun?
        if recorder.isWaiting {
            let started = startGesture(gesture)
            made = started
            // A tab tap is a navigation of the router: it waits its turn behind this one.
            if gesture == .otherTab {
                for _ in 0..<5 { await Task.yield() }
            } else {
                await pump { started.hasEnded }
            }
        }
        let afterGesture = window.render()
        ModelCheckCoverage.note(
            "userDuringGuard: \(made == nil ? "guard never waited" : "gesture \(gesture) made while the guard waited")")
        // Asked after the gesture: the back button takes a screen that refuses (as UIKit's does),
        // the router's navigation must not.
        let refusing = refusingScreens()
        recorder.userActed = true
        await pump { outcome.result != nil }
        // The tap's navigation runs once this one ends, possibly before this check: then only the
        // tree at the end is checked, as for two queued navigations.
        let tapFollows = gesture == .otherTab
        if let result = outcome.result {
            let events = Array(recorder.events[eventsBefore...])
            check(
                result, of: waitingSpec, built: built, before: tapFollows ? nil : afterGesture,
                events: tapFollows ? nil : events, isLast: !tapFollows, treeChangedAfterGuards: true)
        }
        await pump { made?.hasEnded ?? true }
        checkAfterEveryStep(refusing: refusing)
    }

    /// Starts `gesture`, animated, and asks for a navigation while its transition runs; holds the
    /// navigation to the promise against the tree the gesture left.
    private func navigate(_ spec: RouteSpec, duringTheUsers gesture: GestureSpec) async {
        let refusing = gesture == .back ? [] : refusingScreens()
        let eventsBefore = recorder.events.count
        let made = startGesture(gesture)
        await Task.yield()
        let built = routes.build(spec)
        let (outcome, _) = start(built, .waitTurn)
        await pump { made.hasEnded && outcome.result != nil }
        if let result = outcome.result {
            let events = Array(recorder.events[eventsBefore...])
            // A tab tap is a navigation of its own, with its own post task: the events are two
            // navigations' then.
            check(
                result, of: spec, built: built, before: nil, events: gesture == .otherTab ? nil : events,
                treeChangedAfterGuards: true)
        }
        checkAfterEveryStep(refusing: refusing)
    }

    // MARK: - Invariants

    /// The failures that the tree and the route tell before anything runs.
    static let knowableAtStart: Set<RoutingError.Code> = [.dismissalRefused, .cannotReveal, .containerNotFound]

    private func fail(_ invariant: String, _ details: String) {
        guard violation == nil else { return }
        violation = Violation(
            invariant: invariant, step: stepIndex, details: "\(details)\ntree now:\n\(window.render())")
    }

    private func check(
        _ result: Result<any Screen, RoutingError>, of spec: RouteSpec, built: CheckRoutes.Built, before: String?,
        events: [String]?, isLast: Bool = true, treeChangedAfterGuards: Bool = false
    ) {
        ModelCheckCoverage.noteNavigation(spec, result: result, events: events)
        // A guard that navigated made a navigation of its own, which succeeded: a failure after it
        // leaves the tree that navigation left, and what it changed was not there to know at the start.
        let guardNavigated = events?.contains("guard navigated") ?? false
        let before = guardNavigated && before != nil ? recorder.treeAfterGuardNavigation : before
        let treeChangedAfterGuards = treeChangedAfterGuards || guardNavigated
        switch result {
        case .success(let destination):
            guard isLast else { break }
            let onScreen = window.screensOnScreen
            if !onScreen.contains(where: { $0 === destination }) {
                fail(
                    "on success the destination is on screen",
                    "\(spec) returned \(destination), which is not on screen (on screen: \(onScreen.map(\.name)))")
            }
        case .failure(let error):
            if error.failingStep == nil, error.code != .cancelled, error.code != .busy {
                fail("a failure names the failing step", "\(spec) failed naming no step:\n\(error)")
            }
            if let before, error.code == .actionFailedAfterChanges, !built.mayFailAfterChanges {
                fail(
                    "only an app's own action may fail after changes",
                    "\(spec) failed after changing the screen:\n\(error)\ntree before:\n\(before)")
            } else if let before, error.code != .actionFailedAfterChanges, window.render() != before {
                fail("on failure the tree is unchanged", "\(spec) failed:\n\(error)\ntree before:\n\(before)")
            }
        }
        guard let events else { return }
        // What the user changed while a guard waited was not there to know at the start.
        if !treeChangedAfterGuards, case .failure(let error) = result, Self.knowableAtStart.contains(error.code),
            let early = events.first(where: { $0.hasPrefix("guard") || $0.hasPrefix("build") || $0 == "login shown" })
        {
            fail(
                "a refusal knowable at the start comes before any guard or factory",
                "\(spec) failed with \(error.code) after \(early) ran:\n\(error)\nevents: \(events)")
        }
        checkGuards(result, of: spec, built: built, events: events)
        // The login screen a guard shows is a navigation of its own, with the router's post task, and
        // so is a navigating guard's.
        let logins = events.filter { $0 == "login shown" || $0 == "guard navigated" }.count
        let posts = events.filter { $0.hasPrefix("post") }
        switch result {
        case .success:
            let routerPosts = posts.filter { $0 == "post router" }.count
            let destinationPosts = posts.filter { $0 == "post dest" }.count
            let expectedDestinationPosts = built.guardCounts["dest"] == nil ? 0 : 1
            if routerPosts != 1 + logins || destinationPosts != expectedDestinationPosts
                || Set(posts).count + routerPosts - 1 != posts.count
            {
                fail("post tasks run once per success", "\(spec) succeeded; post tasks ran: \(posts)")
            }
        case .failure(let error):
            if posts.filter({ $0 != "post router" }).count > 0 || posts.count > logins {
                fail("post tasks never run on failure", "\(spec) failed (\(error.code)); post tasks ran: \(posts)")
            }
        }
    }

    private func checkGuards(
        _ result: Result<any Screen, RoutingError>, of spec: RouteSpec, built: CheckRoutes.Built, events: [String]
    ) {
        for (label, count) in built.guardCounts {
            let wasBuilt = events.contains("build \(label)")
            let mustHaveRun = wasBuilt || (label == "dest" && (try? result.get()) != nil)
            for index in 0..<count {
                let runs = events.filter { $0 == "guard \(label)#\(index)" }.count
                if runs > 1 || (mustHaveRun && runs != 1) {
                    fail(
                        "every guard of every step built or revealed runs exactly once",
                        "\(spec): guard \(index) of step \(label) ran \(runs) times (built: \(wasBuilt)); events: \(events)"
                    )
                }
                if wasBuilt, runs == 1,
                    let guardAt = events.firstIndex(of: "guard \(label)#\(index)"),
                    let buildAt = events.firstIndex(of: "build \(label)"), buildAt < guardAt
                {
                    fail("guards run before anything is built", "\(spec): \(events)")
                }
            }
        }
    }

    /// The observer heard every change of the current screen a lone navigation made (with the
    /// sign-in navigation of a guard), succeeded or failed: the events chain from the screen current
    /// before to the one current after, each a change, and none when the current screen stayed.
    private func checkReports(
        from currentBefore: TestScreen?, of spec: RouteSpec, result: Result<any Screen, RoutingError>?
    ) {
        let outcome =
            result.map { result in
                switch result {
                case .success: "succeeded"
                case .failure(let error): "failed (\(error.code))"
                }
            } ?? "did not finish"
        var expectedFrom: (any Screen)? = currentBefore
        var broken: String?
        for event in reported {
            if event.from !== expectedFrom {
                broken = "\(event) does not start from \(expectedFrom.map { "\($0)" } ?? "nothing")"
            } else if event.from === event.to {
                broken = "\(event) reports no change"
            }
            if broken != nil { break }
            expectedFrom = event.to
        }
        if broken == nil, expectedFrom !== window.current {
            broken =
                "the events end at \(expectedFrom.map { "\($0)" } ?? "nothing"), the current screen is"
                + " \(window.current.map { "\($0)" } ?? "nothing")"
        }
        if let broken {
            fail(
                "observers hear every change of the current screen, once",
                "\(spec) \(outcome): \(broken); events: \(reported.map(\.description))")
        }
    }

    /// A gated screen on screen while the user is signed out, if there is one.
    private func gatedOnScreen() -> TestScreen? {
        window.screensOnScreen.first { $0 is any RequiresSignIn }
    }

    private func checkGate(during transition: Bool) {
        guard !recorder.isSignedIn, !userUncovering, let gated = gatedOnScreen() else { return }
        fail(
            "no gated screen is on screen while signed out",
            "\(gated) is on screen \(transition ? "during a transition (\(window.clock.pendingTransitions))" : "")")
    }

    private func refusingScreens() -> [TestScreen] {
        Self.allScreens(window).filter { !$0.canBeDismissed }
    }

    private func checkAfterEveryStep(refusing: [TestScreen]) {
        checkGate(during: false)
        let all = Self.allScreens(window)
        for screen in refusing where !all.contains(where: { $0 === screen }) {
            fail("no refusing screen leaves the tree", "\(screen) refused to leave, yet it is gone")
        }
        let onScreen = window.screensOnScreen
        if let current = window.current, !onScreen.contains(where: { $0 === current }) {
            fail(
                "current is a screen on screen",
                "the router's current screen is \(current), but on screen are \(onScreen.map(\.name))")
        }
        if !window.isSettled { fail("every transition ends", "the window is not settled") }
        // The router's walks ask a screen what it hosts directly; it must say what UIKit's two
        // properties say together (what its presenting ancestor presents, presented by it).
        for screen in all {
            let presented = screen.presentedScreen
            let hostedByUIKitsRules = presented?.presentingScreen === screen ? presented : nil
            if screen.hostedPresentation !== hostedByUIKitsRules {
                fail(
                    "a screen hosts what it presents",
                    "\(screen) answers \(String(describing: screen.hostedPresentation)) as its hosted presentation,"
                        + " UIKit's rules \(String(describing: hostedByUIKitsRules))")
            }
        }
    }

    /// Every screen in the window: each level's contents and everything presented from them.
    static func allScreens(_ window: TestWindow) -> [TestScreen] {
        var result: [TestScreen] = []
        var pending: [any Screen] = window.rootScreen.map { [$0] } ?? []
        while let next = pending.popLast(), result.count < 10_000 {
            if let screen = next as? TestScreen { result.append(screen) }
            pending.append(contentsOf: next.childScreens)
            if let presented = next.presentedScreen, presented.presentingScreen === next {
                pending.append(presented)
            }
        }
        return result
    }
}
