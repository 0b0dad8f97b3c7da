import Composer
import Foundation

/// A navigation as a value: a destination and the context to reach it with, ready for
/// the router (`router.navigate(to: link)`).
///
/// Links are what a ``LinkMap`` makes from a URL, and how a component opens a screen of another
/// component without importing it: it knows the URL, the app's `LinkMap` knows the destination.
@MainActor
public struct Link {
    /// The type of the destination screen, for logs and the catalog.
    public var destinationName: String { String(describing: destination.destinationType) }
    /// The type of the context the destination needs.
    public var contextTypeName: String {
        destination.contextType == Void.self ? "Void" : String(describing: destination.contextType)
    }
    /// The context, as text.
    public var contextDescription: String { String(describing: destination.contextValue) }

    // The names are rendered only when read: a link made to be opened never needs them. The
    // step and context are kept as one value of a generic type rather than in a closure, so
    // making a link with a small context (an id) allocates nothing.
    private let destination: any LinkDestination

    /// A link to `step` with `context`.
    public init<ViewController, Context>(to step: DestinationStep<ViewController, Context>, with context: Context) {
        destination = StepDestination(step: step, context: context)
    }

    /// A link to a step that needs no context.
    public init<ViewController>(to step: DestinationStep<ViewController, Void>) {
        self.init(to: step, with: ())
    }

    func navigate(with router: any Router, animated: Bool, queueing: NavigationQueueing) async throws(RoutingError)
        -> any Screen
    {
        try await destination.navigate(with: router, animated: animated, queueing: queueing)
    }

    /// The screen of `tree` that the destination's finder finds for this link's context: the
    /// screen opening the link would reach without building anything.
    func existingScreen(in tree: ScreenTree) throws(RoutingError) -> (any Screen)? {
        try destination.existingScreen(in: tree)
    }
}

/// A destination step and its context, whatever their types.
@MainActor
private protocol LinkDestination {
    var destinationType: Any.Type { get }
    var contextType: Any.Type { get }
    var contextValue: Any { get }
    func navigate(with router: any Router, animated: Bool, queueing: NavigationQueueing) async throws(RoutingError)
        -> any Screen
    func existingScreen(in tree: ScreenTree) throws(RoutingError) -> (any Screen)?
}

@MainActor
private struct StepDestination<ViewController, Context>: LinkDestination {
    let step: DestinationStep<ViewController, Context>
    let context: Context

    var destinationType: Any.Type { ViewController.self }
    var contextType: Any.Type { Context.self }
    var contextValue: Any { context }

    func navigate(with router: any Router, animated: Bool, queueing: NavigationQueueing) async throws(RoutingError)
        -> any Screen
    {
        let screen = try await router.navigate(to: step, with: context, animated: animated, queueing: queueing)
        guard let screen = screen as Any as? any Screen else {
            throw RoutingError(
                code: .typeMismatch, step: "link to \(ViewController.self)", expected: "a Screen",
                found: "\(type(of: screen as Any))")
        }
        return screen
    }

    func existingScreen(in tree: ScreenTree) throws(RoutingError) -> (any Screen)? {
        try step.existingScreen(with: context, in: tree).flatMap { $0 as Any as? any Screen }
    }
}

/// The app's URL patterns and what each opens: `LinkTable` specialised to ``Link``.
///
/// ```swift
/// var links = LinkMap()
/// try links.register("shop://product/<id>", as: "Product") { params in
///     Link(to: Destinations.product, with: ProductID(try params.string("id")))
/// }
/// try await router.open(url, using: links)
/// ```
public typealias LinkMap = LinkTable<Link>

/// Why ``Composer/Router/open(_:using:animated:queueing:)-(String,_,_,_)`` failed: the link, or the navigation.
public enum LinkOpenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The link could not be resolved and the map has no fallback (malformed, unknown,
    /// a value that does not convert), or the registration's closure failed.
    case link(LinkError)
    /// The link resolved but the navigation failed: an interceptor refused, a screen was not found…
    case routing(RoutingError)

    /// The ``LinkError`` or ``Composer/RoutingError`` itself, for code that already handles those.
    public var underlyingError: any Error {
        switch self {
        case .link(let error): error
        case .routing(let error): error
        }
    }

    /// The underlying error's sentence.
    public var description: String {
        switch self {
        case .link(let error): error.description
        case .routing(let error): error.description
        }
    }

    /// Compares the link errors, and the routing errors by code, step and what was found.
    public static func == (lhs: LinkOpenError, rhs: LinkOpenError) -> Bool {
        switch (lhs, rhs) {
        case (.link(let left), .link(let right)): left == right
        case (.routing(let left), .routing(let right)):
            left.code == right.code && left.step == right.step && left.found == right.found
        default: false
        }
    }
}

/// What ``Composer/Router/open(_:using:animated:queueing:)-(String,_,_,_)`` did: the screen shown, and
/// which pattern (or the fallback, and why) the link went to.
///
/// Main-actor isolated, so it can be the result of a `Task` started on the main actor.
@MainActor
public struct OpenedLink {
    /// The destination screen.
    public let screen: any Screen
    /// The link as received.
    public let url: String
    /// The destination name of the pattern that opened the screen, if it has one.
    public let name: String?
    /// The pattern that opened the screen; `nil` when the fallback did.
    public let pattern: String?
    /// The patterns the link was redirected away from, in order.
    public let redirectedFrom: [String]
    /// The link and the reason it went to the fallback; `nil` when a pattern opened it.
    public let fallback: LinkFallback?

    /// Whether the map's fallback chose the screen.
    public var isFallback: Bool { fallback != nil }
}

/// Links open through any ``Composer/Router``, not only ``Composer/DefaultRouter``: each goes through
/// the protocol's requirement ``Composer/Router/navigate(to:with:animated:queueing:)``, so a decorator
/// (analytics, a global guard) sees links as it sees taps, and a recording router in a view-model
/// test records what a link opened.
extension Router {
    /// Navigates to `link` exactly as a tap would: every interceptor runs. `queueing` says how it
    /// joins the router's queue (a forced logout that arrives as a link interrupts).
    @discardableResult
    public func navigate(to link: Link, animated: Bool = true, queueing: NavigationQueueing = .waitTurn)
        async throws(RoutingError) -> any Screen
    {
        try await link.navigate(with: self, animated: animated, queueing: queueing)
    }

    /// Resolves `url` with `links` (redirects and fallback included), then navigates to what it
    /// opens exactly as a tap would: a login-gated screen stays gated when reached by link.
    /// `queueing` says how the navigation joins the router's queue: a forced logout that arrives
    /// as a push notification's link passes ``Composer/NavigationQueueing/interrupt`` to go before a
    /// sign-in that waits.
    ///
    /// ```swift
    /// let opened = try await router.open("shop://product/42", using: links)
    /// if let fallback = opened.fallback { log("no screen for \(opened.url): \(fallback)") }
    /// ```
    ///
    /// - Throws: ``ComposerLinks/LinkOpenError/link(_:)`` when the URL is malformed, unknown (and there is no
    ///   fallback) or carries a value that does not convert; ``ComposerLinks/LinkOpenError/routing(_:)`` when
    ///   the navigation fails.
    @discardableResult
    public func open(
        _ url: String, using links: LinkMap, animated: Bool = true, queueing: NavigationQueueing = .waitTurn
    ) async throws(LinkOpenError) -> OpenedLink {
        let outcome: LinkMap.Outcome
        do {
            outcome = try links.outcome(url)
        } catch {
            throw .link(error)
        }
        let screen: any Screen
        do {
            screen = try await navigate(to: outcome.target, animated: animated, queueing: queueing)
        } catch {
            throw .routing(error)
        }
        return OpenedLink(
            screen: screen, url: url, name: outcome.entry.flatMap { links.entries[$0].name },
            pattern: outcome.entry.map { links.entries[$0].text }, redirectedFrom: outcome.redirectedFrom,
            fallback: outcome.fallback)
    }

    /// Opens a `URL` as the scene delegate receives it; see ``open(_:using:animated:queueing:)-(String,_,_,_)``.
    ///
    /// The link is read from `url.absoluteString` by the map's own parser, so it resolves the
    /// same way as the same text would, on every platform.
    @discardableResult
    public func open(
        _ url: URL, using links: LinkMap, animated: Bool = true, queueing: NavigationQueueing = .waitTurn
    ) async throws(LinkOpenError) -> OpenedLink {
        try await open(url.absoluteString, using: links, animated: animated, queueing: queueing)
    }

    /// Opens `url` and calls `completion` on the main actor with what was opened or why not.
    ///
    /// Like every completion form, the navigation is never nested in a running one (a link opened
    /// this way from an interceptor waits its turn, or does as `queueing` says).
    public func open(
        _ url: String, using links: LinkMap, animated: Bool = true, queueing: NavigationQueueing = .waitTurn,
        completion: @escaping @MainActor (Result<OpenedLink, LinkOpenError>) -> Void
    ) {
        startNavigationTask {
            do throws(LinkOpenError) {
                completion(.success(try await open(url, using: links, animated: animated, queueing: queueing)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Opens a `URL` and calls `completion` on the main actor with what was opened or why not.
    public func open(
        _ url: URL, using links: LinkMap, animated: Bool = true, queueing: NavigationQueueing = .waitTurn,
        completion: @escaping @MainActor (Result<OpenedLink, LinkOpenError>) -> Void
    ) {
        open(url.absoluteString, using: links, animated: animated, queueing: queueing, completion: completion)
    }
}
