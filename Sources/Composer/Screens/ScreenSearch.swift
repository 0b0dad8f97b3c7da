/// Lists candidate screens in the order a finder should try them.
@MainActor
public enum ScreenSearch {
    /// The screens `options` selects in `tree`, starting at `start`, each at most once, nearest
    /// to the user first.
    public static func candidates(in tree: ScreenTree, options: SearchOptions, start: SearchStart = .topmost)
        -> [any Screen]
    {
        collecting { visit in visitCandidates(in: tree, options: options, start: start, visit) }
    }

    /// Every screen `walk` offers to the visitor it is given, in order, as a list.
    static func collecting(_ walk: (_ visit: (any Screen) -> Bool) -> Void) -> [any Screen] {
        var result: [any Screen] = []
        walk { screen in
            result.append(screen)
            return false
        }
        return result
    }

    /// Offers `visit` the screens ``candidates(in:options:start:)`` would list, in the same order,
    /// and stops as soon as `visit` returns `true`. Returns whether it stopped.
    ///
    /// A finder that needs the first match only uses this rather than the list: the walk ends at
    /// the match, and no list of the whole tree is built first.
    @discardableResult
    public static func visitCandidates(
        in tree: ScreenTree, options: SearchOptions, start: SearchStart = .topmost,
        _ visit: (any Screen) -> Bool
    ) -> Bool {
        let levels = tree.levelsWithLeaves
        guard !levels.isEmpty else { return false }
        let startIndex = start == .root ? 0 : levels.count - 1
        let (startLevel, startLeaf) = levels[startIndex]
        return visitCandidates(
            levels: levels, startIndex: startIndex, start: startLevel, startLeaf: startLeaf,
            options: options, visit)
    }

    /// The search both entry points share: from `start` (a level's outermost screen, or any screen
    /// of the level at `startIndex`) and `startLeaf`, the screen visible inside it, then the other
    /// levels; lazily, so the walk ends at the first match.
    static func visitCandidates(
        levels: [(level: any Screen, leaf: any Screen)], startIndex: Int, start: any Screen, startLeaf: any Screen,
        options: SearchOptions,
        _ visit: (any Screen) -> Bool
    ) -> Bool {
        // Only the current, parent and visible passes can offer a screen twice, and the contained
        // passes can offer again what those offered: a few screens (the visible path), remembered
        // so that the contained passes, which cover the whole tree, only look them up.
        var early = OfferedScreens()
        func offer(_ screen: any Screen) -> Bool {
            guard early.insert(ObjectIdentifier(screen)) else { return false }
            return visit(screen)
        }
        func offerVisible(from levelRoot: any Screen) -> Bool {
            var pending: [any Screen] = [levelRoot]
            var visited = 0
            while let next = pending.popLast(), visited < 100_000 {
                visited += 1
                if offer(next) { return true }
                pending.append(contentsOf: ScreenTree.visibleChildren(of: next).reversed())
            }
            return false
        }
        // The order of `ScreenTree.containedScreens(of:)`, without building its list. A level is a
        // tree, so this pass meets each of its screens once. The walk keeps one entry per container
        // it is inside (its children and the next one to offer) rather than a list of the screens
        // still to offer: copying every screen into such a list cost more than offering it.
        func offerContained(in levelRoot: any Screen) -> Bool {
            if !early.contains(ObjectIdentifier(levelRoot)), visit(levelRoot) { return true }
            var outer: [(children: [any Screen], next: Int)] = []
            var children = levelRoot.childScreens
            var next = 0
            var offered = 1
            while offered < 100_000 {
                guard next < children.count else {
                    guard let container = outer.popLast() else { return false }
                    (children, next) = container
                    continue
                }
                let screen = children[next]
                next += 1
                offered += 1
                if !early.contains(ObjectIdentifier(screen)), visit(screen) { return true }
                let inner = screen.childScreens
                if !inner.isEmpty {
                    outer.append((children, next))
                    (children, next) = (inner, 0)
                }
            }
            return false
        }
        func offerLevel(_ levelRoot: any Screen) -> Bool {
            if options.contains(.visible) || !options.contains(.contained), offerVisible(from: levelRoot) {
                return true
            }
            return options.contains(.contained) && offerContained(in: levelRoot)
        }

        if options.contains(.current), offer(startLeaf) { return true }
        if options.contains(.parent) {
            for ancestor in ScreenTree.ancestors(of: startLeaf) where offer(ancestor) { return true }
        }
        if options.contains(.visible), offerVisible(from: start) { return true }
        if options.contains(.contained), offerContained(in: start) { return true }
        if options.contains(.presented) {
            for (level, _) in levels[(startIndex + 1)...] where offerLevel(level) { return true }
        }
        if options.contains(.presenting) {
            for (level, _) in levels[..<startIndex].reversed() where offerLevel(level) { return true }
        }
        return false
    }
}

/// The screens a search has offered before its contained passes: usually a handful, kept in a list
/// that a linear scan reads faster than a set is hashed (the first without allocating, as it is
/// often the match); a set takes over past a few dozen.
private struct OfferedScreens {
    private var first: ObjectIdentifier?
    private var others: [ObjectIdentifier] = []
    private var set: Set<ObjectIdentifier>?

    func contains(_ id: ObjectIdentifier) -> Bool {
        if let set { return set.contains(id) }
        return id == first || others.contains(id)
    }

    /// Adds `id`; `false` if it was there already.
    mutating func insert(_ id: ObjectIdentifier) -> Bool {
        if set != nil { return set?.insert(id).inserted ?? false }
        guard first != nil else {
            first = id
            return true
        }
        if contains(id) { return false }
        others.append(id)
        if others.count > 32, let first { set = Set(others + [first]) }
        return true
    }
}
