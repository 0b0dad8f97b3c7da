import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// A colour picker that answers the caller waiting for it.
private final class ColourPickerScreen: TestScreen, ResultReturning {
    var resultHandle: ResultHandle<String>?
}

/// A review of the doc comments of `ComposerTesting`'s public symbols (what Quick Help and the
/// DocC reference show) against the code. The first test quotes a claim the review found
/// untrue; the code was fixed, and the test pins what the claim says. The others pin documented
/// promises no other test pins.
@MainActor
@Suite("ComposerTesting: the API reference against the code")
struct TestingAPIReferenceReviewTests {
    fileprivate var picker: DestinationStep<ColourPickerScreen, String> {
        StepAssembly(
            finder: NilFinder<ColourPickerScreen, String>(),
            factory: ClosureFactory { title in ColourPickerScreen(title) }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    // MARK: - Claims that do not hold

    /// `SeededRandom.swift:26`: "A number in `range`." For a range of more than `Int.max` numbers
    /// (`0...Int.max`, `Int.min...0`, every `Int`) `range.count` overflows and the generator
    /// traps, ending the test process, instead of answering a number in it.
    @Test("a number in a range of more than Int.max numbers, not a trap")
    func aNumberInEveryRange() async {
        await #expect(processExitsWith: .success) {
            var random = SeededRandom(seed: 7)
            let number = random.int(in: 0...Int.max)
            precondition(number >= 0)
        }
    }

    // MARK: - Claims that hold, pinned

    /// `SeededRandom.swift:3-4`: "Seeded, so a failing sequence replays exactly from the seed a test
    /// prints; the same sequence on every platform". The generator is SplitMix64: seed 0 gives its
    /// published reference outputs, so a seed printed on one machine replays on any other.
    @Test("the same seed gives SplitMix64's reference sequence, on every platform")
    func aSeedReplaysSplitMix64() {
        var random = SeededRandom(seed: 0)
        #expect(
            [random.next(), random.next(), random.next()] == [
                0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
            ])
        var again = SeededRandom(seed: 42)
        var other = SeededRandom(seed: 42)
        let picks = (0..<20).map { _ in again.int(in: -3...3) }
        #expect(picks == (0..<20).map { _ in other.int(in: -3...3) })
        #expect(picks.allSatisfy { (-3...3).contains($0) })
    }

    /// `RecordingRouter.swift:42-44`, `:65-67` and `:105-106`: a navigation that awaits a result is
    /// recorded as "` awaiting Colour`" (and a queueing other than waiting its turn as
    /// "` [interrupt]`"); it answers with ``RecordingRouter/result`` (`nil` by default), "A value of
    /// another type than the one awaited fails the navigation with typeMismatch", and a failure
    /// ``RecordingRouter/answer`` fails it. No screen is made.
    @Test("a navigation awaiting a result is recorded and answered with the result the test chose")
    func aRecordingRouterAnswersResults() async throws {
        let router = RecordingRouter(
            answer: .screen { _ in
                Issue.record("a result navigation made a screen")
                return TestScreen("no")
            })

        #expect(try await router.navigate(to: picker, with: "paint", awaitingResult: String.self) == nil)
        router.result = { request in "red for \(request.context)" }
        #expect(
            try await router.navigate(
                to: picker, with: "ink", awaitingResult: String.self, animated: false, queueing: .interrupt)
                == "red for ink")
        router.result = { _ in 42 }
        await #expect {
            _ = try await router.navigate(to: picker, with: "wall", awaitingResult: String.self)
        } throws: { error in
            (error as? RoutingError)?.code == .typeMismatch
        }
        router.answer = .failure(
            RoutingError(code: .interceptorRejected, step: "sign-in", expected: "a signed-in user", found: "none"))
        await #expect {
            _ = try await router.navigate(to: picker, with: "door", awaitingResult: String.self)
        } throws: { error in
            (error as? RoutingError)?.code == .interceptorRejected
        }

        #expect(
            router.requests.map(\.description) == [
                "ColourPickerScreen with paint (animated) awaiting String",
                "ColourPickerScreen with ink (not animated) awaiting String [interrupt]",
                "ColourPickerScreen with wall (animated) awaiting String",
                "ColourPickerScreen with door (animated) awaiting String",
            ])
    }

    /// `TransitionClock.swift:9-10`: "Cancelling the task of an operation does not finish its
    /// transition; only the clock does." and `:26`: "Switching to ``Mode/immediate`` finishes every
    /// pending transition."
    @Test("a cancelled operation's transition waits for the clock; switching to immediate finishes it")
    func onlyTheClockFinishesATransition() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let navigation = try TwinFixtures.navigation("main", in: window)
        let pushing = Task { try await navigation.push(TestScreen("product"), animated: true) }
        #expect(await clock.waitForPendingTransition())

        pushing.cancel()
        for _ in 0..<100 { await Task.yield() }
        #expect(clock.pendingTransitions == [#"push screen "product" on nav "main""#])
        #expect(window.lifecycle.lines == ["home: viewWillDisappear", "product: viewWillAppear"])
        #expect(!window.isSettled)

        clock.mode = .immediate
        try await pushing.value
        #expect(clock.pendingTransitions.isEmpty)
        #expect(window.isSettled)
        #expect(
            window.lifecycle.lines == [
                "home: viewWillDisappear", "product: viewWillAppear", "home: viewDidDisappear",
                "product: viewDidAppear",
            ])
        #expect(!clock.advance(), "nothing is pending any more")
    }

    /// `TestScreen.swift:39-41`: the modal style "is read when the presentation starts; the style of
    /// a running presentation does not change afterwards", and `:177-178`
    /// ``TestScreen/hidesWindowWhenPresented`` answers for the style it was shown as. (The SwiftUI
    /// model's node gets this wrong; see `ModelAPIReferenceReviewTests`.)
    @Test("changing the modal style of a presented screen changes neither what it hides nor how it renders")
    func aRunningPresentationKeepsItsStyle() async throws {
        let window = TwinFixtures.navigationWindow()
        let navigation = try TwinFixtures.navigation("main", in: window)
        let sheet = TestScreen("sheet")
        try await navigation.presentScreen(sheet, animated: false)
        let rendered = window.render()

        sheet.modalStyle = .fullScreen

        #expect(!sheet.hidesWindowWhenPresented)
        #expect(window.screensOnScreen.map(\.name) == ["main", "home", "sheet"])
        #expect(window.render() == rendered)
        #expect(rendered.contains("presented automatic (as pageSheet):"))

        try await navigation.dismissPresentedScreen(animated: false)
        let cover = TestScreen("cover")
        cover.modalStyle = .fullScreen
        try await navigation.presentScreen(cover, animated: false)
        cover.modalStyle = .pageSheet
        #expect(cover.hidesWindowWhenPresented)
        #expect(window.screensOnScreen.map(\.name) == ["cover"])
    }
}
