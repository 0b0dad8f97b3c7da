/// The live list containers the integrations of one navigation merge into, as the reveal and the
/// groups before each one leave them: a merge is judged against the children it will really meet,
/// not the ones on screen before the navigation.
@MainActor
struct ListProjection {
    private let reveal: NavigationRun.CheckedReveal
    /// The children each list container has once the groups merged so far have run.
    private var merged = ContainerTable<ContainerChildren>()

    init(after reveal: NavigationRun.CheckedReveal) {
        self.reveal = reveal
    }

    /// The children the next group merging into `list` meets.
    func children(of list: any ChildListContainer) -> ContainerChildren {
        if let children = merged[list] { return children }
        var children = list.containerChildren
        for removal in reveal.removals where removal.container === list {
            Self.remove(removal.removed, from: &children.screens)
        }
        return children
    }

    /// Records the children a group leaves in `list`, for the groups after it.
    mutating func record(_ children: ContainerChildren, of list: any ChildListContainer) {
        merged.store(children, for: list)
    }

    /// Takes `removed` out of `screens`. A reveal pops the top of a stack: then only the popped
    /// screens are compared, each once, as the reveal's own check has already asked them.
    private static func remove(_ removed: ArraySlice<any Screen>, from screens: inout [any Screen]) {
        let start = screens.count - removed.count
        if start >= 0 {
            var isTop = true
            var position = start
            for screen in removed {
                if screen !== screens[position] {
                    isTop = false
                    break
                }
                position += 1
            }
            if isTop {
                screens.removeSubrange(start...)
                return
            }
        }
        // A container of the app's own that reveals otherwise: by identity.
        var identities = Set<ObjectIdentifier>()
        for screen in removed { identities.insert(ObjectIdentifier(screen)) }
        screens.removeAll { identities.contains(ObjectIdentifier($0)) }
    }
}

/// The split views the built-in split view actions of one navigation work on, as the reveal and
/// the actions before each one leave their columns (``SplitColumns``).
@MainActor
struct ColumnsProjection {
    private let reveal: NavigationRun.CheckedReveal
    /// The columns of each split view an action has changed so far.
    private var changed = ContainerTable<SplitColumns>()

    init(after reveal: NavigationRun.CheckedReveal) {
        self.reveal = reveal
    }

    /// The columns `action` meets in `target`, or `nil` when `target` is not its kind of split view.
    func columns(of target: any Screen, for action: any SplitColumnsAction) -> SplitColumns? {
        if let columns = changed[target] { return columns }
        guard var columns = action.columns(of: target) else { return nil }
        for removal in reveal.removals where removal.container === target {
            for screen in removal.removed {
                if screen === columns.primary { columns.primary = nil }
                if screen === columns.secondary { columns.secondary = nil }
            }
        }
        return columns
    }

    /// Records the columns an action leaves in `target`, for the actions after it.
    mutating func record(_ columns: SplitColumns, of target: any Screen) {
        changed.store(columns, for: target)
    }
}

/// A value per container, for the few containers one navigation's actions work on: a list
/// searched in order, which allocates nothing until a value is stored.
struct ContainerTable<Value> {
    private var entries: [(container: ObjectIdentifier, value: Value)] = []

    /// The value stored for `container`, if any.
    subscript(container: any Screen) -> Value? {
        let identity = ObjectIdentifier(container)
        for entry in entries where entry.container == identity { return entry.value }
        return nil
    }

    /// Stores `value` for `container`, replacing the one stored before.
    mutating func store(_ value: Value, for container: any Screen) {
        let identity = ObjectIdentifier(container)
        for position in entries.indices where entries[position].container == identity {
            entries[position].value = value
            return
        }
        entries.append((identity, value))
    }
}
