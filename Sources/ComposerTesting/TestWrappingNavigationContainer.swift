import Composer

/// An in-memory navigation stack in which every screen is wrapped in a ``TestWrapperContainer``,
/// the twin of ComposerUIKit's `WrappingNavigationController` (each wrapper owns the navigation
/// bar of its screen).
///
/// Its ``TestNavigationContainer/stack`` holds the wrappers. ``setStack(_:animated:)`` takes wrappers and bare content
/// screens alike: a bare screen already wrapped in this stack stands for its wrapper (so popping
/// back to a content screen pops to its wrapper), and any other bare screen gets a new wrapper. So
/// the built-in push, pop-back and replace actions work unchanged, and the router and the finders
/// see the content screens through the wrappers. Everything else follows
/// ``TestNavigationContainer``'s rules: a bare navigation or split container, a screen already in
/// another tree, or the same screen twice is refused and nothing changes.
@MainActor
open class TestWrappingNavigationContainer: TestNavigationContainer {
    /// Creates a navigation container whose stack wraps each of `screens`, bottom first.
    ///
    /// An initializer cannot throw: a screen the stack would refuse is left out and the reason is
    /// recorded in ``TestScreen/initializationErrors``.
    public init(_ name: String = "wrapnav", screens: [TestScreen] = []) {
        super.init(name)
        var wrappers: [TestScreen] = []
        for screen in screens {
            do {
                wrappers += try wrapped([screen])
            } catch {
                initializationErrors.append(error)
            }
        }
        stackStorage = acceptedChildren(wrappers, forStack: true)
        for child in stackStorage { child.parentStorage = self }
    }

    /// `wrapnav`.
    nonisolated override open var kindName: String { "wrapnav" }

    /// The content screens of the stack, bottom first: what each wrapper holds.
    public var contentScreens: [TestScreen] {
        stackStorage.compactMap { ($0 as? TestWrapperContainer)?.content }
    }

    /// Replaces the stack with `screens`, wrapping the bare ones, and returns when the transition
    /// has finished.
    ///
    /// Throws, changing nothing, when a bare screen cannot be pushed (a navigation or split
    /// container, one in another tree, one given twice) or a wrapper is refused as
    /// ``TestNavigationContainer/setStack(_:animated:)`` refuses it.
    override public func setStack(_ screens: [any Screen], animated: Bool) async throws {
        try await super.setStack(try wrapped(screens), animated: animated)
    }

    /// `screens` with each bare screen replaced by its wrapper in this stack or by a new one.
    /// Every bare screen is checked before any wrapper is made, so a refusal leaves them untouched.
    private func wrapped(_ screens: [any Screen]) throws(TestScreenError) -> [TestScreen] {
        var taken = Set<ObjectIdentifier>()
        var result: [Either] = []
        for screen in screens {
            if let wrapper = screen as? TestWrapperContainer {
                result.append(.wrapper(wrapper))
                continue
            }
            if let wrapper = (screen as? TestScreen)?.parentStorage as? TestWrapperContainer,
                wrapper.parentStorage === self
            {
                result.append(.wrapper(wrapper))
                continue
            }
            // A bare screen must be one this stack could take itself: its wrapper will be new.
            result.append(.bare(try validatedChild(screen, forStack: true, taken: &taken)))
        }
        return result.map { item in
            switch item {
            case .wrapper(let wrapper): wrapper
            case .bare(let content): TestWrapperContainer(content: content)
            }
        }
    }

    private enum Either {
        case wrapper(TestScreen)
        case bare(TestScreen)
    }
}
