/// Where ``AddTabAction`` puts the new tab.
public enum TabPlacement: Sendable, Hashable {
    /// After the last tab.
    case append
    /// At this index, moving later tabs right; an index past the end is an error.
    case insert(at: Int)
    /// Instead of the tab at this index; an index out of range is an error.
    case replace(at: Int)
}

/// Adds a screen as a tab and selects it, so the navigation ends with it visible.
public struct AddTabAction<Container: TabsContainer>: ContainerAction {
    /// Where the tab goes.
    public let placement: TabPlacement

    /// An action placing the tab at `placement`.
    public init(_ placement: TabPlacement = .append) {
        self.placement = placement
    }

    /// Adds and selects `screen`; an index out of range is refused with both numbers named.
    public func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        if children.screens.firstIndex(ofIdentical: screen) != nil {
            throw ContainerActionError("\(screen) is already a tab")
        }
        let count = children.screens.count
        switch placement {
        case .append:
            children.screens.append(screen)
            children.selectedIndex = count
        case .insert(let index):
            guard (0...count).contains(index) else {
                throw ContainerActionError(
                    "cannot insert a tab at index \(index): there are \(count) tab(s), valid indices are 0...\(count)")
            }
            children.screens.insert(screen, at: index)
            children.selectedIndex = index
        case .replace(let index):
            guard children.screens.indices.contains(index) else {
                throw ContainerActionError(
                    "cannot replace the tab at index \(index): there are \(count) tab(s)\(count == 0 ? "" : ", valid indices are 0...\(count - 1)")"
                )
            }
            children.screens[index] = screen
            children.selectedIndex = index
        }
    }
}

// An index out of range is refused whatever the screen; a screen already a tab is refused too.
extension AddTabAction: MergeRefusalHoldsForAnyScreen {}

/// Selects a screen that is already one of the tabs.
public struct SelectTabAction<Container: TabsContainer>: ContainerAction {
    /// The action has no settings: a chain reads better with the shorthand `UITabBarController.selectTab()`,
    /// or `.selectTab()` on your own container type.
    public init() {}

    /// Selects `screen`; a screen that is not a tab is refused.
    public func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        guard let index = children.screens.firstIndex(ofIdentical: screen) else {
            throw ContainerActionError(
                "\(screen) is not one of the \(children.screens.count) tab(s), so it cannot be selected")
        }
        children.selectedIndex = index
    }

    /// Selects the tab at once (UIKit does not animate tab selection).
    public func perform(_ screen: any Screen, on container: Container, animated: Bool) async throws {
        var children = container.containerChildren
        try merge(screen, into: &children)
        if let index = children.selectedIndex { try await container.selectTab(at: index) }
    }
}

extension TabsContainer {
    /// Adds the screen as a tab at `placement` and selects it.
    public static func addTab(_ placement: TabPlacement = .append) -> AddTabAction<Self> { AddTabAction(placement) }
    /// Selects the screen, which must already be a tab.
    public static func selectTab() -> SelectTabAction<Self> { SelectTabAction() }
}
