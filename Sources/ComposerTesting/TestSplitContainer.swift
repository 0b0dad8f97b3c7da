import Composer

/// An in-memory split view that keeps `UISplitViewController`'s rules.
///
/// Expanded, both columns are on screen and ``showDetail(_:animated:)`` replaces the secondary
/// column. Collapsed, only the primary column is on screen and a detail is pushed onto the primary
/// column's navigation stack, as UIKit does; a collapsed split view whose primary column is not a
/// ``TestNavigationContainer`` refuses to show a detail.
///
/// Collapsing and expanding follow UIKit's default behaviour when the primary column is a
/// navigation container:
/// - collapsing pushes the secondary screen onto the primary stack (when the secondary is itself a
///   navigation container, its screens are moved onto the primary stack and the emptied container
///   is kept aside by the split view); the secondary column is then empty;
/// - expanding moves the screens pushed onto the primary stack since it collapsed (folded or shown
///   as details) back into the secondary column: into the container kept aside if there is one
///   and it is still free, else the single screen itself, else a new navigation container named
///   `<split name> detail`.
///
/// The container kept aside is out of the tree while collapsed, so a test may put it elsewhere
/// (present it, make it a tab or a window's root); expanding then leaves it where it is.
///
/// With any other primary column, collapsing only hides the secondary column.
@MainActor
open class TestSplitContainer: TestScreen, SplitContainer {
    /// The primary column.
    var primaryStorage: TestScreen?
    /// The secondary column.
    var secondaryStorage: TestScreen?
    /// Whether only one column is shown.
    var collapsedStorage: Bool
    /// The index in the primary stack where screens pushed as details start, while collapsed.
    var detailStartIndex: Int?
    /// The secondary navigation container emptied by folding, restored on expanding if it is still
    /// free then.
    var foldedNavigation: TestNavigationContainer?

    /// Creates a split view. When `isCollapsed` is `true` and there is a secondary column, it is
    /// folded onto the primary column as described above.
    ///
    /// An initializer cannot throw: a refused column is left empty and the reason is recorded in
    /// ``TestScreen/initializationErrors``.
    public init(
        _ name: String = "split", primary: TestScreen? = nil, secondary: TestScreen? = nil, isCollapsed: Bool = false
    ) {
        collapsedStorage = isCollapsed
        super.init(name)
        (primaryStorage, secondaryStorage) = adoptedSlots(primary, secondary)
        if isCollapsed { fold() }
    }

    deinit { TestScreen.orphan([primaryStorage, secondaryStorage]) }

    /// `split`.
    nonisolated override open var kindName: String { "split" }

    /// Itself, without a dynamic cast.
    override open var asContainer: (any ScreenContainer)? { self }

    /// The primary column as a ``TestScreen``.
    public var primary: TestScreen? { primaryStorage }

    /// The secondary column as a ``TestScreen``.
    public var secondary: TestScreen? { secondaryStorage }

    /// The screen of the primary column.
    public var primaryScreen: (any Screen)? { primaryStorage }

    /// The screen of the secondary (detail) column.
    public var secondaryScreen: (any Screen)? { secondaryStorage }

    /// The primary then the secondary column, leaving out an empty one.
    override public var childScreens: [any Screen] { [primaryStorage, secondaryStorage].compactMap { $0 } }

    /// Whether the split view shows a single column. Setting it folds or unfolds the secondary
    /// column as described in the type's documentation, without animation, logging the callbacks
    /// at once.
    public var isCollapsed: Bool {
        get { collapsedStorage }
        set {
            guard newValue != collapsedStorage else { return }
            let description = "\(newValue ? "collapse" : "expand") \(self)"
            TwinTransition.begin(in: containingWindow, animated: false, description: description) {
                collapsedStorage = newValue
                if newValue { fold() } else { unfold() }
            }.complete()
        }
    }

    /// Replaces the primary column and returns when the transition has finished. Throws, changing
    /// nothing, when `screen` is refused (not a ``TestScreen``, already the secondary column, in
    /// another container or presented). The old primary column is detached.
    public func setPrimary(_ screen: any Screen, animated: Bool) async throws {
        let newPrimary = try validatedColumn(screen, other: secondaryStorage)
        await replaceColumn(\.primaryStorage, with: newPrimary, animated: animated, action: "set primary") {
            detailStartIndex = nil
            foldedNavigation = nil
        }
    }

    /// Puts `screen` in `column` in one transition described as `action`; the column's old screen
    /// is detached. Nothing happens when `screen` is in that column already.
    private func replaceColumn(
        _ column: ReferenceWritableKeyPath<TestSplitContainer, TestScreen?>, with screen: TestScreen, animated: Bool,
        action: String, alsoChanging change: () -> Void = {}
    ) async {
        let old = self[keyPath: column]
        guard screen !== old else { return }
        let transition = TwinTransition.begin(
            in: containingWindow, animated: animated, description: "\(action) \(screen) on \(self)"
        ) {
            self[keyPath: column] = screen
            screen.parentStorage = self
            change()
            if let old { TwinTree.removeFromContainer(old) }
        }
        await transition.finish()
    }

    /// Shows `screen` as the detail and returns when the transition has finished.
    ///
    /// Collapsed, it is pushed onto the primary column's navigation stack (throws when the primary
    /// column is not a ``TestNavigationContainer``, and with the stack's own errors, so a navigation
    /// container cannot be shown as a detail while collapsed). Expanded, it replaces the secondary
    /// column, whose old screen is detached.
    public func showDetail(_ screen: any Screen, animated: Bool) async throws {
        guard primaryStorage != nil else {
            throw TestScreenError.detailWithoutPrimary(split: description, detail: "\(screen)")
        }
        if collapsedStorage {
            guard let navigation = primaryStorage as? TestNavigationContainer else {
                throw TestScreenError.primaryNotNavigation(
                    split: description, primary: primaryStorage?.description ?? "none")
            }
            let previousStart = detailStartIndex
            if detailStartIndex == nil { detailStartIndex = navigation.stackStorage.count }
            do {
                try await navigation.push(screen, animated: animated)
            } catch {
                detailStartIndex = previousStart
                throw error
            }
            return
        }
        let detail = try validatedColumn(screen, other: primaryStorage)
        await replaceColumn(\.secondaryStorage, with: detail, animated: animated, action: "show detail")
    }

    /// Validates a screen for one column; `other` is the screen of the other column.
    private func validatedColumn(_ screen: any Screen, other: TestScreen?) throws(TestScreenError) -> TestScreen {
        let column = try TwinTree.testScreen(screen)
        if column === other { throw .alreadyInContainer(screen: column.description, container: description) }
        try checkCanAdopt(column)
        return column
    }

    /// Folds the secondary column onto a navigation primary column.
    private func fold() {
        guard let detail = secondaryStorage, let navigation = primaryStorage as? TestNavigationContainer else { return }
        let start = navigation.stackStorage.count
        secondaryStorage = nil
        detail.parentStorage = nil
        if let detailNavigation = detail as? TestNavigationContainer {
            navigation.appendWithoutTransition(detailNavigation.truncateWithoutTransition(to: 0))
            foldedNavigation = detailNavigation
        } else {
            navigation.appendWithoutTransition([detail])
        }
        if detailStartIndex == nil { detailStartIndex = start }
    }

    /// Moves the details pushed onto the primary column back into the secondary column.
    private func unfold() {
        let kept = foldedNavigation
        let start = detailStartIndex
        foldedNavigation = nil
        detailStartIndex = nil
        guard secondaryStorage == nil, let start, let navigation = primaryStorage as? TestNavigationContainer else {
            return
        }
        let moved = navigation.truncateWithoutTransition(to: start)
        guard let first = moved.first else { return }
        let detail: TestScreen
        // The container kept aside was free while collapsed: if it went elsewhere meanwhile, it
        // stays there and the screens get a secondary column of their own.
        if let kept, (try? checkCanAdopt(kept)) != nil {
            kept.appendWithoutTransition(moved)
            detail = kept
        } else if moved.count == 1 {
            detail = first
        } else {
            detail = TestNavigationContainer("\(name) detail", stack: moved)
        }
        secondaryStorage = detail
        detail.parentStorage = self
    }
}
