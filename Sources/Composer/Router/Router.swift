/// What app code needs from a router: put a destination on screen and say how it went.
///
/// View models and coordinators hold an `any Router` rather than a ``DefaultRouter`` so a test can
/// hand them a recording router, and an app can wrap the real one in a decorator (analytics, a
/// guard that runs before any planning) without its call sites changing.
///
/// A conforming type implements two methods, ``navigate(to:with:animated:)`` and
/// ``navigate(to:with:awaitingResult:animated:)`` for screens that answer with a result. Every
/// other form (no context, default animation, completion handlers) is written in terms of them, so
/// a decorator that wraps both sees every navigation made through the protocol.
///
/// ```swift
/// final class AnalyticsRouter: Router {
///     let wrapped: any Router
///     let log: (String) -> Void
///     init(wrapping wrapped: any Router, log: @escaping (String) -> Void) {
///         self.wrapped = wrapped
///         self.log = log
///     }
///     func navigate<ViewController, Context>(
///         to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool
///     ) async throws(RoutingError) -> ViewController {
///         log("jump to \(ViewController.self)")
///         return try await wrapped.navigate(to: step, with: context, animated: animated)
///     }
///     func navigate<ViewController: ResultReturning, Context>(
///         to step: DestinationStep<ViewController, Context>, with context: Context,
///         awaitingResult resultType: ViewController.ResultValue.Type, animated: Bool
///     ) async throws(RoutingError) -> ViewController.ResultValue? {
///         log("ask \(ViewController.self)")
///         return try await wrapped.navigate(to: step, with: context, awaitingResult: resultType, animated: animated)
///     }
/// }
/// ```
@MainActor
public protocol Router {
    /// Puts the destination of `step` on screen for `context` and returns its screen.
    ///
    /// - Throws: a ``RoutingError`` that says which step failed, what it expected and what it found.
    @discardableResult
    func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool
    ) async throws(RoutingError) -> ViewController

    /// Puts the destination of `step` on screen and returns the result it finishes with, or `nil`
    /// when it finishes with none or leaves without finishing (see ``ResultReturning``).
    ///
    /// - Throws: a ``RoutingError`` when the navigation fails or the waiting task is cancelled.
    func navigate<ViewController: ResultReturning, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context,
        awaitingResult resultType: ViewController.ResultValue.Type, animated: Bool
    ) async throws(RoutingError) -> ViewController.ResultValue?
}

extension Router {
    /// Navigates with the transition animated, the way a tap does.
    @discardableResult
    public func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context
    ) async throws(RoutingError) -> ViewController {
        try await navigate(to: step, with: context, animated: true)
    }

    /// Navigates to a step that needs no context.
    @discardableResult
    public func navigate<ViewController>(to step: DestinationStep<ViewController, Void>, animated: Bool = true)
        async throws(RoutingError) -> ViewController
    {
        try await navigate(to: step, with: (), animated: animated)
    }

    /// Navigates and calls `completion` on the main actor with the outcome, for code that does not
    /// use `async`.
    public func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool = true,
        completion: @escaping @MainActor (Result<ViewController, RoutingError>) -> Void
    ) {
        // Nobody awaits this navigation, so it is never nested: it takes its turn in the queue.
        Task {
            await NavigationScope.$activeRouters.withValue([]) {
                do throws(RoutingError) {
                    completion(.success(try await navigate(to: step, with: context, animated: animated)))
                } catch {
                    completion(.failure(error))
                }
            }
        }
    }

    /// Navigates to a step that needs no context and calls `completion` with the outcome.
    public func navigate<ViewController>(
        to step: DestinationStep<ViewController, Void>, animated: Bool = true,
        completion: @escaping @MainActor (Result<ViewController, RoutingError>) -> Void
    ) {
        navigate(to: step, with: (), animated: animated, completion: completion)
    }

    /// Navigates, animated, and returns the screen's result; see
    /// ``navigate(to:with:awaitingResult:animated:)``.
    public func navigate<ViewController: ResultReturning, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context,
        awaitingResult resultType: ViewController.ResultValue.Type
    ) async throws(RoutingError) -> ViewController.ResultValue? {
        try await navigate(to: step, with: context, awaitingResult: resultType, animated: true)
    }

    /// Navigates to a screen that needs no context and returns its result.
    public func navigate<ViewController: ResultReturning>(
        to step: DestinationStep<ViewController, Void>, awaitingResult resultType: ViewController.ResultValue.Type,
        animated: Bool = true
    ) async throws(RoutingError) -> ViewController.ResultValue? {
        try await navigate(to: step, with: (), awaitingResult: resultType, animated: animated)
    }

    /// Navigates and calls `completion` on the main actor with the screen's result, for code that
    /// does not use `async`.
    public func navigate<ViewController: ResultReturning, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context,
        awaitingResult resultType: ViewController.ResultValue.Type, animated: Bool = true,
        completion: @escaping @MainActor (Result<ViewController.ResultValue?, RoutingError>) -> Void
    ) {
        // Nobody awaits this navigation, so it is never nested: it takes its turn in the queue.
        Task {
            await NavigationScope.$activeRouters.withValue([]) {
                do throws(RoutingError) {
                    completion(
                        .success(
                            try await navigate(
                                to: step, with: context, awaitingResult: resultType, animated: animated)))
                } catch {
                    completion(.failure(error))
                }
            }
        }
    }
}
