import Composer
import ComposerTesting
import Testing

/// The bottom screen of a tab that needs sign-in.
private final class MembersScreen: TestScreen {}

@MainActor
@Suite("A tab the user taps is a navigation")
struct TabTapTests {
    let tabs = TestTabsContainer(
        "tabs",
        tabs: [
            TestNavigationContainer("home-nav", stack: [TestScreen("home")]),
            TestNavigationContainer("account-nav", stack: [MembersScreen("account"), TestScreen("orders")]),
        ])
    let window: TestWindow
    let router: DefaultRouter

    init() {
        window = TestWindow(root: tabs)
        router = DefaultRouter(window: window)
    }

    /// The account screen, at the bottom of its tab, behind a sign-in check.
    fileprivate func account(signedIn: @escaping @MainActor () -> Bool) -> DestinationStep<MembersScreen, Void> {
        StepAssembly(finder: ClassFinder<MembersScreen, Void>(), factory: ClosureFactory { _ in MembersScreen("new") })
            .adding(
                ClosureInterceptor<Void> { _ in
                    guard signedIn() else { throw MembersOnly() }
                }
            )
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }

    @Test("A guarded tab refused keeps the selected tab; once allowed, the tap selects it with its stack kept")
    func guardedTabTap() async throws {
        let session = Flag()
        router.guardTabTaps(with: account { session.isOn })
        var events: [String] = []
        router.addObserver { events.append($0.description) }
        let before = window.render()

        let refusal = await #expect(throws: RoutingError.self) { try await tabs.userSelectTab(at: 1) }

        #expect(refusal?.code == .interceptorRejected)
        #expect(refusal?.description.contains("sign-in required") == true)
        #expect(tabs.selectedTabIndex == 0)
        #expect(window.render() == before)
        #expect(events.isEmpty)

        session.isOn = true
        try await tabs.userSelectTab(at: 1)

        #expect(tabs.selectedTabIndex == 1)
        #expect(window.current.map { "\($0)" } == #"screen "orders""#, "the tab's stack is not popped")
        #expect(events == [#"user: screen "home" -> screen "orders""#])
    }

    @Test("A tab no guard leads into is selected after the router-wide guards ran")
    func unguardedTabRunsGlobalGuards() async throws {
        let session = Flag()
        router.guardTabTaps(with: account { session.isOn })
        var globalGuardRuns = 0
        router.add(ClosureInterceptor<Any> { _ in globalGuardRuns += 1 })
        try await tabs.selectTab(at: 1)

        try await tabs.userSelectTab(at: 0)

        #expect(tabs.selectedTabIndex == 0)
        #expect(globalGuardRuns == 1)
    }

    /// UIKit keeps a presentation made in a tab's context (`overCurrentContext` under a controller
    /// that defines the context) with that tab while another one is selected, and shows it again
    /// when the user taps back: a tab tap selects the tab as the user left it.
    @Test("Tapping back to a tab shows what it presents in its context again, not dismissed")
    func tapBackKeepsTheTabsContextPresentation() async throws {
        router.guardTabTaps(with: account { true })
        let accountStack = try #require(tabs.tabScreens[1] as? TestNavigationContainer)
        accountStack.definesPresentationContext = true
        try await tabs.selectTab(at: 1)
        let filter = TestScreen("filter")
        filter.modalStyle = .overCurrentContext
        try await #require(accountStack.stack[1] as? TestScreen).presentScreen(filter, animated: false)
        try await tabs.userSelectTab(at: 0)
        var events: [String] = []
        router.addObserver { events.append($0.description) }

        try await tabs.userSelectTab(at: 1)

        #expect(
            window.render() == """
                window
                  tabs "tabs" selected=1
                    nav "home-nav"
                      screen "home"
                    nav "account-nav"
                      screen "account"
                      screen "orders"
                    presented overCurrentContext:
                      screen "filter"
                """)
        #expect(window.current === filter)
        #expect(events == [#"user: screen "home" -> screen "filter""#])
    }
}

@MainActor
private final class Flag {
    var isOn = false
}

private struct MembersOnly: Error, CustomStringConvertible {
    var description: String { "sign-in required" }
}
