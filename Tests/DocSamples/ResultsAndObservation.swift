import Composer
import ComposerTesting
import Testing

// doc-sample: ResultsAndObservation.md picker
/// The colours a picker offers.
enum Colour: String, Sendable {
    case red, green, blue
}

/// The colour picker. In the app this is a `UIViewController` subclass.
final class ColourPickerScreen: TestScreen, ResultReturning {
    /// Set by the router while someone waits for the answer.
    var resultHandle: ResultHandle<Colour>?
    private(set) var selected: Colour = .red

    func show(_ colour: Colour) {
        selected = colour
    }

    /// The Done button.
    func done() {
        resultHandle?.finish(with: selected)
    }

    /// The Cancel button.
    func cancel() {
        resultHandle?.finish()
    }
}
// end-doc-sample

// doc-sample: ResultsAndObservation.md picker-route
/// The picker, presented as a sheet over whatever is on screen, showing the current colour.
@MainActor
var colourPicker: DestinationStep<ColourPickerScreen, Colour> {
    StepAssembly(
        finder: NilFinder<ColourPickerScreen, Colour>(),
        factory: ClosureFactory { (current: Colour) in
            let picker = ColourPickerScreen("colour picker")
            picker.modalStyle = .pageSheet
            picker.show(current)
            return picker
        }
    )
    .using(GeneralAction.presentModally())
    .from(GeneralStep.current())
    .assemble()
}
// end-doc-sample

/// A model that asks the user for a colour.
@MainActor
final class ThemeModel {
    let router: any Router
    var colour: Colour = .blue
    var message: String?

    init(router: any Router) {
        self.router = router
    }

    // doc-sample: ResultsAndObservation.md ask
    func chooseColour() async {
        do {
            let current = colour
            let colour: Colour? = try await router.navigate(
                to: colourPicker, with: current, awaitingResult: Colour.self)
            if let colour { self.colour = colour }
        } catch {
            message = "could not open the colour picker: \(error.found)"
        }
    }
    // end-doc-sample

    // doc-sample: ResultsAndObservation.md ask-completion
    func chooseColourWithoutAsync() {
        router.navigate(to: colourPicker, with: colour, awaitingResult: Colour.self) { [weak self] outcome in
            if case .success(let colour?) = outcome { self?.colour = colour }
        }
    }
    // end-doc-sample
}

@MainActor
@Test("The picker answers the model, and the sheet is gone")
func pickerAnswersTheModel() async throws {
    let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("settings")]))
    let router = DefaultRouter(window: window)
    let model = ThemeModel(router: router)
    let asking = Task { await model.chooseColour() }
    #expect(await router.waitForResultWait())

    let picker = try #require(window.current as? ColourPickerScreen)
    picker.show(.green)
    picker.done()
    await asking.value

    #expect(model.colour == .green)
    #expect(window.current?.name == "settings")
}

@MainActor
@Test("The completion form gets the same answer")
func completionFormAnswers() async throws {
    let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("settings")]))
    let router = DefaultRouter(window: window)
    let model = ThemeModel(router: router)
    model.chooseColourWithoutAsync()
    #expect(await router.waitForResultWait())
    try #require(window.current as? ColourPickerScreen).cancel()
    for _ in 0..<1_000 where router.waitingResults > 0 { await Task.yield() }
    #expect(model.colour == .blue)
}

// doc-sample: ResultsAndObservation.md test-swipe
@MainActor
@Test("Swiping the picker away leaves the colour as it was")
func swipingThePickerAway() async throws {
    let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("settings")]))
    let router = DefaultRouter(window: window)
    var jumps: [String] = []
    router.addObserver { jumps.append($0.description) }
    let model = ThemeModel(router: router)

    let asking = Task { await model.chooseColour() }
    #expect(await router.waitForResultWait())
    try await #require(window.current).userSwipeDown()
    await asking.value

    #expect(model.colour == .blue)
    #expect(
        jumps == [
            #"router: screen "settings" -> screen "colour picker""#,
            #"user: screen "colour picker" -> screen "settings""#,
        ])
}
// end-doc-sample

// doc-sample: ResultsAndObservation.md observe
/// Sends one screen view per change of the visible screen, the user's included.
@MainActor
final class ScreenViewAnalytics {
    private(set) var sent: [String] = []
    private var observation: NavigationObserverToken?

    func start(observing router: DefaultRouter) {
        observation = router.addObserver { [weak self] event in
            let screen = event.to.map { String(describing: type(of: $0)) } ?? "nothing"
            self?.sent.append("\(screen) (\(event.cause))")
        }
    }

    func stop() {
        observation?.cancel()
    }
}
// end-doc-sample

@MainActor
@Test("The analytics see the router's jump and the user's swipe, until stopped")
func analyticsSeeEveryJump() async throws {
    let window = TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("settings")]))
    let router = DefaultRouter(window: window)
    let analytics = ScreenViewAnalytics()
    analytics.start(observing: router)
    try await router.navigate(to: colourPicker, with: .red)
    try await #require(window.current).userSwipeDown()
    analytics.stop()
    try await router.navigate(to: colourPicker, with: .red)
    #expect(analytics.sent == ["ColourPickerScreen (router)", "TestScreen (user)"])
}
