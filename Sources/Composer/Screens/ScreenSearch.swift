/// Lists candidate screens in the order a finder should try them.
@MainActor
public enum ScreenSearch {
    /// The screens `options` selects in `tree`, starting at `start`, each at most once, nearest
    /// to the user first.
    public static func candidates(in tree: ScreenTree, options: SearchOptions, start: SearchStart = .topmost)
        -> [any Screen]
    {
        var result: [any Screen] = []
        visitCandidates(in: tree, options: options, start: start) { screen in
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
        // The first candidate is often the match (the current screen): it is remembered without
        // allocating a set, which only the second candidate creates.
        var firstOffered: ObjectIdentifier?
        var seen = Set<ObjectIdentifier>()
        func offer(_ screen: any Screen) -> Bool {
            let id = ObjectIdentifier(screen)
            guard let first = firstOffered else {
                firstOffered = id
                return visit(screen)
            }
            guard id != first, seen.insert(id).inserted else { return false }
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
        // The order of `ScreenTree.containedScreens(of:)`, without building its list.
        func offerContained(in levelRoot: any Screen) -> Bool {
            var pending: [any Screen] = [levelRoot]
            var offered = 0
            while let next = pending.popLast(), offered < 100_000 {
                offered += 1
                if offer(next) { return true }
                pending.append(contentsOf: next.childScreens.reversed())
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
