import Composer

/// An in-memory tab container that keeps `UITabBarController`'s rules.
///
/// The selected tab is always one of the tabs (`nil` only when there are none), and an index out of
/// range is refused with an error rather than clamped. UIKit never animates a change of tab, so
/// these operations log their callbacks at once and never wait for the ``TransitionClock``.
@MainActor
open class TestTabsContainer: TestScreen, TabsContainer {
    /// The tabs, in order.
    @exclusivity(unchecked) var tabStorage: [TestScreen] = [] {
        didSet { tabList.invalidate() }
    }
    /// ``tabStorage`` as the protocol's list, made once per change.
    @exclusivity(unchecked) private var tabList = ScreenList()
    /// The index of the selected tab.
    @exclusivity(unchecked) var selectedStorage: Int?

    /// Creates a tab container holding `tabs` and selecting `selectedIndex` (the first tab when `nil`).
    ///
    /// An initializer cannot throw: a refused tab is left out, and an index out of range selects the
    /// first tab; either is recorded in ``TestScreen/initializationErrors``.
    public init(_ name: String = "tabs", tabs: [TestScreen] = [], selectedIndex: Int? = nil) {
        super.init(name)
        tabStorage = acceptedChildren(tabs, forStack: false)
        for child in tabStorage { child.parentStorage = self }
        if let selectedIndex, !tabStorage.indices.contains(selectedIndex) {
            initializationErrors.append(
                .tabIndexOutOfRange(index: selectedIndex, tabCount: tabStorage.count, tabs: description))
            selectedStorage = tabStorage.isEmpty ? nil : 0
        } else {
            selectedStorage = selectedIndex ?? (tabStorage.isEmpty ? nil : 0)
        }
    }

    deinit { TestScreen.orphan(tabStorage) }

    /// `tabs`.
    nonisolated override open var kindName: String { "tabs" }

    /// Itself, without a dynamic cast.
    override open var asContainer: (any ScreenContainer)? { self }

    /// The tabs, in order.
    public var tabScreens: [any Screen] { tabList.screens(of: tabStorage) }

    /// The index of the selected tab, `nil` only when there are no tabs.
    public var selectedTabIndex: Int? { selectedStorage }

    /// The selected tab, read without copying the tabs.
    public var focusedChildScreen: (any Screen)? {
        guard let selectedStorage, tabStorage.indices.contains(selectedStorage) else { return nil }
        return tabStorage[selectedStorage]
    }

    /// The selected tab, read without copying the tabs.
    public var visibleChildScreens: [any Screen] { focusedChildScreen.map { [$0] } ?? [] }

    /// The selected tab, `nil` only when there are no tabs.
    public var selectedTab: TestScreen? {
        guard let selectedStorage, tabStorage.indices.contains(selectedStorage) else { return nil }
        return tabStorage[selectedStorage]
    }

    /// The tabs, in order.
    override public var childScreens: [any Screen] { tabList.screens(of: tabStorage) }

    /// Replaces the tabs and selects `selectedIndex`, the first tab when `nil`.
    ///
    /// Throws, changing nothing, when `selectedIndex` is out of range of the new tabs or a tab is
    /// refused (not a ``TestScreen``, given twice, already in another container or presented).
    /// Removed tabs are detached. Tab changes are not animated, so `animated` is ignored.
    public func setTabs(_ tabs: [any Screen], selectedIndex: Int?, animated: Bool) async throws {
        let newTabs = try validatedChildren(tabs, forStack: false, current: tabStorage)
        let newSelection: Int?
        if let selectedIndex {
            guard newTabs.indices.contains(selectedIndex) else {
                throw TestScreenError.tabIndexOutOfRange(
                    index: selectedIndex, tabCount: newTabs.count, tabs: description)
            }
            newSelection = selectedIndex
        } else {
            newSelection = newTabs.isEmpty ? nil : 0
        }
        let kept = Set(newTabs.map(ObjectIdentifier.init))
        let removed = tabStorage.filter { !kept.contains(ObjectIdentifier($0)) }
        TwinTransition.begin(in: containingWindow, animated: false, description: "set tabs of \(self)") {
            tabStorage = newTabs
            selectedStorage = newSelection
            for child in newTabs { child.parentStorage = self }
            removed.forEach(TwinTree.removeFromContainer)
        }.complete()
    }

    /// Selects the tab at `index`; throws, changing nothing, when `index` is out of range.
    /// The new tab appears and the old one disappears at once.
    public func selectTab(at index: Int) async throws {
        guard tabStorage.indices.contains(index) else {
            throw TestScreenError.tabIndexOutOfRange(index: index, tabCount: tabStorage.count, tabs: description)
        }
        guard index != selectedStorage else { return }
        TwinTransition.begin(in: containingWindow, animated: false, description: "select tab \(index) of \(self)") {
            selectedStorage = index
        }.complete()
    }
}
