/// A screen that exists to answer a question (pick a colour, confirm a payment, sign in) and
/// hands its answer back to the code that navigated to it.
///
/// The screen declares the handle as a stored property; its type fixes the result type, which
/// ``DefaultRouter/navigate(to:with:awaitingResult:animated:queueing:)`` checks at compile time:
///
/// ```swift
/// final class ColourPickerScreen: UIViewController, ResultReturning {
///     var resultHandle: ResultHandle<Colour>?
///     @objc func pick() { resultHandle?.finish(with: .red) }
///     @objc func cancel() { resultHandle?.finish() }
/// }
/// ```
///
/// The router sets the handle when the screen is on screen, before the waiting caller can be
/// resumed; a screen that shows without anyone waiting has `nil`.
@MainActor
public protocol ResultReturning: Screen {
    /// What the screen answers with.
    associatedtype ResultValue

    /// How the screen answers the caller that waits for it, set by the router; `nil` before anyone
    /// waited. It stays after its caller stopped waiting (the waiting task cancelled): a finish
    /// then still removes the screen.
    var resultHandle: ResultHandle<ResultValue>? { get set }
}

/// The screen's way to answer the caller that waits for its result: ``finish(with:animated:completion:)``
/// removes the screen the way it came and then resumes the caller with the value.
///
/// The router makes one for each navigation that awaits a result; a test of a screen alone makes
/// one with ``init(_:)`` to see what the screen answers. A handle answers once: a second finish
/// (a double tap on Done) changes nothing, and its completion receives what the first one's does
/// once that is known (success at once when the screen is gone already); only a finish whose
/// removal was refused can be repeated.
@MainActor
public final class ResultHandle<Value> {
    private let onFinish: (@MainActor (Value?) -> Void)?
    private weak var router: DefaultRouter?
    private weak var screen: (any Screen)?
    private let wait: ResultWait<Value>?
    /// Whether ``finish(with:animated:completion:)`` was called (and its removal not refused).
    public private(set) var isFinished = false
    /// The completions of finishes made while the first one's removal runs: they receive its
    /// outcome, which may yet be a refusal.
    private var completionsAwaitingRemoval: [@MainActor (Result<Void, RoutingError>) -> Void] = []
    /// Whether the first finish's removal runs now: the wait marks itself while it does.
    private var isRemoving: Bool { wait?.isFinishing == true }

    /// A handle that gives the result to `onFinish`, without any router: for testing a screen alone.
    public init(_ onFinish: @escaping @MainActor (Value?) -> Void) {
        self.onFinish = onFinish
        self.wait = nil
    }

    init(router: DefaultRouter, screen: any Screen, wait: ResultWait<Value>) {
        self.onFinish = nil
        self.router = router
        self.screen = screen
        self.wait = wait
    }

    deinit {
        // A screen released without finishing (removed by code that told no router) still ends its
        // caller's wait, so the caller never hangs.
        if let wait { Task { @MainActor in wait.end(with: nil) } }
    }

    /// Answers with `value` (`nil`: no answer, as a Cancel button does): the router removes the
    /// screen the way it came (pops it off its stack when it was pushed, after dismissing what is
    /// presented over it; dismisses its presented level otherwise) and then resumes the caller with
    /// `value`.
    ///
    /// The removal waits its turn in the router's queue, like a navigation (unless the caller waits
    /// from inside a running navigation, a login interceptor say, which it then does not wait behind).
    /// The screen's own ``DismissalVetoing`` answer does not stop it, since the screen asked; any
    /// other screen that would leave with it and refuses does: then nothing moves, the caller keeps
    /// waiting, and `completion` receives ``RoutingError/Code/dismissalRefused``, so the screen may
    /// finish again once the blocker is gone. A screen that is neither pushed above another nor
    /// presented (a tab's root of a tab bar that is not presented) stays; the caller still
    /// receives `value`. Inside a presented level (a tab of a presented tab bar), that level is
    /// dismissed.
    ///
    /// `completion` is called on the main actor once the screen is gone and the caller resumed, or
    /// with the error that stopped the removal.
    public func finish(
        with value: Value?, animated: Bool = true,
        completion: (@MainActor (Result<Void, RoutingError>) -> Void)? = nil
    ) {
        guard !isFinished else {
            if isRemoving, let completion {
                completionsAwaitingRemoval.append(completion)
            } else {
                completion?(.success(()))
            }
            return
        }
        isFinished = true
        if let onFinish {
            onFinish(value)
            completion?(.success(()))
            return
        }
        guard let wait, let router, let screen else {
            wait?.end(with: value)
            completion?(.success(()))
            return
        }
        wait.isFinishing = true
        // Outside the marks of a navigation running in the caller's task (a guard that closes a
        // picker): whether the removal runs inside a navigation is the asking run's (`nested`) alone.
        Task {
            await NavigationScope.$activeRouters.withValue([]) {
                let outcome: Result<Void, RoutingError>
                do throws(RoutingError) {
                    try await router.removeFinishedScreen(
                        screen, from: wait.window, animated: animated, nested: wait.isNested(in: router.observation))
                    wait.isFinishing = false
                    wait.end(with: value)
                    outcome = .success(())
                } catch {
                    wait.isFinishing = false
                    isFinished = false
                    _ = router.logged(error)
                    if let window = wait.window {
                        router.observation.endWaits(removedFrom: ScreenTree(window: window))
                    }
                    outcome = .failure(error)
                }
                let waiting = completionsAwaitingRemoval
                completionsAwaitingRemoval = []
                completion?(outcome)
                for awaiting in waiting { awaiting(outcome) }
            }
        }
    }

    /// Answers with no result, as a Cancel button does; see ``finish(with:animated:completion:)``.
    public func finish(animated: Bool = true, completion: (@MainActor (Result<Void, RoutingError>) -> Void)? = nil) {
        finish(with: nil, animated: animated, completion: completion)
    }

    /// Ends the caller's wait with no result, without touching the screen (another caller took over).
    func endWait() {
        wait?.end(with: nil)
    }
}

/// One caller waiting for one screen's result.
@MainActor
final class ResultWait<Value>: PendingResult {
    private var continuation: CheckedContinuation<Void, Never>?
    private(set) var value: Value?
    private(set) var isEnded = false
    private(set) var wasCancelled = false
    /// The navigation of the same router the caller waits from inside (a guard asking for sign-in),
    /// which the removal must not wait behind while it runs; weakly, since it ends on its own.
    private weak var askingRun: NavigationRun?

    init(screen: any Screen, window: (any ScreenWindow)?, askingRun: NavigationRun?) {
        self.askingRun = askingRun
        super.init(screen: screen, window: window)
    }

    /// Whether the navigation the caller waits from inside still runs in `observation`: then the
    /// removal runs inside it; once it ended (its task cancelled, say), the removal waits its turn
    /// like any other change.
    func isNested(in observation: RouterObservation) -> Bool {
        guard let askingRun else { return false }
        return observation.runs.contains { $0 === askingRun }
    }

    /// Returns once the wait has ended.
    func wait() async {
        guard !isEnded else { return }
        await withCheckedContinuation { continuation = $0 }
    }

    func end(with value: Value?) {
        guard !isEnded else { return }
        isEnded = true
        self.value = value
        continuation?.resume()
        continuation = nil
    }

    override func endWithoutResult() {
        end(with: nil)
    }

    func cancel() {
        guard !isEnded else { return }
        wasCancelled = true
        end(with: nil)
    }
}

extension DefaultRouter {
    /// Navigates to a screen that answers a question and returns its answer once the screen has
    /// finished and left: the value it finished with, or `nil` when it finished with none or was
    /// removed without finishing (swiped down, popped with the back button, or taken away by
    /// another navigation).
    ///
    /// ```swift
    /// let colour: Colour? = try await router.navigate(to: colourPicker, with: current, awaitingResult: Colour.self)
    /// ```
    ///
    /// The navigation itself is an ordinary one, joining the queue as `queueing` says; once the
    /// screen is on screen the router sets its ``ResultReturning/resultHandle`` and the caller waits
    /// without holding the queue. When the screen finishes (``ResultHandle/finish(with:animated:completion:)``)
    /// the router pops or dismisses it the way it came, then resumes the caller. A screen that
    /// refuses to leave (``DismissalVetoing``) keeps refusing: the user's swipe and other
    /// navigations leave it in place, so the caller keeps waiting until it finishes or leaves.
    /// Navigating here again while a caller waits gives the screen a new handle and ends the
    /// earlier wait with `nil`.
    ///
    /// `resultType` is the screen's ``ResultReturning/ResultValue``, spelled out at the call site;
    /// another type does not compile.
    ///
    /// - Throws: the navigation's ``RoutingError``, or ``RoutingError/Code/cancelled`` when the
    ///   waiting task is cancelled (the screen stays).
    public func navigate<ViewController: ResultReturning, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context,
        awaitingResult resultType: ViewController.ResultValue.Type, animated: Bool = true,
        queueing: NavigationQueueing = .waitTurn
    ) async throws(RoutingError) -> ViewController.ResultValue? {
        // Inside a navigation of this router (its guard asks), the innermost one running is the one
        // that waits: the removal must not wait behind it while it runs.
        let askingRun = NavigationScope.activeRouters.contains(ObjectIdentifier(self)) ? observation.runs.last : nil
        // The screen is not kept in a variable here: this frame lives as long as the wait.
        let (wait, name) = try await startWaiting(
            for: navigate(to: step, with: context, animated: animated, queueing: queueing), askingRun: askingRun)
        await withTaskCancellationHandler {
            await wait.wait()
        } onCancel: {
            Task { @MainActor in wait.cancel() }
        }
        observation.pendingResults.removeAll { $0 === wait }
        if wait.wasCancelled {
            throw RoutingError(
                code: .cancelled, step: "\(ViewController.self)", expected: "a result from \(name)",
                found: "the waiting task was cancelled; the screen stays on screen")
        }
        return wait.value
    }

    /// Gives `screen` a handle for a new wait and returns the wait, holding the screen only weakly
    /// from now on: a screen released without finishing must be able to end the wait.
    private func startWaiting<ViewController: ResultReturning>(
        for screen: ViewController, askingRun: NavigationRun?
    ) -> (ResultWait<ViewController.ResultValue>, String) {
        // The window the navigation showed the screen in, which the provider answered just now.
        let window = windowProvider.window
        let wait = ResultWait<ViewController.ResultValue>(screen: screen, window: window, askingRun: askingRun)
        screen.resultHandle?.endWait()
        screen.resultHandle = ResultHandle(router: self, screen: screen, wait: wait)
        observation.pendingResults.append(wait)
        observation.startListening(self)
        if let window {
            observation.endWaits(removedFrom: ScreenTree(window: window))
        }
        return (wait, "\(screen)")
    }

    /// The number of callers waiting for a screen's result.
    public var waitingResults: Int { observation.pendingResults.count }

    /// Removes a screen that finished, the way it came, through the queue, from `window`, the one
    /// it was shown in (the provider may answer another one by now); nothing when that window is
    /// gone.
    func removeFinishedScreen(_ screen: any Screen, from window: (any ScreenWindow)?, animated: Bool, nested: Bool)
        async throws(RoutingError)
    {
        try await inTurn(.waitTurn, nested: nested) { _ async throws(RoutingError) in
            let step = "finishing \(screen)"
            guard let window else { return }
            let traits = traits(of: window)
            await traits.settle()
            let tree = ScreenTree(window: traits.window, revisioning: traits.revisioning)
            guard tree.holds(screen) else { return }
            observation.removalsRunning += 1
            defer { observation.removalsRunning -= 1 }
            try await reportingJump(in: traits.window, current: tree.current) { () async throws(RoutingError) in
                traits.navigationWillBegin()
                defer { traits.navigationDidEnd() }
                let removal = FinishedScreenRemoval(screen)
                if let refusing = removal.refusingScreen {
                    throw RoutingError(
                        code: .dismissalRefused, step: step,
                        expected: "every screen that leaves with it to accept leaving",
                        found:
                            "\(refusing) refuses (canBeDismissed is false); nothing was removed and the caller still waits",
                        underlyingError: DismissalRefusedError(refusing))
                }
                do {
                    try await removal.perform(animated: animated)
                } catch let error as NotModalPresentingError {
                    throw RoutingError(
                        code: .cannotPresent, step: step, expected: "its presenter to dismiss it",
                        found: error.description, underlyingError: error)
                } catch {
                    throw RoutingError(
                        code: .actionFailed, step: step, expected: "the screen to be removed the way it came",
                        found: "the container or presenter refused", underlyingError: error)
                }
            }
        }
    }
}

/// How a finished screen leaves: popped off the nearest stack it was pushed on, or dismissed with
/// its presented level, or not at all (a root).
@MainActor
struct FinishedScreenRemoval {
    private enum Kind {
        /// Pops the stack back to `keeping`, after dismissing what `covering` lists (outermost
        /// first): a presentation above the popped screens leaves with them, as it would with a
        /// presented screen.
        case pop(
            any NavigationStackContainer, keeping: [any Screen], covering: [(host: any Screen, presented: any Screen)])
        case dismiss(presenter: any Screen)
        case stay
    }

    private let kind: Kind
    private let finishing: any Screen
    /// The screens that leave (each with what it contains and presents).
    private let leaving: [any Screen]

    init(_ screen: any Screen) {
        finishing = screen
        var node = screen
        for ancestor in ScreenTree.ancestors(of: screen) {
            if let stack = ancestor as? any NavigationStackContainer,
                let index = stack.stack.firstIndex(where: { $0 === node }), index > 0
            {
                let covering = ScreenTree.presentationsCovering(screen)
                kind = .pop(stack, keeping: Array(stack.stack[..<index]), covering: covering.reversed())
                leaving = covering.map(\.presented) + Array(stack.stack[index...])
                return
            }
            node = ancestor
        }
        if let presenter = node.presentingScreen {
            kind = .dismiss(presenter: presenter)
            leaving = [node]
        } else {
            kind = .stay
            leaving = []
        }
    }

    /// The first screen that would leave and refuses to, other than the finishing screen itself.
    var refusingScreen: (any Screen)? {
        ScreenTree.firstRefusingToLeave(leaving, except: finishing)
    }

    func perform(animated: Bool) async throws {
        switch kind {
        case .pop(let stack, let keeping, let covering):
            for (host, presented) in covering {
                let presenter = try ScreenTree.modalPresenter(host, toDo: "dismiss \(presented), above \(finishing)")
                try await presenter.dismissPresentedScreen(animated: false)
            }
            try await stack.setStack(keeping, animated: animated)
        case .dismiss(let presenter):
            let host = try ScreenTree.modalPresenter(presenter, toDo: "dismiss \(finishing) after it finished")
            try await host.dismissPresentedScreen(animated: animated)
        case .stay:
            break
        }
    }
}
