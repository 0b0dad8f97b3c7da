extension ScreenSearch {
    /// The screens `options` selects in `tree` when the search starts from `start` rather than
    /// from a whole presentation level, each at most once, nearest to `start` first.
    ///
    /// `start` takes the place of the level a ``SearchStart`` names: ``SearchOptions/current`` is
    /// the screen visible inside `start` (`start` itself for a plain screen),
    /// ``SearchOptions/parent`` the containers around that screen, ``SearchOptions/visible`` and
    /// ``SearchOptions/contained`` the screens inside `start` (visible ones, or all),
    /// ``SearchOptions/presented`` the levels above `start`'s level and
    /// ``SearchOptions/presenting`` those below it. Starting from a level's outermost screen gives
    /// the same order as ``candidates(in:options:start:)`` for that level. A `start` that is not in
    /// `tree` gives no candidate.
    public static func candidates(in tree: ScreenTree, options: SearchOptions, from start: any Screen) -> [any Screen] {
        collecting { visit in visitCandidates(in: tree, options: options, from: start, visit) }
    }

    /// Offers `visit` the screens ``candidates(in:options:from:)`` would list, in the same order,
    /// and stops as soon as `visit` returns `true`. Returns whether it stopped.
    @discardableResult
    public static func visitCandidates(
        in tree: ScreenTree, options: SearchOptions, from start: any Screen, _ visit: (any Screen) -> Bool
    ) -> Bool {
        let levels = tree.levelsWithLeaves
        guard let levelRoot = ScreenTree.levelRoot(of: start),
            let startIndex = levels.firstIndex(where: { $0.level === levelRoot })
        else { return false }
        return withoutActuallyEscaping(visit) { visit in
            var visitor = ClosureVisitor(visit)
            return visitCandidates(
                levels: levels, startIndex: startIndex, start: start,
                startLeaf: ScreenTree.visibleLeaf(of: start), options: options, &visitor)
        }
    }
}
