import Composer

/// The shop's analytics: one `screen_view` per change of the screen the user sees, whether a route
/// made it or the user did (the back button, a sheet swiped down, a tab tapped).
///
/// It observes the router rather than adding a post task to the routes: a post task runs only for
/// the router's own navigations, and would miss every change the user makes.
@MainActor
final class ShopAnalytics {
    /// The events not yet sent, oldest first.
    private(set) var pending: [String] = []
    private let send: (@MainActor (String) -> Void)?

    /// Starts observing `router`. With `send`, each event goes out at once; without it, events
    /// wait in ``pending`` until ``flush()``.
    init(router: DefaultRouter, send: (@MainActor (String) -> Void)? = nil) {
        self.send = send
        router.addObserver { [weak self] event in self?.record(event) }
    }

    /// Hands over the events waiting and forgets them.
    func flush() -> [String] {
        defer { pending.removeAll() }
        return pending
    }

    private func record(_ event: NavigationEvent) {
        let line = "screen_view \(Self.name(event.to)) from \(Self.name(event.from)) by \(event.cause)"
        if let send { send(line) } else { pending.append(line) }
    }

    /// The screen's class, the same on iOS and in the terminal (`ProductScreen`).
    private static func name(_ screen: (any Screen)?) -> String {
        screen.map { String(describing: type(of: $0)) } ?? "nothing"
    }
}
