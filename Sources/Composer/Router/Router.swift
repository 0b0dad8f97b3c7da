/// What app code needs from a router: put a destination on screen and say how it went.
///
/// View models and coordinators hold an `any Router` rather than a ``DefaultRouter`` so a test can
/// hand them a recording router, and an app can wrap the real one in a decorator (analytics, a
/// guard that runs before any planning) without its call sites changing.
///
/// A conforming type implements two methods, ``navigate(to:with:animated:queueing:)`` and
/// ``navigate(to:with:awaitingResult:animated:queueing:)`` for screens that answer with a result.
/// Every other form (no context, default animation, completion handlers, links) is written in
/// terms of them, so a decorator that wraps both sees every navigation made through the protocol,
/// with the ``NavigationQueueing`` its caller chose (a forced logout that interrupts stays one
/// through every decorator).
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
///         to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool,
///         queueing: NavigationQueueing
///     ) async throws(RoutingError) -> ViewController {
///         log("jump to \(ViewController.self)")
///         return try await wrapped.navigate(to: step, with: context, animated: animated, queueing: queueing)
///     }
///     func navigate<ViewController: ResultReturning, Context>(
///         to step: DestinationStep<ViewController, Context>, with context: Context,
///         awaitingResult resultType: ViewController.ResultValue.Type, animated: Bool, queueing: NavigationQueueing
///     ) async throws(RoutingError) -> ViewController.ResultValue? {
///         log("ask \(ViewController.self)")
///         return try await wrapped.navigate(
///             to: step, with: context, awaitingResult: resultType, animated: animated, queueing: queueing)
///     }
/// }
/// ```
@MainActor
public protocol Router {
    /// Puts the destination of `step` on screen for `context` and returns its screen.
    ///
    /// `queueing` says how the navigation joins the queue when another one is running (see
    /// ``NavigationQueueing``); a router without a queue may ignore it.
    ///
    /// - Throws: a ``RoutingError`` that says which step failed, what it expected and what it found.
    @discardableResult
    func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool,
        queueing: NavigationQueueing
    ) async throws(RoutingError) -> ViewController

    /// Puts the destination of `step` on screen and returns the result it finishes with, or `nil`
    /// when it finishes with none or leaves without finishing (see ``ResultReturning``).
    ///
    /// `queueing` applies to the navigation that shows the screen; the wait for its result holds
    /// no place in the queue.
    ///
    /// - Throws: a ``RoutingError`` when the navigation fails or the waiting task is cancelled.
    func navigate<ViewController: ResultReturning, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context,
        awaitingResult resultType: ViewController.ResultValue.Type, animated: Bool, queueing: NavigationQueueing
    ) async throws(RoutingError) -> ViewController.ResultValue?
}

extension Router {
    /// Navigates, waiting its turn behind the navigations asked for earlier.
    @discardableResult
    public func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool
    ) async throws(RoutingError) -> ViewController {
        try await navigate(to: step, with: context, animated: animated, queueing: .waitTurn)
    }

    /// Navigates with the transition animated, the way a tap does.
    @discardableResult
    public func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context
    ) async throws(RoutingError) -> ViewController {
        try await navigate(to: step, with: context, animated: true, queueing: .waitTurn)
    }

    /// Navigates to a step that needs no context.
    @discardableResult
    public func navigate<ViewController>(
        to step: DestinationStep<ViewController, Void>, animated: Bool = true, queueing: NavigationQueueing = .waitTurn
    ) async throws(RoutingError) -> ViewController {
        try await navigate(to: step, with: (), animated: animated, queueing: queueing)
    }

    /// Navigates and calls `completion` on the main actor with the outcome, for code that does not
    /// use `async`.
    ///
    /// Nobody awaits this navigation, so it is never nested in the one that started it (an
    /// interceptor, a context task or a post task calling it): it joins the queue as `queueing`
    /// says, as any other navigation does.
    public func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool = true,
        queueing: NavigationQueueing = .waitTurn,
        completion: @escaping @MainActor (Result<ViewController, RoutingError>) -> Void
    ) {
        startNavigationTask {
            do throws(RoutingError) {
                completion(
                    .success(try await navigate(to: step, with: context, animated: animated, queueing: queueing)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Navigates to a step that needs no context and calls `completion` with the outcome.
    public func navigate<ViewController>(
        to step: DestinationStep<ViewController, Void>, animated: Bool = true, queueing: NavigationQueueing = .waitTurn,
        completion: @escaping @MainActor (Result<ViewController, RoutingError>) -> Void
    ) {
        navigate(to: step, with: (), animated: animated, queueing: queueing, completion: completion)
    }

    /// Navigates, waiting its turn, and returns the screen's result; see
    /// ``navigate(to:with:awaitingResult:animated:queueing:)``.
    public func navigate<ViewController: ResultReturning, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context,
        awaitingResult resultType: ViewController.ResultValue.Type, animated: Bool = true
    ) async throws(RoutingError) -> ViewController.ResultValue? {
        try await navigate(to: step, with: context, awaitingResult: resultType, animated: animated, queueing: .waitTurn)
    }

    /// Navigates to a screen that needs no context and returns its result.
    public func navigate<ViewController: ResultReturning>(
        to step: DestinationStep<ViewController, Void>, awaitingResult resultType: ViewController.ResultValue.Type,
        animated: Bool = true, queueing: NavigationQueueing = .waitTurn
    ) async throws(RoutingError) -> ViewController.ResultValue? {
        try await navigate(to: step, with: (), awaitingResult: resultType, animated: animated, queueing: queueing)
    }

    /// Navigates and calls `completion` on the main actor with the screen's result, for code that
    /// does not use `async`; like every completion form, it is never nested in a running navigation.
    public func navigate<ViewController: ResultReturning, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context,
        awaitingResult resultType: ViewController.ResultValue.Type, animated: Bool = true,
        queueing: NavigationQueueing = .waitTurn,
        completion: @escaping @MainActor (Result<ViewController.ResultValue?, RoutingError>) -> Void
    ) {
        startNavigationTask {
            do throws(RoutingError) {
                completion(
                    .success(
                        try await navigate(
                            to: step, with: context, awaitingResult: resultType, animated: animated,
                            queueing: queueing)))
            } catch {
                completion(.failure(error))
            }
        }
    }

    /// Runs `work` in a new main-actor task that is part of no navigation in progress, so every
    /// navigation it makes joins the queue instead of running nested in the navigation whose
    /// interceptor, context task or post task called this.
    ///
    /// The completion-handler forms of navigation use it; so does any module that offers its own
    /// (`ComposerLinks`' `open(_:using:completion:)`). A plain `Task` would inherit the running
    /// navigation's scope, and its navigation would cut into that navigation's transition.
    @discardableResult
    public func startNavigationTask(_ work: @escaping @MainActor () async -> Void) -> Task<Void, Never> {
        Task {
            await NavigationScope.$activeRouters.withValue([]) {
                await TabTap.$isRunning.withValue(false) { await work() }
            }
        }
    }
}

/// How a navigation joins the router's queue when another navigation is running.
public enum NavigationQueueing: Sendable, Hashable, CustomStringConvertible {
    /// Wait until every navigation asked for earlier has finished (the default).
    case waitTurn
    /// Fail at once with ``RoutingError/Code/busy``, changing nothing, like a single-navigation
    /// router: for a button that must not stack up navigations.
    case failIfBusy
    /// Go first: a running navigation that has not started changing the screen is cancelled, with
    /// the navigations it started (their waiting interceptors see task cancellation, and they fail
    /// with ``RoutingError/Code/cancelled``), and this one runs before every waiting one, even one
    /// the turn was just handed to. A forced logout is one such call. A call whose task is
    /// cancelled already cancels nothing.
    case interrupt

    /// `waitTurn`, `failIfBusy` or `interrupt`, as written in code.
    public var description: String {
        switch self {
        case .waitTurn: "waitTurn"
        case .failIfBusy: "failIfBusy"
        case .interrupt: "interrupt"
        }
    }
}
