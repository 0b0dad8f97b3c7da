import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Twin: navigation stacks follow UIKit")
struct TwinNavigationStackRulesTests {
    @Test func pushingAScreenAlreadyInTheStackIsRefused() async throws {
        let window = TwinFixtures.shopWindow()
        let products = try TwinFixtures.navigation("products", in: window)
        let before = window.render()

        await #expect(throws: TestScreenError.duplicateChild(screen: #"screen "list""#, container: #"nav "products""#))
        {
            try await products.push(try TwinFixtures.screen("list", in: window), animated: true)
        }
        #expect(window.render() == before)
    }

    @Test func pushingAScreenThatBelongsToAnotherContainerIsRefused() async throws {
        let window = TwinFixtures.shopWindow()
        let products = try TwinFixtures.navigation("products", in: window)
        let before = window.render()

        await #expect(throws: TestScreenError.alreadyInContainer(screen: #"screen "home""#, container: #"nav "shop""#))
        {
            try await products.push(try TwinFixtures.screen("home", in: window), animated: true)
        }
        #expect(window.render() == before)
    }

    @Test func pushingANavigationContainerIsRefused() async throws {
        let window = TwinFixtures.shopWindow()
        let products = try TwinFixtures.navigation("products", in: window)
        let before = window.render()

        let refused = TestScreenError.navigationInsideNavigation(
            screen: #"nav "inner""#, navigation: #"nav "products""#)
        await #expect(throws: refused) {
            try await products.push(TestNavigationContainer("inner", stack: [TestScreen("page")]), animated: true)
        }
        #expect(window.render() == before)
    }

    @Test func pushingASplitContainerIsRefused() async throws {
        let window = TwinFixtures.shopWindow()
        let products = try TwinFixtures.navigation("products", in: window)
        let before = window.render()
        window.lifecycle.clear()
        let split = TestSplitContainer("split", primary: TestScreen("inbox"))

        let refused = TestScreenError.splitInsideNavigation(screen: #"split "split""#, navigation: #"nav "products""#)
        await #expect(throws: refused) {
            try await products.push(split, animated: true)
        }
        #expect(window.render() == before)
        #expect(split.parentScreen == nil)
        #expect(window.lifecycle.lines.isEmpty)
        #expect(
            TestNavigationContainer("nav", stack: [TestScreen("home"), split]).initializationErrors == [
                .splitInsideNavigation(screen: #"split "split""#, navigation: #"nav "nav""#)
            ])
    }

    @Test func aRefusedStackChangesNothing() async throws {
        let window = TwinFixtures.shopWindow()
        let products = try TwinFixtures.navigation("products", in: window)
        let list = try TwinFixtures.screen("list", in: window)
        let before = window.render()
        window.lifecycle.clear()

        await #expect(throws: TestScreenError.notATestScreen(type: "TwinForeignScreen")) {
            try await products.setStack([list, TestScreen("fresh"), TwinForeignScreen()], animated: true)
        }
        let fresh = TestScreen("fresh")
        await #expect(throws: TestScreenError.duplicateChild(screen: #"screen "fresh""#, container: #"nav "products""#))
        {
            try await products.setStack([list, fresh, fresh], animated: true)
        }
        #expect(fresh.parentScreen == nil)
        #expect(window.render() == before)
        #expect(window.lifecycle.lines.isEmpty)
    }

    @Test func settingTheStackReplacesItAndDetachesRemovedScreens() async throws {
        let window = TwinFixtures.shopWindow()
        let products = try TwinFixtures.navigation("products", in: window)
        let list = try TwinFixtures.screen("list", in: window)
        let product = try TwinFixtures.screen("product 42", in: window)

        try await products.setStack([TestScreen("search"), list], animated: true)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "shop"
                      screen "home"
                    nav "products"
                      screen "search"
                      screen "list"
                """)
        #expect(product.parentScreen == nil)
        #expect(list.parentScreen === products)
        #expect(products.topScreen === list)
    }

    @Test func anAnimatedPushWaitsForItsTransitionButAnUnchangedTopDoesNot() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let main = try TwinFixtures.navigation("main", in: window)
        let home = try TwinFixtures.screen("home", in: window)

        try await main.setStack([TestScreen("intro"), home], animated: true)
        #expect(clock.pendingTransitions.isEmpty)

        let push = Task { try await main.push(TestScreen("list"), animated: true) }
        await clock.waitForPendingTransition()
        #expect(clock.pendingTransitions == [#"push screen "list" on nav "main""#])
        clock.advance()
        try await push.value

        let pop = Task { try await main.setStack([home], animated: true) }
        await clock.waitForPendingTransition()
        #expect(clock.pendingTransitions == [#"pop to screen "home" on nav "main""#])
        clock.advance()
        try await pop.value
        #expect(main.stackScreens.map(\.name) == ["home"])
    }
}
