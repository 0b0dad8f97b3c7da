/// Decides whether a navigation may go ahead: a login gate, a feature flag, a purchase check.
///
/// The router runs the global interceptors, then the plan interceptors, then those of every step
/// from the anchor to the destination, before changing anything. The destination's interceptors
/// run even when the destination already exists: a guard protects the screen, not the path. To
/// reject, throw; the error is reported inside ``RoutingError/Code/interceptorRejected``. An
/// interceptor may itself navigate through the same router (to show a login screen, say) and wait
/// for the user.
///
/// A navigation it starts without awaiting it must be started with
/// ``Router/startNavigationTask(_:)``, so that it waits its turn: a plain `Task` made in the
/// interceptor inherits the running navigation's mark (a task-local value), and its navigation would
/// run at once, in the middle of the one that started it.
@MainActor
public protocol RoutingInterceptor {
    /// The context of the navigation being checked.
    associatedtype Context

    /// Returns to let the navigation go ahead; throws to stop it.
    func intercept(with context: Context) async throws
}

/// A router-wide guard that sees the whole plan of every navigation (``NavigationPlan``): every
/// screen it will reveal, build or create as a container's predefined child.
///
/// Plan interceptors run in the guard phase, after the router-wide context interceptors and before
/// the steps' own; when the guards change the tree and the plan changes, they see the new plan.
@MainActor
public protocol NavigationPlanInterceptor {
    /// Returns to let the navigation go ahead; throws to stop it
    /// (``RoutingError/Code/interceptorRejected``). May navigate through the same router and wait.
    func intercept(_ plan: NavigationPlan) async throws
}

/// Prepares a screen of the chain with the navigation's context, whether it was found or built:
/// a found product screen is refreshed with the new product, a built one is filled in.
@MainActor
public protocol ContextTask {
    /// The type of screen prepared.
    associatedtype ViewController
    /// The context it is prepared with.
    associatedtype Context

    /// Prepares `screen`; a thrown error ends the navigation with ``RoutingError/Code/contextTaskFailed``,
    /// before any screen changes place. The tasks that ran before it (from the anchor towards the
    /// destination) are not undone: refuse a context in ``validate(_:)``, which runs before any.
    func prepare(_ screen: ViewController, with context: Context) throws

    /// Checks `context` before any guard runs and before any screen is built or changed, so a
    /// context the task would reject stops the navigation while nothing has happened (a
    /// ``RoutingError/Code/contextTaskFailed`` with no interceptor, factory or transition run).
    /// The default accepts every context.
    func validate(_ context: Context) throws
}

extension ContextTask {
    /// Accepts every context.
    public func validate(_ context: Context) throws {}
}

/// Runs after a navigation succeeded: analytics, a "last seen" record, a tooltip.
@MainActor
public protocol PostRoutingTask {
    /// The type of the screen it runs on: the destination's for a task of the destination step (or
    /// a router-wide one), that step's own screen for a task of an earlier step.
    associatedtype ViewController
    /// The context of the navigation.
    associatedtype Context

    /// Called once per navigation with the screen of the step it was added to (the destination for
    /// the destination's step and for a router-wide task) and every screen of the chain, the
    /// destination first and the anchor last.
    func execute(on destination: ViewController, with context: Context, screens: [any Screen])
}
