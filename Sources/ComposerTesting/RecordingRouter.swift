import Composer

/// A ``/Composer/Router`` for view-model tests: it changes no screens, writes down every
/// navigation it is asked for and answers with what the test chose.
///
/// Links opened through it (`router.open(url, using: links)` of `ComposerLinks`) are recorded as
/// the navigation each link resolves to, since they go through the same one requirement.
///
/// ```swift
/// let router = RecordingRouter()
/// let model = CartModel(router: router)
/// model.checkout()
/// #expect(router.requests.map(\.description) == ["CheckoutScreen with cart 3 (animated)"])
/// ```
@MainActor
public final class RecordingRouter: Router {
    /// One navigation as the code under test asked for it.
    public struct Request: Equatable, Sendable, CustomStringConvertible {
        /// The destination screen type, as Swift writes it (`ProductScreen`).
        public let destination: String
        /// The context, as `String(describing:)` writes it; `()` for a step that needs none.
        public let context: String
        /// Whether the caller asked for an animated transition.
        public let animated: Bool
        /// The result type the caller waits for (`Colour`), `nil` for a navigation that awaits none.
        public let resultType: String?
        /// How the caller asked the navigation to join the queue.
        public let queueing: NavigationQueueing

        /// A request written out, for tests that compare against literals.
        public init(
            destination: String, context: String, animated: Bool, resultType: String? = nil,
            queueing: NavigationQueueing = .waitTurn
        ) {
            self.destination = destination
            self.context = context
            self.animated = animated
            self.resultType = resultType
            self.queueing = queueing
        }

        /// `ProductScreen with 42 (animated)`, or `… (not animated)`, then ` awaiting Colour` when
        /// the caller waits for a result and ` [interrupt]` (or ` [failIfBusy]`) when the caller
        /// chose a queueing other than waiting its turn: one line a test can compare.
        public var description: String {
            "\(destination) with \(context) (\(animated ? "animated" : "not animated"))"
                + (resultType.map { " awaiting \($0)" } ?? "")
                + (queueing == .waitTurn ? "" : " [\(queueing)]")
        }
    }

    /// How the router answers a request.
    public enum Answer {
        /// Succeed with the screen the closure makes for the request. A screen that is not of the
        /// destination type fails the navigation with ``/Composer/RoutingError/Code/typeMismatch``.
        case screen(@MainActor (Request) -> any Screen)
        /// Fail with this error, the way the real router would (a vetoed login, a missing window).
        case failure(RoutingError)
    }

    /// Every request so far, oldest first.
    public private(set) var requests: [Request] = []
    /// The answer for the next requests; change it between calls to script a sequence.
    public var answer: Answer
    /// The result a navigation that awaits one receives (unless ``answer`` is a failure): `nil`,
    /// as when the user closed the screen, by default. A value of another type than the one
    /// awaited fails the navigation with ``/Composer/RoutingError/Code/typeMismatch``.
    public var result: @MainActor (Request) -> Any? = { _ in nil }

    /// A router that answers every request with `answer`; by default a ``TestScreen`` named after
    /// the destination type, which suits destinations whose type is `TestScreen` or `any Screen`.
    public init(answer: Answer = .screen { TestScreen($0.destination) }) {
        self.answer = answer
    }

    /// Forgets the requests recorded so far.
    public func clear() {
        requests.removeAll()
    }

    /// Records the request, then answers it as ``answer`` says.
    @discardableResult
    public func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool,
        queueing: NavigationQueueing
    ) async throws(RoutingError) -> ViewController {
        let request = Request(
            destination: String(describing: ViewController.self), context: String(describing: context),
            animated: animated, queueing: queueing)
        requests.append(request)
        switch answer {
        case .failure(let error):
            throw error
        case .screen(let make):
            let screen = make(request)
            guard let destination = screen as? ViewController else {
                throw RoutingError(
                    code: .typeMismatch, step: "RecordingRouter answer for \(request.destination)",
                    expected: "a screen of type \(request.destination)", found: "\(type(of: screen)): \(screen)")
            }
            return destination
        }
    }

    /// Records the request, then answers it with ``result`` (or the failure ``answer`` holds); no
    /// screen is made.
    public func navigate<ViewController: ResultReturning, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context,
        awaitingResult resultType: ViewController.ResultValue.Type, animated: Bool, queueing: NavigationQueueing
    ) async throws(RoutingError) -> ViewController.ResultValue? {
        let request = Request(
            destination: String(describing: ViewController.self), context: String(describing: context),
            animated: animated, resultType: String(describing: resultType), queueing: queueing)
        requests.append(request)
        if case .failure(let error) = answer { throw error }
        guard let value = result(request) else { return nil }
        guard let typed = value as? ViewController.ResultValue else {
            throw RoutingError(
                code: .typeMismatch, step: "RecordingRouter result for \(request.destination)",
                expected: "a result of type \(resultType)", found: "\(type(of: value)): \(value)")
        }
        return typed
    }
}
