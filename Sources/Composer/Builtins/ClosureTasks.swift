/// An interceptor written inline, for a guard too small to deserve its own type.
///
/// ```swift
/// .adding(ClosureInterceptor<ProductID> { id in
///     guard session.isSignedIn else { throw SignInRequired(product: id) }
/// })
/// ```
///
/// Plans, logs and the ``RouteMap`` name it by its type, `ClosureInterceptor<ProductID>`; give a
/// guard its own type when those need to tell it apart from others.
public struct ClosureInterceptor<Context>: RoutingInterceptor {
    private let body: @MainActor (Context) async throws -> Void

    /// An interceptor that runs `body`; what it throws stops the navigation before anything changes.
    public init(_ body: @escaping @MainActor (Context) async throws -> Void) {
        self.body = body
    }

    /// Runs the closure given at creation.
    public func intercept(with context: Context) async throws {
        try await body(context)
    }
}

/// A context task written inline: configures the step's screen with the navigation's context,
/// whether the screen was just built or already on screen.
///
/// ```swift
/// .adding(ClosureContextTask<ProductScreen, ProductID> { screen, id in screen.show(id) })
/// ```
public struct ClosureContextTask<ViewController, Context>: ContextTask {
    private let body: @MainActor (ViewController, Context) throws -> Void

    /// A task that runs `body`; what it throws fails the navigation as a context task failure.
    public init(_ body: @escaping @MainActor (ViewController, Context) throws -> Void) {
        self.body = body
    }

    /// Runs the closure given at creation.
    public func prepare(_ screen: ViewController, with context: Context) throws {
        try body(screen, context)
    }
}

/// A post task written inline: runs once the destination is on screen and the navigation succeeded,
/// with every screen of the chain (destination first), for analytics or a follow-up.
///
/// ```swift
/// .adding(ClosurePostTask<ProductScreen, ProductID> { _, id, _ in analytics.viewed(id) })
/// ```
public struct ClosurePostTask<ViewController, Context>: PostRoutingTask {
    private let body: @MainActor (ViewController, Context, [any Screen]) -> Void

    /// A task that runs `body` after each successful navigation to its step.
    public init(_ body: @escaping @MainActor (ViewController, Context, [any Screen]) -> Void) {
        self.body = body
    }

    /// Runs the closure given at creation.
    public func execute(on destination: ViewController, with context: Context, screens: [any Screen]) {
        body(destination, context, screens)
    }
}

/// A plan interceptor written as a closure.
@MainActor
public struct ClosurePlanInterceptor: NavigationPlanInterceptor {
    private let body: @MainActor (NavigationPlan) async throws -> Void

    /// Creates an interceptor that runs `body` with each navigation's plan.
    public init(_ body: @escaping @MainActor (NavigationPlan) async throws -> Void) {
        self.body = body
    }

    /// Runs the closure.
    public func intercept(_ plan: NavigationPlan) async throws {
        try await body(plan)
    }
}
