/// What a navigation is about to put on screen, as router-wide plan interceptors see it before
/// anything is built or changed.
///
/// Guards bound to a step protect that step only; a screen can also appear as a predefined child
/// of a new container (a tab) or be uncovered by a reveal (a pop or `previous()` after sign-out).
/// The plan lists all of them, so one sign-in guard covers every screen that needs it:
///
/// ```swift
/// router.add(planInterceptor: ClosurePlanInterceptor { plan in
///     if plan.entries.contains(where: { $0.type is any RequiresSignIn.Type }) { try await signIn() }
/// })
/// ```
public struct NavigationPlan {
    /// How a screen of the plan comes to be on screen.
    public enum Kind: String, Sendable, Hashable {
        /// Already in the tree and on screen at the end of the reveal or on the way: the found
        /// screen and what is visible inside it, each container around it with what it shows now
        /// (the other column of a split view, the top of a stack until it is popped) and what those
        /// present that the reveal leaves in place (a sheet in the other column's context), and,
        /// when presentations above it are dismissed, what is visible in every level that stays.
        case reveal
        /// Built by a step's factory.
        case build
        /// A child a new container always has (created while planning, so it can be inspected).
        case predefinedChild
    }

    /// One screen of the plan.
    public struct Entry {
        /// How it comes to be on screen.
        public let kind: Kind
        /// Its type: the dynamic type of an existing screen, the type a factory declares it builds.
        public let type: Any.Type
        /// The screen itself, when it exists already (revealed screens, predefined children).
        public let screen: (any Screen)?
        /// The chain position of the step it belongs to (the destination being 0); `nil` for a
        /// screen inside the found screen or a predefined child without a step of its own.
        public let position: Int?
    }

    /// Every screen the navigation reveals or creates, the found screen's first, then the steps'
    /// screens up to the destination; the predefined children of a container it builds come after
    /// the destination's entry.
    public let entries: [Entry]

    /// Whether any screen of the plan is a `T` (the class or a subclass). For a marker protocol,
    /// test the entries' types: `plan.entries.contains { $0.type is any RequiresSignIn.Type }`.
    public func contains<T>(_: T.Type) -> Bool {
        entries.contains { $0.type is T.Type }
    }
}
