import Composer

/// An in-memory navigation stack that keeps `UINavigationController`'s rules.
///
/// Setting a stack that holds a screen already in another container or presented, a navigation
/// or split container, the same screen twice, or a screen that is not a ``TestScreen`` throws and
/// changes nothing (UIKit raises an exception for the first four). Screens taken off the stack are
/// detached and no longer retained. An animated change whose top screen changes runs one transition
/// on the window's ``TransitionClock``; one that keeps the top screen does not animate, as in UIKit.
/// Its appearance callbacks follow a push's order: the leaving top screen is told first, both when
/// the transition starts and when it ends.
///
/// Like `UINavigationController`, it defines the presentation context by default
/// (``TestScreen/definesPresentationContext`` starts `true`): a ``TestModalStyle/currentContext``
/// or ``TestModalStyle/overCurrentContext`` presentation asked for by one of its screens is
/// hosted by the nearest such stack, unless the test sets the property to `false`.
@MainActor
open class TestNavigationContainer: TestScreen, NavigationStackContainer {
    /// The stack, bottom first.
    @exclusivity(unchecked) var stackStorage: [TestScreen] = [] {
        didSet { stackList.invalidate() }
    }
    /// ``stackStorage`` as the protocol's list, made once per change.
    @exclusivity(unchecked) private var stackList = ScreenList()

    /// Creates a navigation container holding `stack`, bottom first, that defines the presentation
    /// context, as `UINavigationController` does by default.
    ///
    /// An initializer cannot throw: a screen the stack would refuse is left out and the reason is
    /// recorded in ``TestScreen/initializationErrors``.
    public init(_ name: String = "nav", stack: [TestScreen] = []) {
        super.init(name)
        definesPresentationContext = true
        stackStorage = acceptedChildren(stack, forStack: true)
        for child in stackStorage { child.parentStorage = self }
    }

    deinit { TestScreen.orphan(stackStorage) }

    /// `nav`.
    nonisolated override open var kindName: String { "nav" }

    /// Itself, without a dynamic cast.
    override open var asContainer: (any ScreenContainer)? { self }

    /// The screens of the stack, bottom first; the last one is visible.
    public var stack: [any Screen] { stackList.screens(of: stackStorage) }

    /// The screens of the stack as ``TestScreen``s, bottom first.
    public var stackScreens: [TestScreen] { stackStorage }

    /// The top of the stack, read without copying the stack.
    public var focusedChildScreen: (any Screen)? { stackStorage.last }

    /// The top of the stack, read without copying the stack.
    public var visibleChildScreens: [any Screen] { stackStorage.last.map { [$0] } ?? [] }

    /// The visible screen: the top of the stack.
    public var topScreen: TestScreen? { stackStorage.last }

    /// The stack, bottom first.
    override public var childScreens: [any Screen] { stackList.screens(of: stackStorage) }

    /// Replaces the stack and returns when the transition has finished.
    ///
    /// The tree changes at once; when `animated` and the top screen changes, the transition
    /// (`push <new top> on <self>` when the new top was not in the stack, `pop to <new top> on
    /// <self>` when it was) waits for the window's clock before the did-callbacks are logged.
    public func setStack(_ screens: [any Screen], animated: Bool) async throws {
        let transition = try beginSetStack(screens, animated: animated)
        await transition.finish()
    }

    /// Validates and applies a new stack, returning the transition that has begun.
    private func beginSetStack(_ screens: [any Screen], animated: Bool) throws(TestScreenError) -> TwinTransition {
        let newStack = try validatedChildren(screens, forStack: true, current: stackStorage)
        let oldStack = stackStorage
        let removed: [TestScreen]
        if newStack.count <= oldStack.count, zip(newStack, oldStack).allSatisfy({ $0 === $1 }) {
            // A pop keeps a prefix of the stack: no set of the kept screens is needed.
            removed = Array(oldStack[newStack.count...])
        } else {
            let kept = Set(newStack.map(ObjectIdentifier.init))
            removed = oldStack.filter { !kept.contains(ObjectIdentifier($0)) }
        }
        let topChanges = oldStack.last !== newStack.last
        let description: String
        if let newTop = newStack.last {
            let verb = oldStack.contains { $0 === newTop } ? "pop to" : "push"
            description = "\(verb) \(newTop) on \(self)"
        } else {
            description = "empty \(self)"
        }
        return TwinTransition.begin(
            in: containingWindow, animated: animated && topChanges, description: description
        ) {
            stackStorage = newStack
            for child in newStack { child.parentStorage = self }
            removed.forEach(TwinTree.removeFromContainer)
        }
    }

    /// Appends already validated screens without a transition (used when a split view folds).
    func appendWithoutTransition(_ screens: [TestScreen]) {
        stackStorage += screens
        for child in screens { child.parentStorage = self }
    }

    /// Keeps the first `count` screens without a transition and returns the ones taken off, detached.
    func truncateWithoutTransition(to count: Int) -> [TestScreen] {
        guard count < stackStorage.count else { return [] }
        let taken = Array(stackStorage[max(0, count)...])
        stackStorage.removeLast(taken.count)
        for child in taken { child.parentStorage = nil }
        return taken
    }
}
