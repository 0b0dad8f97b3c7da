import Composer

/// A navigation as a value: a destination and the context to reach it with, ready for
/// the router (`router.navigate(to: link)`).
///
/// Links are what a ``LinkMap`` makes from a URL, and how a component opens a screen of another
/// component without importing it: it knows the URL, the app's `LinkMap` knows the destination.
@MainActor
public struct Link {
    /// The type of the destination screen, for logs and the catalog.
    public let destinationName: String
    /// The type of the context the destination needs.
    public let contextTypeName: String
    /// The context, as text.
    public let contextDescription: String
    private let run: @MainActor (DefaultRouter, Bool) async throws(RoutingError) -> any Screen

    /// A link to `step` with `context`.
    public init<ViewController, Context>(to step: DestinationStep<ViewController, Context>, with context: Context) {
        destinationName = "\(ViewController.self)"
        contextTypeName = Context.self == Void.self ? "Void" : "\(Context.self)"
        contextDescription = "\(context)"
        run = { router, animated throws(RoutingError) in
            let screen = try await router.navigate(to: step, with: context, animated: animated)
            guard let screen = screen as Any as? any Screen else {
                throw RoutingError(
                    code: .typeMismatch, step: "link to \(ViewController.self)", expected: "a Screen",
                    found: "\(type(of: screen as Any))")
            }
            return screen
        }
    }

    /// A link to a step that needs no context.
    public init<ViewController>(to step: DestinationStep<ViewController, Void>) {
        self.init(to: step, with: ())
    }

    func navigate(with router: DefaultRouter, animated: Bool) async throws(RoutingError) -> any Screen {
        try await run(router, animated)
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

extension DefaultRouter {
    /// Navigates to `link` exactly as a tap would: every interceptor runs.
    @discardableResult
    public func navigate(to link: Link, animated: Bool = true) async throws(RoutingError) -> any Screen {
        try await link.navigate(with: self, animated: animated)
    }

    /// Resolves `url` with `links` (redirects and fallback included), then navigates to what it
    /// opens exactly as a tap would: a login-gated screen stays gated when reached by link.
    ///
    /// - Throws: a ``ComposerLinks/LinkError`` when the URL is malformed, unknown (and there is no fallback) or
    ///   carries a value that does not convert; a ``Composer/RoutingError`` when the navigation fails.
    @discardableResult
    public func open(_ url: String, using links: LinkMap, animated: Bool = true) async throws -> any Screen {
        let link = try links.resolve(url)
        return try await navigate(to: link, animated: animated)
    }

    /// Opens `url` and calls `completion` on the main actor with the destination or the error.
    public func open(
        _ url: String, using links: LinkMap, animated: Bool = true,
        completion: @escaping @MainActor (Result<any Screen, any Error>) -> Void
    ) {
        Task {
            do {
                completion(.success(try await open(url, using: links, animated: animated)))
            } catch {
                completion(.failure(error))
            }
        }
    }
}
