import Composer
import Observation

/// A `TabView` and its selection: the router's tab container.
///
/// The view binds `TabView(selection:)` to ``selection`` through ``userSelectedTab(_:)`` and tags
/// each tab's view with the tab node's ``NavigationNode/id``. The selected tab is always one of the
/// tabs (`nil` only without tabs).
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
open class TabsNode: NavigationNode, TabsContainer {
    /// The tabs, in order.
    public private(set) var tabs: [NavigationNode] {
        get {
            access(keyPath: Self.tabsKeyPath, of: self)
            return storedTabs
        }
        set {
            // As the macro's setter: the same tabs again tell no one.
            guard newValue != storedTabs else { return }
            withMutation(keyPath: Self.tabsKeyPath, of: self) {
                storedTabs = newValue
                tabsAsScreens = newValue
            }
        }
    }

    // Unchecked for exclusivity as the model's bookkeeping is (see `NavigationModel.treeRevision`):
    // it is only assigned whole and read.
    /// ``tabs`` as screens, converted once per change rather than at each read: the router reads
    /// the tabs several times per navigation, and converting retains and releases every tab.
    @exclusivity(unchecked) private var tabsAsScreens: [any Screen] = []
    /// The index of the selected tab.
    public private(set) var selectedIndex: Int? {
        get {
            access(keyPath: Self.selectedIndexKeyPath, of: self)
            return storedSelectedIndex
        }
        set {
            guard newValue != storedSelectedIndex else { return }
            withMutation(keyPath: Self.selectedIndexKeyPath, of: self) { storedSelectedIndex = newValue }
        }
    }

    /// The storage of ``tabs`` and ``selectedIndex`` (observed through ``NavigationNode``'s
    /// registrar; see there).
    private var storedTabs: [NavigationNode] = []
    private var storedSelectedIndex: Int?

    /// Creates a tab container holding `tabs` (a refused node is left out), selecting the tab at
    /// `selectedIndex` in `tabs`, or the first tab when it is `nil`, out of range or refused.
    public init(_ name: String = "tabs", tabs: [NavigationNode] = [], selectedIndex: Int? = nil) {
        super.init(name)
        let accepted = adoptAcceptable(tabs, forStack: false)
        storedTabs = accepted
        tabsAsScreens = accepted
        // The tab `selectedIndex` names among those given, found among those accepted: a refused
        // tab before it moves it down; a refused tab itself selects the first.
        let wanted = selectedIndex.flatMap { tabs.indices.contains($0) ? tabs[$0] : nil }
        storedSelectedIndex =
            wanted.flatMap { wanted in accepted.firstIndex { $0 === wanted } } ?? (accepted.isEmpty ? nil : 0)
    }

    /// `tabs`.
    nonisolated override open var kindName: String { "tabs" }

    /// Itself, without a dynamic cast.
    override public var asContainer: (any ScreenContainer)? { self }

    /// The identity of the selected tab: the value of the `TabView`'s selection.
    public var selection: NodeID? { selectedTab?.id }

    /// The selected tab; `nil` only while the tab view has no tabs.
    public var selectedTab: NavigationNode? {
        guard let selectedIndex, tabs.indices.contains(selectedIndex) else { return nil }
        return tabs[selectedIndex]
    }

    /// The tabs, in order.
    public var tabScreens: [any Screen] { screens }

    /// The index of the selected tab, `nil` only when there are no tabs.
    public var selectedTabIndex: Int? { selectedIndex }

    /// The tabs, in order.
    override open var childScreens: [any Screen] { screens }

    /// ``tabs`` as screens, read as ``tabs`` is (for observation).
    private var screens: [any Screen] {
        access(keyPath: Self.tabsKeyPath, of: self)
        return tabsAsScreens
    }

    /// The selected tab, read without the list of tabs: the router asks it of every tab container
    /// on the visible path at each navigation.
    public var focusedChildScreen: (any Screen)? {
        // Recorded for observation with key paths made once: a key-path literal is looked up at
        // every read, and this runs several times per navigation.
        access(keyPath: Self.selectedIndexKeyPath, of: self)
        access(keyPath: Self.tabsKeyPath, of: self)
        return visibleChildUnobserved()
    }

    private static let selectedIndexKeyPath = \TabsNode.selectedIndex
    private static let tabsKeyPath = \TabsNode.tabs

    /// The selected tab, for the model's own bookkeeping (see ``NavigationNode``).
    override func visibleChildUnobserved() -> NavigationNode? {
        guard let index = storedSelectedIndex, storedTabs.indices.contains(index) else { return nil }
        return storedTabs[index]
    }

    /// The selected tab alone, read as ``focusedChildScreen`` is.
    public var visibleChildScreens: [any Screen] {
        // No closure: one formed on the main actor and handed to `map` is checked at run time.
        guard let selected = focusedChildScreen else { return [] }
        return [selected]
    }

    /// Replaces the tabs and selects `selectedIndex` (the first tab when `nil`) in one state change;
    /// returns when the selected tab appeared. Throws ``NodeError``, changing nothing, for an index
    /// out of range or a refused tab.
    public func setTabs(_ tabs: [any Screen], selectedIndex: Int?, animated: Bool) async throws {
        let newTabs = try validatedChildren(tabs, forStack: false)
        if let selectedIndex, !newTabs.indices.contains(selectedIndex) {
            throw NodeError.tabIndexOutOfRange(index: selectedIndex, tabCount: newTabs.count, tabs: description)
        }
        let oldTabs = self.tabs
        try await applyChange("set tabs of \(self)", animated: animated) {
            replaceChildren(oldTabs, with: newTabs)
            self.tabs = newTabs
            self.selectedIndex = selectedIndex ?? (newTabs.isEmpty ? nil : 0)
        }
    }

    /// Selects the tab at `index` and returns at once, as the protocol asks (SwiftUI does not
    /// animate a tab change either): a pop or a presentation in the new tab that follows in the same
    /// navigation joins the same state change, and waits for the tab's appearance with its own; the
    /// router waits for it at the end of a navigation that ends here
    /// (``NavigationModel/waitUntilChangesShown()``).
    public func selectTab(at index: Int) async throws {
        guard tabs.indices.contains(index) else {
            throw NodeError.tabIndexOutOfRange(index: index, tabCount: tabs.count, tabs: description)
        }
        guard index != selectedIndex else { return }
        // SwiftUI does not animate a change of tab, and a change that does not wait is applied as
        // it is (see `NavigationModel.applyChange`).
        try await applyChange(.selectTab(index, of: self), animated: true, waits: false) { selectedIndex = index }
    }

    /// Tells the model that the user tapped a tab: call it from the setter of the `TabView`'s
    /// selection binding.
    ///
    /// A tab with a ``NavigationNode/userSelectionNavigation`` runs it instead (its guards decide,
    /// and its route selects the tab); the selection is published again so the tab bar shows the
    /// tab that stays selected meanwhile. A write of the selected tab is a duplicate, one of a tab
    /// that is gone is stale, and one under a presentation cannot be a tap: all are ignored (the
    /// last told to the views again). A presentation whose view is gone, swiped down before
    /// SwiftUI wrote its binding, covers nothing.
    @discardableResult
    public func userSelectedTab(_ id: NodeID?) -> UserWriteOutcome {
        guard containingModel != nil else { return .ignored("\(self) is no longer on screen") }
        guard let id, let index = tabs.firstIndex(where: { $0.id == id }) else {
            return .ignored("\(self) has no tab \(id.map { "\($0)" } ?? "nil") (a stale write)")
        }
        guard index != selectedIndex else {
            return .ignored("tab \(index) of \(self) is selected already (a duplicate write)")
        }
        // A presentation whose view is gone (swiped down, its binding write still to come) is being
        // dismissed, and covers nothing the user sees.
        if let cover = ScreenTree.screenCovering(self) {
            // Told as a change: the tab view may show the written tab; see StackNode.userWrotePath.
            withMutation(keyPath: Self.selectedIndexKeyPath, of: self) {}
            return .ignored("\(self) is covered by \(cover), so its tabs cannot be tapped")
        }
        if let navigation = tabs[index].userSelectionNavigation {
            // Told as a change (the tab bar shows the tapped tab already); see StackNode.userWrotePath.
            withMutation(keyPath: Self.selectedIndexKeyPath, of: self) {}
            // Run as the user's tap: observers see the change as the user's, as a UIKit tap.
            let window = containingModel
            return .navigating(Task { @MainActor in try await DefaultRouter.runUserTabTap(in: window, navigation) })
        }
        let change = "user selected tab \(index) of \(self)"
        applyUserChange(change) { selectedIndex = index }
        return .applied(change)
    }
}
