import ComposerUIKit
import UIKit
import os

/// What the shop's screens need to act: the session, the shared routes, the router and the links
/// of one scene.
///
/// There is one environment per scene, owned by that scene's ``SceneDelegate``, and a screen finds
/// it through the window it is shown in (``ShopEnvironment/of(_:)``). Not a process-wide singleton,
/// because on iPad every window is a scene of its own: a singleton would make the second window
/// navigate in the first one's tree and answer the first one's login screen. The screens are built
/// by `ShopScreens` from the shared `ShopRoutes`, whose signatures take no environment, so looking it
/// up when a button is tapped (the screen is on screen by then) keeps the shared files unchanged.
@MainActor
final class ShopEnvironment {
    /// Who is signed in, the cart and the A/B group, for this scene.
    let session: ShopSession
    /// The shop's destinations, shared with the terminal app.
    let routes: ShopRoutes
    /// Navigates in this scene's window; `routes.router` points at it weakly, so it is kept here.
    let router: DefaultRouter
    /// Every URL the shop opens; empty (with an error logged) if the patterns do not register. Its
    /// redirects come from the bundled `redirects.json` at launch (``loadRedirects(from:)``).
    private(set) var links: LinkMap
    /// One screen view per change of the visible screen, the user's included, sent to the log.
    let analytics: ShopAnalytics
    /// Reports the user's back swipes, sheet swipe-downs and tab taps to the router (a tab tap runs
    /// the tab's guards first); UIKit holds delegates weakly, so it is kept here.
    let userNavigation = UserNavigationReporter()
    /// Which screens come back at the next launch; `nil` (logged) if a registration failed.
    let restoration: LinkRestoration?

    /// The app's own log, next to the router's entries (category `Routing`) in Console.app.
    static let log = Logger(subsystem: Bundle.main.bundleIdentifier ?? "ComposerShop", category: "Shop")

    /// An environment navigating in `scene`'s key window. The window provider holds the scene
    /// weakly, so the environment does not keep a disconnected scene alive.
    init(scene: UIWindowScene) {
        session = ShopSession()
        routes = ShopRoutes(session: session)
        router = DefaultRouter(windowProvider: SceneWindowProvider(scene: scene), logger: OSRoutingLogger())
        routes.attach(to: router)
        analytics = ShopAnalytics(router: router) { Self.log.info("analytics: \($0)") }
        router.reportUserNavigation(with: userNavigation)
        let registered = routes.makeLinksAndRestoration { Self.log.error("\($0)") }
        links = registered.links
        restoration = registered.restoration
        loadRedirects(from: Bundle.main.url(forResource: "redirects", withExtension: "json"))
    }

    /// Loads the link redirects of remote configuration: here the bundled `redirects.json` (the
    /// same file the terminal's `redirects load` reads), which an app would fetch from its server.
    /// A table that is refused leaves the links as they were, and the log says why.
    func loadRedirects(from url: URL?) {
        guard let url, let json = try? Data(contentsOf: url) else {
            return Self.log.info("no redirects to load")
        }
        do {
            try links.loadRedirects(from: json)
            Self.log.info("redirects loaded: \(self.links.redirects.map(\.description).joined(separator: ", "))")
        } catch {
            Self.log.error("\(error.description)")
        }
    }

    /// The links that rebuild what `window` shows, for the scene's restoration activity.
    func savedLinks(in window: UIWindow) -> [String] {
        guard let restoration else { return [] }
        let snapshot = restoration.savedLinks(in: window)
        Self.log.info("saving the screens shown: \(snapshot.description)")
        return snapshot.urls
    }

    /// The environment of the scene `controller` is shown in, or `nil` (logged) when the controller
    /// is not in a window of a shop scene, which only happens if a screen acts while off screen.
    static func of(_ controller: UIViewController) -> ShopEnvironment? {
        guard let scene = controller.viewIfLoaded?.window?.windowScene else {
            log.error("\(String(describing: type(of: controller))) is not in a window, so it cannot navigate")
            return nil
        }
        guard let delegate = scene.delegate as? SceneDelegate, let environment = delegate.environment else {
            log.error("the scene of \(String(describing: type(of: controller))) has no shop environment")
            return nil
        }
        return environment
    }

    /// Shows the home tab, then opens the URLs the scene was launched with, one after the other,
    /// so a cold start from a link builds the tab bar first and the link's screen on top of it.
    /// Without such a URL, the screens the user left (`saved`, from the scene's last restoration
    /// activity) come back instead, through the same guards.
    func start(opening urls: [URL], restoring saved: [String] = []) {
        Task {
            await perform("showing the home tab at launch") {
                try await $0.router.navigate(to: $0.routes.home, animated: false)
            }
            if urls.isEmpty, !saved.isEmpty {
                let result = await router.restore(saved, using: links)
                if let failure = result.failure { Self.log.info("\(failure.description)") }
            }
            for url in urls {
                await perform("opening \(url.absoluteString)") {
                    try await $0.router.open(url, using: $0.links)
                }
            }
        }
    }

    /// Opens a custom-scheme or universal link through the links, exactly as a tap would navigate.
    /// The sign-out link (a revoked session, pushed by the server) is no destination: it signs out
    /// with navigations that interrupt (`ShopRoutes.forceSignOut()`), so a sign-in that waits is
    /// given up and its login screen closes at once.
    func open(_ url: URL) {
        if url.absoluteString == ShopRoutes.signOutLink {
            return navigate("signing out, as a push asked") { try await $0.routes.forceSignOut() }
        }
        navigate("opening \(url.absoluteString)") { try await $0.router.open(url, using: $0.links) }
    }

    /// Runs a navigation started by the UI (a button, a row, a tab) and logs how it failed, if it
    /// did; `purpose` says what the user asked for, for the log.
    func navigate(_ purpose: String, _ body: @escaping @MainActor (ShopEnvironment) async throws -> Void) {
        Task { await perform(purpose, body) }
    }

    /// Runs `body` and turns its error into a log entry: UIKit callers have nowhere to throw to.
    private func perform(_ purpose: String, _ body: @MainActor (ShopEnvironment) async throws -> Void) async {
        do {
            do {
                try await body(self)
            } catch let error as LinkOpenError {
                // Links fail as either half of LinkOpenError; log each like its own kind.
                switch error {
                case .link(let linkError): throw linkError
                case .routing(let routingError): throw routingError
                }
            }
        } catch let error as RoutingError where error.code == .interceptorRejected || error.code == .cancelled {
            // The user closed the login screen, or another navigation (a forced sign-out) cancelled
            // this one: expected outcomes, not failures.
            let reason = error.underlyingError.map { String(describing: $0) } ?? error.found
            Self.log.info("\(purpose) stopped: \(reason)")
        } catch let error as LinkError {
            Self.log.error("\(purpose) failed, the link is not one the shop opens: \(error.description)")
        } catch {
            Self.log.error("\(purpose) failed: \(String(describing: error))")
        }
    }
}

/// How a screen reaches its environment and starts a navigation, in one call.
extension UIViewController {
    /// The environment of this screen's scene (see ``ShopEnvironment/of(_:)``).
    var shopEnvironment: ShopEnvironment? { ShopEnvironment.of(self) }

    /// Runs a navigation of this screen's scene, for button and row handlers; does nothing (the
    /// lookup logs why) when the screen is not in a shop window.
    func runNavigation(_ purpose: String, _ body: @escaping @MainActor (ShopEnvironment) async throws -> Void) {
        shopEnvironment?.navigate(purpose, body)
    }
}
