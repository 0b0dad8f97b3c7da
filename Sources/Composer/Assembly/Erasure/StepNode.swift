/// One step of a chain with its types erased, as the router walks it.
///
/// The assemblies check every type at compile time and then erase them here; each closure casts
/// back and reports a ``RoutingError`` in the unlikely case a cast fails (a context adapter that
/// lies, say), instead of trapping.
@MainActor
struct StepNode {
    enum Build {
        /// The step cannot be built (an anchor such as the current screen).
        case none
        case screen(name: String, make: @MainActor (Any) throws -> any Screen)
        case container(
            name: String,
            initialChildren: @MainActor (Any) throws -> ContainerChildren,
            make: @MainActor (Any, ContainerChildren) async throws -> any Screen
        )
        /// The screen is created by the container of the step before and found inside it once built.
        case builtByContainer
    }

    /// How a step's screen joins the screen of the step before it.
    struct Integration {
        let name: String
        /// Set for a container action: adds the screen to a list of children (a new container's,
        /// or an existing list container's when several screens go in as one change).
        let merge: (@MainActor (any Screen, inout ContainerChildren) throws -> Void)?
        /// Runs the action: the screen, the target it works on, animated.
        let perform: @MainActor (any Screen, any Screen, Bool) async throws -> Void
        /// The screens the action would take out of its target, which is on screen; asked in preflight.
        let removes: @MainActor (any Screen) -> [any Screen]
        /// Refuses, in preflight, a screen of the given declared type that the action could never
        /// put on the given target, which is on screen (``ContainerAction/checkAccepts(_:on:)``).
        var checkAccepts: @MainActor (Any.Type, any Screen) throws -> Void = { _, _ in }
        /// Whether a refusal of ``merge`` for the preflight stand-in holds for the real screen too
        /// (`MergeRefusalHoldsForAnyScreen`), so preflight reports it.
        var mergeRefusalHoldsForAnyScreen = false
        /// Set for a built-in split view action: preflight asks it about the columns the earlier
        /// actions of the same navigation leave, not only the ones on screen now.
        var splitColumns: (any SplitColumnsAction)?
        /// Set for an action whose acceptance of a screen type holds for any container of its kind
        /// (`AcceptanceHoldsForAnyContainer`): preflight asks it when the container is not built yet.
        var acceptsByType: (any AcceptanceHoldsForAnyContainer)?

        var isContainer: Bool { merge != nil }
    }

    /// Turns this step's screen into the screen that the action of the step after it works on.
    struct TargetAdapter {
        let name: String
        let matchesType: @MainActor (Any.Type) -> Bool
        let resolve: @MainActor (any Screen) -> (any Screen)?
    }

    /// The step's parts, behind one reference: a navigation copies its steps several times (its
    /// plan, the router's own step), and a copy of a dozen strings, closures and lists costs a
    /// retain for each. A change (only while a route is assembled) makes a new box.
    struct Parts {
        var screenTypeName: String
        var declaredType: Any.Type
        var finderName: String?
        var find: (@MainActor (Any, ScreenTree) throws -> (any Screen)?)?
        /// Set when the finder is a plain walk over ``ScreenSearch`` candidates, so that planning
        /// can ask it together with the next steps' finders in one walk.
        var candidateTest: CandidateTest?
        var build: Build = .none
        /// How this step's screen joins the screen of the step before it (towards the anchor).
        var integration: Integration?
        var interceptors: [ErasedInterceptor] = []
        var contextTasks: [ErasedContextTask] = []
        /// The factory's check of a context before anything runs (``Factory/validate(_:)``).
        var validateBuild: (@MainActor (Any) throws -> Void)?
        var postTasks: [ErasedPostTask] = []
        /// Maps the navigation's context to this step's context.
        var contextAdapter: @MainActor (Any) throws -> Any = { $0 }
        var targetAdapter: TargetAdapter?
        /// Set for a tab the user taps: revealing the step's screen leaves what is presented inside
        /// it (in a tab's context) in place, so the tab shows again as the user left it.
        var revealKeepsPresentationsInside = false
        /// What preflight asks of the action on every navigation, read from the action and the
        /// declared type when either is set: a flag read per step instead of the integration,
        /// which preflight could read only by copying it (a retain per closure).
        private(set) var actionAnswers = ActionAnswers()

        /// Reads ``actionAnswers`` again from the integration and the declared type.
        @MainActor mutating func readActionAnswers() {
            actionAnswers.mergeRefusalHoldsForAnyScreen = integration?.mergeRefusalHoldsForAnyScreen ?? false
            // Asked once, as the route is assembled: the answer holds for any container, and the
            // declared type is the step's own. Preflight asks again only when it refuses, for the error.
            actionAnswers.refusedByTypeAlone = false
            if let acceptsByType = integration?.acceptsByType {
                do {
                    try acceptsByType.checkAccepts(declaredType)
                } catch {
                    actionAnswers.refusedByTypeAlone = true
                }
            }
        }
    }

    /// The answers of a step's action that preflight needs on every navigation (``Parts``).
    struct ActionAnswers {
        /// `Integration.mergeRefusalHoldsForAnyScreen`.
        var mergeRefusalHoldsForAnyScreen = false
        /// Whether the action refuses the step's declared type whatever container it is given
        /// (`AcceptanceHoldsForAnyContainer`).
        var refusedByTypeAlone = false
    }

    private final class Box {
        let parts: Parts

        init(_ parts: Parts) {
            self.parts = parts
        }
    }

    private var box: Box

    init(
        screenTypeName: String, declaredType: Any.Type, finderName: String? = nil,
        find: (@MainActor (Any, ScreenTree) throws -> (any Screen)?)? = nil
    ) {
        box = Box(Parts(screenTypeName: screenTypeName, declaredType: declaredType, finderName: finderName, find: find))
    }

    private mutating func change(_ body: (inout Parts) -> Void) {
        var parts = box.parts
        body(&parts)
        box = Box(parts)
    }

    var screenTypeName: String {
        get { box.parts.screenTypeName }
        set { change { $0.screenTypeName = newValue } }
    }

    var declaredType: Any.Type {
        get { box.parts.declaredType }
        set {
            change {
                $0.declaredType = newValue
                $0.readActionAnswers()
            }
        }
    }

    var finderName: String? {
        get { box.parts.finderName }
        set { change { $0.finderName = newValue } }
    }

    var find: (@MainActor (Any, ScreenTree) throws -> (any Screen)?)? {
        get { box.parts.find }
        set { change { $0.find = newValue } }
    }

    var candidateTest: CandidateTest? {
        get { box.parts.candidateTest }
        set { change { $0.candidateTest = newValue } }
    }

    var build: Build {
        get { box.parts.build }
        set { change { $0.build = newValue } }
    }

    var integration: Integration? {
        get { box.parts.integration }
        set {
            change {
                $0.integration = newValue
                $0.readActionAnswers()
            }
        }
    }

    /// What preflight asks of the action on every navigation, without copying the integration.
    var actionAnswers: ActionAnswers { box.parts.actionAnswers }

    var interceptors: [ErasedInterceptor] {
        get { box.parts.interceptors }
        set { change { $0.interceptors = newValue } }
    }

    var contextTasks: [ErasedContextTask] {
        get { box.parts.contextTasks }
        set { change { $0.contextTasks = newValue } }
    }

    var validateBuild: (@MainActor (Any) throws -> Void)? {
        get { box.parts.validateBuild }
        set { change { $0.validateBuild = newValue } }
    }

    var postTasks: [ErasedPostTask] {
        get { box.parts.postTasks }
        set { change { $0.postTasks = newValue } }
    }

    var contextAdapter: @MainActor (Any) throws -> Any {
        get { box.parts.contextAdapter }
        set { change { $0.contextAdapter = newValue } }
    }

    var targetAdapter: TargetAdapter? {
        get { box.parts.targetAdapter }
        set { change { $0.targetAdapter = newValue } }
    }

    var revealKeepsPresentationsInside: Bool {
        get { box.parts.revealKeepsPresentationsInside }
        set { change { $0.revealKeepsPresentationsInside = newValue } }
    }

    var buildName: String? {
        switch build {
        case .none: nil
        case .screen(let name, _), .container(let name, _, _): name
        case .builtByContainer: "built by its container"
        }
    }

    /// Whether the container of the step before creates this step's screen. Asked of the node:
    /// a plan's step read from its list to ask it would be copied whole.
    var isBuiltByContainer: Bool {
        if case .builtByContainer = build { return true }
        return false
    }

    /// `ProductScreen (finder ClassFinder<…>, factory ProductFactory, action PushAction<…>)`.
    var summary: String {
        var parts: [String] = []
        if let finderName { parts.append("finder \(finderName)") }
        if let buildName { parts.append("factory \(buildName)") }
        if let integration { parts.append("action \(integration.name)") }
        if let targetAdapter { parts.append(targetAdapter.name) }
        return parts.isEmpty ? screenTypeName : "\(screenTypeName) (\(parts.joined(separator: ", ")))"
    }

    /// What this step's finder finds in `tree` for the step's own `context`: the one way every
    /// caller asks (planning, ``DestinationStep/existingScreen(with:in:)``). `nil` for a step without
    /// a finder or a screen not there. A finder's own ``RoutingError`` passes through; anything else
    /// it throws, and a screen it answers with that is not in `tree`'s window, fails with
    /// ``RoutingError/Code/screenNotFound`` naming `step` at `position`.
    func findScreen(
        with context: Any, in tree: ScreenTree, step: @autoclosure () -> String, position: Int?
    ) throws(RoutingError) -> (any Screen)? {
        guard let find else { return nil }
        let found: (any Screen)?
        do {
            found = try find(context, tree)
        } catch let error as RoutingError {
            throw error
        } catch {
            throw Self.finderFailure(error, step: step(), position: position, finderName: finderName ?? "finder")
        }
        // A finder that answers from what it holds rather than from `tree` can name a screen that
        // has left the window (popped or dismissed, and still kept by the app). Revealing it, putting
        // screens on it or returning it would show nothing; refused here, where the finder answers,
        // the navigation fails before any guard, factory or transition runs, naming the finder.
        if let found, !tree.holds(found) {
            throw Self.answerOutsideWindow(found, step: step(), position: position, finderName: finderName ?? "finder")
        }
        return found
    }

    /// The error of a finder that answered `found`, a screen not in the window: a step's finder or
    /// the finder deciding a ``SwitchAssembly`` case, named `step` at `position` in the chain.
    static func answerOutsideWindow(_ found: any Screen, step: String, position: Int?, finderName: String)
        -> RoutingError
    {
        RoutingError(
            code: .screenNotFound, step: step, expected: "the finder to answer with a screen in the window",
            found: "it answered \(found), which is not in the window (removed from it, or never shown)",
            failingStep: FailingStep(position: position, role: .finder, typeName: finderName))
    }

    /// The error of a finder that threw `error` (not a ``RoutingError``, which passes through as it
    /// is): ``RoutingError/Code/screenNotFound`` naming `step`, the finder's step or the
    /// ``SwitchAssembly`` case it decides, at `position` in the chain.
    static func finderFailure(_ error: any Error, step: String, position: Int?, finderName: String) -> RoutingError {
        RoutingError(
            code: .screenNotFound, step: step, expected: "the finder to answer whether the screen exists",
            found: "the finder threw", underlyingError: error,
            failingStep: FailingStep(position: position, role: .finder, typeName: finderName))
    }

    func composingContext(_ outer: @escaping @MainActor (Any) throws -> Any) -> StepNode {
        var copy = self
        let inner = contextAdapter
        copy.contextAdapter = { try inner(outer($0)) }
        return copy
    }
}

/// Casts an erased value to what a typed closure expects, reporting a readable error otherwise;
/// `what` is written only for that error.
@MainActor
func castContext<C>(_ value: Any, to type: C.Type, for what: @autoclosure () -> String) throws -> C {
    try castErased(value, to: type, code: .contextMismatch, kind: "a context", for: what())
}

/// Casts a screen to the type a typed closure expects, reporting a readable error otherwise.
@MainActor
func castScreen<S>(_ screen: any Screen, to type: S.Type, for what: @autoclosure () -> String) throws -> S {
    try castErased(screen, to: type, code: .typeMismatch, kind: "a screen", for: what())
}

/// The one cast behind ``castContext(_:to:for:)`` and ``castScreen(_:to:for:)``.
@MainActor
private func castErased<Value, T>(
    _ value: Value, to _: T.Type, code: RoutingError.Code, kind: String, for what: @autoclosure () -> String
) throws -> T {
    // A pattern, not `as?`: in this unspecialized generic function, `as?` casts into a `T?`, whose
    // type the runtime looks up in a shared table at every call (over 400 instructions, more than
    // the cast); the pattern casts into a `T` directly.
    switch value {
    case let typed as T:
        return typed
    default:
        throw RoutingError(
            code: code, step: what(), expected: "\(kind) of type \(T.self)",
            found: "\(type(of: value as Any)): \(contextText(value))")
    }
}

/// The chain behind a ``DestinationStep``: resolved into nodes when a navigation starts, so a
/// ``SwitchAssembly`` can pick its branch with the navigation's context and the live tree.
@MainActor
struct StepChain {
    /// Destination first, origin last.
    let resolve: @MainActor (Any, ScreenTree) throws -> [StepNode]

    static func fixed(_ nodes: [StepNode]) -> StepChain {
        StepChain { _, _ in nodes }
    }

    /// This chain behind `head`, the steps towards the destination. A failing step this chain
    /// names by its position while it resolves (a ``SwitchAssembly`` case's finder, at 0) is moved
    /// behind `head`, so the position is the one in the whole chain.
    func appending(after head: [StepNode]) -> StepChain {
        StepChain { context, tree in
            do {
                return head + (try resolve(context, tree))
            } catch let error as RoutingError {
                guard let failing = error.failingStep, let position = failing.position else { throw error }
                throw RoutingError(
                    code: error.code, step: error.step, expected: error.expected, found: error.found,
                    plan: error.plan, underlyingError: error.underlyingError,
                    failingStep: FailingStep(
                        position: position + head.count, role: failing.role, typeName: failing.typeName),
                    appliedOperations: error.appliedOperations)
            }
        }
    }
}
