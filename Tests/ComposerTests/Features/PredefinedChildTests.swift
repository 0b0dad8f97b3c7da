import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

private struct NoSuchUser: Error, CustomStringConvertible {
    var description: String { "no user called ''" }
}

@MainActor
@Suite("Predefined container children with their own action and context task")
struct PredefinedChildTests {
    let journal = Journal()

    /// Tabs built on a cold start for a user name: a home stack appended, then an account screen
    /// inserted before it and prepared with the user name.
    func tabs(
        accountAction: AddTabAction<TestTabsContainer> = TestTabsContainer.addTab(.insert(at: 0))
    ) -> DestinationStep<TestTabsContainer, String> {
        StepAssembly(
            finder: ClassFinder<TestTabsContainer, String>(),
            factory: PredefinedChildrenFactory(TabsContainerFactory { _ in TestTabsContainer("main") })
                .with(
                    ClosureFactory<TestNavigationContainer, String> { _ in
                        TestNavigationContainer("home-nav", stack: [TestScreen("home")])
                    }, using: TestTabsContainer.addTab()
                )
                .with(
                    ClosureFactory<TestScreen, String> { _ in TestScreen("account") }, using: accountAction,
                    adding: ClosureContextTask<TestScreen, String> { [journal] screen, user in
                        guard !user.isEmpty else { throw NoSuchUser() }
                        journal.record("prepare \(screen.name) for \(user)")
                    })
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    @Test("Each predefined child goes in by its own action and is prepared by its own task")
    func childrenUseTheirActionsAndTasks() async throws {
        let window = TestWindow()
        let router = DefaultRouter(window: window)

        try await router.navigate(to: tabs(), with: "ada", animated: false)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    screen "account"
                    nav "home-nav"
                      screen "home"
                """)
        #expect(journal.lines == ["prepare account for ada"])

        // Found on screen, the container is not built again, so its children's tasks do not run.
        try await router.navigate(to: tabs(), with: "bob", animated: false)
        #expect(journal.lines == ["prepare account for ada"])
    }

    @Test("Later steps edit the children after the predefined ones are in place")
    func laterStepsComeAfter() async throws {
        let window = TestWindow()
        let cart = StepAssembly(
            finder: NilFinder<TestScreen, String>(), factory: ClosureFactory { _ in TestScreen("cart") }
        )
        .using(TestTabsContainer.addTab())
        .from(tabs())
        .assemble()

        try await DefaultRouter(window: window).navigate(to: cart, with: "ada", animated: false)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=2
                    screen "account"
                    nav "home-nav"
                      screen "home"
                    screen "cart"
                """)
    }

    @Test("A child its action refuses fails the navigation, naming the child and the action")
    func refusedChild() async throws {
        let window = TestWindow()

        do {
            try await DefaultRouter(window: window).navigate(
                to: tabs(accountAction: TestTabsContainer.addTab(.replace(at: 5))), with: "ada", animated: false)
            Issue.record("expected the account's action to refuse")
        } catch {
            #expect(error.code == .factoryFailed)
            #expect(
                actionMessage(error)
                    == #"predefined child 1 of TestTabsContainer (screen "account") could not be added by AddTabAction<TestTabsContainer>: cannot replace the tab at index 5: there are 1 tab(s), valid indices are 0...0"#
            )
        }
        #expect(window.render() == "window\n  (no root)")
    }

    @Test("A child its context task refuses fails the navigation before anything is shown")
    func refusedByTask() async throws {
        let window = TestWindow()

        do {
            try await DefaultRouter(window: window).navigate(to: tabs(), with: "", animated: false)
            Issue.record("expected the account's task to refuse")
        } catch {
            #expect(error.code == .factoryFailed)
            #expect(
                actionMessage(error)
                    == #"predefined child 1 of TestTabsContainer (screen "account") was refused by its context task: no user called ''"#
            )
        }
        #expect(window.render() == "window\n  (no root)")
        #expect(journal.lines.isEmpty)
    }

    struct NegativeID: Error, CustomStringConvertible {
        let id: Int
        var description: String { "no tabs for id \(id)" }
    }

    /// A tab container factory that checks its context up front, as ``ContainerFactory/validate(_:)``
    /// documents: a negative id is refused before any guard runs.
    struct CheckedTabsFactory: ContainerFactory {
        let journal: Journal

        func validate(_ context: Int) throws {
            if context < 0 { throw NegativeID(id: context) }
        }

        func build(with context: Int, children: ContainerChildren) async throws -> TestTabsContainer {
            journal.record("build tabs \(context)")
            let tabs = TestTabsContainer("tabs \(context)")
            if !children.isEmpty {
                try await tabs.setTabs(children.screens, selectedIndex: children.selectedIndex, animated: false)
            }
            return tabs
        }
    }

    /// A tab container factory whose containers always hold a fixed first tab.
    struct FixedTabFactory: ContainerFactory {
        func initialChildren(with context: Int) throws -> ContainerChildren {
            ContainerChildren([TestScreen("fixed")], selectedIndex: 0)
        }

        func build(with context: Int, children: ContainerChildren) async throws -> TestTabsContainer {
            let tabs = TestTabsContainer("tabs")
            try await tabs.setTabs(children.screens, selectedIndex: children.selectedIndex, animated: false)
            return tabs
        }
    }

    func presentedTabs<F: ContainerFactory>(_ factory: F) -> DestinationStep<TestTabsContainer, Int>
    where F.ViewController == TestTabsContainer, F.Context == Int {
        StepAssembly(finder: NilFinder<TestTabsContainer, Int>(), factory: factory)
            .adding(RecordingInterceptor<Int>(journal: journal, name: "tabs"))
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }

    @Test("PredefinedChildrenFactory asks the factory it wraps to validate the context before any guard runs")
    func predefinedChildrenFactoryValidatesWithItsBase() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let before = window.render()
        let route = presentedTabs(
            PredefinedChildrenFactory(CheckedTabsFactory(journal: journal), children: [{ _ in TestScreen("home tab") }])
        )

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: route, with: -1, animated: false)
        }

        #expect(error?.code == .factoryFailed, "\(String(describing: error))")
        #expect(error?.underlyingError is NegativeID, "\(String(describing: error))")
        #expect(journal.lines == [], "no guard and no factory may run for a context the factory refuses")
        #expect(window.render() == before)
    }

    @Test("PredefinedChildrenFactory keeps the children the factory it wraps always has, before its own")
    func predefinedChildrenFactoryKeepsItsBaseChildren() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let route = presentedTabs(
            PredefinedChildrenFactory(FixedTabFactory(), children: [{ _ in TestScreen("extra") }]))

        try await router.navigate(to: route, with: 1, animated: false)

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    tabs "tabs" selected=0
                      screen "fixed"
                      screen "extra"
                """)
    }
}
