import Composer

/// An in-memory invisible wrapper: a plain container holding exactly one content screen, which is
/// always on screen when the wrapper is, like a `UIViewController` that adds one child and lays it
/// out over its whole view.
///
/// Apps insert such wrappers to keep containers small (a screen and its own navigation bar, an
/// error banner over a screen). The router sees through it as it sees through any
/// ``/Composer/ScreenContainer``: ``/Composer/ScreenTree/current`` is the content, not the wrapper, `.visible`
/// searches enter it, and it never needs revealing. UIKit sends the wrapper's appearance callbacks
/// alongside its content's, so the ``LifecycleLog`` lists both.
@MainActor
open class TestWrapperContainer: TestScreen, ScreenContainer {
    /// The wrapped screen.
    var contentStorage: TestScreen?

    /// Creates a wrapper called `name` holding `content`; `name` defaults to the content's name in
    /// brackets (`[home]`), so lifecycle lines tell the wrapper and its content apart.
    ///
    /// An initializer cannot throw: a content screen that is already in a tree is left out, the
    /// wrapper stays empty, and the reason is recorded in ``TestScreen/initializationErrors``.
    public init(_ name: String? = nil, content: TestScreen) {
        super.init(name ?? "[\(content.name)]")
        contentStorage = acceptedChildren([content], forStack: false).first
        contentStorage?.parentStorage = self
    }

    deinit { TestScreen.orphan([contentStorage]) }

    /// `wrapper`.
    nonisolated override open var kindName: String { "wrapper" }

    /// Itself, without a dynamic cast.
    override open var asContainer: (any ScreenContainer)? { self }

    /// The wrapped screen; `nil` only when the initializer refused it.
    public var content: TestScreen? { contentStorage }

    /// The content, alone.
    override public var childScreens: [any Screen] { contentStorage.map { [$0] } ?? [] }

    /// The content: it is on screen whenever the wrapper is.
    public var visibleChildScreens: [any Screen] { childScreens }

    /// Nothing to do: the content is always visible.
    public func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? { nil }
}
