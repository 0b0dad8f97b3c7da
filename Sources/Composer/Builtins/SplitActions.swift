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
        container.primaryScreen.map { [$0] } ?? []
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
        guard !container.isCollapsed, container.primaryScreen != nil else { return [] }
        return container.secondaryScreen.map { [$0] } ?? []
    }

    /// Refuses a detail for a split view without a primary column, and, when it is collapsed (the
    /// detail is pushed onto the primary column), a primary column that is no navigation stack or
    /// a detail that cannot be pushed.
    public func checkAccepts(_ screenType: Any.Type, on container: Container) throws {
        guard let primary = container.primaryScreen else {
            throw ContainerActionError(
                "\(container) has no primary column, so a \(screenType) cannot be shown as its detail; set the primary first"
            )
        }
        guard container.isCollapsed else { return }
        guard primary is any NavigationStackContainer else {
            throw ContainerActionError(
                "\(container) is collapsed and its primary column \(primary) is not a navigation stack, so a \(screenType) cannot be shown as its detail"
            )
        }
        try refuseContainersInStack(screenType)
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
            "cannot push \(screen) onto the detail of a split view that is being built: give the detail navigation stack its own step"
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
        let column = container.isCollapsed ? container.primaryScreen : container.secondaryScreen
        guard column is any NavigationStackContainer else {
            throw ContainerActionError(
                "the \(container.isCollapsed ? "primary" : "detail") column of \(container) is \(column.map { "\($0)" } ?? "empty"), not a navigation stack"
            )
        }
        try refuseContainersInStack(screenType)
    }
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
