import Composer
import ComposerTesting

/// What the app's code did during one navigation, in order, and whether the user is signed in.
@MainActor
final class CheckRecorder {
    var events: [String] = []
    var isSignedIn = true
    /// Set by a guard that waits for a user who never comes, while it waits.
    var isWaiting = false
    /// Set by the runner once the user's gesture made while a guard waits (`waitForUser`) is done.
    var userActed = false
    /// The tree a guard's own navigation left (`navigates`, `navigatesThenRejects`): a failure
    /// after it leaves this tree, not the one before.
    var treeAfterGuardNavigation: String?

    func record(_ event: String) { events.append(event) }
}

/// The guards on one step of a route.
enum GuardSpec: String, Sendable, CaseIterable, CustomStringConvertible {
    /// One guard that lets the navigation go ahead.
    case pass
    /// Two guards of one type (a sign-in check, then an age check): both must run.
    case twoOfOneType
    /// A guard that stops the navigation.
    case reject
    /// A guard that signs the user in when needed, showing a login screen through the router and
    /// dismissing it.
    case signIn
    /// A guard that waits until the navigation is cancelled.
    case wait
    /// A guard that waits (for the network, say) while the user makes a gesture, then lets the
    /// navigation go ahead.
    case waitForUser
    /// A guard that navigates through the router itself and leaves what it showed (an interstitial
    /// presented or pushed on the current screen, or everything dismissed down to the root), then
    /// lets the navigation go ahead: the router must plan again against the tree the guard left.
    case navigates
    /// A guard that navigates as `navigates` does, then stops the navigation: the failure leaves the
    /// tree the guard's own navigation made.
    case navigatesThenRejects

    var description: String { ".\(rawValue)" }
    var count: Int { self == .twoOfOneType ? 2 : 1 }
}

/// One random route: its shape, the number of the screen it goes to and what can go wrong.
struct RouteSpec: CustomStringConvertible, Sendable {
    enum Shape: String, Sendable, CaseIterable {
        case push, pushOntoNamed, modalInNewStack, modal, dismissAndPresentOnRoot, addTab, setPrimary, showDetail,
            pushOnDetail, pushAsRoot, pushReplacingLast, popBack, switchPushOrModal, newTabsWithGatedTab, root,
            previous,
            sameTypeChain, appActionFailingMidway, replaceRoot, modalExpectingStack, pushStackOntoCurrent
        /// `TabsContainer.selectTab()` on the first tabs container: the destination must be one of
        /// its tabs.
        case selectTab
        /// `addTab(.insert(at:))` and `addTab(.replace(at:))` at index `other % 4`, which may be out
        /// of range; replacing takes the old tab's screens away.
        case insertTab, replaceTab
        /// The destination presented in a context style (`currentContext`, or `overCurrentContext`
        /// for an odd number) from the first navigation stack, which defines the presentation
        /// context: inside a tab, a column or a side menu, the stack, not the level, hosts it.
        case modalInStacksContext
    }

    var shape: Shape
    var number: Int
    var guards: GuardSpec = .pass
    var taskRejects = false
    var factoryFails = false
    /// A new stack the route builds loads for ten turns of the main actor first, and stops
    /// (throwing `CancellationError`) when its task is cancelled, as `URLSession` does.
    var loads = false
    var gated = false
    var style: TestModalStyle = .automatic
    /// The stack or container number the shape refers to, when it names one.
    var other = 0

    var description: String {
        var parts = [".\(shape.rawValue)", "\(number)"]
        if guards != .pass { parts.append("guards: \(guards)") }
        if taskRejects { parts.append("taskRejects: true") }
        if factoryFails { parts.append("factoryFails: true") }
        if loads { parts.append("loads: true") }
        if gated { parts.append("gated: true") }
        if style != .automatic { parts.append("style: .\(style)") }
        if other != 0 { parts.append("other: \(other)") }
        return "RouteSpec(\(parts.joined(separator: ", ")))"
    }

    init(
        _ shape: Shape, _ number: Int, guards: GuardSpec = .pass, taskRejects: Bool = false, factoryFails: Bool = false,
        loads: Bool = false, gated: Bool = false, style: TestModalStyle = .automatic, other: Int = 0
    ) {
        self.shape = shape
        self.number = number
        self.guards = guards
        self.taskRejects = taskRejects
        self.factoryFails = factoryFails
        self.loads = loads
        self.gated = gated
        self.style = style
        self.other = other
    }

    /// Routes one simplification away, for shrinking.
    var simplifications: [RouteSpec] {
        var result: [RouteSpec] = []
        if shape != .push {
            var copy = self
            copy.shape = .push
            result.append(copy)
        }
        if guards != .pass {
            var copy = self
            copy.guards = .pass
            result.append(copy)
        }
        for flag in [\RouteSpec.taskRejects, \RouteSpec.factoryFails, \RouteSpec.loads, \RouteSpec.gated]
        where self[keyPath: flag] {
            var copy = self
            copy[keyPath: flag] = false
            result.append(copy)
        }
        if style != .automatic {
            var copy = self
            copy.style = .automatic
            result.append(copy)
        }
        return result
    }
}

struct CheckFactoryError: Error, CustomStringConvertible {
    let label: String
    var description: String { "the factory of \(label) failed" }
}

struct CheckTaskRefusal: Error, CustomStringConvertible {
    var description: String { "the context task refuses this context" }
}

struct CheckGuardRefusal: Error, CustomStringConvertible {
    let label: String
    var description: String { "the guard of \(label) stops the navigation" }
}

struct AppActionMidwayError: Error, CustomStringConvertible {
    var description: String { "the app's action failed after presenting" }
}

/// Builds the screen of a step and records that it did.
struct CheckFactory<Built: CheckedScreen>: Factory {
    let recorder: CheckRecorder
    let label: String
    let make: @MainActor (Int) -> Built
    let fails: Bool
    let style: TestModalStyle

    func build(with context: Int) throws -> Built {
        recorder.record("build \(label)")
        if fails { throw CheckFactoryError(label: label) }
        let screen = make(context)
        screen.modalStyle = style
        return screen
    }
}

/// Builds a new stack as `NavigationContainerFactory` does, recording that it did, after loading
/// for ten turns of the main actor when `loads`; a cancelled task stops the loading with
/// `CancellationError`.
struct LoadingStackFactory: ContainerFactory {
    let recorder: CheckRecorder
    let loads: Bool

    func build(with number: Int, children: ContainerChildren) async throws -> TestNavigationContainer {
        recorder.record("build stack")
        if loads {
            for _ in 0..<10 {
                try Task.checkCancellation()
                await Task.yield()
            }
            try Task.checkCancellation()
        }
        return try await NavigationContainerFactory { TestNavigationContainer("n\($0)") }
            .build(with: number, children: children)
    }
}

/// A context task that can refuse its context before anything runs.
struct CheckContextTask<Prepared: CheckedScreen>: ContextTask {
    let recorder: CheckRecorder
    let rejects: Bool

    func validate(_ context: Int) throws {
        if rejects { throw CheckTaskRefusal() }
    }

    func prepare(_ screen: Prepared, with context: Int) throws {
        recorder.record("prepare \(screen.name)")
    }
}

/// An app's own action that presents its screen and then fails: the one failure allowed to leave
/// the screen changed (``RoutingError/Code/actionFailedAfterChanges``).
struct PresentThenFailAction: Action {
    func perform(_ screen: any Screen, on presenter: any Screen, animated: Bool) async throws {
        try await GeneralAction.presentModally().perform(screen, on: presenter, animated: animated)
        throw AppActionMidwayError()
    }
}

/// The routes of the model check, built the way an app writes them.
@MainActor
struct CheckRoutes {
    let recorder: CheckRecorder
    let router: DefaultRouter
    let window: TestWindow

    /// A route ready to navigate, with how many guards each labelled step has.
    struct Built {
        /// Navigates with the route to the spec's number.
        let navigate: @MainActor (NavigationQueueing) async throws(RoutingError) -> any Screen
        let guardCounts: [String: Int]
        /// Whether a failure may leave the screen changed: only an app's own action failing midway.
        let mayFailAfterChanges: Bool
    }

    func guarded<S: Screen>(_ step: StepAssembly<S, Int>, _ spec: GuardSpec, label: String, other: Int = 0)
        -> StepAssembly<S, Int>
    {
        let recorder = recorder
        let router = router
        let window = window
        switch spec {
        case .pass:
            return step.adding(ClosureInterceptor<Int> { _ in recorder.record("guard \(label)#0") })
        case .twoOfOneType:
            return
                step
                .adding(ClosureInterceptor<Int> { _ in recorder.record("guard \(label)#0") })
                .adding(ClosureInterceptor<Int> { _ in recorder.record("guard \(label)#1") })
        case .reject:
            return step.adding(
                ClosureInterceptor<Int> { _ in
                    recorder.record("guard \(label)#0")
                    throw CheckGuardRefusal(label: label)
                })
        case .signIn:
            return step.adding(
                ClosureInterceptor<Int> { _ in
                    recorder.record("guard \(label)#0")
                    try await Self.signIn(recorder: recorder, router: router, window: window)
                })
        case .wait:
            return step.adding(
                ClosureInterceptor<Int> { _ in
                    recorder.record("guard \(label)#0")
                    recorder.isWaiting = true
                    defer { recorder.isWaiting = false }
                    while !Task.isCancelled { await Task.yield() }
                    throw CancellationError()
                })
        case .waitForUser:
            return step.adding(
                ClosureInterceptor<Int> { _ in
                    recorder.record("guard \(label)#0")
                    recorder.isWaiting = true
                    defer { recorder.isWaiting = false }
                    while !recorder.userActed {
                        if Task.isCancelled { throw CancellationError() }
                        await Task.yield()
                    }
                })
        case .navigates, .navigatesThenRejects:
            let rejects = spec == .navigatesThenRejects
            return step.adding(
                ClosureInterceptor<Int> { _ in
                    recorder.record("guard \(label)#0")
                    try await Self.guardNavigation(other, recorder: recorder, router: router, window: window)
                    if rejects { throw CheckGuardRefusal(label: label) }
                })
        }
    }

    /// The navigation a `navigates` guard makes through the router, chosen by `other`: presents
    /// screen `other` from the current screen (or reveals it, if it is in the tree), dismisses
    /// everything down to the root, or pushes screen `other` on the current stack. One that fails
    /// changes nothing, and the guard goes on; one that succeeds is recorded, with the tree it left.
    static func guardNavigation(_ other: Int, recorder: CheckRecorder, router: DefaultRouter, window: TestWindow)
        async throws
    {
        let screen = StepAssembly(
            finder: ClassWithContextFinder<CheckedScreen, Int>(),
            factory: ClosureFactory<CheckedScreen, Int> { CheckedScreen($0) })
        do throws(RoutingError) {
            switch other % 3 {
            case 0:
                let route = screen.using(GeneralAction.presentModally()).from(GeneralStep.current()).assemble()
                _ = try await router.navigate(to: route, with: other, animated: true)
            case 1:
                let route: DestinationStep<any Screen, Int> = GeneralStep.root()
                _ = try await router.navigate(to: route, with: other, animated: true)
            default:
                let route = screen.using(TestNavigationContainer.push())
                    .from(GeneralStep.current().expectingContainer()).assemble()
                _ = try await router.navigate(to: route, with: other, animated: true)
            }
        } catch {
            // A guard's navigation that the navigation's cancellation stopped: the guard stops too.
            if error.code == .cancelled { throw CancellationError() }
            return
        }
        recorder.record("guard navigated")
        recorder.treeAfterGuardNavigation = window.render()
    }

    /// Signs the user in the way an app's guard does: shows a login screen through the router,
    /// marks the user signed in, dismisses the login screen.
    static func signIn(recorder: CheckRecorder, router: DefaultRouter, window: TestWindow) async throws {
        guard !recorder.isSignedIn else { return }
        let login = StepAssembly(
            finder: ClassFinder<CheckLoginScreen, Void>(), factory: ClosureFactory { _ in CheckLoginScreen() }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        let screen = try await router.navigate(to: login, animated: false)
        recorder.record("login shown")
        recorder.isSignedIn = true
        try await (screen.presentingScreen as? any ModalPresenting)?.dismissPresentedScreen(animated: false)
    }

    func destination(_ spec: RouteSpec, label: String = "dest") -> StepAssembly<CheckedScreen, Int> {
        destination(spec, label: label) { CheckedScreen($0) }
    }

    /// The destination step of `spec`, building `S`: a gated route declares ``GatedScreen``, so a
    /// plan guard knows from the plan that it needs a signed-in user.
    func destination<S: CheckedScreen>(_ spec: RouteSpec, label: String = "dest", make: @escaping @MainActor (Int) -> S)
        -> StepAssembly<S, Int>
    {
        let step = StepAssembly(
            finder: ClassWithContextFinder<S, Int>(),
            factory: CheckFactory(
                recorder: recorder, label: label, make: make, fails: spec.factoryFails, style: spec.style)
        )
        .adding(CheckContextTask<S>(recorder: recorder, rejects: spec.taskRejects))
        .adding(ClosurePostTask<S, Int> { _, _, _ in recorder.record("post \(label)") })
        return guarded(step, spec.guards, label: label, other: spec.other)
    }

    func namedStack(_ number: Int) -> DestinationStep<TestNavigationContainer, Int> {
        let recorder = recorder
        return guarded(
            StepAssembly(
                finder: PredicateFinder<TestNavigationContainer, Int> { screen, _ in screen.name == "n\(number)" },
                factory: NavigationContainerFactory { _ in
                    // Recorded, as every labelled step's build is, so that the runner holds its
                    // guards to running once and before it.
                    recorder.record("build stack")
                    return TestNavigationContainer("n\(number)")
                }),
            .pass, label: "stack"
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    /// A new, empty navigation stack behind `guards`, labelled "stack", that first loads when
    /// `loads`.
    func newStack(_ guards: GuardSpec, loads: Bool = false) -> StepAssembly<TestNavigationContainer, Int> {
        guarded(
            StepAssembly(
                finder: NilFinder<TestNavigationContainer, Int>(),
                factory: LoadingStackFactory(recorder: recorder, loads: loads)),
            guards, label: "stack")
    }

    func build(_ spec: RouteSpec) -> Built {
        spec.gated ? build(spec) { GatedScreen($0) } : build(spec) { CheckedScreen($0) }
    }

    private func build<S: CheckedScreen>(_ spec: RouteSpec, make: @escaping @MainActor (Int) -> S) -> Built {
        let dest = destination(spec, make: make)
        var counts = ["dest": spec.guards.count]
        var afterChanges = false
        let route: Route
        switch spec.shape {
        case .push:
            route = erase(dest.using(TestNavigationContainer.push()).from(GeneralStep.current().expectingContainer()))
        case .pushOntoNamed:
            counts["stack"] = 1
            route = erase(dest.using(TestNavigationContainer.push()).from(namedStack(spec.other)))
        case .modalInNewStack:
            counts["stack"] = 1
            route = erase(
                dest.using(TestNavigationContainer.push())
                    .from(
                        newStack(.pass, loads: spec.loads)
                    )
                    .using(GeneralAction.presentModally())
                    .from(GeneralStep.current()))
        case .modal:
            route = erase(dest.using(GeneralAction.presentModally()).from(GeneralStep.current()))
        case .dismissAndPresentOnRoot:
            route = erase(dest.using(GeneralAction.dismissAndPresent()).from(GeneralStep.root()))
        case .addTab:
            route = erase(
                dest.using(TestTabsContainer.addTab()).from(GeneralStep.custom(ClassFinder<TestTabsContainer, Int>())))
        case .setPrimary:
            route = erase(
                dest.using(TestSplitContainer.setPrimary())
                    .from(GeneralStep.custom(ClassFinder<TestSplitContainer, Int>())))
        case .showDetail:
            route = erase(
                dest.using(TestSplitContainer.showDetail())
                    .from(GeneralStep.custom(ClassFinder<TestSplitContainer, Int>())))
        case .pushOnDetail:
            route = erase(
                dest.using(TestSplitContainer.pushOnDetail())
                    .from(GeneralStep.custom(ClassFinder<TestSplitContainer, Int>())))
        case .pushAsRoot:
            route = erase(
                dest.using(TestNavigationContainer.pushAsRoot()).from(GeneralStep.current().expectingContainer()))
        case .pushReplacingLast:
            route = erase(
                dest.using(TestNavigationContainer.pushReplacingLast()).from(
                    GeneralStep.current().expectingContainer()))
        case .popBack:
            route = erase(
                dest.using(TestNavigationContainer.popBack()).from(GeneralStep.current().expectingContainer()))
        case .switchPushOrModal:
            let pushed = dest.using(TestNavigationContainer.push()).from(GeneralStep.current().expectingContainer())
                .assemble()
            let presented = dest.using(GeneralAction.presentModally()).from(GeneralStep.current()).assemble()
            route =
                SwitchAssembly<S, Int>()
                .addCase { number in number.isMultiple(of: 2) ? pushed : nil }
                .assemble(default: presented)
                .erased
        case .newTabsWithGatedTab:
            counts = ["tabs": spec.guards.count]
            let recorder = recorder
            let tabs = StepAssembly(
                finder: NilFinder<TestTabsContainer, Int>(),
                factory: PredefinedChildrenFactory(
                    TabsContainerFactory { number in
                        recorder.record("build tabs")
                        return TestTabsContainer("t\(number)")
                    },
                    children: [
                        { number in
                            recorder.record("build tab")
                            return GatedScreen(number)
                        }
                    ])
            )
            route =
                guarded(tabs, spec.guards, label: "tabs", other: spec.other)
                .using(GeneralAction.presentModally())
                .from(GeneralStep.current())
                .assemble()
                .erased
        case .root:
            counts = [:]
            route = (GeneralStep.root() as DestinationStep<any Screen, Int>).erased
        case .previous:
            counts = [:]
            route = (GeneralStep.previous() as DestinationStep<any Screen, Int>).erased
        case .sameTypeChain:
            counts["mid"] = spec.guards.count
            let middle = destination(spec, label: "mid", make: make)
                .using(TestNavigationContainer.push())
                .from(GeneralStep.current().expectingContainer())
                .assemble()
                .adaptingContext { (number: Int) in number + 1000 }
            route = erase(dest.using(TestNavigationContainer.push()).from(middle.expectingContainer()))
        case .appActionFailingMidway:
            afterChanges = true
            route = erase(dest.using(PresentThenFailAction()).from(GeneralStep.current()))
        case .replaceRoot:
            counts["stack"] = 1
            route = erase(
                dest.using(TestNavigationContainer.push())
                    .from(
                        newStack(.pass, loads: spec.loads)
                    )
                    .using(GeneralAction.replaceRoot())
                    .from(GeneralStep.window()))
        case .modalExpectingStack:
            route =
                dest.using(GeneralAction.presentModally()).from(GeneralStep.current()).assemble()
                .expectingContainer(TestNavigationContainer.self).erased
        case .selectTab:
            route = erase(
                dest.using(TestTabsContainer.selectTab())
                    .from(GeneralStep.custom(ClassFinder<TestTabsContainer, Int>())))
        case .insertTab, .replaceTab:
            let index = spec.other % 4
            route = erase(
                dest.using(
                    TestTabsContainer.addTab(spec.shape == .insertTab ? .insert(at: index) : .replace(at: index))
                )
                .from(GeneralStep.custom(ClassFinder<TestTabsContainer, Int>())))
        case .modalInStacksContext:
            route = erase(
                dest.using(GeneralAction.presentModally())
                    .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Int>())))
        case .pushStackOntoCurrent:
            counts = ["stack": spec.guards.count]
            route =
                newStack(spec.guards, loads: spec.loads)
                .using(TestNavigationContainer.push())
                .from(GeneralStep.current().expectingContainer())
                .assemble()
                .erased
        }
        return Built(
            navigate: route.navigator(router, spec.number), guardCounts: counts, mayFailAfterChanges: afterChanges)
    }

    private func erase<S: CheckedScreen>(_ assembly: CompletedAssembly<S, Int>) -> Route {
        assembly.assemble().erased
    }
}

/// A route of any destination type, as the navigation it starts.
@MainActor
struct Route {
    let navigator: (DefaultRouter, Int) -> @MainActor (NavigationQueueing) async throws(RoutingError) -> any Screen

    init<ViewController>(
        _ step: DestinationStep<ViewController, Int>, _ asScreen: @escaping (ViewController) -> any Screen
    ) {
        navigator = { router, number in
            { queueing throws(RoutingError) in
                asScreen(try await router.navigate(to: step, with: number, animated: true, queueing: queueing))
            }
        }
    }
}

extension DestinationStep where Context == Int, ViewController: Screen {
    /// The route as a navigation returning any screen, so routes of every shape fit in one list.
    @MainActor var erased: Route { Route(self) { $0 } }
}

extension DestinationStep where Context == Int, ViewController == any Screen {
    /// The route as a navigation returning any screen, so routes of every shape fit in one list.
    @MainActor var erased: Route { Route(self) { $0 } }
}
