/// A navigation stack, like `UINavigationController`.
///
/// Conformers implement ``stack`` and ``setStack(_:animated:)``; push and pop are built on them.
/// Pushing a screen that is already in a stack, or pushing a navigation stack, is refused by
/// UIKit, and the router never asks for either.
@MainActor
public protocol NavigationStackContainer: ChildListContainer, ScreenContainer {
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
