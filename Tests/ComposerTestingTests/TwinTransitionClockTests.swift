import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Twin: transitions run on a clock the test controls")
struct TwinTransitionClockTests {
    /// A test that waits for a transition that never comes (its navigation failed first, or the
    /// clock is immediate, which holds none) is told so, and goes on to fail its expectation,
    /// instead of hanging; one that comes is waited for.
    @Test func waitingForATransitionGivesUpWhenNoneComes() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let main = try TwinFixtures.navigation("main", in: window)

        #expect(await clock.waitForPendingTransition(turns: 100, minimumSeconds: 0) == false)
        let push = Task { try await main.push(TestScreen("list"), animated: true) }
        #expect(await clock.waitForPendingTransition())
        #expect(clock.pendingTransitions == [#"push screen "list" on nav "main""#])
        clock.advanceAll()
        try await push.value
        #expect(
            await TransitionClock(mode: .immediate).waitForPendingTransition(turns: 100, minimumSeconds: 0) == false)
    }

    /// A transition that comes after the turns have passed, as one does when a busy test process
    /// keeps the navigation from the main actor for a while, is still waited for.
    @Test func waitingForATransitionOutlastsTheTurns() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let main = try TwinFixtures.navigation("main", in: window)

        let push = Task {
            try await Task.sleep(for: .milliseconds(50))
            try await main.push(TestScreen("list"), animated: true)
        }
        let start = ContinuousClock.now
        #expect(await clock.waitForPendingTransition(turns: 10))
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        #expect(clock.pendingTransitions == [#"push screen "list" on nav "main""#])
        // Finishes the push whether or not it was waited for: a clock that gave up too early fails
        // the expectations above instead of leaving the push pending for ever.
        clock.mode = .immediate
        try await push.value

        clock.mode = .manual
        let stillWaited = ContinuousClock.now
        #expect(await clock.waitForPendingTransition(turns: 10, minimumSeconds: 0.1) == false)
        #expect(ContinuousClock.now - stillWaited >= .milliseconds(100))
    }

    @Test func aPushChangesTheStackAtOnceAndCallsDidCallbacksWhenItsAnimationEnds() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let main = try TwinFixtures.navigation("main", in: window)

        let push = Task { try await main.push(TestScreen("list"), animated: true) }
        await clock.waitForPendingTransition()

        #expect(clock.pendingTransitions == [#"push screen "list" on nav "main""#])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "list"
                """)
        #expect(window.current?.name == "list")
        #expect(window.lifecycle.lines == ["home: viewWillDisappear", "list: viewWillAppear"])

        #expect(clock.advance())
        try await push.value
        #expect(!clock.advance())
        #expect(
            window.lifecycle.lines == [
                "home: viewWillDisappear", "list: viewWillAppear", "home: viewDidDisappear", "list: viewDidAppear",
            ])
    }

    @Test func aDismissedScreenReportsBeingDismissedUntilItsAnimationEnds() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let home = try TwinFixtures.screen("home", in: window)
        let modal = TestNavigationContainer("modal", stack: [TestScreen("login")])
        try await home.presentScreen(modal, animated: false)
        let login = try TwinFixtures.screen("login", in: window)

        let dismissal = Task { try await home.dismissPresentedScreen(animated: true) }
        await clock.waitForPendingTransition()

        #expect(clock.pendingTransitions == [#"dismiss nav "modal" from nav "main""#])
        #expect(modal.isBeingDismissed)
        #expect(login.isBeingDismissed)
        #expect(!home.isBeingDismissed)
        #expect(home.presentedScreen === modal)
        #expect(window.current === home)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    nav "modal" (dismissing)
                      screen "login"
                """)

        clock.advance()
        try await dismissal.value

        #expect(!modal.isBeingDismissed)
        #expect(modal.presentingScreen == nil)
        #expect(home.presentedScreen == nil)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
    }

    @Test func waitUntilSettledWaitsForAnOpenTransition() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let main = try TwinFixtures.navigation("main", in: window)
        await window.waitUntilSettled()

        let push = Task { try await main.push(TestScreen("list"), animated: true) }
        await clock.waitForPendingTransition()
        var settled = false
        let waiter = Task {
            await window.waitUntilSettled()
            settled = true
        }
        for _ in 0..<10 { await Task.yield() }
        #expect(!settled)

        clock.advance()
        await waiter.value
        #expect(settled)
        try await push.value
    }

    @Test func aNonAnimatedChangeNeverWaitsForTheClock() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let home = try TwinFixtures.screen("home", in: window)

        try await TwinFixtures.navigation("main", in: window).push(TestScreen("list"), animated: false)
        try await home.presentScreen(TestScreen("modal"), animated: false)
        try await home.dismissPresentedScreen(animated: false)

        #expect(clock.pendingTransitions.isEmpty)
    }

    @Test func switchingTheClockToImmediateFinishesPendingTransitions() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let main = try TwinFixtures.navigation("main", in: window)

        let push = Task { try await main.push(TestScreen("list"), animated: true) }
        await clock.waitForPendingTransition()
        clock.mode = .immediate
        try await push.value

        #expect(clock.pendingTransitions.isEmpty)
        #expect(window.lifecycle.lines.last == "list: viewDidAppear")
    }
}
