#if canImport(UIKit)
    import Foundation
    import UIKit

    /// Resumes a continuation once, from whichever of several callbacks (a UIKit completion handler, a
    /// timer) comes first; later calls do nothing.
    final class OneTimeResumption<Value: Sendable>: @unchecked Sendable {
        // Guarded by `lock`: UIKit calls back on the main thread and the timer on any thread.
        private let lock = NSLock()
        private var continuation: CheckedContinuation<Value, Never>?
        private var timer: Task<Void, Never>?

        fileprivate func install(_ continuation: CheckedContinuation<Value, Never>) {
            lock.lock()
            self.continuation = continuation
            lock.unlock()
        }

        fileprivate func startTimer(nanoseconds: UInt64, value: Value) {
            let task = Task { [self] in
                do {
                    try await Task.sleep(nanoseconds: nanoseconds)
                } catch {
                    return
                }
                resume(value)
            }
            lock.lock()
            let alreadyDone = continuation == nil
            if !alreadyDone { timer = task }
            lock.unlock()
            if alreadyDone { task.cancel() }
        }

        /// Resumes the waiting task with `value`, unless it was resumed already.
        func resume(_ value: Value) {
            lock.lock()
            let pending = continuation
            let pendingTimer = timer
            continuation = nil
            timer = nil
            lock.unlock()
            pendingTimer?.cancel()
            pending?.resume(returning: value)
        }
    }

    /// Calls `start` with a resumption and waits until something resumes it, or until `timeout`
    /// (seconds) has passed, which resumes it with `timeoutValue`.
    @MainActor
    func waitForCallback<Value: Sendable>(
        timeout: TimeInterval?, timeoutValue: Value, _ start: (OneTimeResumption<Value>) -> Void
    ) async -> Value {
        let resumption = OneTimeResumption<Value>()
        return await withCheckedContinuation { continuation in
            resumption.install(continuation)
            if let timeout {
                resumption.startTimer(nanoseconds: UInt64(max(0, timeout) * 1_000_000_000), value: timeoutValue)
            }
            start(resumption)
        }
    }

    /// How long ComposerUIKit waits for UIKit to report the end of a transition it started before it
    /// gives up with ``UIKitRoutingError/Code/transitionDidNotFinish``, so a lost completion handler
    /// cannot block every later navigation.
    let uikitTransitionTimeout: TimeInterval = 10

    /// Starts a UIKit operation that reports its end through a completion handler and waits for it.
    ///
    /// - Throws: ``UIKitRoutingError/Code/transitionDidNotFinish`` when the handler is not called
    ///   within ``uikitTransitionTimeout``.
    @MainActor
    func performAwaitingCompletion(
        _ what: @autoclosure () -> String, _ start: (_ completion: @escaping @Sendable () -> Void) -> Void
    ) async throws {
        let finished = await waitForCallback(timeout: uikitTransitionTimeout, timeoutValue: false) { resumption in
            start { resumption.resume(true) }
        }
        if !finished {
            throw UIKitRoutingError(
                .transitionDidNotFinish,
                "\(what()) did not report its end within \(Int(uikitTransitionTimeout)) s; UIKit may have refused it (see the console)"
            )
        }
    }

    /// How waiting on a transition coordinator ended.
    enum TransitionWaitOutcome: Sendable {
        /// The transition's completion ran: it finished or was cancelled.
        case ended
        /// The user lifted their finger; the transition now animates to its end.
        case interactionEnded
        /// Nothing was reported in time.
        case timedOut
    }

    /// Waits until `coordinator`'s transition ends, its interactive part ends, or `timeout` seconds pass.
    @MainActor
    func waitForTransition(
        of coordinator: any UIViewControllerTransitionCoordinator, timeout: TimeInterval
    ) async -> TransitionWaitOutcome {
        await waitForCallback(timeout: timeout, timeoutValue: TransitionWaitOutcome.timedOut) { resumption in
            // When UIKit cannot queue the completion (it returns false), the timeout decides and the
            // caller looks again.
            _ = coordinator.animate(alongsideTransition: nil) { _ in resumption.resume(.ended) }
            if coordinator.isInteractive {
                coordinator.notifyWhenInteractionChanges { _ in resumption.resume(.interactionEnded) }
            }
        }
    }

    /// Waits while `coordinatorOf()` reports a running transition. Interactive phases (a finger on
    /// the screen) are waited for as long as they last; the rest for at most `limit` seconds.
    /// Returns `false` when the limit was reached with a transition still running.
    @MainActor
    func waitWhileTransitioning(
        limit: TimeInterval = uikitTransitionTimeout,
        _ coordinatorOf: () -> (any UIViewControllerTransitionCoordinator)?
    ) async -> Bool {
        var waited: TimeInterval = 0
        let step: TimeInterval = 0.25
        while let coordinator = coordinatorOf() {
            let interactive = coordinator.isInteractive
            if !interactive && waited >= limit { return false }
            switch await waitForTransition(of: coordinator, timeout: step) {
            case .ended:
                // Let UIKit finish the run-loop turn in which it clears the transition.
                await Task.yield()
                return true
            case .interactionEnded:
                continue
            case .timedOut:
                if !interactive { waited += step }
            }
        }
        return true
    }

    /// Waits as ``waitWhileTransitioning(limit:_:)`` does, and throws
    /// ``UIKitRoutingError/Code/transitionDidNotFinish`` naming `what` when the limit was reached with
    /// a transition still running.
    @MainActor
    func awaitTransitionEnd(
        _ what: @autoclosure () -> String, _ coordinatorOf: () -> (any UIViewControllerTransitionCoordinator)?
    ) async throws {
        if !(await waitWhileTransitioning(coordinatorOf)) {
            throw UIKitRoutingError(
                .transitionDidNotFinish, "\(what()) did not finish within \(Int(uikitTransitionTimeout)) s")
        }
    }

    /// The first transition coordinator found in `controller` or any screen it contains.
    @MainActor
    func runningCoordinator(inOrBelow controller: UIViewController) -> (any UIViewControllerTransitionCoordinator)? {
        var pending = [controller]
        var visited = 0
        while let next = pending.popLast(), visited < 10_000 {
            visited += 1
            if let coordinator = next.transitionCoordinator { return coordinator }
            pending.append(contentsOf: next.children)
        }
        return nil
    }
#endif
