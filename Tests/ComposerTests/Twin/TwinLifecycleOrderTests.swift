import Composer
import ComposerTesting
import Testing

@MainActor
@Suite("Twin: appearance callbacks come in UIKit's order")
struct TwinLifecycleOrderTests {
    @Test func pushCallsWillAppearWillDisappearThenDidDisappearDidAppear() async throws {
        let window = TwinFixtures.navigationWindow()
        let main = try TwinFixtures.navigation("main", in: window)

        try await main.push(TestScreen("list"), animated: true)

        #expect(
            window.lifecycle.lines == [
                "list: viewWillAppear", "home: viewWillDisappear", "home: viewDidDisappear", "list: viewDidAppear",
            ])
    }

    @Test func popCallsTheSameOrderWithTheRolesSwapped() async throws {
        let window = TwinFixtures.navigationWindow()
        let main = try TwinFixtures.navigation("main", in: window)
        let home = try TwinFixtures.screen("home", in: window)
        try await main.push(TestScreen("list"), animated: false)
        window.lifecycle.clear()

        try await main.setStack([home], animated: true)

        #expect(
            window.lifecycle.lines == [
                "home: viewWillAppear", "list: viewWillDisappear", "list: viewDidDisappear", "home: viewDidAppear",
            ])
    }

    @Test func aFullScreenPresentationMakesThePresenterDisappear() async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)

        try await home.presentScreen(TestNavigationContainer("modal", stack: [TestScreen("login")]), animated: true)

        #expect(
            window.lifecycle.lines == [
                "modal: viewWillAppear", "login: viewWillAppear",
                "main: viewWillDisappear", "home: viewWillDisappear",
                "main: viewDidDisappear", "home: viewDidDisappear",
                "modal: viewDidAppear", "login: viewDidAppear",
            ])
    }

    @Test(arguments: [TestModalStyle.pageSheet, .formSheet])
    func aSheetLeavesThePresenterOnScreen(style: TestModalStyle) async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        let sheet = TestScreen("sheet")
        sheet.modalStyle = style

        try await home.presentScreen(sheet, animated: true)
        try await home.dismissPresentedScreen(animated: true)

        #expect(
            window.lifecycle.lines == [
                "sheet: viewWillAppear", "sheet: viewDidAppear",
                "sheet: viewWillDisappear", "sheet: viewDidDisappear",
            ])
    }

    @Test func dismissingAFullScreenPresentationReversesIt() async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        try await home.presentScreen(TestNavigationContainer("modal", stack: [TestScreen("login")]), animated: false)
        window.lifecycle.clear()

        try await home.dismissPresentedScreen(animated: true)

        #expect(
            window.lifecycle.lines == [
                "main: viewWillAppear", "home: viewWillAppear",
                "modal: viewWillDisappear", "login: viewWillDisappear",
                "modal: viewDidDisappear", "login: viewDidDisappear",
                "main: viewDidAppear", "home: viewDidAppear",
            ])
    }

    @Test func switchingTabsShowsTheNewTabAndHidesTheOldOneInPushOrder() async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root as? TestTabsContainer)
        window.lifecycle.clear()

        try await tabs.selectTab(at: 0)

        #expect(
            window.lifecycle.lines == [
                "shop: viewWillAppear", "home: viewWillAppear",
                "products: viewWillDisappear", "product 42: viewWillDisappear",
                "products: viewDidDisappear", "product 42: viewDidDisappear",
                "shop: viewDidAppear", "home: viewDidAppear",
            ])
    }

    @Test func theRootAppearsWithItsVisibleChildrenParentFirst() {
        let window = TwinFixtures.shopWindow()
        #expect(
            window.lifecycle.events == [
                LifecycleEvent(screenName: "main", kind: .willAppear),
                LifecycleEvent(screenName: "products", kind: .willAppear),
                LifecycleEvent(screenName: "product 42", kind: .willAppear),
                LifecycleEvent(screenName: "main", kind: .didAppear),
                LifecycleEvent(screenName: "products", kind: .didAppear),
                LifecycleEvent(screenName: "product 42", kind: .didAppear),
            ])
    }

    @Test func aHiddenTabAndAScreenOutsideTheWindowGetNoCallbacks() async throws {
        let window = TwinFixtures.shopWindow()
        window.lifecycle.clear()

        try await TwinFixtures.navigation("shop", in: window).push(TestScreen("offers"), animated: true)
        let loose = TestNavigationContainer("loose", stack: [TestScreen("a")])
        try await loose.push(TestScreen("b"), animated: true)

        #expect(window.lifecycle.lines.isEmpty)
    }
}
