import Composer
import ComposerTesting
import Testing

/// Which kind of screen a test's factory builds next, switched by the test between navigations.
@MainActor
private final class NextBuild {
    var makesStack = true
}

/// `push()`, `pushAsRoot()`, `pushReplacingLast()` and `popBack()` on a navigation stack that is
/// already on screen, driven through the router.
@MainActor
@Suite("Built-in navigation stack actions")
struct BuiltinNavigationActionTests {
    @Test("push() puts a new screen on top of the stack")
    func pushAppends() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)

        let pushed = try await router.navigate(to: BuiltinChains.newScreen("detail", TestNavigationContainer.push()))

        #expect(pushed.name == "detail")
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "detail"
                """)
        #expect(window.current?.name == "detail")
    }

    @Test("push() refuses a screen that is already in the stack and leaves the stack as it was")
    func pushRefusesScreenAlreadyInStack() async throws {
        let home = TestScreen("home")
        let window = TestWindow(root: TestNavigationContainer("main", stack: [home, TestScreen("detail")]))
        let router = DefaultRouter(window: window)
        let before = """
            window
              nav "main"
                screen "home"
                screen "detail"
            """
        #expect(window.render() == before)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(
                to: BuiltinChains.screen(ClosureFactory { _ in home }, TestNavigationContainer.push()))
        }

        #expect(error?.code == .actionFailed)
        #expect(actionMessage(error) == "screen \"home\" is already in the navigation stack and cannot be pushed again")
        #expect(window.render() == before)
    }

    @Test("push() refuses to push a navigation stack into another one")
    func pushRefusesNavigationStack() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let before = window.render()
        let innerStack = BuiltinChains.screen(
            ClosureFactory { _ in TestNavigationContainer("inner") }, TestNavigationContainer.push())

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: innerStack) }

        #expect(error?.code == .actionFailed)
        // Refused in preflight by the step's declared type, before the factory builds anything.
        #expect(
            actionMessage(error)
                == "a TestNavigationContainer is a navigation stack and cannot be pushed into another one")
        #expect(window.render() == before)
    }

    @Test("push() tells a navigation stack from a plain screen by the screen's own class, at every navigation")
    func pushTellsStacksByEachScreensClass() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        // Declared as a plain screen, so preflight lets it through; the screen built decides. The
        // answers for the two classes, asked in turn, must not leak into each other.
        let next = NextBuild()
        let route = BuiltinChains.screen(
            ClosureFactory { _ in next.makesStack ? TestNavigationContainer("inner") : TestScreen("detail") },
            TestNavigationContainer.push())
        let before = """
            window
              nav "main"
                screen "home"
            """
        #expect(window.render() == before)

        let refused = await #expect(throws: RoutingError.self) { try await router.navigate(to: route) }
        #expect(refused?.code == .actionFailed)
        #expect(actionMessage(refused) == "nav \"inner\" is a navigation stack and cannot be pushed into another one")
        #expect(window.render() == before)

        next.makesStack = false
        try await router.navigate(to: route)
        let afterPush = """
            window
              nav "main"
                screen "home"
                screen "detail"
            """
        #expect(window.render() == afterPush)

        next.makesStack = true
        let refusedAgain = await #expect(throws: RoutingError.self) { try await router.navigate(to: route) }
        #expect(
            actionMessage(refusedAgain) == "nav \"inner\" is a navigation stack and cannot be pushed into another one")
        #expect(window.render() == afterPush)
    }

    @Test("push() refuses a split view by its declared type, before its factory runs")
    func pushRefusesSplitViewByType() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        let before = window.render()
        let built = CallCounter()
        let split = BuiltinChains.screen(
            ClosureFactory<TestSplitContainer, Void> { _ in
                built.calls += 1
                return TestSplitContainer("split")
            }, TestNavigationContainer.push())

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: split) }

        #expect(error?.code == .actionFailed)
        #expect(
            actionMessage(error) == "a TestSplitContainer is a split view and cannot be pushed into a navigation stack")
        #expect(built.calls == 0)
        #expect(window.render() == before)
    }

    @Test("pushAsRoot() makes the new screen the only screen of the stack and releases the others")
    func pushAsRootReplacesWholeStack() async throws {
        let window = TestWindow(
            root: TestNavigationContainer("main", stack: [TestScreen("a"), TestScreen("b"), TestScreen("c")]))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "a"
                    screen "b"
                    screen "c"
                """)

        try await router.navigate(to: BuiltinChains.newScreen("fresh", TestNavigationContainer.pushAsRoot()))

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "fresh"
                """)
        #expect(window.memory.isReleased("a"))
        #expect(window.memory.isReleased("b"))
        #expect(window.memory.isReleased("c"))
        #expect(window.memory.liveNames == ["fresh", "main"])
    }

    @Test("pushReplacingLast() swaps the top screen for the new one and releases the old top")
    func pushReplacingLastSwapsTop() async throws {
        let window = TestWindow(
            root: TestNavigationContainer("wizard", stack: [TestScreen("intro"), TestScreen("step 1")]))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "wizard"
                    screen "intro"
                    screen "step 1"
                """)

        try await router.navigate(
            to: BuiltinChains.newScreen("step 2", TestNavigationContainer.pushReplacingLast()))

        #expect(
            window.render() == """
                window
                  nav "wizard"
                    screen "intro"
                    screen "step 2"
                """)
        #expect(window.memory.isReleased("step 1"))
        #expect(window.memory.liveNames == ["intro", "step 2", "wizard"])
    }

    @Test("pushReplacingLast() on an empty stack makes the screen its only screen")
    func pushReplacingLastOnEmptyStack() async throws {
        let window = TestWindow(root: TestNavigationContainer("wizard"))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "wizard"
                """)

        try await router.navigate(
            to: BuiltinChains.newScreen("step 1", TestNavigationContainer.pushReplacingLast()))

        #expect(
            window.render() == """
                window
                  nav "wizard"
                    screen "step 1"
                """)
    }

    @Test("popBack() pops back to the screen when it is already in the stack and releases what was above it")
    func popBackToScreenInStack() async throws {
        let window = TestWindow(
            root: TestNavigationContainer(
                "main",
                stack: [TestScreen("home"), TestScreen("cart"), TestScreen("payment"), TestScreen("receipt")]))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "cart"
                    screen "payment"
                    screen "receipt"
                """)
        let cart = try #require(window.screen(named: "cart"))
        let backToCart = BuiltinChains.screen(ClosureFactory { _ in cart }, TestNavigationContainer.popBack())

        let shown = try await router.navigate(to: backToCart)

        #expect(shown === cart)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "cart"
                """)
        #expect(window.memory.isReleased("payment"))
        #expect(window.memory.isReleased("receipt"))
        #expect(window.memory.liveNames == ["cart", "home", "main"])
    }

    @Test("popBack() pushes the screen when it is not in the stack")
    func popBackPushesAbsentScreen() async throws {
        let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)

        try await router.navigate(to: BuiltinChains.newScreen("cart", TestNavigationContainer.popBack()))

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "cart"
                """)
    }

    @Test("Navigating to a screen found lower in a stack pops the screens above it and releases them")
    func revealPopsAndReleases() async throws {
        let window = TestWindow(
            root: TestNavigationContainer(
                "main", stack: [TestScreen("home"), TestScreen("list"), TestScreen("detail"), TestScreen("photo")]))
        let router = DefaultRouter(window: window)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "list"
                    screen "detail"
                    screen "photo"
                """)

        try await router.navigate(to: BuiltinChains.existing("list"))

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "list"
                """)
        #expect(window.memory.isReleased("detail"))
        #expect(window.memory.isReleased("photo"))
        #expect(window.memory.liveNames == ["home", "list", "main"])
    }

    @Test("pushAsRoot() does not drop a screen that refuses to be dismissed: the navigation fails, nothing changes")
    func pushAsRootAsksVetoingScreen() async throws {
        let window = TestWindow(
            root: TestNavigationContainer("main", stack: [TestScreen("home"), TestScreen("unsaved form")]))
        try #require(window.screen(named: "unsaved form")).canBeDismissed = false
        let router = DefaultRouter(window: window)
        let before = """
            window
              nav "main"
                screen "home"
                screen "unsaved form"
            """
        #expect(window.render() == before)

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: BuiltinChains.newScreen("fresh", TestNavigationContainer.pushAsRoot()))
        }
        #expect(error?.code == .dismissalRefused)
        #expect(window.render() == before)
    }

    @Test("popBack() does not pop a screen that refuses to be dismissed: the navigation fails, nothing changes")
    func popBackAsksVetoingScreen() async throws {
        let window = TestWindow(
            root: TestNavigationContainer(
                "main", stack: [TestScreen("home"), TestScreen("cart"), TestScreen("unsaved form")]))
        try #require(window.screen(named: "unsaved form")).canBeDismissed = false
        let router = DefaultRouter(window: window)
        let before = """
            window
              nav "main"
                screen "home"
                screen "cart"
                screen "unsaved form"
            """
        #expect(window.render() == before)
        let cart = try #require(window.screen(named: "cart"))
        let backToCart = BuiltinChains.screen(ClosureFactory { _ in cart }, TestNavigationContainer.popBack())

        let error = await #expect(throws: RoutingError.self) { try await router.navigate(to: backToCart) }
        #expect(error?.code == .dismissalRefused)
        #expect(window.render() == before)
    }
}
