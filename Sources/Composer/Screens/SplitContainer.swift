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
