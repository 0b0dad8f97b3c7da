/// One change of the screen the user sees, as a router's observers receive it.
///
/// Analytics and guards that must see every jump cannot rely on the routes alone: the back button,
/// an interactive back swipe, a sheet swiped down and a tab tapped by the user never go through the
/// router. An event is sent for those too, so observers see every change of the current screen
/// (``ScreenTree/current``) whoever made it.
///
/// The event holds its two screens strongly: an observer that keeps events beyond the callback
/// keeps those screens alive, so keep its ``description`` or the screens' names instead.
@MainActor
public struct NavigationEvent: CustomStringConvertible {
    /// Who changed the screen.
    public enum Cause: String, Sendable, Hashable, CustomStringConvertible {
        /// The router did, for a navigation, or to remove a screen that finished with a result.
        case router
        /// The user did, with a gesture the platform reported (a back button or swipe, a sheet
        /// swiped down, a tab tapped).
        case user

        /// `router` or `user`.
        public var description: String { rawValue }
    }

    /// Who changed the screen.
    public let cause: Cause
    /// The screen that was current before the change, `nil` when the window was empty (or the
    /// screen was released before the change was reported).
    public let from: (any Screen)?
    /// The screen that is current now, `nil` when the window is empty.
    public let to: (any Screen)?

    /// `user: screen "detail" -> screen "list"`: one line a log or a test can compare, written
    /// when the event is made (the screens may describe themselves differently later).
    public let description: String

    /// An event; routers create these, tests of an observer may too.
    public init(cause: Cause, from: (any Screen)?, to: (any Screen)?) {
        self.cause = cause
        self.from = from
        self.to = to
        description = "\(cause): \(from.map { "\($0)" } ?? "nothing") -> \(to.map { "\($0)" } ?? "nothing")"
    }
}

/// What ``DefaultRouter/addObserver(_:)`` returns: keep it to stop observing later.
///
/// Like a `NotificationCenter` observer token, it does not stop the observation when it is
/// released, so an observer meant to live as long as the router (app-wide analytics) can ignore it.
@MainActor
public final class NavigationObserverToken {
    private weak var observation: RouterObservation?
    private let id: Int

    init(observation: RouterObservation, id: Int) {
        self.observation = observation
        self.id = id
    }

    /// Stops the observation: the observer receives no event after this call. Calling it again
    /// does nothing.
    public func cancel() {
        observation?.removeObserver(id)
    }
}

extension DefaultRouter {
    /// Calls `observer` on the main actor after every change of the current screen, made by this
    /// router or by the user, once per change.
    ///
    /// The router reports each of its own navigations that changed the current screen, once, when
    /// it ends (successful or not), `from` being the screen that was current when it began. Changes
    /// made by the user reach it through ``userDidChangeScreens(in:leaving:)``, which the platform
    /// adapter calls (`ComposerUIKit`'s `UserNavigationReporter`, the twin's user gestures).
    /// A change made by other code, calling a container directly, is not seen until the next
    /// report.
    ///
    /// - Returns: a token whose ``NavigationObserverToken/cancel()`` stops the observation.
    @discardableResult
    public func addObserver(_ observer: @escaping @MainActor (NavigationEvent) -> Void) -> NavigationObserverToken {
        observation.startListening(self)
        return NavigationObserverToken(observation: observation, id: observation.addObserver(observer))
    }

    /// Tells this router that the user changed what is on screen in its window; it then sends a
    /// ``NavigationEvent/Cause/user`` event when the current screen changed, and ends the result
    /// waits of the screens that left (see ``navigate(to:with:awaitingResult:animated:queueing:)``).
    ///
    /// `leaving` is the screen that was current before the change, when the caller knows it; the
    /// router otherwise uses the current screen it last saw. While the router is itself changing the
    /// screens (showing a navigation, removing a finished screen) the call is ignored: the router
    /// reports that change itself when it ends, so a platform callback it triggered is not counted
    /// twice.
    public func userDidChangeScreens(leaving: (any Screen)? = nil) {
        guard !observation.isChangingScreens, let window = windowProvider.window else { return }
        observation.report(cause: .user, from: leaving ?? observation.lastCurrent, in: window)
    }

    /// Tells every router that observes `window` (or waits for a result in it) that the user changed
    /// its screens; see ``userDidChangeScreens(leaving:)``.
    ///
    /// Platform adapters call this from their own callbacks, so they need no reference to a router.
    public static func userDidChangeScreens(in window: any ScreenWindow, leaving: (any Screen)? = nil) {
        for router in RouterObservation.listeningRouters(in: window) {
            router.userDidChangeScreens(leaving: leaving)
        }
        RouterObservation.endWaits(in: window, exceptOf: nil)
    }

    /// ``userDidChangeScreens(in:leaving:)`` for a window that knows the change is the user's (the
    /// SwiftUI model applies a binding the user wrote), reported even while a router is changing
    /// the screens: no callback of the router's own change comes this way, so none is counted twice.
    /// During a navigation the change is reported from the screen current when it began (the
    /// user saw no screen of it appear yet), and the navigation's own report starts after it.
    package static func userChangedScreens(in window: any ScreenWindow, leaving: (any Screen)?) {
        for router in RouterObservation.listeningRouters(in: window) {
            guard router.observation.isChangingScreens else {
                router.userDidChangeScreens(leaving: leaving)
                continue
            }
            router.observation.report(cause: .user, from: router.observation.lastCurrent, in: window)
        }
        RouterObservation.endWaits(in: window, exceptOf: nil)
    }
}

/// What a router keeps for its observers and result waits.
@MainActor
final class RouterObservation {
    /// The routers with observers or result waits, which user changes are reported to.
    private static var listeners: [Weak] = []
    /// The routers whose callers wait for results (and, until the next change of any router, those
    /// whose last wait just ended). Read at the end of every change of every router
    /// (``endWaits(in:exceptOf:)``), so kept apart from ``listeners``: an app's routers that only
    /// observe, or those a test suite made and never released (a closure of the router's own guard
    /// that captures it keeps it alive), must not cost every navigation a look. Unchecked for
    /// exclusivity, as the router's other main-actor bookkeeping is: no access to it overlaps
    /// another (the run-time check cost each navigation about 80 instructions).
    @exclusivity(unchecked) private static var waiting: [Weak] = []
    /// The routers with router-wide or plan guards, which a tab tap is handed to.
    private static var guarded: [Weak] = []

    private struct Weak {
        weak var router: DefaultRouter?
    }

    private var observers: [(id: Int, call: @MainActor (NavigationEvent) -> Void)] = []
    private var nextID = 0
    /// The current screen at the last report, or when the running navigation began, weakly: a
    /// popped screen must not be kept alive by it.
    weak var lastCurrent: (any Screen)?
    /// How many reports were made (the user's changes, navigations nested in a guard): a
    /// navigation that saw the count move while it ran reports its own change from the screen the
    /// last of them left current, so no change is reported twice.
    var reportsMade = 0
    /// The screens whose callers wait for a result, with how to end each wait.
    var pendingResults: [PendingResult] = []
    /// Whether this router is in ``listeners``.
    @exclusivity(unchecked) private(set) var listens = false
    /// Whether this router is in ``waiting``.
    @exclusivity(unchecked) private var isInWaiting = false
    /// Whether this router is in ``guarded``.
    private var isGuarded = false
    /// How many removals of finished screens are running.
    var removalsRunning = 0
    /// The changes (navigations, removals of finished screens) reporting now, nested ones
    /// included: one that starts inside another reports on from the screen last reported.
    @exclusivity(unchecked) var jumpsRunning = 0
    /// The navigations running now, nested ones included.
    /// Read and written on every navigation, never by overlapping accesses (see `NavigationRun`).
    @exclusivity(unchecked) var runs: [NavigationRun] = []

    /// Whether the router is changing the screens itself: a navigation is showing, or a finished
    /// screen is being removed.
    var isChangingScreens: Bool {
        removalsRunning > 0 || runs.contains { $0.hasStartedShowing }
    }

    /// The listening routers that navigate in `window`, in the order they began listening.
    static func listeningRouters(in window: any ScreenWindow) -> [DefaultRouter] {
        routers(in: window, of: &listeners)
    }

    /// The routers with router-wide or plan guards that navigate in `window`, in the order they
    /// got their first one.
    static func guardedRouters(in window: any ScreenWindow) -> [DefaultRouter] {
        routers(in: window, of: &guarded)
    }

    /// The routers of `registry` that navigate in `window`, dropping those released.
    private static func routers(in window: any ScreenWindow, of registry: inout [Weak]) -> [DefaultRouter] {
        registry.removeAll { $0.router == nil }
        var routers: [DefaultRouter] = []
        for entry in registry {
            if let router = entry.router, router.windowProvider.window === window { routers.append(router) }
        }
        return routers
    }

    /// Ends the result waits for screens of `window` that left it, in every router but `router`:
    /// routers that share a window (an app's and a feature's) are not told of each other's
    /// navigations, and a router whose provider now answers another window is not told of this
    /// one's changes, yet a caller must not wait for a screen that has gone. Free while no caller
    /// of any router waits for a result.
    static func endWaits(in window: any ScreenWindow, exceptOf router: DefaultRouter?) {
        guard !waiting.isEmpty else { return }
        // The routers released, or no longer waiting, leave first.
        waiting.removeAll { entry in
            guard let other = entry.router else { return true }
            guard other.observation.pendingResults.isEmpty else { return false }
            other.observation.isInWaiting = false
            return true
        }
        // A second pass over a copy rather than one `removeAll`: ending waits reads the app's
        // screens (`ScreenTree.holds`), whose code can come back here (a screen reporting a user's
        // change through `userDidChangeScreens`); inside a `removeAll` of `waiting`, that second
        // access would overlap the first, which traps.
        var tree: ScreenTree?
        for entry in waiting {
            guard let other = entry.router, other !== router, !other.observation.pendingResults.isEmpty else {
                continue
            }
            let current = tree ?? ScreenTree(window: window)
            tree = current
            other.observation.endWaits(removedFrom: current)
        }
    }

    /// Makes `router` one that a tab tap in its window can find (``guardedRouters(in:)``) once it
    /// has a router-wide or plan guard. Unlike listening, it costs its navigations nothing: such a
    /// router reports nothing until it has an observer or a result wait.
    func registerGuards(of router: DefaultRouter) {
        guard !isGuarded else { return }
        isGuarded = true
        Self.guarded.append(Weak(router: router))
    }

    /// Starts receiving the reports of the user's changes in `router`'s window, remembering the
    /// current screen as the one the next change leaves. A router whose callers now wait for
    /// results also joins ``waiting``, for the other routers' changes to end its waits.
    func startListening(_ router: DefaultRouter) {
        if !pendingResults.isEmpty, !isInWaiting {
            isInWaiting = true
            Self.waiting.append(Weak(router: router))
        }
        guard !listens else { return }
        listens = true
        // The released routers leave as another joins, so the registry does not grow with every
        // router a process ever made (a test suite makes thousands) between the user's changes.
        Self.listeners.removeAll { $0.router == nil }
        Self.listeners.append(Weak(router: router))
        if let window = router.windowProvider.window { lastCurrent = ScreenTree(window: window).current }
    }

    func addObserver(_ observer: @escaping @MainActor (NavigationEvent) -> Void) -> Int {
        nextID += 1
        observers.append((nextID, observer))
        return nextID
    }

    func removeObserver(_ id: Int) {
        observers.removeAll { $0.id == id }
    }

    /// Sends an event when the current screen of `window` is no longer `from`, and ends the waits
    /// of the screens that left the window.
    func report(cause: NavigationEvent.Cause, from: (any Screen)?, in window: any ScreenWindow) {
        reportsMade &+= 1
        let tree = ScreenTree(window: window)
        let current = tree.current
        lastCurrent = current
        endWaits(removedFrom: tree)
        guard from !== current, !observers.isEmpty else { return }
        let event = NavigationEvent(cause: cause, from: from, to: current)
        // A navigation an observer starts waits its turn and is the router's, even when a guard's
        // navigation or a tab tap reports.
        NavigationScope.outsideNavigation {
            for observer in observers {
                // One that an observer called before it cancelled receives nothing more, this event
                // included.
                guard observers.contains(where: { $0.id == observer.id }) else { continue }
                observer.call(event)
            }
        }
    }

    /// Ends with "no result" the wait of every screen shown in `tree`'s window that is no longer
    /// in `tree`, except those being removed because they finished. The waits for screens of
    /// another window (the router's provider answered it when the screen was shown) are that
    /// window's to end.
    func endWaits(removedFrom tree: ScreenTree) {
        guard !pendingResults.isEmpty else { return }
        // Chosen first, removed after, for the same reason as in the static `endWaits`: choosing
        // reads the app's screens, whose code can come back here and change `pendingResults`.
        let ended = pendingResults.filter { pending in
            guard !pending.isFinishing else { return false }
            guard let screen = pending.screen, let window = pending.window else { return true }
            guard window === tree.window else { return false }
            // Held by the window, not only shown: a screen presented in the context of a tab the
            // user left is still there, and still owes its result.
            return !tree.holds(screen)
        }
        pendingResults.removeAll { pending in ended.contains { $0 === pending } }
        for pending in ended { pending.endWithoutResult() }
    }
}

/// One caller waiting for a screen's result, seen without its result type.
@MainActor
class PendingResult {
    weak var screen: (any Screen)?
    /// The window the screen was shown in, which its leaving and its removal are judged in, weakly:
    /// a window that is gone holds no screen.
    weak var window: (any ScreenWindow)?
    /// Set while the screen is being removed after it finished, so its leaving does not end the
    /// wait with "no result".
    var isFinishing = false

    init(screen: any Screen, window: (any ScreenWindow)?) {
        self.screen = screen
        self.window = window
    }

    /// Ends the wait with "no result"; subclasses resume the caller.
    func endWithoutResult() {}
}
