/// Pushes a screen on top of a navigation stack.
public struct PushAction<Container: NavigationStackContainer>: ContainerAction {
    /// The action has no settings: a chain reads better with the shorthand `UINavigationController.push()`,
    /// or `.push()` on your own container type.
    public init() {}

    /// Appends `screen`; a screen already in the list is refused, as UIKit refuses it.
    public func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        if children.screens.firstIndex(ofIdentical: screen) != nil {
            throw ContainerActionError("\(screen) is already in the navigation stack and cannot be pushed again")
        }
        if ScreenClassConformances.isNavigationStack(screen) {
            throw ContainerActionError("\(screen) is a navigation stack and cannot be pushed into another one")
        }
        children.screens.append(screen)
    }

    /// Refuses a navigation stack or a split view: neither can be pushed into a stack.
    public func checkAccepts(_ screenType: Any.Type, on container: Container) throws {
        try checkAccepts(screenType)
    }
}

// Whether a stack takes a screen depends on the screen's type only, so a stack built in the same
// navigation is asked too.
extension PushAction: AcceptanceHoldsForAnyContainer {
    func checkAccepts(_ screenType: Any.Type) throws {
        try refuseContainersInStack(screenType)
    }
}

/// Throws for a declared type no navigation stack accepts as a child: another navigation stack or
/// a split view (UIKit refuses both).
@MainActor
func refuseContainersInStack(_ screenType: Any.Type) throws {
    let kinds = ScreenClassConformances.containerKinds(of: screenType)
    if kinds.isStack {
        throw ContainerActionError("a \(screenType) is a navigation stack and cannot be pushed into another one")
    }
    if kinds.isSplit {
        throw ContainerActionError("a \(screenType) is a split view and cannot be pushed into a navigation stack")
    }
}

/// Makes a screen the only screen of a navigation stack.
public struct PushAsRootAction<Container: NavigationStackContainer>: ContainerAction {
    /// The action has no settings: a chain reads better with the shorthand `UINavigationController.pushAsRoot()`,
    /// or `.pushAsRoot()` on your own container type.
    public init() {}

    /// Replaces every screen with `screen`.
    public func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        children.screens = [screen]
    }
}

/// Replaces the top screen of a navigation stack (a step of a wizard replacing the previous one).
public struct PushReplacingLastAction<Container: NavigationStackContainer>: ContainerAction {
    /// The action has no settings: a chain reads better with the shorthand `UINavigationController.pushReplacingLast()`,
    /// or `.pushReplacingLast()` on your own container type.
    public init() {}

    /// Replaces the last screen with `screen`; on an empty stack, `screen` becomes its only screen.
    public func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        if let index = children.screens.firstIndex(ofIdentical: screen), index < children.screens.count - 1 {
            throw ContainerActionError("\(screen) is already lower in the navigation stack")
        }
        if !children.screens.isEmpty { children.screens.removeLast() }
        children.screens.append(screen)
    }
}

/// Shows a screen in a navigation stack by popping back to it when it is already there, and by
/// pushing it otherwise: "go back to the cart if it is in the stack".
public struct PopBackAction<Container: NavigationStackContainer>: ContainerAction {
    /// The action has no settings: a chain reads better with the shorthand `UINavigationController.popBack()`,
    /// or `.popBack()` on your own container type.
    public init() {}

    /// Drops every screen above `screen`, or appends it when absent.
    public func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        if let index = children.screens.firstIndex(ofIdentical: screen) {
            children.screens.removeSubrange((index + 1)...)
        } else {
            try PushAction<Container>().merge(screen, into: &children)
        }
    }
}

extension NavigationStackContainer {
    /// Pushes the screen on top of this stack.
    public static func push() -> PushAction<Self> { PushAction() }
    /// Makes the screen the only one of this stack.
    public static func pushAsRoot() -> PushAsRootAction<Self> { PushAsRootAction() }
    /// Replaces the top screen of this stack.
    public static func pushReplacingLast() -> PushReplacingLastAction<Self> { PushReplacingLastAction() }
    /// Pops back to the screen when it is in this stack; pushes it otherwise.
    public static func popBack() -> PopBackAction<Self> { PopBackAction() }
}
