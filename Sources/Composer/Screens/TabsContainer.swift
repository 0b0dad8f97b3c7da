/// A tab container, like `UITabBarController`. The selected tab, when there is one, is one of the
/// tabs.
@MainActor
public protocol TabsContainer: ChildListContainer, ScreenContainer {
    /// The tabs, in order.
    var tabScreens: [any Screen] { get }

    /// The index of the selected tab; `nil` when no tab is shown (there are no tabs, or a tab bar
    /// shows its own list of further tabs, as UIKit's "More" list does): then no tab's screens are
    /// on screen, and a navigation into one selects it.
    var selectedTabIndex: Int? { get }

    /// Replaces the tabs and selects `selectedIndex` (the first tab when `nil`).
    func setTabs(_ tabs: [any Screen], selectedIndex: Int?, animated: Bool) async throws

    /// Selects the tab at `index`. UIKit does not animate a tab selection itself, so this usually
    /// returns at once; one that an app animates (a tab bar delegate's animation) returns when the
    /// animation has ended.
    func selectTab(at index: Int) async throws
}

extension TabsContainer {
    /// The tabs as a list of children, with the selected index.
    public var containerChildren: ContainerChildren { ContainerChildren(tabScreens, selectedIndex: selectedTabIndex) }

    /// Replaces the tabs and the selection.
    public func setContainerChildren(_ children: ContainerChildren, animated: Bool) async throws {
        try await setTabs(children.screens, selectedIndex: children.selectedIndex, animated: animated)
    }
}

// MARK: - How it shows and reveals a child

extension TabsContainer {
    /// The selected tab.
    public var visibleChildScreens: [any Screen] {
        // No closure: one formed on the main actor and handed to `map` is checked at run time.
        guard let selected = focusedChildScreen else { return [] }
        return [selected]
    }

    /// The selected tab.
    public var focusedChildScreen: (any Screen)? {
        guard let index = selectedTabIndex else { return nil }
        let tabs = tabScreens
        return tabs.indices.contains(index) ? tabs[index] : nil
    }

    /// Selects `child`'s tab.
    public func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? {
        guard let index = tabScreens.firstIndex(ofIdentical: child), index != selectedTabIndex else { return nil }
        return ContainerReveal(
            summary: { "select tab \(index) of \(self)" }, perform: { _ in try await self.selectTab(at: index) })
    }
}
