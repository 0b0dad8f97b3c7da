/// Lets one navigation run at a time, in the order they were asked for, and none is lost.
///
/// A waiting navigation whose task is cancelled leaves the queue without ever running.
@MainActor
final class NavigationQueue {
    // Read and written on every navigation, never by overlapping accesses (see `NavigationRun`).
    @exclusivity(unchecked) private var isBusy = false
    private var waiters: [(id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
    private var nextID: UInt64 = 0
    /// The waiter ``release()`` handed the turn to, until it runs: resuming it takes a turn of the
    /// main actor, in which the code of the navigation that ended (a post task, an observer) may
    /// ask for an interrupting navigation, which must still go first.
    private var handedTo: UInt64?
    /// The interrupting navigations asked for while the turn was handed to ``handedTo``, at the
    /// front of ``waiters``: it waits again behind them.
    private var interruptsAheadOfHandedTo = 0

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
        if first, handedTo != nil { interruptsAheadOfHandedTo += 1 }
        try await waitInLine(id, at: first ? 0 : waiters.count)
        // Handed the turn, but interrupting navigations were asked for before this one could run:
        // they go first, and this one waits again right behind them, ahead of the others.
        while handedTo == id, interruptsAheadOfHandedTo > 0 {
            let ahead = interruptsAheadOfHandedTo
            release()
            try await waitInLine(id, at: min(ahead - 1, waiters.count))
        }
        if handedTo == id { handedTo = nil }
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

    /// Waits at `position` in line until ``release()`` hands the turn over, or throws when the
    /// task is cancelled meanwhile.
    private func waitInLine(_ id: UInt64, at position: Int) async throws {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                waiters.insert((id, continuation), at: position)
            }
        } onCancel: {
            Task { @MainActor [weak self] in self?.cancelWaiter(id) }
        }
    }

    /// Hands the turn to the next waiter, or frees the queue.
    func release() {
        interruptsAheadOfHandedTo = 0
        if waiters.isEmpty {
            isBusy = false
            handedTo = nil
        } else {
            let next = waiters.removeFirst()
            handedTo = next.id
            next.continuation.resume()
        }
    }

    private func cancelWaiter(_ id: UInt64) {
        guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
        waiters.remove(at: index).continuation.resume(throwing: CancellationError())
    }
}

/// Which routers are running a navigation in the current task, so that a navigation started from
/// inside one (a login interceptor showing the login screen) runs at once instead of waiting
/// behind the navigation that started it. `package`: a window adapter runs the app's code it
/// calls synchronously (the view callbacks a layout pass makes) outside the marks.
package enum NavigationScope {
    @TaskLocal static var activeRouters: ActiveRouters = []

    /// Runs `body`, app code a navigation calls and does not await (a context or post task, an
    /// observer), outside the task-local marks of the navigation running: a navigation it starts
    /// in a task of its own waits its turn and is the router's, as one started anywhere else. The
    /// marks are set only while a guard's navigation or a tab tap runs; otherwise `body` runs as
    /// it is, at the cost of two reads.
    @MainActor
    package static func outsideNavigation<T>(_ body: () throws -> T) rethrows -> T {
        guard !activeRouters.isEmpty || TabTap.isRunning else { return try body() }
        return try $activeRouters.withValue([]) { try TabTap.$isRunning.withValue(false, operation: body) }
    }
}

/// The routers navigating in a task: almost always one, kept without allocating; more only when
/// one router's interceptor navigates through another.
struct ActiveRouters: Sendable, ExpressibleByArrayLiteral {
    private var first: ObjectIdentifier?
    private var others: [ObjectIdentifier] = []

    init(arrayLiteral routers: ObjectIdentifier...) {
        for router in routers { insert(router) }
    }

    var isEmpty: Bool { first == nil }

    func contains(_ router: ObjectIdentifier) -> Bool {
        first == router || others.contains(router)
    }

    mutating func insert(_ router: ObjectIdentifier) {
        guard !contains(router) else { return }
        if first == nil { first = router } else { others.append(router) }
    }
}
