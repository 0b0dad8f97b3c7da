/// Decides when the twin's animated transitions finish.
///
/// Every animated operation of a screen in a ``TestWindow`` runs one transition on its window's
/// clock after the tree has changed and the will-callbacks are logged; the did-callbacks (and the
/// detaching of dismissed screens) come when it finishes. Non-animated operations never wait.
///
/// In ``Mode/immediate`` a transition finishes at once. In ``Mode/manual`` it stays pending until the
/// test calls ``advance()`` or ``advanceAll()``, so a test can look at the tree in the middle of a
/// push or a dismissal. The clock stores descriptions only, never screens. Cancelling the task of
/// an operation does not finish its transition; only the clock does.
@MainActor
public final class TransitionClock {
    /// When transitions finish.
    public enum Mode: Sendable, Hashable {
        /// Every transition finishes as soon as it starts.
        case immediate
        /// Transitions wait for ``TransitionClock/advance()`` or ``TransitionClock/advanceAll()``.
        case manual
    }

    private struct Pending {
        let description: String
        let continuation: CheckedContinuation<Void, Never>
    }

    /// When transitions finish. Switching to ``Mode/immediate`` finishes every pending transition.
    public var mode: Mode {
        didSet {
            if mode == .immediate { advanceAll() }
        }
    }

    private var pending: [Pending] = []

    /// Creates a clock in `mode`.
    public init(mode: Mode = .immediate) {
        self.mode = mode
    }

    /// The descriptions of the transitions waiting to finish, oldest first, such as
    /// `push screen "list" on nav "main"`.
    public var pendingTransitions: [String] { pending.map(\.description) }

    /// Finishes the oldest pending transition; returns `false` when none was pending. The operation
    /// that waited on it resumes on the main actor after the caller next suspends.
    @discardableResult
    public func advance() -> Bool {
        guard !pending.isEmpty else { return false }
        pending.removeFirst().continuation.resume()
        return true
    }

    /// Finishes every transition pending now and returns how many there were.
    @discardableResult
    public func advanceAll() -> Int {
        let finishing = pending
        pending = []
        for transition in finishing { transition.continuation.resume() }
        return finishing.count
    }

    /// Lets other tasks run (a navigation started in a task) until at least one transition is
    /// pending (at once if one already is); returns whether one is. Gives up once `turns` turns of
    /// the main actor and then at least `minimumSeconds` more have passed, so a test whose
    /// navigation never starts a transition (it failed first, or the clock is ``Mode/immediate``,
    /// which never holds one) fails its expectation instead of hanging. Only a ``Mode/manual``
    /// clock ever has pending transitions.
    ///
    /// Both limits count: the turns pass in a few milliseconds on an idle main actor, while a test
    /// process running many suites in parallel can keep a navigation from its transition for
    /// longer. A test that expects no transition passes `minimumSeconds: 0`.
    @discardableResult
    public func waitForPendingTransition(turns: Int = 10_000, minimumSeconds: Double = 2) async -> Bool {
        await patientlyWait(turns: turns, minimumSeconds: minimumSeconds) { !pending.isEmpty }
    }

    /// Runs one transition: returns at once in immediate mode, else when the test advances the clock.
    func run(_ description: String) async {
        guard mode == .manual else { return }
        await withCheckedContinuation { continuation in
            pending.append(Pending(description: description, continuation: continuation))
        }
    }
}
