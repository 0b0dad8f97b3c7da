/// The children of a container as one editable value: used to build a new container with all
/// of its children at once and to apply several changes to an existing one in a single step.
public struct ContainerChildren {
    /// The child screens, in the container's order.
    public var screens: [any Screen]
    /// The index of the visible child for containers that show one at a time (tabs), if any.
    public var selectedIndex: Int?

    /// Creates a list of children.
    public init(_ screens: [any Screen] = [], selectedIndex: Int? = nil) {
        self.screens = screens
        self.selectedIndex = selectedIndex
    }

    /// Whether the list holds no screen.
    public var isEmpty: Bool { screens.isEmpty }
}

/// A container whose children can be read and replaced as one list.
///
/// The router uses this to turn several integrations into the same existing container (two
/// pushes onto one stack, say) into one change, so only one transition runs.
@MainActor
public protocol ChildListContainer: Screen {
    /// The children as the container holds them now.
    var containerChildren: ContainerChildren { get }

    /// Replaces the children and returns when the transition has finished.
    func setContainerChildren(_ children: ContainerChildren, animated: Bool) async throws
}

/// A navigation stack, like `UINavigationController`.
///
/// Conformers implement ``stack`` and ``setStack(_:animated:)``; push and pop are built on them.
/// Pushing a screen that is already in a stack, or pushing a navigation stack, is refused by
/// UIKit, and the router never asks for either.
@MainActor
public protocol NavigationStackContainer: ChildListContainer {
    /// The screens of the stack, bottom first; the last one is visible.
    var stack: [any Screen] { get }

    /// Replaces the stack, animating as a push when the new top screen is new and as a pop when
    /// it was already in the stack, and returns when the transition has finished.
    func setStack(_ screens: [any Screen], animated: Bool) async throws
}

extension NavigationStackContainer {
    /// The stack as a list of children.
    public var containerChildren: ContainerChildren { ContainerChildren(stack) }

    /// Replaces the stack with the given children.
    public func setContainerChildren(_ children: ContainerChildren, animated: Bool) async throws {
        try await setStack(children.screens, animated: animated)
    }

    /// Pushes one screen on top of the stack.
    public func push(_ screen: any Screen, animated: Bool) async throws {
        try await setStack(stack + [screen], animated: animated)
    }
}

/// A tab container, like `UITabBarController`. The selected tab is always one of the tabs.
@MainActor
public protocol TabsContainer: ChildListContainer {
    /// The tabs, in order.
    var tabScreens: [any Screen] { get }

    /// The index of the selected tab, `nil` only when there are no tabs.
    var selectedTabIndex: Int? { get }

    /// Replaces the tabs and selects `selectedIndex` (the first tab when `nil`).
    func setTabs(_ tabs: [any Screen], selectedIndex: Int?, animated: Bool) async throws

    /// Selects the tab at `index`. Tab selection is not animated in UIKit, so this returns at once.
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

/// A split view, like `UISplitViewController`: a primary and an optional secondary column.
///
/// When collapsed, showing a detail pushes it onto the primary column's navigation stack, as UIKit
/// does; expanded, it replaces the secondary column.
@MainActor
public protocol SplitContainer: Screen {
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

/// The window that holds the root of the screen tree.
@MainActor
public protocol ScreenWindow: AnyObject {
    /// The root screen, if any.
    var rootScreen: (any Screen)? { get }

    /// Replaces the root screen and returns when any transition has finished.
    func setRootScreen(_ screen: any Screen, animated: Bool) async throws
}

/// Supplies the window a navigation runs in, asked once at the start of every navigation.
///
/// On iOS the default answers the key window of the foreground active scene; an app with several
/// scenes passes the window of the scene that asked.
@MainActor
public protocol WindowProvider {
    /// The window to navigate in, or `nil` when there is none yet.
    var window: (any ScreenWindow)? { get }
}

/// A provider that always answers the same window.
@MainActor
public struct FixedWindowProvider: WindowProvider {
    private let fixedWindow: any ScreenWindow

    /// Creates a provider for `window`.
    public init(_ window: any ScreenWindow) {
        self.fixedWindow = window
    }

    /// The window given at creation.
    public var window: (any ScreenWindow)? { fixedWindow }
}
