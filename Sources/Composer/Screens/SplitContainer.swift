/// A split view, like `UISplitViewController`: a primary and an optional secondary column.
///
/// When collapsed, showing a detail pushes it onto the primary column's navigation stack, as UIKit
/// does; expanded, it replaces the secondary column.
@MainActor
public protocol SplitContainer: ScreenContainer {
    /// The screen of the primary column.
    var primaryScreen: (any Screen)? { get }

    /// The screen of the secondary (detail) column.
    var secondaryScreen: (any Screen)? { get }

    /// Whether the split view shows a single column.
    var isCollapsed: Bool { get }

    /// Replaces the primary column.
    func setPrimary(_ screen: any Screen, animated: Bool) async throws

    /// Shows `screen` as the detail, following the collapsed/expanded rule above.
    func showDetail(_ screen: any Screen, animated: Bool) async throws
}

// MARK: - How it shows and reveals a child

extension SplitContainer {
    /// Both columns when expanded; the primary column alone when collapsed.
    public var visibleChildScreens: [any Screen] {
        if isCollapsed { return primaryScreen.map { [$0] } ?? [] }
        return [primaryScreen, secondaryScreen].compactMap { $0 }
    }

    /// The detail column when expanded (where new content goes), else the primary column. A
    /// destination in the primary column of an expanded split view is on screen, though
    /// ``ScreenTree/current`` names the detail.
    public var focusedChildScreen: (any Screen)? {
        if isCollapsed { return primaryScreen }
        return secondaryScreen ?? primaryScreen
    }

    /// Both columns of an expanded split view are visible, so nothing is needed. Collapsed, a
    /// secondary column that was not folded onto the primary one is hidden, and the split view
    /// has no way to show it without replacing it: that is refused.
    public func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? {
        guard isCollapsed, let secondary = secondaryScreen, secondary === child else { return nil }
        throw ContainerRevealError(
            container: self, child: child,
            reason: "it is the hidden secondary column of a collapsed split view; expand the split view first")
    }
}
