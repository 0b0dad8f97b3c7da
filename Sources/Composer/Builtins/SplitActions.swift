/// Makes a screen the primary column of a split view.
public struct SetPrimaryAction<Container: SplitContainer>: ContainerAction {
    /// The action has no settings: a chain reads better with the shorthand `UISplitViewController.setPrimary()`,
    /// or `.setPrimary()` on your own container type.
    public init() {}

    /// Puts `screen` first.
    public func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        if children.screens.isEmpty { children.screens = [screen] } else { children.screens[0] = screen }
    }

    /// Replaces the primary column, after asking the column that leaves (and what it contains or
    /// presents) whether it accepts leaving.
    public func perform(_ screen: any Screen, on container: Container, animated: Bool) async throws {
        if let old = container.primaryScreen, old !== screen { try ScreenTree.checkDismissal(of: [old]) }
        try await container.setPrimary(screen, animated: animated)
    }

    /// The primary column, which the new screen replaces.
    public func screensRemoved(on container: Container) -> [any Screen] {
        screensRemoved(from: SplitColumns(container))
    }
}

// The same answers about columns that earlier actions of a navigation may have changed.
extension SetPrimaryAction: SplitColumnsAction {
    func screensRemoved(from columns: SplitColumns) -> [any Screen] {
        columns.primary.map { [$0] } ?? []
    }

    /// Any screen can be a primary column.
    func checkAccepts(_ screenType: Any.Type, in columns: SplitColumns) throws {}

    func leave(_ columns: inout SplitColumns, showing screen: any Screen) {
        columns.primary = screen
    }
}

/// Shows a screen as the detail of a split view (pushed onto the primary when collapsed).
public struct ShowDetailAction<Container: SplitContainer>: ContainerAction {
    /// The action has no settings: a chain reads better with the shorthand `UISplitViewController.showDetail()`,
    /// or `.showDetail()` on your own container type.
    public init() {}

    /// Puts `screen` second; a split view without a primary is refused.
    public func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        switch children.screens.count {
        case 0: throw ContainerActionError("a detail needs a primary column first; add the primary before \(screen)")
        case 1: children.screens.append(screen)
        default: children.screens[1] = screen
        }
    }

    /// Shows the detail following the split view's collapsed or expanded rule. A split view
    /// without a primary column is refused (UIKit cannot show only a secondary column), and an
    /// expanded one asks its old detail whether it accepts leaving.
    public func perform(_ screen: any Screen, on container: Container, animated: Bool) async throws {
        guard container.primaryScreen != nil else {
            throw ContainerActionError(
                "\(container) has no primary column, so \(screen) cannot be shown as its detail; set the primary first")
        }
        if !container.isCollapsed, let old = container.secondaryScreen, old !== screen {
            try ScreenTree.checkDismissal(of: [old])
        }
        try await container.showDetail(screen, animated: animated)
    }

    /// The detail column of an expanded split view, which the new screen replaces; nothing when
    /// collapsed (the detail is pushed).
    public func screensRemoved(on container: Container) -> [any Screen] {
        screensRemoved(from: SplitColumns(container))
    }

    /// Refuses a detail for a split view without a primary column, and, when it is collapsed (the
    /// detail is pushed onto the primary column), a primary column that is no navigation stack or
    /// a detail that cannot be pushed.
    public func checkAccepts(_ screenType: Any.Type, on container: Container) throws {
        try checkAccepts(screenType, in: SplitColumns(container))
    }
}

// The same answers about columns that earlier actions of a navigation may have changed.
extension ShowDetailAction: SplitColumnsAction {
    func screensRemoved(from columns: SplitColumns) -> [any Screen] {
        guard !columns.isCollapsed, columns.primary != nil else { return [] }
        return columns.secondary.map { [$0] } ?? []
    }

    func checkAccepts(_ screenType: Any.Type, in columns: SplitColumns) throws {
        guard let primary = columns.primary else {
            throw ContainerActionError(
                "\(columns.split) has no primary column, so a \(screenType) cannot be shown as its detail; set the primary first"
            )
        }
        guard columns.isCollapsed else { return }
        guard SplitColumns.isNavigationStack(primary) else {
            throw ContainerActionError(
                "\(columns.split) is collapsed and its primary column (\(primary)) is not a navigation stack, so a \(screenType) cannot be shown as its detail"
            )
        }
        try refuseContainersInStack(screenType)
    }

    /// Expanded, the detail replaces the secondary column; collapsed, it is pushed onto the
    /// primary column's stack, which stays the column.
    func leave(_ columns: inout SplitColumns, showing screen: any Screen) {
        if !columns.isCollapsed, columns.primary != nil { columns.secondary = screen }
    }
}

// A split view without a primary column refuses every detail.
extension ShowDetailAction: MergeRefusalHoldsForAnyScreen {}

/// Pushes a screen onto the navigation stack of a split view's detail column.
public struct PushOnDetailAction<Container: SplitContainer>: ContainerAction {
    /// The action has no settings: a chain reads better with the shorthand `UISplitViewController.pushOnDetail()`,
    /// or `.pushOnDetail()` on your own container type.
    public init() {}

    /// Refused: a new split view has no detail stack to push onto yet; build the detail stack as
    /// its own step instead.
    public func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        throw ContainerActionError(
            "a split view that is being built has no detail stack to push onto (pushing \(screen)): give the detail navigation stack its own step"
        )
    }

    /// Pushes onto the detail's stack; when the split view is collapsed the detail lives on the
    /// primary's stack, so it pushes there.
    public func perform(_ screen: any Screen, on container: Container, animated: Bool) async throws {
        let column = container.isCollapsed ? container.primaryScreen : container.secondaryScreen
        guard let stack = column as? any NavigationStackContainer else {
            throw ContainerActionError(
                "the \(container.isCollapsed ? "primary" : "detail") column of \(container) is \(column.map { "\($0)" } ?? "empty"), not a navigation stack"
            )
        }
        try await stack.push(screen, animated: animated)
    }

    /// Refuses a column that is no navigation stack, and a screen that cannot be pushed.
    public func checkAccepts(_ screenType: Any.Type, on container: Container) throws {
        try checkAccepts(screenType, in: SplitColumns(container))
    }
}

// The same answers about columns that earlier actions of a navigation may have changed.
extension PushOnDetailAction: SplitColumnsAction {
    func screensRemoved(from columns: SplitColumns) -> [any Screen] { [] }

    func checkAccepts(_ screenType: Any.Type, in columns: SplitColumns) throws {
        let column = columns.isCollapsed ? columns.primary : columns.secondary
        guard let column, SplitColumns.isNavigationStack(column) else {
            throw ContainerActionError(
                "the \(columns.isCollapsed ? "primary" : "detail") column of \(columns.split) is \(column.map { "\($0)" } ?? "empty"), not a navigation stack"
            )
        }
        try refuseContainersInStack(screenType)
    }

    /// The screen goes onto a column's stack; the columns stay.
    func leave(_ columns: inout SplitColumns, showing screen: any Screen) {}
}

// The merge refuses every screen: a new split view has no detail stack yet.
extension PushOnDetailAction: MergeRefusalHoldsForAnyScreen {}

extension SplitContainer {
    /// Makes the screen the primary column.
    public static func setPrimary() -> SetPrimaryAction<Self> { SetPrimaryAction() }
    /// Shows the screen as the detail.
    public static func showDetail() -> ShowDetailAction<Self> { ShowDetailAction() }
    /// Pushes the screen onto the detail's navigation stack.
    public static func pushOnDetail() -> PushOnDetailAction<Self> { PushOnDetailAction() }
}

/// A split view's columns as an action meets them: read from a split view on screen, or as the
/// earlier actions of the same navigation will leave them (a primary column replaced by a screen
/// not built yet, say), so that preflight asks each built-in split view action about the columns
/// it will really find rather than the ones on screen before the navigation.
@MainActor
struct SplitColumns {
    /// The split view, as refusals name it.
    let split: any Screen
    /// The primary column.
    var primary: (any Screen)?
    /// The secondary (detail) column.
    var secondary: (any Screen)?
    /// Whether the split view shows one column; no action of a navigation changes it.
    let isCollapsed: Bool

    /// The columns of `container` as it is now.
    init(_ container: some SplitContainer) {
        split = container
        primary = container.primaryScreen
        secondary = container.secondaryScreen
        isCollapsed = container.isCollapsed
    }

    /// Whether `column` is a navigation stack. A screen not built yet (preflight's stand-in) is
    /// judged by the type its step declares, as planning judges whether it is the container a
    /// step expects.
    static func isNavigationStack(_ column: any Screen) -> Bool {
        if let standIn = column as? PreflightStandIn {
            return ScreenClassConformances.containerKinds(of: standIn.declaredType).isStack
        }
        return ScreenClassConformances.isNavigationStack(column)
    }
}

extension SplitColumnsAction where Self: ContainerAction, Container: SplitContainer {
    /// The columns of `target` as they are now, when it is the action's kind of split view.
    func columns(of target: any Screen) -> SplitColumns? {
        guard case let container as Container = target else { return nil }
        return SplitColumns(container)
    }
}

/// A built-in split view action that preflight asks about ``SplitColumns`` instead of a split
/// view on screen, so that a second action on one split view in one navigation is judged against
/// the columns the first one leaves. Each action's public ``ContainerAction`` answers are these
/// answers about the split view's columns as they are now.
@MainActor
protocol SplitColumnsAction {
    /// The columns of `target` as they are now, when it is the action's kind of split view.
    func columns(of target: any Screen) -> SplitColumns?
    /// The screens the action takes out of `columns` (``ContainerAction/screensRemoved(on:)``).
    func screensRemoved(from columns: SplitColumns) -> [any Screen]
    /// Refuses a screen of `screenType` the action could never put in `columns`
    /// (``ContainerAction/checkAccepts(_:on:)``).
    func checkAccepts(_ screenType: Any.Type, in columns: SplitColumns) throws
    /// Changes `columns` as the action leaves them once it has shown `screen`.
    func leave(_ columns: inout SplitColumns, showing screen: any Screen)
}
