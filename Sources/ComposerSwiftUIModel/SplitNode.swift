import Composer
import Observation

/// A column of a ``SplitNode``.
public enum SplitColumn: String, Hashable, Sendable {
    /// The sidebar: the primary column.
    case primary
    /// The detail: the secondary column.
    case secondary
}

/// A `NavigationSplitView` with a sidebar (primary) and a detail (secondary) column: the router's
/// split container.
///
/// Expanded, both columns are on screen. Collapsed (a compact width), one column shows, as
/// `NavigationSplitView`'s `preferredCompactColumn` says (``compactColumn``): showing a detail
/// brings the detail column forward, and the user's back from it writes `.primary`
/// (``userWroteCompactColumn(_:renderedColumn:renderedDetail:)``). The view reports the width class changing with
/// ``userWroteCollapsed(_:)``.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
open class SplitNode: NavigationNode, SplitContainer {
    /// The sidebar's node; `nil` while the split view has none.
    public private(set) var primary: NavigationNode? {
        get {
            access(keyPath: Self.primaryKeyPath, of: self)
            return storedPrimary
        }
        set {
            guard newValue !== storedPrimary else { return }
            withMutation(keyPath: Self.primaryKeyPath, of: self) { storedPrimary = newValue }
        }
    }
    /// The detail's node; `nil` until one is shown (the view then shows its placeholder).
    public private(set) var secondary: NavigationNode? {
        get {
            access(keyPath: Self.secondaryKeyPath, of: self)
            return storedSecondary
        }
        set {
            guard newValue !== storedSecondary else { return }
            withMutation(keyPath: Self.secondaryKeyPath, of: self) { storedSecondary = newValue }
        }
    }
    /// Whether one column shows at a time.
    public private(set) var isCollapsed: Bool {
        get {
            access(keyPath: Self.isCollapsedKeyPath, of: self)
            return storedIsCollapsed
        }
        set {
            guard newValue != storedIsCollapsed else { return }
            withMutation(keyPath: Self.isCollapsedKeyPath, of: self) { storedIsCollapsed = newValue }
        }
    }
    /// The column on screen while collapsed.
    public private(set) var compactColumn: SplitColumn {
        get {
            access(keyPath: Self.compactColumnKeyPath, of: self)
            return storedCompactColumn
        }
        set {
            guard newValue != storedCompactColumn else { return }
            withMutation(keyPath: Self.compactColumnKeyPath, of: self) { storedCompactColumn = newValue }
        }
    }

    // The storage of the four (observed through `NavigationNode`'s registrar; see there), and their
    // key paths, made once: a key-path literal is looked up at every read.
    private var storedPrimary: NavigationNode?
    private var storedSecondary: NavigationNode?
    private var storedIsCollapsed: Bool
    private var storedCompactColumn: SplitColumn = .primary
    private static let primaryKeyPath = \SplitNode.primary
    private static let secondaryKeyPath = \SplitNode.secondary
    private static let isCollapsedKeyPath = \SplitNode.isCollapsed
    private static let compactColumnKeyPath = \SplitNode.compactColumn

    /// Creates a split view of `primary` and `secondary` (a refused node is left out). Created
    /// `collapsed`, it shows its primary column (``compactColumn`` is `.primary`), detail or not,
    /// until a detail is shown through the model; a collapse the user makes later
    /// (``userWroteCollapsed(_:)``) keeps the detail in front when there is one.
    public init(
        _ name: String = "split", primary: NavigationNode? = nil, secondary: NavigationNode? = nil,
        collapsed: Bool = false
    ) {
        storedIsCollapsed = collapsed
        super.init(name)
        // Each column on its own: a refused secondary (the primary given again, a node of another
        // tree) leaves the primary in place. The accepted nodes keep their order, primary first.
        var accepted = adoptAcceptable([primary, secondary].compactMap { $0 }, forStack: false)[...]
        if let primary, accepted.first === primary {
            storedPrimary = primary
            accepted = accepted.dropFirst()
        }
        if let secondary, accepted.first === secondary { storedSecondary = secondary }
    }

    /// `split`.
    nonisolated override open var kindName: String { "split" }

    /// Itself, without a dynamic cast.
    override public var asContainer: (any ScreenContainer)? { self }

    /// The sidebar's node; `nil` while the split view has none.
    public var primaryScreen: (any Screen)? { primary }
    /// The detail's node; `nil` until one is shown (the view then shows its placeholder).
    public var secondaryScreen: (any Screen)? { secondary }

    /// The sidebar, then the detail.
    override open var childScreens: [any Screen] { [primary, secondary].compactMap { $0 } }

    /// Both columns expanded; the compact column collapsed (the sidebar when there is no detail).
    public var visibleChildScreens: [any Screen] {
        if isCollapsed { return focusedChildScreen.map { [$0] } ?? [] }
        return childScreens
    }

    /// The detail when expanded or when the compact column is the detail; else the sidebar.
    public var focusedChildScreen: (any Screen)? {
        if isCollapsed, compactColumn == .primary { return primary ?? secondary }
        return secondary ?? primary
    }

    /// Collapsed, a hidden column is brought forward (the other column stays in the model, as
    /// `NavigationSplitView` keeps it); expanded, both columns show already. Bringing the sidebar
    /// forward takes the detail off screen as the user's back from it does, so the router asks the
    /// detail first, as it asks a screen it pops: one that refuses to leave refuses the navigation.
    public func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? {
        guard isCollapsed, child !== focusedChildScreen else { return nil }
        let column: SplitColumn = child === secondary ? .secondary : .primary
        let hidden: [any Screen] = column == .primary ? (secondary.map { [$0] } ?? []) : []
        return ContainerReveal(
            removing: hidden,
            summary: { "show the \(column.rawValue) column of \(self)" },
            perform: { animated in
                try await self.applyChange("show the \(column.rawValue) column of \(self)", animated: animated) {
                    self.compactColumn = column
                }
            })
    }

    /// Replaces the sidebar; returns when the node on top appeared, if it changed.
    public func setPrimary(_ screen: any Screen, animated: Bool) async throws {
        try await replaceColumn(.primary, with: screen, animated: animated) { "set primary \($0) of \(self)" }
    }

    /// Replaces the detail and, collapsed, brings it forward; returns when it appeared.
    public func showDetail(_ screen: any Screen, animated: Bool) async throws {
        try await replaceColumn(.secondary, with: screen, animated: animated) { "show detail \($0) in \(self)" }
    }

    /// Puts `screen` in `column` in one change, releasing the node it replaces; showing a detail
    /// also brings it forward when collapsed.
    private func replaceColumn(
        _ column: SplitColumn, with screen: any Screen, animated: Bool, summary: (NavigationNode) -> String
    ) async throws {
        let old = column == .primary ? primary : secondary
        let node = try replacement(for: old, with: screen)
        try await applyChange(summary(node), animated: animated) {
            if let old, old !== node { release(old) }
            node.parentNode = self
            switch column {
            case .primary:
                primary = node
            case .secondary:
                secondary = node
                compactColumn = .secondary
            }
        }
    }

    private func replacement(for old: NavigationNode?, with screen: any Screen) throws(NodeError) -> NavigationNode {
        let node = try TreeEditing.node(screen)
        if node !== old, node.parentNode !== self { try checkCanAdopt(node) }
        if node.parentNode === self, node !== old {
            throw .alreadyInTree(node: node.description, place: "the other column of \(self)")
        }
        return node
    }

    /// Tells the model that the split view collapsed to one column or expanded to two (the width
    /// class changed): call it when the view's horizontal size class changes. A write of the state
    /// the model has is a duplicate and ignored.
    ///
    /// Collapsing shows the detail when there is one, as UIKit folds the secondary column onto the
    /// primary one: the screen in front stays in front, and a navigation that waits for the detail
    /// to appear (the first size class comes in as an app starts on an iPhone) still completes.
    @discardableResult
    public func userWroteCollapsed(_ collapsed: Bool) -> UserWriteOutcome {
        guard containingModel != nil else { return .ignored("\(self) is no longer on screen") }
        guard collapsed != isCollapsed else {
            return .ignored("\(self) is \(collapsed ? "collapsed" : "expanded") already (a duplicate write)")
        }
        let change = "\(self) \(collapsed ? "collapsed" : "expanded")"
        // Expanding takes no screen away (both columns show): an appearance it waits for still comes.
        applyUserChange(change, failingHiddenAppearances: collapsed) {
            isCollapsed = collapsed
            if collapsed { compactColumn = secondary == nil ? .primary : .secondary }
        }
        return .applied(change)
    }

    /// Tells the model that the user changed the column shown while collapsed (a back tap from the
    /// detail writes `.primary`): call it from the setter of the `preferredCompactColumn` binding.
    /// Leaving a detail that refuses to be dismissed is refused.
    ///
    /// `renderedColumn` and `renderedDetail` are what the view showed when SwiftUI made the write
    /// (the column the binding's getter gave, and the detail node then): a write made from a state
    /// the model has left since (a second write of `.primary` after the router showed a new
    /// detail) is stale, and ignored rather than read as a new back tap.
    @discardableResult
    public func userWroteCompactColumn(
        _ column: SplitColumn, renderedColumn: SplitColumn? = nil, renderedDetail: NavigationNode? = nil
    ) -> UserWriteOutcome {
        guard containingModel != nil else { return .ignored("\(self) is no longer on screen") }
        if let renderedColumn, renderedColumn != compactColumn || renderedDetail !== secondary {
            // Told again, as a refused write is: the view may show the column it wrote.
            withMutation(keyPath: Self.compactColumnKeyPath, of: self) {}
            return .ignored("the column written to \(self) was chosen from a state it has left (a stale write)")
        }
        guard column != compactColumn else {
            return .ignored("\(self) shows its \(column.rawValue) column already (a duplicate write)")
        }
        if isCollapsed, column == .primary, let detail = secondary, detail.refusesInteractiveDismissal {
            // Told as a change (the view shows the sidebar already); see StackNode.userWrotePath.
            withMutation(keyPath: Self.compactColumnKeyPath, of: self) {}
            return .refused("\(self) keeps showing \(detail), which refuses to be dismissed")
        }
        let change = "user showed the \(column.rawValue) column of \(self)"
        applyUserChange(change) { compactColumn = column }
        return .applied(change)
    }
}
