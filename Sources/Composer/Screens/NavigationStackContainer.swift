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

// MARK: - How it shows and reveals a child

extension NavigationStackContainer {
    /// The top of the stack.
    public var visibleChildScreens: [any Screen] {
        // No closure: one formed on the main actor and handed to `map` is checked at run time.
        guard let top = stack.last else { return [] }
        return [top]
    }

    /// The top of the stack.
    public var focusedChildScreen: (any Screen)? { stack.last }

    /// Pops the stack back to `child`; the screens above it leave the tree.
    public func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? {
        let screens = stack
        guard let index = screens.firstIndex(ofIdentical: child), index < screens.count - 1 else { return nil }
        let kept = Array(screens[...index])
        return ContainerReveal(
            removingRange: screens[(index + 1)...], summary: { "pop \(self) back to \(child)" },
            perform: { animated in try await self.setStack(kept, animated: animated) })
    }
}
