import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// The refusal of ``RefusingLargeIDsTask``.
private struct NoDataForID: Error, CustomStringConvertible {
    let id: Int
    var description: String { "no data for \(id)" }
}

/// A context task that has no data for IDs above 100 and says so before anything runs; it
/// journals the screens it prepares.
private struct RefusingLargeIDsTask<Target>: ContextTask {
    let journal: Journal

    func validate(_ context: Int) throws {
        if context > 100 { throw NoDataForID(id: context) }
    }

    func prepare(_ screen: Target, with context: Int) throws {
        journal.record("prepare \(screen) \(context)")
    }
}

/// The router-wide form of ``RefusingLargeIDsTask``: it sees every navigation's context.
private struct RefusingLargeIDsRouterTask: ContextTask {
    let journal: Journal

    func validate(_ context: Any) throws {
        if let id = context as? Int, id > 100 { throw NoDataForID(id: id) }
    }

    func prepare(_ screen: any Screen, with context: Any) throws {
        journal.record("prepare \(screen)")
    }
}

/// Tests from a second mutation review of the routing engine: each kills a change of the engine
/// (named in its comment) that the rest of the suite let pass, through what the user sees: the
/// tree, the errors (code, failing step and text) and the order things ran in.
@MainActor
@Suite("Router: second mutation review")
struct RouterMutationReviewTests: JournaledRouting {
    let journal = Journal()

    /// `name`, pushed onto the stack "main" wherever it is (what covers it dismissed), journaled
    /// when built.
    func pushedOntoMain(_ name: String) -> DestinationStep<TestScreen, Void> {
        StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { [journal] in
                journal.record("build \(name)")
                return TestScreen(name)
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Void>()))
        .assemble()
    }

    // MARK: - The failing step named in an error

    /// Mutant: `failingStep` names the finder for every `containerNotFound` (the branch naming the
    /// step's action dropped). A new sheet expected to sit in a navigation stack, presented by an
    /// action that puts it in none: the action is at fault, not the finder (which found nothing,
    /// as a new screen's finder does).
    @Test("containerNotFound for a new step whose action puts it in no container names that action")
    func containerNotFoundNamesTheAction() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let sheet = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { TestScreen("sheet") }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        let pushedOnSheet = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { TestScreen("detail") }
        )
        .using(TestNavigationContainer.push())
        .from(sheet.expectingContainer())
        .assemble()
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: pushedOnSheet, animated: false)
        }

        #expect(error?.code == .containerNotFound)
        #expect(error?.failingStep?.position == 1)
        #expect(error?.failingStep?.role == .action, "found \(String(describing: error?.failingStep))")
        #expect(error?.failingStep?.typeName.hasPrefix("PresentModally") == true)
        #expect(error?.found.contains("does not put it into a container") == true, "\(error?.found ?? "")")
        #expect(window.render() == before)
    }

    /// Mutant: a failed transition that serves several steps gives the first of them as the
    /// failing position (`stepCount >= 1` for `stepCount == 1`). Two screens pushed onto the
    /// stack on screen go in one change; the second one's factory hands back a screen another
    /// stack still holds, so the stack refuses the change. The push action is at fault, for both
    /// steps: the error names it without claiming one step's position.
    @Test("A transition serving two steps fails naming their action, without claiming one step's position")
    func groupedTransitionFailureHasNoPosition() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let held = TestScreen("held elsewhere")
        let elsewhere = TestNavigationContainer("elsewhere", stack: [held])
        let first = pushed("first")
        let second = StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { held })
            .using(TestNavigationContainer.push())
            .from(first.expectingContainer())
            .assemble()
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: second, animated: false)
        }

        #expect(error?.code == .actionFailed)
        #expect(error?.step?.hasSuffix("(step 1, 0)") == true, "\(error?.step ?? "no step")")
        #expect(error?.failingStep?.role == .action)
        #expect(error?.failingStep?.typeName == "PushAction<TestNavigationContainer>")
        #expect(error?.failingStep?.position == nil, "the transition serves steps 1 and 0")
        #expect(window.render() == before)
        #expect(elsewhere.stack.count == 1)
    }

    // MARK: - Preflight asks every context validation before the guards

    /// Mutant: preflight does not validate the router-wide context tasks. One that has no data
    /// for the context must stop the navigation before the step's guard and factory run.
    @Test("A router-wide context task that rejects the context stops the navigation before any guard or factory")
    func routerWideContextTaskValidatedFirst() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        router.add(RefusingLargeIDsRouterTask(journal: journal))
        let product = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Int>()))
        .assemble()
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: product, with: 101, animated: false)
        }

        #expect(error?.code == .contextTaskFailed)
        #expect(error?.failingStep?.role == .contextTask)
        #expect(error?.failingStep?.typeName == "RefusingLargeIDsRouterTask")
        #expect(error?.found == "it refused it before anything ran")
        #expect(journal.lines.isEmpty, "no guard, factory or task ran: \(journal.lines)")
        #expect(window.render() == before)
    }

    /// Mutant: preflight validates the context tasks of the new steps only, not those of the
    /// anchor (the found screen, which the navigation prepares too). The list's task has no data
    /// for the context: nothing may run.
    @Test("The anchor's context task that rejects the context stops the navigation before any guard or factory")
    func anchorContextTaskValidatedFirst() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let list = StepAssembly(finder: ClassFinder<ListScreen, Int>(), factory: ClosureFactory { _ in ListScreen() })
            .adding(RefusingLargeIDsTask<ListScreen>(journal: journal))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Int>()))
            .assemble()
        let product = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
        .using(TestNavigationContainer.push())
        .from(list.expectingContainer())
        .assemble()
        let before = window.render()

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: product, with: 101, animated: false)
        }

        #expect(error?.code == .contextTaskFailed)
        #expect(error?.failingStep?.position == 1, "the list, the anchor, is step 1")
        #expect(error?.failingStep?.role == .contextTask)
        #expect(error?.underlyingError is NoDataForID)
        #expect(journal.lines.isEmpty, "no guard, factory or task ran: \(journal.lines)")
        #expect(window.render() == before)
    }

    // MARK: - Guards once per navigation, and the re-plan limit

    /// Mutant: every re-plan round runs the router-wide interceptors again. A router-wide guard
    /// that shows an interstitial makes the router plan again, and the plan guard sees the new
    /// plan; the router-wide guard, which may have asked the user, is not asked twice.
    @Test("A router-wide guard runs once per navigation, even when the router plans again after it")
    func routerWideGuardRunsOnce() async throws {
        let stack = TestNavigationContainer("main", stack: [ListScreen()])
        let window = TestWindow(root: stack)
        let router = DefaultRouter(window: window)
        let journal = journal
        var shown = false
        router.add(
            ClosureInterceptor<Any> { _ in
                journal.record("router guard")
                guard !shown else { return }
                shown = true
                try await stack.push(TestScreen("interstitial"), animated: false)
            })
        router.add(planInterceptor: ClosurePlanInterceptor { _ in journal.record("plan guard") })

        try await router.navigate(to: pushed("account"), animated: false)

        #expect(journal.lines == ["router guard", "plan guard", "plan guard", "build account"])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "interstitial"
                    screen "account"
                """)
    }

    /// A router whose plan guard pushes a screen of its own on each of its first `changes` calls
    /// (each push gives a new plan, which the guard is asked about again), and the outcome of a
    /// navigation pushing "account".
    func navigation(afterGuardChanges changes: Int) async -> (error: RoutingError?, tree: String) {
        let stack = TestNavigationContainer("main", stack: [ListScreen()])
        let window = TestWindow(root: stack)
        let router = DefaultRouter(window: window)
        var calls = 0
        router.add(
            planInterceptor: ClosurePlanInterceptor { _ in
                calls += 1
                if calls <= changes { try await stack.push(TestScreen("step \(calls)"), animated: false) }
            })
        do {
            try await router.navigate(to: pushed("account"), animated: false)
            return (nil, window.render())
        } catch {
            return (error, window.render())
        }
    }

    /// Mutant: the limit of re-plan rounds one lower (`rounds < 7`). Guards that change the tree
    /// seven times in a row settle within the limit; an eighth change is refused, and what the
    /// guards changed stays.
    @Test("Guards may make the router plan again seven times; the eighth re-plan is refused")
    func replanLimit() async throws {
        let settled = await navigation(afterGuardChanges: 7)
        #expect(settled.error == nil, "\(String(describing: settled.error))")
        #expect(settled.tree.hasSuffix("screen \"step 7\"\n    screen \"account\""), "\(settled.tree)")

        let endless = await navigation(afterGuardChanges: 8)
        #expect(endless.error?.code == .interceptorRejected)
        #expect(
            endless.error?.found
                == "the plan changed after each of 8 rounds of guards (they changed the tree, or what a SwitchAssembly"
                + " picks, every time)")
        #expect(endless.tree.hasSuffix("screen \"step 8\""), "\(endless.tree)")
        #expect(journal.lines == ["build account"], "the refused navigation built nothing")
    }

    // MARK: - Cancellation

    /// The plan guard waits for a server that ignores cancellation, then shows an interstitial;
    /// an interrupt (a forced logout) came meanwhile. The tree changed, so the plan is stale, but
    /// the run is cancelled: the router asks no guard of a new plan (the second call would wait
    /// for the user on a screen of a navigation that is over), and the interrupt goes ahead.
    ///
    /// Found by the mutant that started a re-planned guard round's task uncancelled: the guard
    /// was asked again, and the interrupt waited for the user.
    @Test("A navigation an interrupt cancelled during its guards asks no guard of a new plan; the interrupt goes ahead")
    func noGuardOfANewPlanAfterAnInterrupt() async throws {
        let stack = TestNavigationContainer("main", stack: [ListScreen()])
        let window = TestWindow(root: stack)
        let router = DefaultRouter(window: window)
        let server = HeldDoor()
        var calls = 0
        router.add(
            planInterceptor: ClosurePlanInterceptor { _ in
                calls += 1
                // The first call is the running navigation's; any other lets its plan through.
                guard calls == 1 else { return }
                await server.pass()
                try await stack.push(TestScreen("interstitial"), animated: false)
            })
        let running = TaskOutcome { try await router.navigate(to: self.pushed("account"), animated: false) }
        await waitUntil { server.isWaiting }
        let interrupting = TaskOutcome {
            try await router.navigate(to: self.sheet("logout"), animated: false, queueing: .interrupt)
        }
        await waitUntil { router.waitingNavigations == 1 }

        server.open()
        await waitUntil { running.isDone && interrupting.isDone }

        // Once for the cancelled navigation, once for the logout: none for a new plan of the first.
        #expect(calls == 2)
        #expect(running.error?.code == .cancelled)
        #expect(interrupting.value?.name == "logout")
        #expect(journal.lines == ["build logout"])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "interstitial"
                  presented pageSheet:
                    screen "logout"
                """)
    }

    /// Mutant: no cancellation check after the context tasks ran. A context task whose work
    /// cancels the navigation's task (the view that asked for it goes away): the navigation has
    /// not changed anything yet, and must not.
    @Test("A navigation cancelled while its context tasks run shows nothing")
    func cancelledByAContextTaskShowsNothing() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        var navigation: Task<TestScreen, any Error>?
        let account = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { TestScreen("account") }
        )
        .adding(ClosureContextTask<TestScreen, Void> { _, _ in navigation?.cancel() })
        .adding(ClosurePostTask<TestScreen, Void> { [journal] _, _, _ in journal.record("shown account") })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
        let before = window.render()

        let task = Task { try await router.navigate(to: account, animated: false) }
        navigation = task
        let error = await #expect(throws: RoutingError.self) { try await task.value }

        #expect(error?.code == .cancelled)
        #expect(error?.found.hasSuffix("nothing on screen was changed") == true, "\(error?.found ?? "no error")")
        #expect(journal.lines.isEmpty)
        #expect(window.render() == before)
    }

    // MARK: - The queue

    /// Mutant: a navigation handed the turn that lets interrupts asked for meanwhile go first
    /// waits again one place too far back (`min(ahead, …)` for `min(ahead - 1, …)`), behind a
    /// navigation asked for after it. A post task asks for a forced logout while two navigations
    /// wait their turn: the logout goes first, then the two in the order they were asked for.
    @Test("After an interrupt asked for as the turn is handed on, the waiting navigations keep their order")
    func waitingNavigationsKeepTheirOrderAfterAHandedOnInterrupt() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let door = HeldDoor()
        var interrupted: Result<TestScreen, RoutingError>?
        let first = StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { [journal] in
                journal.record("build first")
                return TestScreen("first")
            }
        )
        .adding(ClosureInterceptor<Void> { _ in await door.pass() })
        .adding(
            ClosurePostTask<TestScreen, Void> { [self] _, _, _ in
                router.navigate(to: self.sheet("logout"), animated: false, queueing: .interrupt) { result in
                    interrupted = result
                }
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()

        let running = TaskOutcome { try await router.navigate(to: first, animated: false) }
        await waitUntil { door.isWaiting }
        let second = TaskOutcome { try await router.navigate(to: self.pushedOntoMain("second"), animated: false) }
        await waitUntil { router.waitingNavigations == 1 }
        let third = TaskOutcome { try await router.navigate(to: self.pushedOntoMain("third"), animated: false) }
        await waitUntil { router.waitingNavigations == 2 }
        door.open()
        await waitUntil { running.isDone && second.isDone && third.isDone && interrupted != nil }
        #expect(running.value?.name == "first")
        #expect(second.value?.name == "second")
        #expect(third.value?.name == "third")
        #expect(
            journal.lines == ["build first", "build logout", "build second", "build third"],
            "the logout first, then the waiting navigations in the order they were asked for")
    }

    /// Mutant: the post tasks run inside the marks of the navigation running (not
    /// `outsideNavigation`). A post task of the sign-in screen a guard shows starts a navigation in
    /// a plain task: it must wait for the guarded navigation, not cut into it while its guard
    /// still waits for the user.
    @Test("A navigation a post task of a guard's navigation starts waits its turn")
    func postTaskOfANestedNavigationStartsANavigationThatWaits() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        var started: TaskOutcome<TestScreen>?
        let login = StepAssembly(finder: ClassFinder<LoginScreen, Void>(), factory: ClosureFactory { LoginScreen() })
            .adding(
                ClosurePostTask<LoginScreen, Void> { [self] _, _, _ in
                    started = TaskOutcome { try await router.navigate(to: self.sheet("promo"), animated: false) }
                }
            )
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
        await expectLoginStartedPromoWaitsForTheGuard(
            router: router, window: window, login: login, starter: "the login's post task", started: { started })
    }

    // MARK: - Containers that build their own screens

    /// Mutant: the screens containers build are looked for destination side first, so a screen
    /// inside a container that is itself built by its container is looked for before that
    /// container is found. The list inside the shop stack the tab bar creates is reached on a
    /// cold start.
    @Test("A screen built by a stack that its tab bar builds is found once both are built")
    func screenBuiltByAContainerBuiltByItsContainer() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        let tabs = StepAssembly(
            finder: ClassFinder<TestTabsContainer, Void>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in TestTabsContainer("main") },
                children: [
                    { _ in TestNavigationContainer("home-nav", stack: [TestScreen("home")]) },
                    { _ in TestNavigationContainer("shop-nav", stack: [ListScreen()]) },
                ])
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
        let shop = StepAssembly(
            finder: PredicateFinder<TestNavigationContainer, Void> { stack, _ in stack.name == "shop-nav" },
            factory: BuiltByContainerFactory<TestNavigationContainer, Void>()
        )
        .using(TestTabsContainer.selectTab())
        .from(tabs)
        .assemble()
        let list = StepAssembly(
            finder: ClassFinder<ListScreen, Void>(), factory: BuiltByContainerFactory<ListScreen, Void>()
        )
        .using(GeneralAction.nothing())
        .from(shop)
        .assemble()

        let found = try await router.navigate(to: list, animated: false)

        #expect(window.current === found)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "home-nav"
                      screen "home"
                    nav "shop-nav"
                      screen "list"
                """)
    }

    /// Tabs named "1" to `count`, built by the tab bar's factory, made the window's root, and a
    /// step looking among them for "settings", which the factory does not create.
    func settingsAmong(_ count: Int) -> DestinationStep<TestScreen, Void> {
        let makers: [@MainActor (()) throws -> any Screen] = (1...count).map { index in
            { _ in TestScreen("\(index)") }
        }
        let tabs = StepAssembly(
            finder: NilFinder<TestTabsContainer, Void>(),
            factory: PredefinedChildrenFactory(
                TabsContainerFactory { _ in TestTabsContainer("main") }, children: makers)
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
        return StepAssembly(
            finder: PredicateFinder<TestScreen, Void> { screen, _ in screen.name == "settings" },
            factory: BuiltByContainerFactory<TestScreen, Void>()
        )
        .using(TestTabsContainer.selectTab())
        .from(tabs)
        .assemble()
    }

    /// Mutant: the list of screens a finder looked at inside a new container says "and 0 more"
    /// when it holds exactly as many as are named (`>= 8` for `> 8`). Eight tabs are all named;
    /// of nine, eight are named and one more is counted.
    @Test("A finder that found nothing among a new container's screens names up to eight of them")
    func screensNamedWhenNothingIsFoundInANewContainer() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        let eight = (1...8).map { "screen \"\($0)\"" }.joined(separator: ", ")

        let exactly = await #expect(throws: RoutingError.self) { try await router.navigate(to: settingsAmong(8)) }
        let more = await #expect(throws: RoutingError.self) { try await router.navigate(to: settingsAmong(9)) }

        #expect(exactly?.code == .screenNotFound)
        #expect(
            exactly?.found
                == "the finder found none of its screens (\(eight)); check the finder's condition, "
                + "and that the container's factory creates the screen")
        #expect(
            more?.found
                == "the finder found none of its screens (\(eight) and 1 more); check the finder's condition, "
                + "and that the container's factory creates the screen")
        #expect(window.render() == "window\n  screen \"splash\"")
    }

    // MARK: - What a plan guard sees

    /// Mutant: the plan lists, as revealed, the screens of the presentation levels the reveal
    /// dismisses. Going back to the list dismisses the promotion over the product: a plan guard
    /// that refuses navigations revealing a screen must not see the promotion among them.
    @Test("A plan guard does not see the screens a reveal dismisses among those it reveals")
    func planGuardDoesNotSeeDismissedScreensAsRevealed() async throws {
        let stack = TestNavigationContainer("main", stack: [ListScreen(), ProductScreen(5)])
        let window = TestWindow(root: stack)
        let promo = TestScreen("promo")
        promo.modalStyle = .pageSheet
        try await stack.presentScreen(promo, animated: false)
        let router = DefaultRouter(window: window)
        var revealed: [String] = []
        router.add(
            planInterceptor: ClosurePlanInterceptor { plan in
                revealed = plan.entries.filter { $0.kind == .reveal }.compactMap { $0.screen.map { "\($0)" } }
            })

        try await router.navigate(to: GeneralStep.custom(ClassFinder<ListScreen, Void>()), animated: false)

        #expect(revealed == [#"screen "list""#, #"nav "main""#, #"screen "product 5""#])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                """)
    }

    // MARK: - A case whose route a guard switches

    /// Mutant: the staleness check after the guards ignores the interceptors of the steps (only
    /// the switches' picks, the number of steps and their summaries count). A switch case whose
    /// closure returns the guarded product route once a router-wide guard flipped the premium flag
    /// resolves to steps alike in all but their guards, on an unchanged tree: the product's own
    /// guard must still run before it is built.
    @Test("A route a guard switches to, alike but for its guards, has its guards run though the tree did not change")
    func switchedRouteAlikeButForItsGuardsIsGuarded() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [ListScreen()]))
        let router = DefaultRouter(window: window)
        let journal = journal
        var premium = false
        let open = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Int>()))
        .assemble()
        let guarded = StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(RecordingInterceptor<Int>(journal: journal, name: "premium"))
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Int>()))
        .assemble()
        let product = SwitchAssembly<ProductScreen, Int>().addCase { _ in premium ? guarded : open }.assemble()
        router.add(
            ClosureInterceptor<Any> { _ in
                journal.record("router guard")
                premium = true
            })

        try await router.navigate(to: product, with: 3, animated: false)

        #expect(journal.lines == ["router guard", "intercept premium 3", "build product 3"])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "product 3"
                """)
    }

    // MARK: - Only the last transition is animated

    /// Mutant: the show phase animates its first transition instead of its last. Pushing onto the
    /// stack under a sheet dismisses the sheet, then pushes: only the push, which the user is
    /// meant to see, is animated; the dismissal is instant.
    @Test("Of a navigation's transitions only the last is animated")
    func onlyTheLastTransitionIsAnimated() async throws {
        let clock = TransitionClock(mode: .manual)
        let stack = TestNavigationContainer("main", stack: [ListScreen()])
        let window = TestWindow(root: stack, clock: clock)
        let promo = TestScreen("promo")
        promo.modalStyle = .pageSheet
        try await stack.presentScreen(promo, animated: false)
        let router = DefaultRouter(window: window)

        let navigation = TaskOutcome { try await router.navigate(to: self.pushedOntoMain("account"), animated: true) }
        var animated: [String] = []
        for _ in 0..<2000 where !navigation.isDone {
            for transition in clock.pendingTransitions where !animated.contains(transition) {
                animated.append(transition)
            }
            clock.advanceAll()
            await Task.yield()
        }

        #expect(navigation.value?.name == "account")
        #expect(animated == [#"push screen "account" on nav "main""#])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "account"
                """)
    }

    /// Mutant: the presentations covering the anchor are dismissed innermost first. The tab bar
    /// presents a promotion full screen over the orders tab, which presents a detail in its own
    /// context; going back to the orders dismisses the promotion first (the outermost, as the
    /// architecture says), which shows the detail again, then the detail.
    @Test("The presentations covering the anchor are dismissed outermost first")
    func coveringPresentationsDismissedOutermostFirst() async throws {
        let orders = TestScreen("orders")
        orders.definesPresentationContext = true
        let tabs = TestTabsContainer("tabs", tabs: [orders, TestScreen("account")])
        let window = TestWindow(root: tabs)
        let detail = ProductScreen(7)
        detail.modalStyle = .currentContext
        try await orders.presentScreen(detail, animated: false)
        let promo = TestScreen("promo")
        promo.modalStyle = .fullScreen
        try await tabs.presentScreen(promo, animated: false)
        let router = DefaultRouter(window: window)
        window.lifecycle.clear()

        let found = try await router.navigate(
            to: GeneralStep.custom(PredicateFinder<TestScreen, Void> { screen, _ in screen.name == "orders" }),
            animated: false)

        #expect(found === orders)
        #expect(
            window.lifecycle.lines == [
                "promo: viewWillDisappear", "tabs: viewWillAppear", "product 7: viewWillAppear", "tabs: viewDidAppear",
                "product 7: viewDidAppear", "promo: viewDidDisappear",
                "product 7: viewWillDisappear", "orders: viewWillAppear", "orders: viewDidAppear",
                "product 7: viewDidDisappear",
            ])
        #expect(
            window.render() == """
                window
                  tabs "tabs" selected=0
                    screen "orders"
                    screen "account"
                """)
    }

    /// Mutant: the plan a plan guard sees lists what a visible screen presents even while that
    /// presentation is being dismissed. The product presents a promotion in its own context; the
    /// plan guard of a navigation back to the list starts closing the promotion (animated, not
    /// awaited) and lets the navigation go ahead. The plan after it reveals no promotion, so the
    /// guard is asked about that plan, which does not list it.
    @Test("A presentation being dismissed is not in the plan a plan guard sees")
    func presentationBeingDismissedIsNotInThePlan() async throws {
        let clock = TransitionClock(mode: .manual)
        let product = ProductScreen(5)
        product.definesPresentationContext = true
        let stack = TestNavigationContainer("main", stack: [ListScreen(), product])
        let window = TestWindow(root: stack, clock: clock)
        let promo = TestScreen("promo")
        promo.modalStyle = .currentContext
        try await product.presentScreen(promo, animated: false)
        let router = DefaultRouter(window: window)
        var seen: [[String]] = []
        router.add(
            planInterceptor: ClosurePlanInterceptor { plan in
                seen.append(plan.entries.filter { $0.kind == .reveal }.compactMap { $0.screen.map { "\($0)" } })
                guard seen.count == 1 else { return }
                Task { try await product.dismissPresentedScreen(animated: true) }
                await turns { promo.isBeingDismissed }
            })

        let navigation = TaskOutcome {
            try await router.navigate(to: GeneralStep.custom(ClassFinder<ListScreen, Void>()), animated: false)
        }
        await waitUntil { promo.isBeingDismissed }
        // The guard returns and the router plans again while the dismissal is still running.
        await settle()
        for _ in 0..<2000 where !navigation.isDone {
            clock.advanceAll()
            await Task.yield()
        }

        #expect(navigation.value?.name == "list")
        #expect(
            seen == [
                [#"screen "list""#, #"nav "main""#, #"screen "product 5""#, #"screen "promo""#],
                [#"screen "list""#, #"nav "main""#, #"screen "product 5""#],
            ])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                """)
    }
}
