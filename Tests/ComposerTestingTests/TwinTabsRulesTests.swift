import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Twin: tabs follow UIKit")
struct TwinTabsRulesTests {
    @Test func theSelectedTabIsAlwaysOneOfTheTabs() async throws {
        let tabs = TestTabsContainer("main", tabs: [TestScreen("a"), TestScreen("b")])
        let window = TestWindow(root: tabs)
        #expect(tabs.selectedTabIndex == 0)
        #expect(window.current?.name == "a")

        try await tabs.selectTab(at: 1)
        try await tabs.setTabs([TestScreen("c"), TestScreen("d"), TestScreen("e")], selectedIndex: nil, animated: true)
        #expect(tabs.selectedTabIndex == 0)
        #expect(tabs.selectedTab?.name == "c")
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    screen "c"
                    screen "d"
                    screen "e"
                """)

        try await tabs.setTabs([], selectedIndex: nil, animated: false)
        #expect(tabs.selectedTabIndex == nil)
        #expect(window.render() == "window\n  tabs \"main\" selected=none")
    }

    @Test func aTabIndexOutOfRangeIsRefusedNotClamped() async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root as? TestTabsContainer)
        let before = window.render()

        await #expect(throws: TestScreenError.tabIndexOutOfRange(index: 2, tabCount: 2, tabs: #"tabs "main""#)) {
            try await tabs.selectTab(at: 2)
        }
        await #expect(throws: TestScreenError.tabIndexOutOfRange(index: 1, tabCount: 1, tabs: #"tabs "main""#)) {
            try await tabs.setTabs([TestScreen("only")], selectedIndex: 1, animated: false)
        }
        await #expect(throws: TestScreenError.tabIndexOutOfRange(index: -1, tabCount: 2, tabs: #"tabs "main""#)) {
            try await tabs.selectTab(at: -1)
        }
        #expect(window.render() == before)
        #expect(tabs.selectedTabIndex == 1)
    }

    @Test func anInitializerIndexOutOfRangeIsRecordedAndTheFirstTabSelected() {
        let tabs = TestTabsContainer("main", tabs: [TestScreen("a")], selectedIndex: 4)
        #expect(tabs.selectedTabIndex == 0)
        #expect(tabs.initializationErrors == [.tabIndexOutOfRange(index: 4, tabCount: 1, tabs: #"tabs "main""#)])
    }

    @Test func aScreenCannotBeATabOfTwoContainers() async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root as? TestTabsContainer)
        let home = try TwinFixtures.screen("home", in: window)
        let before = window.render()

        await #expect(throws: TestScreenError.alreadyInContainer(screen: #"screen "home""#, container: #"nav "shop""#))
        {
            try await tabs.setTabs([home], selectedIndex: 0, animated: false)
        }
        #expect(window.render() == before)
    }
}
