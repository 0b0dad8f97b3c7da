import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

@MainActor
@Suite("Screens that return a result")
struct ScreenResultTests {
    let routes = ResultRoutes()
    let window = ResultRoutes.window()
    var router: DefaultRouter { DefaultRouter(window: window) }

    static let home = """
        window
          nav "main"
            screen "home"
        """

    /// Starts `probe`'s navigation and returns the picker once its handle is set.
    private func picker(_ router: DefaultRouter) async throws -> ColourPicker {
        await turns { router.waitingResults > 0 }
        let picker = try #require(window.current as? ColourPicker)
        #expect(picker.resultHandle != nil)
        return picker
    }

    /// The test kit's wait for a caller to await a screen's result returns once one does, with the
    /// screen on top and its handle set, and gives up, saying so, when none comes.
    @Test("A test waits until a caller awaits a screen's result, and is told when none does")
    func testWaitsForTheResultWait() async throws {
        let router = router
        #expect(await router.waitForResultWait(turns: 100, minimumSeconds: 0) == false)
        let probe = ResultProbe(router, routes.presentedPicker, with: .blue)

        #expect(await router.waitForResultWait())
        let picker = try #require(window.current as? ColourPicker)
        #expect(picker.name == "picker blue")
        #expect(picker.resultHandle?.isFinished == false)
        #expect(await router.waitForResultWait(beyond: 1, turns: 100, minimumSeconds: 0) == false)
        picker.resultHandle?.finish(with: .red)
        await turns { probe.outcome != nil }
        #expect(try probe.value() == .red)
    }

    @Test("A presented screen that finishes with a value is dismissed, then the caller receives the value")
    func presentedFinishesWithValue() async throws {
        let router = router
        #expect(window.render() == Self.home)
        let probe = ResultProbe(router, routes.presentedPicker, with: .blue)
        weak let picker = try await picker(router)
        weak let handle = picker?.resultHandle
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented pageSheet:
                    screen "picker blue"
                """)
        #expect(probe.outcome == nil)
        picker?.resultHandle?.finish(with: .red)
        await turns { probe.outcome != nil }
        #expect(try probe.value() == .red)
        #expect(window.render() == Self.home)
        #expect(picker == nil)
        #expect(handle == nil)
        #expect(router.waitingResults == 0)
    }

    @Test("A pushed screen that finishes is popped, the way it came, and the caller receives the value")
    func pushedFinishesWithValue() async throws {
        let router = router
        let probe = ResultProbe(router, routes.pushedPicker, with: .blue)
        weak let picker = try await picker(router)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "picker blue"
                """)
        picker?.resultHandle?.finish(with: .red)
        await turns { probe.outcome != nil }
        #expect(try probe.value() == .red)
        #expect(window.render() == Self.home)
        #expect(picker == nil)
    }

    @Test("A screen that finishes with nothing (Cancel) is removed and the caller receives nil")
    func finishWithNothing() async throws {
        let router = router
        let probe = ResultProbe(router, routes.presentedPicker, with: .blue)
        try await picker(router).resultHandle?.finish()
        await turns { probe.outcome != nil }
        #expect(try probe.value() == nil)
        #expect(window.render() == Self.home)
    }

    @Test("The user swiping the sheet down ends the wait with nil, and nothing is kept alive")
    func userSwipeDownEndsWithNil() async throws {
        let router = router
        let probe = ResultProbe(router, routes.presentedPicker, with: .blue)
        weak let picker = try await picker(router)
        weak let handle = picker?.resultHandle
        try await picker?.userSwipeDown(animated: false)
        // The gesture's report ends the wait at once, without waiting for the picker's release.
        #expect(router.waitingResults == 0)
        await turns { probe.outcome != nil }
        #expect(try probe.value() == nil)
        #expect(window.render() == Self.home)
        #expect(picker == nil)
        #expect(handle == nil)
        #expect(router.waitingResults == 0)
    }

    @Test("The user tapping back over a pushed screen ends the wait with nil")
    func userBackEndsWithNil() async throws {
        let router = router
        let probe = ResultProbe(router, routes.pushedPicker, with: .blue)
        weak let picker = try await picker(router)
        try await TwinFixtures.navigation("main", in: window).userPop(animated: false)
        #expect(router.waitingResults == 0)
        await turns { probe.outcome != nil }
        #expect(try probe.value() == nil)
        #expect(window.render() == Self.home)
        #expect(picker == nil)
    }

    @Test("Another navigation that removes the screen ends the wait with nil")
    func otherNavigationEndsWithNil() async throws {
        let router = router
        let probe = ResultProbe(router, routes.pushedPicker, with: .blue)
        weak let picker = try await picker(router)
        try await router.navigate(to: routes.home, animated: false)
        #expect(router.waitingResults == 0)
        await turns { probe.outcome != nil }
        #expect(try probe.value() == nil)
        #expect(window.render() == Self.home)
        #expect(picker == nil)
    }

    @Test("A screen removed by code that tells no router still ends the wait once it is released")
    func unreportedRemovalEndsWithNilOnRelease() async throws {
        let router = router
        let probe = ResultProbe(router, routes.presentedPicker, with: .blue)
        weak let picker = try await picker(router)
        let nav = try TwinFixtures.navigation("main", in: window)
        try await nav.dismissPresentedScreen(animated: false)
        await turns { probe.outcome != nil }
        #expect(try probe.value() == nil)
        #expect(picker == nil)
        #expect(router.waitingResults == 0)
    }

    @Test("A vetoing screen stays: the swipe springs back, other navigations fail, the caller keeps waiting")
    func vetoKeepsTheScreenAndTheWait() async throws {
        let router = router
        let probe = ResultProbe(router, routes.presentedPicker, with: .blue)
        let picker = try await picker(router)
        picker.canBeDismissed = false
        let presented = window.render()
        await #expect(
            throws: UserGestureError.dismissalVetoed(
                screen: "screen \"picker blue\"", refusing: "screen \"picker blue\"")
        ) {
            try await picker.userSwipeDown(animated: false)
        }
        await #expect(throws: RoutingError.self) { try await router.navigate(to: routes.home, animated: false) }
        await turns(minimumSeconds: 0) { probe.outcome != nil }
        #expect(probe.outcome == nil)
        #expect(window.render() == presented)
        // Its own finish is its consent: the veto is meant against others.
        picker.resultHandle?.finish(with: .red)
        await turns { probe.outcome != nil }
        #expect(try probe.value() == .red)
        #expect(window.render() == Self.home)
    }

    /// Presented or pushed, the finishing screen leaves with what is presented above it, so a
    /// form there that refuses to leave stops it (a pushed picker was popped under the form).
    @Test(
        "A vetoing screen above the finishing one stops the removal: nothing moves and the caller keeps waiting",
        arguments: [false, true])
    func vetoAboveStopsTheFinish(pushed: Bool) async throws {
        let router = router
        let probe = ResultProbe(router, pushed ? routes.pushedPicker : routes.presentedPicker, with: .blue)
        let picker = try await picker(router)
        let form = TestScreen("unsaved form")
        form.modalStyle = .fullScreen
        form.canBeDismissed = false
        try await picker.presentScreen(form, animated: false)
        let before = window.render()
        var outcome: Result<Void, RoutingError>?
        var secondOutcome: Result<Void, RoutingError>?
        picker.resultHandle?.finish(with: .red) { outcome = $0 }
        // A double tap on Done, while the first removal runs: told the same refusal, not success.
        picker.resultHandle?.finish(with: .red) { secondOutcome = $0 }
        #expect(secondOutcome == nil)
        await turns { outcome != nil && secondOutcome != nil }
        #expect(throws: RoutingError.self) { try #require(outcome).get() }
        #expect(throws: RoutingError.self) { try #require(secondOutcome).get() }
        if case .failure(let error) = outcome {
            #expect(error.code == .dismissalRefused)
            #expect(error.found.contains("screen \"unsaved form\" refuses"))
        }
        #expect(probe.outcome == nil)
        #expect(window.render() == before)
        form.canBeDismissed = true
        picker.resultHandle?.finish(with: .red)
        await turns { probe.outcome != nil }
        #expect(try probe.value() == .red)
        #expect(window.render() == Self.home)
    }

    @Test("The async form returns the value; a cancelled waiting task throws cancelled and leaves the screen")
    func asyncFormAndCancellation() async throws {
        let router = router
        let step = routes.presentedPicker
        let asking = Task { @MainActor in
            try await router.navigate(to: step, with: .blue, awaitingResult: Colour.self)
        }
        try await picker(router).resultHandle?.finish(with: .red)
        #expect(try await asking.value == .red)

        let cancelled = Task { @MainActor in
            try await router.navigate(to: step, with: .blue, awaitingResult: Colour.self)
        }
        _ = try await picker(router)
        cancelled.cancel()
        let error = await #expect(throws: RoutingError.self) { try await cancelled.value }
        #expect(error?.code == .cancelled)
        #expect(error?.found == "the waiting task was cancelled; the screen stays on screen")
        #expect(window.current is ColourPicker)
        #expect(router.waitingResults == 0)
    }

    @Test("Navigating to the screen again hands it to the new caller and ends the earlier wait with nil")
    func newCallerTakesOver() async throws {
        let router = router
        let first = ResultProbe(router, routes.presentedPicker, with: .blue)
        let picker = try await picker(router)
        let again = StepAssembly(
            finder: InstanceFinder<ColourPicker, Colour>(picker), factory: ClosureFactory { _ in picker }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        let second = ResultProbe(router, again, with: .red)
        await turns { first.outcome != nil }
        #expect(try first.value() == nil)
        picker.resultHandle?.finish(with: .blue)
        await turns { second.outcome != nil }
        #expect(try second.value() == .blue)
    }

    @Test("A guard that asks a screen for its answer from inside a navigation is not blocked by that navigation")
    func resultInsideAnInterceptor() async throws {
        let router = router
        let guarded = routes.guardedAccount(router, signIn: .fullScreen)
        var outcome: Result<TestScreen, RoutingError>?
        router.navigate(to: guarded, animated: false) { outcome = $0 }
        await turns { router.waitingResults > 0 }
        let signIn = try #require(window.current as? SignInScreen)
        signIn.resultHandle?.finish(with: true, animated: false)
        await turns { outcome != nil }
        #expect(try #require(outcome).get().name == "account")
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "account"
                """)
    }

    /// The removal runs inside the asking navigation only while that navigation runs: once its
    /// task is cancelled, a later finish waits its turn behind whatever holds the queue.
    @Test("A finish after the guard that asked stopped waiting waits its turn in the queue")
    func finishAfterTheAskingGuardEndedWaitsItsTurn() async throws {
        let router = router
        let guarded = routes.guardedAccount(router, signIn: .fullScreen)
        let asking = Task { @MainActor in try await router.navigate(to: guarded, animated: false) }
        await turns { router.waitingResults > 0 }
        let signIn = try #require(window.current as? SignInScreen)
        asking.cancel()
        let askingResult = await asking.result
        #expect(throws: RoutingError.self) { try askingResult.get() }
        #expect(window.current === signIn)
        // Another navigation holds the queue, waiting in its guard.
        var release: CheckedContinuation<Void, Never>?
        let blocked = StepAssembly(
            finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { TestScreen("later") }
        )
        .adding(ClosureInterceptor<Void> { await withCheckedContinuation { release = $0 } })
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        var other: Result<TestScreen, RoutingError>?
        router.navigate(to: blocked, animated: false) { other = $0 }
        await turns { release != nil }
        let held = window.render()

        var finished: Result<Void, RoutingError>?
        signIn.resultHandle?.finish(with: true, animated: false) { finished = $0 }
        // The removal has reached the queue; then the turns let a removal that does not wait show.
        await turns { router.waitingNavigations == 1 }
        #expect(router.waitingNavigations == 1, "the removal waits its turn in the queue")
        for _ in 0..<20 { await Task.yield() }
        #expect(finished == nil, "the removal waits for the navigation that holds the queue")
        #expect(window.render() == held)
        release?.resume()
        await turns { other != nil && finished != nil }
        #expect(throws: Never.self) { try #require(finished).get() }
    }

    /// The rule of <doc:ResultsAndObservation>: a sign-in sheet a guard waits on may be swiped
    /// away, and the swipe answers the guard as a cancellation, so the guard never waits forever.
    @Test("A sign-in sheet the user swipes away answers its waiting guard as a cancellation")
    func swipedSignInCancelsTheGuard() async throws {
        let router = router
        let before = window.render()
        var outcome: Result<TestScreen, RoutingError>?
        router.navigate(to: routes.guardedAccount(router, signIn: .pageSheet), animated: false) { outcome = $0 }
        await turns { router.waitingResults > 0 }
        let signIn = try #require(window.current as? SignInScreen)

        try await signIn.userSwipeDown(animated: false)
        await turns { outcome != nil }

        guard case .failure(let error) = try #require(outcome) else {
            Issue.record("expected the guard to refuse, got \(String(describing: outcome))")
            return
        }
        #expect(error.code == .interceptorRejected)
        #expect(error.underlyingError is SignInRefused)
        #expect(window.render() == before, "the sheet is gone and nothing else changed")
        #expect(router.waitingResults == 0)
    }

    @Test("A screen tested alone answers through a handle made with a closure")
    func handleWithClosure() {
        let picker = ColourPicker("picker")
        var answers: [Colour?] = []
        picker.resultHandle = ResultHandle { answers.append($0) }
        picker.resultHandle?.finish(with: .red)
        picker.resultHandle?.finish(with: .blue)
        #expect(answers == [.red])
        #expect(picker.resultHandle?.isFinished == true)
    }

    @Test("The recording router records the awaited type and answers with the scripted result")
    func recordingRouter() async throws {
        let recorder = RecordingRouter()
        recorder.result = { _ in Colour.red }
        let answer = try await recorder.navigate(to: routes.presentedPicker, with: .blue, awaitingResult: Colour.self)
        #expect(answer == .red)
        #expect(recorder.requests.map(\.description) == ["ColourPicker with blue (animated) awaiting Colour"])
        recorder.result = { _ in "not a colour" }
        await #expect(throws: RoutingError.self) {
            try await recorder.navigate(to: routes.presentedPicker, with: .blue, awaitingResult: Colour.self)
        }
    }
}
