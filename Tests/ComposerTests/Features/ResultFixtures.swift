import Composer
import ComposerTesting
import Testing

/// What the colour picker answers.
enum Colour: String, Sendable {
    case red, blue
}

/// A screen that answers with a colour.
final class ColourPicker: TestScreen, ResultReturning {
    var resultHandle: ResultHandle<Colour>?
}

/// A login screen that answers whether the user signed in.
final class SignInScreen: TestScreen, ResultReturning {
    var resultHandle: ResultHandle<Bool>?
}

final class HomeScreen: TestScreen {}

/// The routes of the result and observation tests. Every presented screen sets its modal style,
/// so the tests do not depend on the twin's default style.
@MainActor
struct ResultRoutes {
    /// `nav "main"` holding `home`.
    static func window() -> TestWindow {
        TestWindow(root: TestNavigationContainer("main", stack: [HomeScreen("home")]))
    }

    /// The picker, presented as a page sheet over the current screen.
    var presentedPicker: DestinationStep<ColourPicker, Colour> { picker(presented: .pageSheet) }

    /// The picker, presented over the current screen with `style`.
    func picker(presented style: TestModalStyle) -> DestinationStep<ColourPicker, Colour> {
        StepAssembly(
            finder: NilFinder<ColourPicker, Colour>(),
            factory: ClosureFactory { (colour: Colour) in
                let picker = ColourPicker("picker \(colour)")
                picker.modalStyle = style
                return picker
            }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    /// The picker, pushed onto the stack around the current screen.
    var pushedPicker: DestinationStep<ColourPicker, Colour> {
        StepAssembly(
            finder: NilFinder<ColourPicker, Colour>(),
            factory: ClosureFactory { (colour: Colour) in ColourPicker("picker \(colour)") }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
    }

    /// A plain screen called `name`, pushed onto the stack around the current screen.
    func pushed(_ name: String) -> DestinationStep<TestScreen, Void> {
        StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { TestScreen(name) })
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }

    /// A plain screen called `name`, presented as a sheet over the current screen.
    func sheet(_ name: String) -> DestinationStep<TestScreen, Void> {
        StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory {
                let screen = TestScreen(name)
                screen.modalStyle = .pageSheet
                return screen
            }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    /// The home screen, revealed wherever it is.
    var home: DestinationStep<HomeScreen, Void> { GeneralStep.custom(ClassFinder<HomeScreen, Void>()) }

    /// The sign-in screen, presented in `style`.
    func signIn(_ style: TestModalStyle = .fullScreen) -> DestinationStep<SignInScreen, Void> {
        StepAssembly(
            finder: NilFinder<SignInScreen, Void>(),
            factory: ClosureFactory {
                let screen = SignInScreen("sign-in")
                screen.modalStyle = style
                return screen
            }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }
}

extension ResultRoutes {
    /// `account`, pushed onto the current stack once the sign-in screen (presented in `style`) has
    /// answered `true` to a guard that waits for its answer through `router`.
    func guardedAccount(_ router: DefaultRouter, signIn style: TestModalStyle) -> DestinationStep<TestScreen, Void> {
        let signIn = signIn(style)
        return StepAssembly(finder: NilFinder<TestScreen, Void>(), factory: ClosureFactory { TestScreen("account") })
            .adding(
                ClosureInterceptor<Void> {
                    let answer = try await router.navigate(to: signIn, awaitingResult: Bool.self, animated: false)
                    guard answer == true else { throw SignInRefused() }
                }
            )
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }
}

struct SignInRefused: Error {}

/// A navigation awaiting a result, started with the completion form so that a test can check
/// whether it has ended without ever awaiting something that might not end.
@MainActor
final class ResultProbe<Value> {
    private(set) var outcome: Result<Value?, RoutingError>?

    /// Starts navigating to `step` on `router`, awaiting its result.
    init<Screen: ResultReturning, Context>(
        _ router: DefaultRouter, _ step: DestinationStep<Screen, Context>, with context: Context
    ) where Screen.ResultValue == Value {
        router.navigate(to: step, with: context, awaitingResult: Value.self, animated: false) { [weak self] in
            self?.outcome = $0
        }
    }

    /// The result once the wait has ended, or a test failure.
    func value() throws -> Value? {
        try #require(outcome).get()
    }
}

/// Lets the main actor run other work until `condition` holds: ten thousand turns, then at least
/// `minimumSeconds` more (see `patientlyWait`), as a loaded test run can keep a task from its next
/// step for longer than the turns take. A check that the condition stays false passes 0.
@MainActor
func turns(minimumSeconds: Double = 2, until condition: () -> Bool) async {
    await patientlyWait(turns: 10_000, minimumSeconds: minimumSeconds) { condition() }
}
