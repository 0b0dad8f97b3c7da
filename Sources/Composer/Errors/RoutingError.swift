/// Why a navigation failed, with everything a person needs to fix it: which step, what was
/// expected, what was found, and the plan the router was carrying out.
///
/// Switch on ``code`` to react in code; print the error (``description``) to read it.
public struct RoutingError: Error, CustomStringConvertible, Sendable {
    /// The kind of failure, for code that reacts to it.
    public enum Code: String, Sendable, Hashable, CaseIterable {
        /// No window to navigate in.
        case noWindow
        /// No step of the chain found its screen, so there is nothing to start from. The failing
        /// step is the chain's outermost one, which cannot be built and so must be found.
        case noAnchor
        /// A screen the navigation needed was not found: a step that cannot be built found nothing,
        /// a finder threw or answered with a screen outside the window, or a tapped tab does not
        /// exist.
        case screenNotFound
        /// A context did not have the type a step expected.
        case contextMismatch
        /// A screen did not have the type a step or action expected.
        case typeMismatch
        /// A step expected a container around its screen and there was none.
        case containerNotFound
        /// An interceptor stopped the navigation.
        case interceptorRejected
        /// A factory could not build its screen.
        case factoryFailed
        /// A screen that would have been dismissed or popped refused.
        case dismissalRefused
        /// An action could not integrate a screen.
        case actionFailed
        /// A transition failed after earlier ones of the same navigation had changed the screen:
        /// the tree is not as it was (``RoutingError/appliedOperations`` lists what was done).
        /// Preflight rules out every failure Composer can foresee; this is an app's own action or
        /// container failing midway.
        case actionFailedAfterChanges
        /// A screen had to present or dismiss modally and does not conform to ``ModalPresenting``.
        case cannotPresent
        /// The found screen sits in a container that cannot show it (the hidden column of a
        /// collapsed split view); nothing was changed.
        case cannotReveal
        /// A context task failed.
        case contextTaskFailed
        /// The navigation's task was cancelled (or an interrupting navigation cancelled it) before
        /// it changed the screen; for
        /// ``DefaultRouter/navigate(to:with:awaitingResult:animated:queueing:)``, the wait for the
        /// result was cancelled, and the screen it showed stays. A guard or factory that stopped
        /// the cancelled navigation is named in ``RoutingError/step``, with its error as
        /// ``RoutingError/underlyingError``.
        case cancelled
        /// The navigation asked to fail at once when another one is running
        /// (``NavigationQueueing/failIfBusy``), and one was.
        case busy
        /// A ``SwitchAssembly`` had no matching case and no default.
        case noMatchingCase
    }

    /// The kind of failure.
    public let code: Code
    /// The step (or interceptor, task) that failed, named by its types; `nil` for the router itself.
    public let step: String?
    /// What the step expected.
    public let expected: String
    /// What it found instead.
    public let found: String
    /// The plan as text: which steps were found, which were to be built, how far the navigation got.
    public let plan: String
    /// The error a step threw, if any.
    public let underlyingError: (any Error)?
    /// The failing step as data (position, role, type), for a program that reacts without parsing
    /// text: a crash reporter grouping failures, a test matching on the step. `nil` for failures of
    /// the router itself (no window, a cancelled or busy navigation, guards that never settle on
    /// one plan) and for a context no step could take (``Code/contextMismatch`` from a context
    /// adapter, ``Code/noMatchingCase``).
    public let failingStep: FailingStep?
    /// The transitions already applied when the navigation failed, in order: empty unless the code
    /// is ``Code/actionFailedAfterChanges``.
    public let appliedOperations: [String]

    /// Creates an error. The router creates these; app code rarely needs to.
    public init(
        code: Code, step: String? = nil, expected: String, found: String, plan: String = "",
        underlyingError: (any Error)? = nil, failingStep: FailingStep? = nil, appliedOperations: [String] = []
    ) {
        self.failingStep = failingStep
        self.appliedOperations = appliedOperations
        self.code = code
        self.step = step
        self.expected = expected
        self.found = found
        self.plan = plan
        self.underlyingError = underlyingError
    }

    /// A multi-line message: the failure, the step, expected and found, the cause and the plan.
    public var description: String {
        var lines = ["Routing failed (\(code.rawValue))"]
        if let step { lines.append("  step: \(step)") }
        lines.append("  expected: \(expected)")
        lines.append("  found: \(found)")
        if let underlyingError { lines.append("  because: \(underlyingError)") }
        if !appliedOperations.isEmpty {
            lines.append("  already applied (the screen has changed):")
            lines.append(contentsOf: appliedOperations.map { "    - \($0)" })
        }
        if !plan.isEmpty {
            lines.append(contentsOf: plan.split(separator: "\n", omittingEmptySubsequences: false).map { "  \($0)" })
        }
        return lines.joined(separator: "\n")
    }

    func with(plan: String) -> RoutingError {
        RoutingError(
            code: code, step: step, expected: expected, found: found, plan: plan, underlyingError: underlyingError,
            failingStep: failingStep, appliedOperations: appliedOperations)
    }
}

/// Which part of which step failed, as data.
public struct FailingStep: Sendable, Hashable, CustomStringConvertible {
    /// The part of a step that failed.
    public enum Role: String, Sendable, Hashable, CaseIterable {
        /// The step's finder (nothing found, or it threw).
        case finder
        /// The step's factory.
        case factory
        /// The step's action, or a transition the router ran to reveal or integrate a screen.
        case action
        /// An interceptor, the step's or a router-wide one.
        case interceptor
        /// A context task, the step's or a router-wide one.
        case contextTask
        /// A post task, the step's or a router-wide one.
        case postTask
    }

    /// The step's position in the chain, the destination being 0; `nil` for a router-wide
    /// interceptor and for a transition that serves several steps. A router-wide context task is
    /// named at the position of the step whose screen it prepared.
    public let position: Int?
    /// The part that failed.
    public let role: Role
    /// The name of the failing type (`LoginInterceptor<Int>`, `PushAction<…>`), or of the
    /// transition the router ran: `reveal` for the one that brings a found screen forward
    /// (dismissing what covers it, selecting its tab, popping what is above it), at that screen's
    /// step, whose own action does not run.
    public let typeName: String

    /// Creates the description of a failing step.
    public init(position: Int?, role: Role, typeName: String) {
        self.position = position
        self.role = role
        self.typeName = typeName
    }

    /// `interceptor LoginInterceptor<Int> of step 1`.
    public var description: String {
        "\(role.rawValue) \(typeName)\(position.map { " of step \($0)" } ?? "")"
    }
}

/// Errors thrown by the built-in actions and factories, wrapped by the router in a ``RoutingError``.
public struct ContainerActionError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What went wrong, readable on its own.
    public let message: String

    /// Creates an error with `message`.
    public init(_ message: String) {
        self.message = message
    }

    /// The message as given, so the wrapping ``RoutingError`` prints it unchanged.
    public var description: String { message }
}

/// Thrown by an action that would remove a screen whose ``DismissalVetoing/canBeDismissed`` is
/// `false`; the router reports it as ``RoutingError/Code/dismissalRefused``.
public struct DismissalRefusedError: Error, CustomStringConvertible, Sendable {
    /// The refusing screen, as text.
    public let screen: String

    /// Creates the error for `screen`.
    @MainActor
    public init(_ screen: any Screen) {
        self.screen = "\(screen)"
    }

    /// `<screen> refuses (canBeDismissed is false)`.
    public var description: String { "\(screen) refuses (canBeDismissed is false)" }
}

/// A navigation's context as an error shows it: a text quoted (an empty one, or one with spaces,
/// would otherwise read as nothing or as part of the sentence), anything else as it describes
/// itself.
func contextText(_ context: Any) -> String {
    switch context {
    case let text as String: String(reflecting: text)
    case let text as Substring: String(reflecting: text)
    case let character as Character: String(reflecting: character)
    default: "\(context)"
    }
}
