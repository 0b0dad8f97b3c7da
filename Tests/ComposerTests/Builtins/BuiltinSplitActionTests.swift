import Composer
import ComposerTesting
import Testing

/// `setPrimary()`, `showDetail()` and `pushOnDetail()` on split views, expanded and collapsed.
@MainActor
@Suite("Built-in split view actions")
struct BuiltinSplitActionTests {
    @Test("setPrimary() replaces the primary column of a split view on screen and releases the old one")
    func setPrimaryReplacesColumn() async throws {
        let window = TestWindow(
            root: TestSplitContainer(
                "split", primary: TestNavigationContainer("master", stack: [TestScreen("list")]),
                secondary: TestScreen("placeholder")))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  split "split" expanded
                    nav "master"
                      screen "list"
                    screen "placeholder"
                """)

        try await router.navigate(to: BuiltinChains.newScreen("menu", TestSplitContainer.setPrimary()))

        #expect(
            window.render() == """
                window
                  split "split" expanded
                    screen "menu"
                    screen "placeholder"
                """)
        #expect(window.memory.isReleased("master"))
        #expect(window.memory.isReleased("list"))
        #expect(window.memory.liveNames == ["menu", "placeholder", "split"])
    }

    @Test("showDetail() on an expanded split view replaces the secondary column")
    func showDetailExpanded() async throws {
        let window = TestWindow(
            root: TestSplitContainer(
                "split", primary: TestNavigationContainer("master", stack: [TestScreen("list")]),
                secondary: TestScreen("placeholder")))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  split "split" expanded
                    nav "master"
                      screen "list"
                    screen "placeholder"
                """)

        try await router.navigate(to: BuiltinChains.newScreen("item 3", TestSplitContainer.showDetail()))

        #expect(
            window.render() == """
                window
                  split "split" expanded
                    nav "master"
                      screen "list"
                    screen "item 3"
                """)
        #expect(window.memory.isReleased("placeholder"))
        #expect(window.memory.liveNames == ["item 3", "list", "master", "split"])
    }

    @Test("showDetail() on a collapsed split view pushes the detail onto the primary column's stack")
    func showDetailCollapsed() async throws {
        let window = TestWindow(
            root: TestSplitContainer(
                "split", primary: TestNavigationContainer("master", stack: [TestScreen("list")]), isCollapsed: true))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  split "split" collapsed
                    nav "master"
                      screen "list"
                """)

        try await router.navigate(to: BuiltinChains.newScreen("item 3", TestSplitContainer.showDetail()))

        #expect(
            window.render() == """
                window
                  split "split" collapsed
                    nav "master"
                      screen "list"
                      screen "item 3"
                """)
        #expect(window.current?.name == "item 3")
    }

    @Test("pushOnDetail() pushes onto the detail column's stack of an expanded split view")
    func pushOnDetailExpanded() async throws {
        let window = TestWindow(
            root: TestSplitContainer(
                "split", primary: TestScreen("menu"),
                secondary: TestNavigationContainer("detail-nav", stack: [TestScreen("item 3")])))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  split "split" expanded
                    screen "menu"
                    nav "detail-nav"
                      screen "item 3"
                """)

        try await router.navigate(to: BuiltinChains.newScreen("reviews", TestSplitContainer.pushOnDetail()))

        #expect(
            window.render() == """
                window
                  split "split" expanded
                    screen "menu"
                    nav "detail-nav"
                      screen "item 3"
                      screen "reviews"
                """)
    }

    @Test("pushOnDetail() on a collapsed split view pushes onto the primary column's stack, where the detail lives")
    func pushOnDetailCollapsed() async throws {
        let window = TestWindow(
            root: TestSplitContainer(
                "split", primary: TestNavigationContainer("master", stack: [TestScreen("list")]),
                secondary: TestScreen("item 3"), isCollapsed: true))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  split "split" collapsed
                    nav "master"
                      screen "list"
                      screen "item 3"
                """)

        try await router.navigate(to: BuiltinChains.newScreen("reviews", TestSplitContainer.pushOnDetail()))

        #expect(
            window.render() == """
                window
                  split "split" collapsed
                    nav "master"
                      screen "list"
                      screen "item 3"
                      screen "reviews"
                """)
    }

    @Test("pushOnDetail() fails with a clear message when the detail column is not a navigation stack")
    func pushOnDetailWithoutStack() async throws {
        let window = TestWindow(
            root: TestSplitContainer("split", primary: TestScreen("menu"), secondary: TestScreen("placeholder")))
        let router = DefaultRouter(window: window)
        let before = """
            window
              split "split" expanded
                screen "menu"
                screen "placeholder"
            """
        #expect(window.render() == before)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: BuiltinChains.newScreen("reviews", TestSplitContainer.pushOnDetail()))
        }

        #expect(error?.code == .actionFailed)
        #expect(
            actionMessage(error)
                == "the detail column of split \"split\" is screen \"placeholder\", not a navigation stack")
        #expect(window.render() == before)
    }

    @Test("pushOnDetail() is refused when the split view is built in the same navigation, and nothing changes")
    func pushOnDetailIntoNewSplit() async throws {
        let window = TestWindow(root: TestScreen("splash"))
        let router = DefaultRouter(window: window)
        let before = """
            window
              screen "splash"
            """
        #expect(window.render() == before)
        let split = StepAssembly(
            finder: NilFinder<TestSplitContainer, Void>(),
            factory: SplitContainerFactory { _ in TestSplitContainer("split") }
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
        let reviews = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { _ in TestScreen("reviews") }
        )
        .using(TestSplitContainer.pushOnDetail())
        .from(split)
        .assemble()

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: reviews) }

        #expect(
            actionMessage(error) == """
                a split view that is being built has no detail stack to push onto \
                (pushing the new TestScreen, not built yet): give the detail navigation stack its own step
                """)
        #expect(window.render() == before)
        #expect(error?.code == .actionFailed)
    }
}
