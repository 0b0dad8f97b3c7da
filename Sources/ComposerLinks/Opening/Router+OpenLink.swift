import Composer
import Foundation

/// Links open through any ``/Composer/Router``, not only ``/Composer/DefaultRouter``: each goes through
/// the protocol's requirement ``/Composer/Router/navigate(to:with:animated:queueing:)``, so a decorator
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
    /// as a push notification's link passes ``/Composer/NavigationQueueing/interrupt`` to go before
    /// a sign-in that waits.
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
