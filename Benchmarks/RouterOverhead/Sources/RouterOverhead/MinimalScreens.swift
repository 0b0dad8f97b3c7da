import Composer

// The leanest screens the router accepts: classes that adopt `Screen` and the container protocols
// they need, and nothing else. No revision counter (`TreeRevisioning`), no settling
// (`TransitionSettling`), no checks, no lifecycle; children are stored as the `[any Screen]` the
// protocol hands out, and back-pointers are unowned, so reading the tree costs as little as it can.
// They stand for an app's own screens, and for the UIKit adapter's, which have no revision counter.

/// Why a minimal screen refused a change: the benchmark's routes never ask for one.
struct MinimalScreenError: Error, CustomStringConvertible {
    let description: String
}

/// A plain screen: a parent, what it presents and what presented it.
@MainActor
class MinimalScreen: Screen, ModalPresenting {
    /// The container holding this screen; containers set and clear it.
    unowned(unsafe) var parent: MinimalScreen?
    /// The screen this one presents (only a level's outermost screen presents).
    var presented: MinimalScreen?
    /// The screen that presented this one.
    unowned(unsafe) var presenting: MinimalScreen?

    var parentScreen: (any Screen)? { parent }
    var childScreens: [any Screen] { [] }
    /// What this screen or its nearest presenting ancestor presents, as UIKit answers it.
    var presentedScreen: (any Screen)? { presented ?? parent?.presentedScreen }
    var presentingScreen: (any Screen)? { presenting }
    var isBeingDismissed: Bool { false }

    /// The outermost container of this screen's level, which presents for it.
    var host: MinimalScreen {
        var node = self
        while let parent = node.parent { node = parent }
        return node
    }

    func presentScreen(_ screen: any Screen, animated: Bool) async throws {
        let host = host
        guard host.presented == nil, let minimal = screen as? MinimalScreen, minimal.parent == nil,
            minimal.presenting == nil
        else { throw MinimalScreenError(description: "\(host) cannot present \(screen)") }
        host.presented = minimal
        minimal.presenting = host
    }

    /// Dismisses what this screen's level presents, or, for a presented level, that level itself,
    /// together with everything above it.
    func dismissPresentedScreen(animated: Bool) async throws {
        let host = host
        guard let dismissing = host.presented != nil ? host : host.presenting else { return }
        var next = dismissing.presented
        dismissing.presented = nil
        while let level = next {
            next = level.presented
            level.presented = nil
            level.presenting = nil
        }
    }

    /// `screens` as minimal screens, adopted by `container` (the screens it no longer holds let go).
    static func adopt(_ screens: [any Screen], into container: MinimalScreen, replacing old: [any Screen]) throws {
        for screen in screens {
            guard let minimal = screen as? MinimalScreen, minimal.presenting == nil,
                minimal.parent == nil || minimal.parent === container
            else { throw MinimalScreenError(description: "\(container) cannot hold \(screen)") }
        }
        for screen in old { (screen as? MinimalScreen)?.parent = nil }
        for screen in screens { (screen as? MinimalScreen)?.parent = container }
    }
}

/// A navigation stack.
final class MinimalStack: MinimalScreen, NavigationStackContainer {
    private(set) var stack: [any Screen] = []

    init(_ stack: [MinimalScreen] = []) {
        super.init()
        for screen in stack { screen.parent = self }
        self.stack = stack
    }

    override var childScreens: [any Screen] { stack }

    func setStack(_ screens: [any Screen], animated: Bool) async throws {
        try Self.adopt(screens, into: self, replacing: stack)
        stack = screens
    }
}

/// A tab container.
final class MinimalTabs: MinimalScreen, TabsContainer {
    private(set) var tabScreens: [any Screen] = []
    private(set) var selectedTabIndex: Int?

    init(_ tabs: [MinimalScreen]) {
        super.init()
        for tab in tabs { tab.parent = self }
        tabScreens = tabs
        selectedTabIndex = tabs.isEmpty ? nil : 0
    }

    override var childScreens: [any Screen] { tabScreens }

    func setTabs(_ tabs: [any Screen], selectedIndex: Int?, animated: Bool) async throws {
        try Self.adopt(tabs, into: self, replacing: tabScreens)
        tabScreens = tabs
        selectedTabIndex = tabs.isEmpty ? nil : min(selectedIndex ?? 0, tabs.count - 1)
    }

    func selectTab(at index: Int) async throws {
        guard tabScreens.indices.contains(index) else {
            throw MinimalScreenError(description: "\(self) has no tab \(index)")
        }
        selectedTabIndex = index
    }
}

/// A product page that knows its product, so a finder can look for "product 42".
final class MinimalProduct: MinimalScreen, ContextChecking {
    let productID: Int

    init(_ productID: Int) {
        self.productID = productID
    }

    func isTarget(for context: Int) -> Bool { productID == context }
}

/// The screen the 4-step chain builds between its new stack and the product.
final class MinimalList: MinimalScreen {}

/// A window that holds a root and nothing else: it neither counts its changes nor waits.
@MainActor
final class MinimalWindow: ScreenWindow {
    private var root: MinimalScreen?

    init(root: MinimalScreen) {
        self.root = root
    }

    var rootScreen: (any Screen)? { root }

    func setRootScreen(_ screen: any Screen, animated: Bool) async throws {
        guard let minimal = screen as? MinimalScreen else {
            throw MinimalScreenError(description: "the window cannot show \(screen)")
        }
        root = minimal
    }
}
