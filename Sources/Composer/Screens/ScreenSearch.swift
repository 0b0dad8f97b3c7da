/// Lists candidate screens in the order a finder should try them.
@MainActor
public enum ScreenSearch {
    /// The screens `options` selects in `tree`, starting at `start`, each at most once, nearest
    /// to the user first.
    public static func candidates(in tree: ScreenTree, options: SearchOptions, start: SearchStart = .topmost)
        -> [any Screen]
    {
        let levels = tree.presentationLevels
        guard !levels.isEmpty else { return [] }
        let startIndex = start == .root ? 0 : levels.count - 1
        var result: [any Screen] = []
        var seen = Set<ObjectIdentifier>()
        func add(_ screen: any Screen) {
            if seen.insert(ObjectIdentifier(screen)).inserted { result.append(screen) }
        }
        func addLevel(_ levelRoot: any Screen) {
            if options.contains(.visible) || !options.contains(.contained) {
                addVisible(from: levelRoot, add)
            }
            if options.contains(.contained) {
                ScreenTree.containedScreens(of: levelRoot).forEach(add)
            }
        }

        let startLevel = levels[startIndex]
        let startLeaf = ScreenTree.visibleLeaf(of: startLevel)
        if options.contains(.current) { add(startLeaf) }
        if options.contains(.parent) { ScreenTree.ancestors(of: startLeaf).forEach(add) }
        if options.contains(.visible) { addVisible(from: startLevel, add) }
        if options.contains(.contained) { ScreenTree.containedScreens(of: startLevel).forEach(add) }
        if options.contains(.presented) {
            for level in levels[(startIndex + 1)...] { addLevel(level) }
        }
        if options.contains(.presenting) {
            for level in levels[..<startIndex].reversed() { addLevel(level) }
        }
        return result
    }

    private static func addVisible(from levelRoot: any Screen, _ add: (any Screen) -> Void) {
        var pending: [any Screen] = [levelRoot]
        var visited = 0
        while let next = pending.popLast(), visited < 100_000 {
            visited += 1
            add(next)
            pending.append(contentsOf: ScreenTree.visibleChildren(of: next).reversed())
        }
    }
}
