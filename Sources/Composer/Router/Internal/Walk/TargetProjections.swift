/// The live list containers the integrations of one navigation merge into, as the reveal and the
/// groups before each one leave them: a merge is judged against the children it will really meet,
/// not the ones on screen before the navigation.
@MainActor
struct ListProjection {
    private let reveal: NavigationRun.CheckedReveal
    /// The children each list container has once the groups merged so far have run; a handful at
    /// most, so a list searched in order.
    private var merged: [(list: ObjectIdentifier, children: ContainerChildren)] = []

    init(after reveal: NavigationRun.CheckedReveal) {
        self.reveal = reveal
    }

    /// The children the next group merging into `list` meets.
    func children(of list: any ChildListContainer) -> ContainerChildren {
        let identity = ObjectIdentifier(list)
        for entry in merged where entry.list == identity { return entry.children }
        var children = list.containerChildren
        for removal in reveal.removals where removal.container === list {
            Self.remove(removal.removed, from: &children.screens)
        }
        return children
    }

    /// Records the children a group leaves in `list`, for the groups after it.
    mutating func record(_ children: ContainerChildren, of list: any ChildListContainer) {
        let identity = ObjectIdentifier(list)
        for position in merged.indices where merged[position].list == identity {
            merged[position].children = children
            return
        }
        merged.append((identity, children))
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
