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

/// The shop's state that routing depends on: who is signed in, what is in the cart and which
/// experiment group the user is in. A sign-in that waits for the user is the login screen's
/// answer, awaited by `SignInInterceptor`, not state kept here.
@MainActor
final class ShopSession {
    var isSignedIn = false
    var cart: [ProductID] = []
    /// The review saved for each product (the review editor's Save).
    var reviews: [ProductID: String] = [:]
    /// The A/B experiment: group B sees products as a sheet over the current screen.
    var productsAsSheet = false
}
