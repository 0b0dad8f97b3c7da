/// Read-only questions about a live screen tree, answered the way UIKit would answer them.
///
/// Finders, actions and the router all ask these; keeping them in one place keeps "what is
/// visible" and "what covers a screen" consistent everywhere.
@MainActor
public struct ScreenTree {
    /// The window whose tree this is.
    public let window: any ScreenWindow

    /// The levels of a navigation's tree, kept while the window's revision is unchanged, or, for a
    /// window that does not count its changes, while the navigation holds them
    /// (``holdLevels()``), so that the finders and the checks of one navigation find them once;
    /// `nil` for a tree made by anyone else.
    let levelsCache: LevelsCache?

    /// Creates a view of `window`'s tree.
    public init(window: any ScreenWindow) {
        self.window = window
        self.levelsCache = nil
    }

    /// A view of `window`'s tree that remembers its levels while `revisioning` reports no change,
    /// or, without `revisioning`, while they are held.
    init(window: any ScreenWindow, revisioning: (any TreeRevisioning)?) {
        self.window = window
        self.levelsCache = LevelsCache(revisioning)
    }

    /// The window as a ``TreeRevisioning``, for a tree made with one.
    var revisioning: (any TreeRevisioning)? { levelsCache?.revisioning }

    final class LevelsCache {
        let revisioning: (any TreeRevisioning)?
        /// The revision `levels` were found at, for a window that counts them.
        var revision: Int?
        var levels: [(level: any Screen, leaf: any Screen)]?
        /// For a window without revisions: whether `levels` are kept (a navigation holds them while
        /// only its own questions run).
        var isHeld = false

        init(_ revisioning: (any TreeRevisioning)?) {
            self.revisioning = revisioning
        }
    }

    /// For a window that does not count its changes: keeps the levels once found, until
    /// ``forgetLevels(stopHolding:)``. The router holds them while it asks the tree its own
    /// questions (planning, preflight), in which nothing changes the tree: the walk and the reveal's
    /// checks then find them once, not once each.
    func holdLevels() {
        levelsCache?.isHeld = true
    }

    /// Drops the held levels, before anything that may change the tree (the app's code, a
    /// transition); with `stopHolding`, keeps none from then on.
    func forgetLevels(stopHolding: Bool = false) {
        guard let levelsCache, levelsCache.revisioning == nil else { return }
        levelsCache.levels = nil
        if stopHolding { levelsCache.isHeld = false }
    }

    /// The root screen of the window.
    public var root: (any Screen)? { window.rootScreen }

    /// The screen the user sees on top: follow presentations to the topmost one (skipping one
    /// that is being dismissed), then the visible child of every container inside it.
    public var current: (any Screen)? {
        levelsWithLeaves.last?.leaf
    }

    /// The outermost screens of each presentation level, bottom first: the root, then what it
    /// presents, then what that presents, and so on. A screen being dismissed ends its branch.
    ///
    /// A level can be covered several times: by each screen on its visible path that defines the
    /// presentation context and by its outermost screen. The presentation of the host furthest in
    /// comes first (it covers the least), each host further out after it, then the outermost
    /// screen's, which covers everything, so the last level is the one on top and the one before
    /// it is what the user sees once it is dismissed.
    public var presentationLevels: [any Screen] {
        levelsWithLeaves.map(\.level)
    }

    /// ``presentationLevels``, each with its visible leaf, which finding the levels computes anyway.
    @usableFromInline var levelsWithLeaves: [(level: any Screen, leaf: any Screen)] {
        guard let levelsCache else { return findLevelsWithLeaves() }
        let revision = levelsCache.revisioning?.treeRevision
        if revision == nil, !levelsCache.isHeld { return findLevelsWithLeaves() }
        if let levels = levelsCache.levels, levelsCache.revision == revision { return levels }
        let levels = findLevelsWithLeaves()
        levelsCache.levels = levels
        levelsCache.revision = revision
        return levels
    }

    private func findLevelsWithLeaves() -> [(level: any Screen, leaf: any Screen)] {
        guard let root else { return [] }
        var levels: [(level: any Screen, leaf: any Screen)] = []
        levels.reserveCapacity(4)
        // A handful of levels at most: a linear check costs less than hashing into a set.
        func add(_ level: any Screen) {
            guard levels.count < 1_000 else { return }
            for known in levels where known.level === level { return }
            let leaf = Self.visibleLeaf(of: level)
            levels.append((level, leaf))
            // Every presentation hosted on the visible path, from the leaf's side out: a host
            // further out covers what one further in shows, and the level's own screen covers all.
            var host: (any Screen)? = leaf
            var steps = 0
            while let current = host, steps < 10_000 {
                steps += 1
                if let presented = Self.livePresentation(current.hostedPresentation) { add(presented) }
                host = current === level ? nil : current.parentScreen
            }
        }
        add(root)
        return levels
    }

    private static func livePresentation(_ screen: (any Screen)?) -> (any Screen)? {
        guard let screen, !screen.isBeingDismissed else { return nil }
        return screen
    }

    /// Whether `screen` is on one of this window's presentation levels: the root level and the
    /// levels presented above it along what the user sees. A presentation made in the context of a
    /// tab that is not selected is held by the window but is on none of them: it shows again when
    /// its tab is selected, and until then no search finds it.
    public func contains(_ screen: any Screen) -> Bool {
        guard let levelRoot = Self.levelRoot(of: screen) else { return false }
        return presentationLevels.contains { $0 === levelRoot }
    }

    /// Whether `screen` hangs from this window's root: the root of its level is the window's root,
    /// or is presented by a screen that does, level by level. Unlike ``contains(_:)`` it lists no
    /// levels, and it holds for a presentation hosted off the visible path as well. The window's
    /// own ``WindowAnchor`` (`GeneralStep.window()`), which stands above the root, is held too.
    func holds(_ screen: any Screen) -> Bool {
        if case let anchor as WindowAnchor = screen { return anchor.window === window }
        guard let root else { return false }
        var node = screen
        var levels = 0
        while let levelRoot = Self.levelRoot(of: node), levels <= 10_000 {
            if levelRoot === root { return true }
            guard let presenter = levelRoot.presentingScreen else { return false }
            node = presenter
            levels += 1
        }
        return false
    }

    // MARK: - Static helpers that need no window

    /// The first of `node` and its ancestors (through `parent`) that `matches`, or `nil`: the walk
    /// up a level that in-memory screens (the test kit's, the SwiftUI model's) make over their
    /// own typed links rather than through ``Screen/parentScreen``.
    package static func nearestAncestorOrSelf<Node: AnyObject>(
        of node: Node, parent: (Node) -> Node?, where matches: (Node) -> Bool
    ) -> Node? {
        var current: Node? = node
        var steps = 0
        while let candidate = current, steps <= 10_000 {
            if matches(candidate) { return candidate }
            current = parent(candidate)
            steps += 1
        }
        return nil
    }

    /// The outermost ancestor of `screen` within its presentation level (itself if it has no parent).
    public static func levelRoot(of screen: any Screen) -> (any Screen)? {
        var node: any Screen = screen
        var steps = 0
        while let parent = node.parentScreen {
            node = parent
            steps += 1
            if steps > 10_000 { return nil }
        }
        return node
    }

    /// The child a container shows that ``current`` follows: the top of a stack, the selected tab,
    /// the detail of an expanded split view (its primary when collapsed or without detail), an
    /// app container's ``ScreenContainer/focusedChildScreen``. `nil` for a plain screen.
    public static func visibleChild(of screen: any Screen) -> (any Screen)? {
        screen.asContainer?.focusedChildScreen
    }

    /// Every screen of a container that is on screen at once: the visible child, and for an
    /// expanded split view both columns (``ScreenContainer/visibleChildScreens``).
    public static func visibleChildren(of screen: any Screen) -> [any Screen] {
        screen.asContainer?.visibleChildScreens ?? []
    }

    /// Follows visible children down from `screen` to the innermost visible screen.
    public static func visibleLeaf(of screen: any Screen) -> any Screen {
        var node = screen
        var steps = 0
        while let child = visibleChild(of: node), steps < 10_000 {
            node = child
            steps += 1
        }
        return node
    }

    /// The ancestors of `screen` within its presentation level, nearest first.
    public static func ancestors(of screen: any Screen) -> [any Screen] {
        var result: [any Screen] = []
        var node = screen.parentScreen
        // A screen is rarely more than a few containers deep: room for them at once.
        if node != nil { result.reserveCapacity(4) }
        while let current = node, result.count < 10_000 {
            result.append(current)
            node = current.parentScreen
        }
        return result
    }

    /// `screen` and every screen contained in it, depth first, parents before children.
    public static func containedScreens(of screen: any Screen) -> [any Screen] {
        var result: [any Screen] = []
        var pending: [any Screen] = [screen]
        while let next = pending.popLast(), result.count < 100_000 {
            result.append(next)
            pending.append(contentsOf: next.childScreens.reversed())
        }
        return result
    }

    /// The nearest screen at or above `screen` (following parents) that is of type `T`.
    public static func nearest<T>(_ type: T.Type, from screen: any Screen) -> T? {
        // Checked for nil before the cast: Swift 6.3.1, specializing `nearestScreen(...) as? T` for
        // a class in another module built with testing enabled (`swift test -c release`), cast the
        // result without that check and crashed on a nil one (a tab tapped under a sheet in the
        // SwiftUI test driver).
        guard let found = nearestScreen(castingTo: T.self, from: screen) else { return nil }
        return found as? T
    }

    /// ``nearest(_:from:)``'s screen, as a screen: the same object, found with `is`, which in
    /// unspecialized generic code costs less than making a `T?` (the runtime looks its type up).
    static func nearestScreen<T>(castingTo _: T.Type, from screen: any Screen) -> (any Screen)? {
        nearestScreen(from: screen) { $0 is T }
    }

    /// `screen` if it `matches`, else its nearest ancestor (following parents) that does. The
    /// router's expecting-container adapter asks it with each class's answer remembered
    /// (`ClassMatch`).
    static func nearestScreen(from screen: any Screen, where matches: (any Screen) -> Bool) -> (any Screen)? {
        if matches(screen) { return screen }
        for ancestor in ancestors(of: screen) where matches(ancestor) { return ancestor }
        return nil
    }

    /// The screen presented over `screen` (by its nearest presenting ancestor), which a navigation
    /// to `screen` must dismiss first. `nil` when nothing covers it.
    public static func screenCovering(_ screen: any Screen) -> (any Screen)? {
        livePresentation(screen.presentedScreen)
    }

    /// Every presentation over `screen`, nearest host first, each with a screen that reaches its
    /// host: what its nearest presenting ancestor shows (``screenCovering(_:)``), and what hosts
    /// further out show, following parents and then the presenting screen of each level: a
    /// full-screen modal of the level's root over a context-defining screen that presents too, or
    /// over the screen that presented `screen`'s own level. Before them come the presentations
    /// hosted inside `screen` by a screen it shows that defines the presentation context: they
    /// cover part of it (and a full-screen modal above one covers all of it). Revealing `screen`
    /// dismisses them all.
    public static func presentationsCovering(_ screen: any Screen) -> [(host: any Screen, presented: any Screen)] {
        var result: [(host: any Screen, presented: any Screen)] = []
        var inside = visibleChildren(of: screen)
        while let next = inside.popLast(), result.count < 10_000 {
            if let presented = livePresentation(next.hostedPresentation) {
                result.append((next, presented))
            }
            inside.append(contentsOf: visibleChildren(of: next))
        }
        var ownLevels: [any Screen] = []
        var node: (any Screen)? = screen
        var steps = 0
        while let current = node, steps < 10_000 {
            steps += 1
            if let presented = screenCovering(current), ownLevels.firstIndex(ofIdentical: presented) == nil,
                !lists(presented, in: result)
            {
                result.append((current, presented))
            }
            if let parent = current.parentScreen {
                node = parent
            } else {
                ownLevels.append(current)
                node = current.presentingScreen
            }
        }
        // A presentation hosted on another visible branch of one of those levels (over the other
        // column of a split view that defines the presentation context) covers only its context,
        // unless a full-screen modal is in its chain: then it hides `screen` too.
        for level in ownLevels {
            var branch: [any Screen] = [level]
            while let next = branch.popLast(), result.count < 10_000 {
                branch.append(contentsOf: visibleChildren(of: next))
                guard let presented = livePresentation(next.hostedPresentation),
                    ownLevels.firstIndex(ofIdentical: presented) == nil, !lists(presented, in: result),
                    chainHidesWindow(from: presented)
                else { continue }
                result.append((next, presented))
            }
        }
        return result
    }

    /// Whether `presentations` has `presented`. A loop in nonisolated code, for the reason
    /// `firstIndex(ofIdentical:)` gives.
    private nonisolated static func lists(
        _ presented: any Screen, in presentations: [(host: any Screen, presented: any Screen)]
    ) -> Bool {
        for presentation in presentations where presentation.presented === presented { return true }
        return false
    }

    /// Whether `level` or a level presented from it (from its outermost screen or from a screen
    /// on a visible branch that hosts a context presentation) is a full-screen modal.
    private static func chainHidesWindow(from level: any Screen) -> Bool {
        var pending: [any Screen] = [level]
        var visited = 0
        while let next = pending.popLast(), visited < 10_000 {
            visited += 1
            if next.parentScreen == nil, next.hidesWindowWhenPresented { return true }
            pending.append(contentsOf: visibleChildren(of: next))
            if let presented = livePresentation(next.hostedPresentation) {
                pending.append(presented)
            }
        }
        return false
    }

    /// Every screen that dismissing `screen` (or popping or otherwise removing it) would remove: it,
    /// its contents, and everything presented above it by a screen among them, including
    /// presentations hosted by a screen inside it that defines the presentation context (not only
    /// those of its outermost screen). A presentation hosted above `screen` stays: popping a screen
    /// off a stack does not dismiss what the stack's tab bar presents.
    public static func screensRemovedByDismissing(_ screen: any Screen) -> [any Screen] {
        var result: [any Screen] = []
        _ = visitRemovedByDismissing(screen) { removed in
            result.append(removed)
            return false
        }
        return result
    }

    /// Offers `visit` the screens ``screensRemovedByDismissing(_:)`` lists, in the same order, until
    /// it returns `true`; returns the screen it stopped at.
    ///
    /// A level is a tree, so its screens are met once each, and a presented level is met from its
    /// host (``Screen/hostedPresentation``), which is among the removed screens whenever the level
    /// leaves with them. Nothing is listed or hashed per screen: the router asks this for every
    /// screen a navigation removes.
    static func visitRemovedByDismissing(_ screen: any Screen, _ visit: (any Screen) -> Bool) -> (any Screen)? {
        // A plain screen that hosts no presentation (most of what a stack drops) removes itself only.
        if screen.childScreens.isEmpty, screen.hostedPresentation == nil {
            return visit(screen) ? screen : nil
        }
        return visitRemovedTree(screen, visit)
    }

    /// ``visitRemovedByDismissing(_:_:)`` for a screen that contains or presents others. Never
    /// inlined: the plain screens a pop removes take the short path above, and it stays small.
    @inline(never)
    private static func visitRemovedTree(_ screen: any Screen, _ visit: (any Screen) -> Bool) -> (any Screen)? {
        // The levels presented from removed screens, met later: empty lists (which allocate
        // nothing) until a removed screen hosts a presentation, which few do.
        var pendingLevels: [any Screen] = []
        var levelsTaken: [ObjectIdentifier] = []
        var pending: [any Screen] = [screen]
        var offered = 0
        while true {
            while let next = pending.popLast(), offered < 100_000 {
                offered += 1
                if visit(next) { return next }
                pending.append(contentsOf: next.childScreens.reversed())
                guard let presented = next.hostedPresentation, presented !== screen,
                    !levelsTaken.contains(ObjectIdentifier(presented))
                else { continue }
                levelsTaken.append(ObjectIdentifier(presented))
                pendingLevels.append(presented)
            }
            guard let level = pendingLevels.popLast() else { return nil }
            pending.append(level)
        }
    }
}

extension ScreenTree {
    /// Throws ``DismissalRefusedError`` for the first of `screens` (or what they contain or
    /// present) that refuses to leave the tree.
    public static func checkDismissal(of screens: [any Screen]) throws {
        if let refusing = firstRefusingToLeave(screens) { throw DismissalRefusedError(refusing) }
    }

    /// The first of `screens`, or of what they contain or present, other than `except`, whose
    /// ``DismissalVetoing`` answer is no.
    static func firstRefusingToLeave(_ screens: some Collection<any Screen>, except: (any Screen)? = nil)
        -> (any Screen)?
    {
        // A pop can remove hundreds of screens of a few classes: whether a class can veto is
        // remembered per class (`vetoingType(of:)`), and the last class's answer is kept here,
        // since the screens a stack pops are mostly of one class. Nothing is allocated.
        var lastClass: ObjectIdentifier?
        var lastVetoingType: (any DismissalVetoing.Type)?
        for screen in screens {
            let refusing = visitRemovedByDismissing(screen) { removed in
                guard removed !== except else { return false }
                let screenClass = ObjectIdentifier(type(of: removed))
                if screenClass != lastClass {
                    lastClass = screenClass
                    lastVetoingType = ScreenClassConformances.vetoingType(of: removed)
                }
                guard let lastVetoingType else { return false }
                return lastVetoingType.refusesToLeave(removed)
            }
            if let refusing { return refusing }
        }
        return nil
    }
}
