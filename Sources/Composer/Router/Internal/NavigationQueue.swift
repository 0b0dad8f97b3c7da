/// Lets one navigation run at a time, in the order they were asked for, and none is lost.
///
/// A waiting navigation whose task is cancelled leaves the queue without ever running.
@MainActor
final class NavigationQueue {
    // Read and written on every navigation, never by overlapping accesses (see `NavigationRun`).
    @exclusivity(unchecked) private var isBusy = false
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID: UInt64 = 0

    /// The number of navigations waiting for their turn.
    var waitingCount: Int { waiters.count }

    /// Whether a navigation holds the turn now.
    var isRunning: Bool { isBusy }

    /// Takes the turn if nobody holds it and the caller's task is not cancelled, without
    /// suspending; `false` when the caller must ``acquire(first:)`` it.
    func tryAcquire() -> Bool {
        guard !isBusy, !Task.isCancelled else { return false }
        isBusy = true
        return true
    }

    /// Returns when it is the caller's turn; throws `CancellationError` if cancelled while waiting,
    /// the turn then passed on if it had been handed to the caller already.
    /// With `first`, the caller goes ahead of every waiting navigation (an interrupting one).
    func acquire(first: Bool = false) async throws {
        try Task.checkCancellation()
        if !isBusy {
            isBusy = true
            return
        }
        nextID += 1
        let id = nextID
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                if first {
                    waiters.insert((id, continuation), at: 0)
                } else {
                    waiters.append((id, continuation))
                }
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.cancelWaiter(id) }
        }
        // The cancellation handler runs on the cancelling thread and can only ask the main actor
        // to remove the waiter later, so `release()` may have handed the turn to a task already
        // cancelled (cancelled in the same main-actor turn, by a post-routing task or an observer of
        // the running navigation). The task's own cancellation flag is set before its handler runs
        // and is safe to read from any thread, so checking it here, back on the main actor with the
        // turn held, catches every cancellation `cancelWaiter` has not, without the queue keeping
        // state the handler would have to write from another thread. A caller cancelled now never
        // ran: it passes the turn on, as if it had left the queue while waiting. One cancelled later
        // has started and is the navigation's to handle.
        if Task.isCancelled {
            release()
            throw CancellationError()
        }
    }

    /// Hands the turn to the next waiter, or frees the queue.
    func release() {
        if waiters.isEmpty {
            isBusy = false
        } else {
            waiters.removeFirst().continuation.resume()
        }
    }

    private func cancelWaiter(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }
}

/// Which routers are running a navigation in the current task, so that a navigation started from
/// inside one (a login interceptor showing the login screen) runs at once instead of waiting
/// behind the navigation that started it.
enum NavigationScope {
    @TaskLocal static var activeRouters: ActiveRouters = []
}

/// The routers navigating in a task: almost always one, kept without allocating; more only when
/// one router's interceptor navigates through another.
struct ActiveRouters: Sendable, ExpressibleByArrayLiteral {
    private var first: ObjectIdentifier?
    private var others: [ObjectIdentifier] = []

    init(arrayLiteral routers: ObjectIdentifier...) {
        for router in routers { insert(router) }
    }

    func contains(_ router: ObjectIdentifier) -> Bool {
        first == router || others.contains(router)
    }

    mutating func insert(_ router: ObjectIdentifier) {
        guard !contains(router) else { return }
        if first == nil { first = router } else { others.append(router) }
    }
}
