import Composer

/// A product's identifier, as it appears in the catalogue and in links.
struct ProductID: Hashable, CustomStringConvertible, Sendable {
    let rawValue: String

    init(_ rawValue: String) {
        self.rawValue = rawValue
    }

    var description: String { rawValue }
}

/// Why a gated navigation did not go ahead.
struct SignInCancelled: Error, CustomStringConvertible {
    var description: String { "sign-in was cancelled, so the screen stays closed" }
}

/// The shop's state that routing depends on: who is signed in, what is in the cart, which
/// experiment group the user is in, and a sign-in that waits for the user.
@MainActor
final class ShopSession {
    var isSignedIn = false
    var cart: [ProductID] = []
    /// The review saved for each product (the review editor's Save).
    var reviews: [ProductID: String] = [:]
    /// The A/B experiment: group B sees products as a sheet over the current screen.
    var productsAsSheet = false
    private var pendingSignIn: CheckedContinuation<Bool, Never>?

    /// Whether a gated navigation is waiting for the user to sign in or cancel.
    var isWaitingForSignIn: Bool { pendingSignIn != nil }
    /// How many times a navigation has started waiting for sign-in, so a caller can tell a new
    /// request from one that was already waiting.
    private(set) var signInRequests = 0

    /// Waits until the user answers the login screen; a cancelled navigation (interrupted by a
    /// forced logout or a deep link) answers "no" at once.
    func waitForSignIn() async -> Bool {
        signInRequests += 1
        return await withTaskCancellationHandler {
            await withCheckedContinuation { pendingSignIn = $0 }
        } onCancel: {
            Task { @MainActor in _ = self.answerSignIn(approved: false) }
        }
    }

    /// Answers the waiting sign-in; returns false when nothing was waiting.
    func answerSignIn(approved: Bool) -> Bool {
        guard let pending = pendingSignIn else { return false }
        pendingSignIn = nil
        if approved { isSignedIn = true }
        pending.resume(returning: approved)
        return true
    }
}
