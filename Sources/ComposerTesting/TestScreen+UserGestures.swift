import Composer

/// Why a simulated user gesture did nothing: the user could not have made it on that screen.
public enum UserGestureError: Error, Equatable, CustomStringConvertible {
    /// The screen is not in a window, so the user cannot see it.
    case notInWindow(screen: String)
    /// The screen is in a window but not on screen (in a tab that is not selected, a panel that is
    /// not shown), so the user cannot see its controls. (A screen beneath a presentation is
    /// ``covered(screen:by:)``.)
    case notOnScreen(screen: String)
    /// The back button exists only above the bottom of a stack.
    case nothingToPop(navigation: String)
    /// A presentation covers the screen, so the user cannot touch it.
    case covered(screen: String, by: String)
    /// The screen is not in a presented level, so there is nothing to swipe down.
    case notPresented(screen: String)
    /// Only sheets can be swiped down; full-screen, over-full-screen and context presentations cannot.
    case notASheet(screen: String, style: String)
    /// A screen that would leave refuses (``TestScreen/canBeDismissed`` is `false`), so the sheet
    /// springs back, as UIKit's `isModalInPresentation` makes it.
    case dismissalVetoed(screen: String, refusing: String)
    /// A tap on the selected tab would pop its stack to the root, and a screen the pop would remove
    /// refuses (``TestScreen/canBeDismissed`` is `false`), so the stack stays, as the UIKit adapter
    /// refuses that tap.
    case popToRootVetoed(navigation: String, refusing: String)
    /// No tab at that index.
    case noSuchTab(index: Int, tabs: String, count: Int)

    /// What the user tried and why it did nothing.
    public var description: String {
        switch self {
        case .notInWindow(let screen): "\(screen) is not in a window, so the user cannot reach it"
        case .notOnScreen(let screen):
            "\(screen) is not on screen (in a tab that is not selected or a hidden panel), so the user cannot reach it"
        case .nothingToPop(let navigation): "\(navigation) shows its bottom screen, so it has no back button"
        case .covered(let screen, let cover): "\(screen) is covered by \(cover), so the user cannot touch it"
        case .notPresented(let screen): "\(screen) is not presented, so there is no sheet to swipe down"
        case .notASheet(let screen, let style):
            "\(screen) is presented as \(style), which cannot be swiped down (only sheets can)"
        case .dismissalVetoed(let screen, let refusing):
            "swiping down \(screen) springs back: \(refusing) refuses to be dismissed (canBeDismissed is false)"
        case .popToRootVetoed(let navigation, let refusing):
            "tapping the selected tab again leaves \(navigation) as it is, not popped to its root: \(refusing) refuses to be dismissed (canBeDismissed is false)"
        case .noSuchTab(let index, let tabs, let count): "\(tabs) has no tab \(index) (it has \(count))"
        }
    }
}

extension TestNavigationContainer {
    /// Simulates the user tapping the back button (or swiping back from the edge): pops the top
    /// screen and reports the change to the routers of the window as the user's, as UIKit's
    /// `navigationController(_:didShow:animated:)` does through the adapter.
    ///
    /// As in UIKit, the back button does not ask ``TestScreen/canBeDismissed``: an app that must
    /// keep a screen hides or replaces the button. Throws ``UserGestureError`` when the container
    /// is not in a window, shows its bottom screen, is covered by a presentation, or is not on
    /// screen (in a tab that is not selected, say), where its back button cannot be tapped.
    public func userPop(animated: Bool = true) async throws {
        guard let window = containingWindow else { throw UserGestureError.notInWindow(screen: description) }
        guard stackStorage.count > 1, let top = stackStorage.last else {
            throw UserGestureError.nothingToPop(navigation: description)
        }
        if let cover = ScreenTree.screenCovering(top) {
            throw UserGestureError.covered(screen: top.description, by: "\(cover)")
        }
        try checkOnScreen(in: window)
        let leaving = window.current
        try await setStack(Array(stackStorage.dropLast()), animated: animated)
        DefaultRouter.userDidChangeScreens(in: window, leaving: leaving)
    }
}

extension TestTabsContainer {
    /// Simulates the user tapping the tab at `index`, as UIKit's `tabBarController(_:shouldSelect:)`
    /// hands it to the router through the adapter: a tap is a navigation
    /// (``/Composer/DefaultRouter/userTapsTab(at:in:)``) when the window has a router to hand it to
    /// (``/Composer/DefaultRouter/tabTapRouter(in:)``), so the tab's guards run first and a refusal
    /// keeps the selected tab (the ``/Composer/RoutingError`` is thrown). Without such a router, the
    /// tab is selected and the change reported to the window's routers as the user's.
    ///
    /// A tap on the selected tab is no navigation: when that tab is a ``TestNavigationContainer``
    /// holding more than one screen, it pops to its root, animated, as `UITabBarController` pops a
    /// navigation controller whose selected tab is tapped again, and the change is reported as
    /// the user's. A screen the pop would remove whose ``TestScreen/canBeDismissed`` is `false`
    /// keeps the stack (``UserGestureError/popToRootVetoed(navigation:refusing:)``), as the UIKit
    /// adapter refuses such a tap in `tabBarController(_:shouldSelect:)`.
    ///
    /// Throws ``UserGestureError`` when the container is not in a window, is covered by a
    /// presentation, is not on screen (its tab bar cannot be tapped), or has no such tab.
    public func userSelectTab(at index: Int) async throws {
        guard let window = containingWindow else { throw UserGestureError.notInWindow(screen: description) }
        guard tabStorage.indices.contains(index) else {
            throw UserGestureError.noSuchTab(index: index, tabs: description, count: tabStorage.count)
        }
        if let cover = ScreenTree.screenCovering(self) {
            throw UserGestureError.covered(screen: description, by: "\(cover)")
        }
        try checkOnScreen(in: window)
        if index != selectedTabIndex, let router = DefaultRouter.tabTapRouter(in: window) {
            return try await router.userTapsTab(at: index, in: self)
        }
        let leaving = window.current
        if index == selectedTabIndex {
            if let navigation = tabStorage[index] as? TestNavigationContainer, navigation.stackStorage.count > 1,
                let root = navigation.stackStorage.first
            {
                // As the UIKit adapter answers `shouldSelect` for the selected tab: a screen the
                // pop would remove that refuses to leave keeps the stack.
                try checkUserMayRemove(Array(navigation.stackStorage.dropFirst())) {
                    .popToRootVetoed(navigation: navigation.description, refusing: $0)
                }
                try await navigation.setStack([root], animated: true)
            }
        } else {
            try await selectTab(at: index)
        }
        DefaultRouter.userDidChangeScreens(in: window, leaving: leaving)
    }
}

extension TestScreen {
    /// Simulates the user swiping down the sheet this screen is in: dismisses its presented level
    /// and reports the change to the routers of the window as the user's, as UIKit's
    /// `presentationControllerDidDismiss(_:)` does through the adapter.
    ///
    /// Like UIKit's `isModalInPresentation`, a screen of the sheet (or above it) whose
    /// ``canBeDismissed`` is `false` makes the sheet spring back: nothing changes and
    /// ``UserGestureError/dismissalVetoed(screen:refusing:)`` is thrown. Also throws when the screen
    /// is not in a window, not presented, presented full screen, over full screen or over a context
    /// (only sheets can be swiped down), covered by another presentation, or not on screen (a
    /// sheet presented inside a tab that is not selected).
    public func userSwipeDown(animated: Bool = true) async throws {
        guard let window = containingWindow else { throw UserGestureError.notInWindow(screen: description) }
        let level = levelRoot
        guard let host = level.presenterStorage, let style = level.presentationStyle else {
            throw UserGestureError.notPresented(screen: description)
        }
        if !style.isSheet {
            throw UserGestureError.notASheet(screen: level.description, style: style.description)
        }
        if let cover = ScreenTree.screenCovering(ScreenTree.visibleLeaf(of: level)) {
            throw UserGestureError.covered(screen: level.description, by: "\(cover)")
        }
        try level.checkOnScreen(in: window)
        try checkUserMayRemove([level]) { .dismissalVetoed(screen: level.description, refusing: $0) }
        let leaving = window.current
        try await host.dismissPresentedScreen(animated: animated)
        DefaultRouter.userDidChangeScreens(in: window, leaving: leaving)
    }
}

/// Throws the error `refused` makes of the refusing screen's description when one of `screens` (or
/// what they hold or present) refuses to leave: the gesture does nothing.
@MainActor
func checkUserMayRemove(
    _ screens: [any Screen], else refused: (_ refusing: String) -> UserGestureError
) throws {
    do {
        try ScreenTree.checkDismissal(of: screens)
    } catch let refusal as DismissalRefusedError {
        throw refused(refusal.screen)
    }
}

extension TestScreen {
    /// Throws ``UserGestureError/notOnScreen(screen:)`` unless this screen is on screen in `window`
    /// (``TestWindow/screensOnScreen``): the user cannot touch what the window does not show.
    func checkOnScreen(in window: TestWindow) throws(UserGestureError) {
        guard window.visibleScreens().contains(where: { $0 === self }) else {
            throw .notOnScreen(screen: description)
        }
    }
}
