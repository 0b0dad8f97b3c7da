import Composer
import ComposerTesting

package struct LoginRequired: Error, CustomStringConvertible {
    package init() {}
    package var description: String { "the user must sign in to see products" }
}

/// A login gate like an app's: rejects outright, or shows the login screen through the same router
/// and waits for the user.
@MainActor
package final class LoginGate {
    package enum Mode { case reject, askUser }
    package var mode: Mode
    package var isSignedIn = false
    package weak var router: DefaultRouter?
    private var pending: CheckedContinuation<Bool, Never>?

    package init(mode: Mode) { self.mode = mode }

    package var isWaitingForUser: Bool { pending != nil }

    package var loginStep: DestinationStep<LoginScreen, Void> { LoginScreen.presentedOverCurrent }

    package func check() async throws {
        if isSignedIn { return }
        guard mode == .askUser, let router else { throw LoginRequired() }
        let login = try await router.navigate(to: loginStep)
        let approved = await withCheckedContinuation { pending = $0 }
        pending = nil
        try await (login.presentingScreen as? any ModalPresenting)?.dismissPresentedScreen(animated: false)
        guard approved else { throw LoginRequired() }
        isSignedIn = true
    }

    package func answer(approved: Bool) {
        pending?.resume(returning: approved)
    }
}

package struct LoginInterceptor<Context>: RoutingInterceptor {
    package let gate: LoginGate
    package init(gate: LoginGate) { self.gate = gate }
    package func intercept(with context: Context) async throws { try await gate.check() }
}

extension LoginScreen {
    /// The login screen presented over the current screen (found there if it is up already), as
    /// a sign-in guard shows it.
    package static var presentedOverCurrent: DestinationStep<LoginScreen, Void> {
        StepAssembly(finder: ClassFinder<LoginScreen, Void>(), factory: ClosureFactory { _ in LoginScreen() })
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }
}
