import Composer
import ComposerTesting
import Testing

/// The defects of issue 19, each pinned by the smallest tree and route that showed it.
@MainActor
@Suite("Issue 19 regressions")
struct Issue19RegressionTests {
    let recorder = CheckRecorder()

    /// A product pushed onto the current stack, behind `guards`.
    func pushed(_ number: Int, guards: GuardSpec = .pass, window: TestWindow, router: DefaultRouter)
        -> DestinationStep<CheckedScreen, Int>
    {
        CheckRoutes(recorder: recorder, router: router, window: window)
            .destination(RouteSpec(.push, number, guards: guards))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }

    @Test("Point 1: a step whose screen, finder and factory match an earlier step's keeps its own guards")
    func alikeStepsKeepTheirGuards() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [CheckedScreen(1)]))
        let router = DefaultRouter(window: window)
        let routes = CheckRoutes(recorder: recorder, router: router, window: window)
        let middle = routes.destination(RouteSpec(.push, 0, guards: .twoOfOneType), label: "mid")
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
            .adaptingContext { (number: Int) in number + 1000 }
        let route = routes.destination(RouteSpec(.push, 0, guards: .twoOfOneType))
            .using(TestNavigationContainer.push())
            .from(middle.expectingContainer())
            .assemble()

        try await router.navigate(to: route, with: 7, animated: false)

        #expect(
            recorder.events.filter { $0.hasPrefix("guard") } == [
                "guard mid#0", "guard mid#1", "guard dest#0", "guard dest#1",
            ])
        #expect(window.current?.name == "s7")
    }

    @Test("Point 2: signed out, a refusal met by revealing the root comes before the sign-in")
    func refusalComesBeforeSignIn() async throws {
        let root = CheckedScreen(1)
        let window = TestWindow(root: root)
        let form = CheckedScreen(2)
        form.canBeDismissed = false
        try await root.presentScreen(form, animated: false)
        let router = DefaultRouter(window: window)
        recorder.isSignedIn = false
        let route = CheckRoutes(recorder: recorder, router: router, window: window)
            .destination(RouteSpec(.dismissAndPresentOnRoot, 3, guards: .signIn))
            .using(GeneralAction.dismissAndPresent())
            .from(GeneralStep.root())
            .assemble()
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: route, with: 3, animated: false)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(recorder.events.isEmpty, "no guard ran and no login screen was shown")
        #expect(recorder.isSignedIn == false)
        #expect(window.render() == before)
    }

    @Test("Point 2: signed out, replacing a root that refuses to leave fails before the sign-in shows a login screen")
    func rootReplacementRefusalComesBeforeSignIn() async throws {
        let root = CheckedScreen(1)
        root.canBeDismissed = false
        let window = TestWindow(root: root)
        let router = DefaultRouter(window: window)
        recorder.isSignedIn = false
        let routes = CheckRoutes(recorder: recorder, router: router, window: window)
        let route = routes.destination(RouteSpec(.replaceRoot, 2, guards: .signIn))
            .using(TestNavigationContainer.push())
            .from(routes.newStack(.signIn))
            .using(GeneralAction.replaceRoot())
            .from(GeneralStep.window())
            .assemble()
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: route, with: 2, animated: false)
        }

        #expect(window.render() == before)
        #expect(error?.code == .dismissalRefused)
        #expect(recorder.events.isEmpty, "no guard ran and no login screen was shown")
        #expect(recorder.isSignedIn == false)
    }

    @Test("Point 3: a destination that expects a container it is never in fails before anything is shown")
    func expectedContainerIsCheckedFirst() async throws {
        let window = TestWindow(root: CheckedScreen(1))
        let router = DefaultRouter(window: window)
        let route = CheckRoutes(recorder: recorder, router: router, window: window)
            .destination(RouteSpec(.modal, 2))
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
            .expectingContainer(TestNavigationContainer.self)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: route, with: 2, animated: false)
        }

        #expect(error?.code == .containerNotFound)
        #expect(window.render() == before)
        #expect(recorder.events.isEmpty, "no guard or factory ran")
    }

    /// A split view under a sheet, so that any navigation into it first dismisses the sheet.
    func splitUnderSheet(primary: TestScreen?, secondary: TestScreen?, collapsed: Bool = false) async throws
        -> TestWindow
    {
        let split = TestSplitContainer("split", primary: primary, secondary: secondary, isCollapsed: collapsed)
        let window = TestWindow(root: split)
        try await split.presentScreen(CheckedScreen(9), animated: false)
        return window
    }

    func intoSplit<A: ContainerAction>(_ action: A, window: TestWindow, router: DefaultRouter)
        -> DestinationStep<CheckedScreen, Int> where A.Container == TestSplitContainer
    {
        CheckRoutes(recorder: recorder, router: router, window: window)
            .destination(RouteSpec(.showDetail, 3))
            .using(action)
            .from(GeneralStep.custom(ClassFinder<TestSplitContainer, Int>()))
            .assemble()
    }

    @Test(
        "Point 4: a built-in action the twin's rules refuse is refused by preflight, before the sheet is dismissed",
        arguments: [
            "showDetail without primary", "showDetail collapsed onto a plain primary",
            "pushOnDetail onto a plain detail",
        ])
    func builtInActionsAreRefusedByPreflight(_ scenario: String) async throws {
        let window: TestWindow
        let route: (DefaultRouter) -> DestinationStep<CheckedScreen, Int>
        switch scenario {
        case "showDetail without primary":
            window = try await splitUnderSheet(primary: nil, secondary: nil)
            route = { intoSplit(TestSplitContainer.showDetail(), window: window, router: $0) }
        case "showDetail collapsed onto a plain primary":
            window = try await splitUnderSheet(primary: CheckedScreen(1), secondary: nil, collapsed: true)
            route = { intoSplit(TestSplitContainer.showDetail(), window: window, router: $0) }
        default:
            window = try await splitUnderSheet(primary: CheckedScreen(1), secondary: CheckedScreen(2))
            route = { intoSplit(TestSplitContainer.pushOnDetail(), window: window, router: $0) }
        }
        let router = DefaultRouter(window: window)
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: route(router), with: 3, animated: false)
        }

        #expect(error?.code == .actionFailed)
        #expect(window.render() == before)
        #expect(recorder.events.isEmpty, "no guard or factory ran")
    }

    @Test("Point 4: a navigation stack pushed onto a stack under a sheet is refused before the sheet is dismissed")
    func stackIntoStackIsRefusedByPreflight() async throws {
        let main = TestNavigationContainer("n1", stack: [CheckedScreen(1)])
        let window = TestWindow(root: main)
        try await main.presentScreen(CheckedScreen(9), animated: false)
        let router = DefaultRouter(window: window)
        let route = StepAssembly(
            finder: NilFinder<TestNavigationContainer, Int>(),
            factory: NavigationContainerFactory { _ in TestNavigationContainer("inner") }
        )
        .using(TestNavigationContainer.push())
        .from(CheckRoutes(recorder: recorder, router: router, window: window).namedStack(1))
        .assemble()
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: route, with: 3, animated: false)
        }

        #expect(error?.code == .actionFailed)
        #expect(window.render() == before)
        #expect(recorder.events.isEmpty, "no guard ran")
    }

    @Test(
        "Point 6: signed out, revealing a screen under a full-screen modal asks the plan guard about the split view's other column, which the dismissal uncovers"
    )
    func planListsWhatTheRevealUncovers() async {
        let violation = await ModelCheckWorld.run(
            tree: TreeSpec(
                .screen, 1,
                presented: [
                    TreeSpec(
                        .split(collapsed: false), 2, children: [TreeSpec(.gated, 4), TreeSpec(.screen, 6)],
                        presented: [TreeSpec(.screen, 8, style: .fullScreen)])
                ]),
            signedIn: false,
            steps: [.navigate(RouteSpec(.push, 6))])
        #expect(violation == nil, "\(violation.map(String.init(describing:)) ?? "")")
    }

    @Test(
        "Point 5: root() dismisses what a context-defining screen inside the root presents, with the full-screen modal over it"
    )
    func rootRevealDismissesPresentationsHostedInsideIt() async {
        let violation = await ModelCheckWorld.run(
            tree: TreeSpec(
                .tabs(selected: 0), 1,
                children: [
                    TreeSpec(
                        .nav, 2, children: [TreeSpec(.screen, 3)], definesContext: true,
                        presented: [
                            TreeSpec(
                                .screen, 4, presented: [TreeSpec(.screen, 5, style: .fullScreen)],
                                style: .currentContext)
                        ])
                ]),
            signedIn: true,
            steps: [.navigate(RouteSpec(.root, 1))])
        #expect(violation == nil, "\(violation.map(String.init(describing:)) ?? "")")
    }

    @Test(
        "Point 5: current is what the user sees when a context-defining container presents over a context-defining screen inside it that presents too"
    )
    func currentSeesPresentationsHostedAlongItsPath() async {
        let violation = await ModelCheckWorld.run(
            tree: TreeSpec(
                .tabs(selected: 0), 1,
                children: [
                    TreeSpec(
                        .split(collapsed: false), 2,
                        children: [
                            TreeSpec(
                                .screen, 5, definesContext: true,
                                presented: [TreeSpec(.screen, 8, style: .overCurrentContext)])
                        ], definesContext: true, presented: [TreeSpec(.screen, 9, style: .currentContext)])
                ]),
            signedIn: false,
            steps: [.navigate(RouteSpec(.push, 2))])
        #expect(violation == nil, "\(violation.map(String.init(describing:)) ?? "")")
    }

    @Test(
        "Point 5: a screen inside a context-defining screen's presentation presents full screen while the level root already has a sheet"
    )
    func presentationUnderTheLevelRootsSheet() async {
        let violation = await ModelCheckWorld.run(
            tree: TreeSpec(
                .sideMenu(showsMenu: false), 1,
                children: [
                    TreeSpec(.screen, 2),
                    TreeSpec(
                        .screen, 3, definesContext: true,
                        presented: [
                            TreeSpec(
                                .screen, 5, presented: [TreeSpec(.screen, 7, style: .fullScreen)],
                                style: .currentContext)
                        ]),
                ],
                presented: [TreeSpec(.screen, 12)]),
            signedIn: false,
            steps: [.navigate(RouteSpec(.push, 21, other: 13))])
        #expect(violation == nil, "\(violation.map(String.init(describing:)) ?? "")")
    }

    @Test(
        "Point 5: revealing a split view's primary dismisses a full-screen modal presented from a sheet over a context presentation of the other column"
    )
    func fullScreenAboveAContextChainHidesTheOtherColumn() async {
        let violation = await ModelCheckWorld.run(
            tree: TreeSpec(
                .split(collapsed: false), 1,
                children: [
                    TreeSpec(.screen, 3),
                    TreeSpec(
                        .screen, 4, definesContext: true, presented: [TreeSpec(.screen, 6, style: .overCurrentContext)]),
                ]),
            signedIn: false,
            steps: [
                .navigate(RouteSpec(.modalInNewStack, 12, other: 13)),
                .navigate(RouteSpec(.modal, 2, style: .fullScreen, other: 2)),
                .navigate(RouteSpec(.push, 3, other: 5)),
            ])
        #expect(violation == nil, "\(violation.map(String.init(describing:)) ?? "")")
    }
}
