import Composer

/// An in-memory side menu: an app's own two-panel container, a menu and a content panel, that
/// shows one panel at a time, like a drawer written with UIKit's containment calls.
///
/// It stands for every container UIKit does not know (a pager, a card deck, a drawer): the router
/// understands it only through ``/Composer/ScreenContainer``. The shown panel is its visible child, so
/// ``/Composer/ScreenTree/current`` and `.visible` searches go into that panel alone, and revealing a screen
/// in the hidden panel switches panels with ``showPanel(_:animated:)``. Switching panels hides a
/// panel without removing it, so no screen is asked whether it accepts leaving.
@MainActor
open class TestSideMenuContainer: TestScreen, ScreenContainer {
    /// One of the two panels.
    public enum Panel: String, Sendable, Hashable, CustomStringConvertible {
        /// The menu panel, usually a list of sections.
        case menu
        /// The content panel, showing the section chosen in the menu.
        case content

        /// `menu` or `content`.
        public var description: String { rawValue }
    }

    /// The menu panel's screen.
    var menuStorage: TestScreen?
    /// The content panel's screen.
    var contentStorage: TestScreen?
    /// The panel on screen.
    var shownStorage: Panel

    /// Creates a side menu holding `menu` and `content` and showing `shownPanel`.
    ///
    /// An initializer cannot throw: a refused panel screen is left out (the panel is empty) and
    /// the reason is recorded in ``TestScreen/initializationErrors``.
    public init(
        _ name: String = "sidemenu", menu: TestScreen? = nil, content: TestScreen? = nil, shownPanel: Panel = .content
    ) {
        shownStorage = shownPanel
        super.init(name)
        (menuStorage, contentStorage) = adoptedSlots(menu, content)
    }

    deinit { TestScreen.orphan([menuStorage, contentStorage]) }

    /// `sidemenu`.
    nonisolated override open var kindName: String { "sidemenu" }

    /// Itself, without a dynamic cast.
    override open var asContainer: (any ScreenContainer)? { self }

    /// The menu panel's screen.
    public var menu: TestScreen? { menuStorage }

    /// The content panel's screen.
    public var content: TestScreen? { contentStorage }

    /// The panel on screen.
    public var shownPanel: Panel { shownStorage }

    /// The screen of `panel`, `nil` when that panel is empty.
    public func screen(in panel: Panel) -> TestScreen? {
        switch panel {
        case .menu: menuStorage
        case .content: contentStorage
        }
    }

    /// The menu then the content, leaving out an empty panel.
    override public var childScreens: [any Screen] { [menuStorage, contentStorage].compactMap { $0 } }

    /// The shown panel's screen; nothing when that panel is empty.
    public var visibleChildScreens: [any Screen] { screen(in: shownStorage).map { [$0] } ?? [] }

    /// Shows `panel` and returns when the transition has finished: the other panel disappears and
    /// this one appears, waiting for the window's clock when `animated`. Showing the panel already
    /// shown does nothing.
    public func showPanel(_ panel: Panel, animated: Bool) async {
        guard panel != shownStorage else { return }
        let transition = TwinTransition.begin(
            in: containingWindow, animated: animated, description: "show \(panel) of \(self)"
        ) {
            shownStorage = panel
        }
        await transition.finish()
    }

    /// Shows the panel holding `child`; `nil` when it is shown already (or `child` is not a panel).
    public func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? {
        let panel: Panel
        if child === menuStorage {
            panel = .menu
        } else if child === contentStorage {
            panel = .content
        } else {
            return nil
        }
        guard panel != shownStorage else { return nil }
        return ContainerReveal(
            summary: { "show \(panel) of \(self)" },
            perform: { animated in await self.showPanel(panel, animated: animated) })
    }
}
