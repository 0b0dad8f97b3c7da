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
    @usableFromInline let destination: any LinkDestination

    // Inlinable so that the app's code makes it for its own step and context types: the
    // generic value's type information is then looked up once, not at every link made (a
    // `LinkMap` hit makes one).

    /// A link to `step` with `context`.
    @inlinable
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
@usableFromInline
protocol LinkDestination {
    var destinationType: Any.Type { get }
    var contextType: Any.Type { get }
    var contextValue: Any { get }
    func navigate(with router: any Router, animated: Bool, queueing: NavigationQueueing) async throws(RoutingError)
        -> any Screen
    func existingScreen(in tree: ScreenTree) throws(RoutingError) -> (any Screen)?
}

@MainActor
@usableFromInline
struct StepDestination<ViewController, Context>: LinkDestination {
    let step: DestinationStep<ViewController, Context>
    let context: Context

    @usableFromInline
    init(step: DestinationStep<ViewController, Context>, context: Context) {
        self.step = step
        self.context = context
    }

    @usableFromInline var destinationType: Any.Type { ViewController.self }
    @usableFromInline var contextType: Any.Type { Context.self }
    @usableFromInline var contextValue: Any { context }

    @usableFromInline
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

    @usableFromInline
    func existingScreen(in tree: ScreenTree) throws(RoutingError) -> (any Screen)? {
        try step.existingScreen(with: context, in: tree).flatMap { $0 as Any as? any Screen }
    }
}
