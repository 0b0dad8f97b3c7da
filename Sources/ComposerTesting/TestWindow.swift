import Composer

/// An in-memory window: holds the root of a twin screen tree, the clock its transitions run on, the
/// log of its appearance callbacks and the tracker of every screen that entered it.
///
/// The root screen refers to its window without keeping it alive; any screen finds its window by
/// walking up containers and presenting hosts (``TestScreen/containingWindow``). Only screens in a
/// window get appearance callbacks and wait for the clock.
@MainActor
public final class TestWindow: ScreenWindow, TransitionSettling, TreeRevisioning {
    /// The clock every animated transition of this window's screens runs on.
    public let clock: TransitionClock
    /// The appearance callbacks of this window's screens, in UIKit's order.
    public let lifecycle: LifecycleLog
    /// Every screen that ever entered this window's tree, remembered weakly.
    public let memory: ScreenMemoryTracker
    /// Why the root given to the initializer was refused, if it was (it had a parent, was presented
    /// or was another window's root); the window then starts empty.
    public private(set) var initializationErrors: [TestScreenError] = []

    /// Counts the transitions that changed this window's tree, so the router plans again after
    /// its guards only when something changed.
    @exclusivity(unchecked) package private(set) var treeRevision = 0

    @exclusivity(unchecked) private var rootStorage: TestScreen?
    @exclusivity(unchecked) private var openTransitions = 0
    private var settleWaiters: [CheckedContinuation<Void, Never>] = []

    /// Creates a window showing `root`, whose appearance is logged at once, with transitions on `clock`.
    public init(root: TestScreen? = nil, clock: TransitionClock = TransitionClock()) {
        self.clock = clock
        self.lifecycle = LifecycleLog()
        self.memory = ScreenMemoryTracker()
        guard let root else { return }
        do {
            try root.checkIsFree()
            TwinTransition.begin(in: self, animated: false, description: "set root \(root)") {
                rootStorage = root
                root.windowStorage = self
            }.complete()
        } catch {
            initializationErrors.append(error)
        }
    }

    /// The root screen, if any.
    public var rootScreen: (any Screen)? { rootStorage }

    /// The root screen as a ``TestScreen``, if any.
    public var root: TestScreen? { rootStorage }

    /// The topmost visible screen, as `ScreenTree.current` answers for this window.
    public var current: TestScreen? { ScreenTree(window: self).current as? TestScreen }

    /// Replaces the root screen and returns when the transition has finished.
    ///
    /// Throws, changing nothing, when `screen` is not a ``TestScreen``, has a parent, is presented or
    /// is another window's root. The old root leaves the window together with everything presented
    /// in its tree (those presentations are cut, so their screens are released); setting the
    /// current root again does nothing. Animated, the change waits for the clock.
    public func setRootScreen(_ screen: any Screen, animated: Bool) async throws {
        let newRoot = try TwinTree.testScreen(screen)
        guard newRoot !== rootStorage else { return }
        try newRoot.checkIsFree()
        let transition = TwinTransition.begin(in: self, animated: animated, description: "set root \(newRoot)") {
            if let old = rootStorage {
                TwinTree.detachPresentations(hostedIn: old)
                old.windowStorage = nil
            }
            rootStorage = newRoot
            newRoot.windowStorage = self
        }
        await transition.finish()
    }

    deinit {
        // A root screen that someone else still holds must not point back at a freed window.
        rootStorage?.windowPointer = nil
    }

    /// Whether no animated transition started by this window's screens is running.
    public var isSettled: Bool { openTransitions == 0 }

    /// Returns once no animated transition started by this window's screens is still running.
    public func waitUntilSettled() async {
        while openTransitions > 0 {
            await withCheckedContinuation { settleWaiters.append($0) }
        }
    }

    /// The tree as indented text; see ``ScreenTreeRenderer``.
    public func render() -> String {
        ScreenTreeRenderer().render(window: self)
    }

    /// `screen`'s subtree as indented text, starting at column 0; see ``ScreenTreeRenderer``.
    public func renderTree(of screen: any Screen) -> String {
        ScreenTreeRenderer().render(screen)
    }

    /// The first screen called `name` in the tree, the root level first, parents before children.
    public func screen(named name: String) -> TestScreen? {
        allScreens().first { $0.name == name }
    }

    /// The screens the user can see now, by the twin's own rules of what a presentation hides
    /// (a full-screen one everything beneath it, a current-context one its host), independent of
    /// the engine's ``/Composer/ScreenTree``: what a model check compares the router's answers with. During
    /// a transition it is the tree as the transition left it so far.
    public var screensOnScreen: [TestScreen] { visibleScreens() }

    // MARK: - Internal

    /// The screens on screen now; see ``TwinTree/visibleScreens(from:)``.
    func visibleScreens() -> [TestScreen] {
        rootStorage.map(TwinTree.visibleScreens(from:)) ?? []
    }

    /// Every screen in the tree, presented levels included.
    func allScreens() -> [TestScreen] {
        rootStorage.map(TwinTree.allScreens(from:)) ?? []
    }

    /// Notes that the tree changed.
    func treeChanged() {
        treeRevision &+= 1
    }

    /// Counts an animated transition that has begun.
    func transitionStarted() {
        openTransitions += 1
    }

    /// Counts an animated transition that has finished and wakes ``waitUntilSettled()`` callers
    /// once none is left.
    func transitionEnded() {
        openTransitions = max(0, openTransitions - 1)
        guard openTransitions == 0 else { return }
        let waiters = settleWaiters
        settleWaiters = []
        for waiter in waiters { waiter.resume() }
    }
}
