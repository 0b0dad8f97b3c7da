import Composer

/// An in-memory screen that behaves like a `UIViewController` as far as the router can tell.
///
/// It keeps UIKit's rules for presentation: the screen that really presents is the *presentation
/// host*, which is the outermost container of the presenter's level (for a full-screen style, of
/// the nearest level out that covers the window), except for the context styles
/// (``TestModalStyle/currentContext``, ``TestModalStyle/overCurrentContext``), where it is the
/// nearest ancestor-or-self whose ``definesPresentationContext`` is `true` (that outermost
/// container when none does); a host that already presents something refuses to present another
/// screen; ``presentedScreen`` of a child answers what its nearest presenting ancestor presents.
/// Where UIKit would raise an exception or log a warning and do nothing, the twin throws a
/// ``TestScreenError`` and changes nothing.
///
/// Containers are subclasses: ``TestNavigationContainer``, ``TestTabsContainer`` and
/// ``TestSplitContainer``. A screen takes part in appearance callbacks, transitions and memory
/// tracking once it is in the tree of a ``TestWindow``.
@MainActor
open class TestScreen: ModalPresenting, DismissalVetoing, CustomStringConvertible {
    /// The name that identifies this screen in renderings, lifecycle lines and error messages.
    nonisolated public let name: String

    /// `false` while this screen must stay on screen. The twin itself never enforces it (UIKit does
    /// not refuse a programmatic dismissal either); the router asks before dismissing or popping.
    public var canBeDismissed = true

    /// Whether this screen hosts the context presentations asked for by the screens it contains,
    /// like `UIViewController.definesPresentationContext`.
    ///
    /// `false` by default, as in UIKit, except for ``TestNavigationContainer`` (and the
    /// ``TestWrappingNavigationContainer`` built on it), which starts `true` as
    /// `UINavigationController` changes the default to `true`.
    ///
    /// As in UIKit, only a screen presented with ``TestModalStyle/currentContext`` or
    /// ``TestModalStyle/overCurrentContext`` looks for it; presentations in every other style are
    /// performed by the outermost container of the level whatever this says.
    public var definesPresentationContext = false

    /// The style used when this screen is presented; it decides which screen hosts the presentation
    /// and what disappears beneath it. It is read when the presentation starts; the style of a
    /// running presentation does not change afterwards.
    ///
    /// ``TestModalStyle/automatic`` by default, as `UIViewController.modalPresentationStyle` is since
    /// iOS 13: a sheet on an iPhone, which leaves the presenting screens on screen. Set
    /// ``TestModalStyle/fullScreen`` where the app asks UIKit for a full-screen presentation.
    public var modalStyle: TestModalStyle = .automatic

    /// Problems found by a container's initializer, which cannot throw: each screen it refused is
    /// left out and the reason recorded here. Empty for a plain screen and for a valid container.
    public internal(set) var initializationErrors: [TestScreenError] = []

    /// The container holding this screen; the container owns its children.
    var parentStorage: TestScreen? {
        get { parentPointer }
        set {
            // A container re-parents the screens it keeps when its children change: only a new
            // parent is news to the memory tracker.
            if newValue != nil, newValue !== parentPointer { ScreenMemoryTracker.noteAttached(self) }
            parentPointer = newValue
        }
    }
    /// What this screen presents as a presentation host (strong, like UIKit).
    @exclusivity(unchecked) var presentedStorage: TestScreen?
    /// The host that presented this screen, set on the outermost screen of a presented level.
    var presenterStorage: TestScreen? {
        get { presenterPointer }
        set {
            if newValue != nil, newValue !== presenterPointer { ScreenMemoryTracker.noteAttached(self) }
            presenterPointer = newValue
        }
    }
    /// The pointers behind ``parentStorage``, ``presenterStorage`` and ``windowStorage``. They are
    /// not `weak`: an object that is weakly referenced keeps its reference counts in a side table,
    /// which makes every retain and release of it several times slower, and each walk of the tree
    /// retains every screen it passes (and a navigation its window, several times). They never
    /// dangle instead: a container clears its children's when they leave it and when it is
    /// deallocated, a host its presented screen's, a window its root's (hence `nonisolated(unsafe)`:
    /// a deinitializer is not isolated to the main actor).
    ///
    /// These and the other fields every walk of the tree reads are `@exclusivity(unchecked)`: the
    /// twin is confined to the main actor, no access to them overlaps another, and a dynamic check
    /// (with its thread-local look-up) at every step of a walk costs more than the step.
    @exclusivity(unchecked) nonisolated(unsafe) unowned(unsafe) var parentPointer: TestScreen?
    @exclusivity(unchecked) nonisolated(unsafe) unowned(unsafe) var presenterPointer: TestScreen?
    @exclusivity(unchecked) nonisolated(unsafe) unowned(unsafe) var windowPointer: TestWindow?
    /// Lives exactly as long as this screen; the memory tracker holds it weakly, for the reason above.
    let lifetime = ScreenLifetime()
    /// The window, set only on a window's root screen.
    var windowStorage: TestWindow? {
        get { windowPointer }
        set {
            if newValue != nil, newValue !== windowPointer { ScreenMemoryTracker.noteAttached(self) }
            windowPointer = newValue
        }
    }
    /// The style this screen was presented with, fixed when the presentation started.
    var presentationStyle: TestModalStyle?
    /// Set on the outermost screen of each level that a running dismissal removes.
    @exclusivity(unchecked) var isDismissing = false

    /// Creates a screen called `name`, outside any tree.
    public init(_ name: String) {
        self.name = name
        lifetime.screen = self
    }

    deinit {
        // A presented screen that someone else still holds must not point back at a freed host.
        presentedStorage?.presenterPointer = nil
    }

    /// Clears the parent pointers of the children a container still holds while it is deallocated,
    /// for a child that someone else still holds.
    nonisolated static func orphan(_ children: [TestScreen?]) {
        for child in children { child?.parentPointer = nil }
    }

    /// The kind of screen shown before the name: `screen`, and `nav`, `tabs`, `split` for the
    /// containers. Subclasses may override it to name their own kind.
    nonisolated open var kindName: String { "screen" }

    /// This screen as a ``/Composer/ScreenContainer``: the built-in containers override it with a
    /// direct answer; for any other class, a dynamic cast answered once per class, as the engine
    /// answers it for its screens (a failing look-up of a conformance costs more than the rest of a
    /// step of a tree walk).
    open var asContainer: (any ScreenContainer)? { ScreenClassConformances.container(self) }

    /// The kind and the quoted name, for example `screen "home"` or `nav "main"`.
    nonisolated public var description: String { "\(kindName) \"\(name)\"" }

    // MARK: - Screen

    /// The container this screen is a child of, or `nil` for a root, a presented or a detached screen.
    public var parentScreen: (any Screen)? { parentStorage }

    /// The contained screens; empty for a plain screen, overridden by the containers.
    public var childScreens: [any Screen] { [] }

    /// What this screen's nearest presenting ancestor (itself included) presents, as
    /// `UIViewController.presentedViewController` answers: a child of a container that presents
    /// reports the container's presented screen.
    public var presentedScreen: (any Screen)? { presentingAncestor?.presentedStorage }

    /// The host that presented this screen's level (only a level's root is presented), as
    /// `UIViewController.presentingViewController` answers for a screen and for its children.
    public var presentingScreen: (any Screen)? { levelRoot.presenterStorage }

    /// What this screen presents as a presentation host; `nil` when it only answers for an ancestor.
    public var hostedPresentation: (any Screen)? { presentedStorage }

    /// Whether this screen is leaving the tree by an animated dismissal that is still running: the
    /// dismissed screen, every screen it contains and every screen presented above it report `true`
    /// until the transition finishes.
    public var isBeingDismissed: Bool {
        var node: TestScreen? = self
        while let current = node {
            if current.isDismissing { return true }
            node = current.parentStorage
        }
        return false
    }

    /// The window whose tree holds this screen, found by walking up containers and presenting
    /// hosts to the root; `nil` when the screen is not in a window.
    public var containingWindow: TestWindow? {
        var level = levelRoot
        var steps = 0
        while steps < 10_000 {
            if let window = level.windowStorage { return window }
            guard let presenter = level.presenterStorage else { return nil }
            level = presenter.levelRoot
            steps += 1
        }
        return nil
    }

    /// Whether this screen is presented full screen (shown as ``TestModalStyle/fullScreen``),
    /// which hides the whole window.
    public var hidesWindowWhenPresented: Bool { presentationStyle?.coverage == .window }

    // MARK: - ModalPresenting

    /// Presents `screen` from this screen's presentation host and returns when the presentation
    /// has finished.
    ///
    /// The host depends on `screen`'s ``modalStyle``, as in UIKit: the outermost container of this
    /// screen's level, or for a context style the nearest ancestor-or-self that defines the
    /// presentation context. The appearance callbacks follow UIKit's order for a modal transition:
    /// the will-callbacks of the screens it hides, then those of the presented screens, then the
    /// presented screens' `viewDidAppear` before the hidden ones' `viewDidDisappear`.
    ///
    /// Throws, changing nothing, when `screen` is not a ``TestScreen``, is already in a tree (it has
    /// a parent, is presented or is a window's root), when this screen is not in a window or is
    /// being dismissed, and when the host already presents something (UIKit refuses).
    public func presentScreen(_ screen: any Screen, animated: Bool) async throws {
        let presented = try TwinTree.testScreen(screen)
        try presented.checkIsFree()
        guard let window = containingWindow else { throw TestScreenError.notInWindow(screen: description) }
        if isBeingDismissed { throw TestScreenError.dismissalInProgress(screen: description) }
        let style = presented.modalStyle
        let host = presentationHost(for: style)
        if let current = host.presentedStorage {
            if current.isDismissing { throw TestScreenError.dismissalInProgress(screen: current.description) }
            throw TestScreenError.alreadyPresenting(
                host: host.description, presented: current.description, refused: presented.description)
        }
        let transition = TwinTransition.begin(
            in: window, animated: animated, description: "present \(presented) from \(host)", order: .modal
        ) {
            presented.presenterStorage = host
            presented.presentationStyle = style
            host.presentedStorage = presented
        }
        await transition.finish()
    }

    /// Dismisses ``presentedScreen`` (what this screen's nearest presenting ancestor presents)
    /// together with every screen presented above it, and returns when the dismissal has finished.
    ///
    /// While an animated dismissal runs, the dismissed screens stay in the tree and report
    /// ``isBeingDismissed``; when it finishes they are detached: no presenter, and no reference
    /// from the twin. The callbacks come in UIKit's order for a modal transition: the dismissed
    /// screens' `viewWillDisappear`, the revealed screens' `viewWillAppear` and `viewDidAppear`,
    /// then the dismissed screens' `viewDidDisappear`. Throws when nothing is presented or when it
    /// is already being dismissed.
    public func dismissPresentedScreen(animated: Bool) async throws {
        guard let host = presentingAncestor, let presented = host.presentedStorage else {
            throw TestScreenError.nothingPresented(screen: description)
        }
        if presented.isDismissing { throw TestScreenError.dismissalInProgress(screen: presented.description) }
        let chain = TwinTree.presentationChain(from: presented)
        let transition = TwinTransition.begin(
            in: containingWindow, animated: animated, description: "dismiss \(presented) from \(host)",
            order: .modal,
            change: { for level in chain { level.isDismissing = true } },
            completion: { chain.reversed().forEach(TwinTree.detachPresentation) }
        )
        await transition.finish()
    }

    // MARK: - Internal helpers

    /// The outermost ancestor-or-self within this screen's presentation level.
    var levelRoot: TestScreen {
        ScreenTree.levelRoot(of: self) as? TestScreen ?? self
    }

    /// The screen that performs a presentation in `style` asked for by this one: for a context
    /// style the nearest ancestor-or-self that defines the presentation context, and otherwise (or
    /// when none does) the outermost screen of the level, as UIKit passes such a request up.
    ///
    /// A style that covers the whole window needs a host that covers it too: UIKit passes such a
    /// request on from a level presented in a context style, which covers only its context, to the
    /// level that hosts that context, until it reaches a level that covers the window. Otherwise a
    /// full-screen modal could sit under a sheet of an outer level and still hide it, and which of
    /// the two the user sees would depend on the order they came in.
    func presentationHost(for style: TestModalStyle) -> TestScreen {
        guard style.usesPresentationContext else {
            var host = levelRoot
            while style.coversWindow, host.presentationStyle?.usesPresentationContext == true,
                let outer = host.presenterStorage
            {
                host = outer.levelRoot
            }
            return host
        }
        return ScreenTree.nearestAncestorOrSelf(
            of: self, parent: { $0.parentStorage }, where: { $0.definesPresentationContext }) ?? levelRoot
    }

    /// The nearest ancestor-or-self that presents something.
    var presentingAncestor: TestScreen? {
        ScreenTree.nearestAncestorOrSelf(of: self, parent: { $0.parentStorage }, where: { $0.presentedStorage != nil })
    }

    /// The contained screens that are ``TestScreen``s.
    var testChildren: [TestScreen] { childScreens.compactMap { $0 as? TestScreen } }

    /// Throws unless this screen is outside every tree: no parent, not presented, not a window's root.
    func checkIsFree() throws(TestScreenError) {
        if let parent = parentStorage {
            throw .alreadyInContainer(screen: description, container: parent.description)
        }
        if let presenter = presenterStorage {
            throw .alreadyPresented(screen: description, presenter: presenter.description)
        }
        if windowStorage != nil { throw .alreadyWindowRoot(screen: description) }
    }

    /// Throws unless `child` may become (or stay) a child of this container.
    func checkCanAdopt(_ child: TestScreen) throws(TestScreenError) {
        if child.parentStorage === self { return }
        try child.checkIsFree()
        var node: TestScreen? = self
        while let current = node {
            if current === child { throw .wouldContainItself(screen: child.description, container: description) }
            node = current.parentStorage
        }
    }

    /// Validates a whole list of children: all ``TestScreen``s, none twice, each adoptable. For a
    /// navigation stack (`forStack`) it also refuses the containers UIKit raises for when pushed:
    /// navigation and split containers. `current` is the container's children now, which need no
    /// second check.
    func validatedChildren(_ screens: [any Screen], forStack: Bool, current: [TestScreen] = [])
        throws(TestScreenError) -> [TestScreen]
    {
        // A list that keeps the start of the current children (a pop) holds screens this container
        // already accepted, once each.
        if screens.count <= current.count, zip(screens, current).allSatisfy({ $0 === $1 }) {
            return Array(current.prefix(screens.count))
        }
        var result: [TestScreen] = []
        var taken = Set<ObjectIdentifier>()
        for screen in screens {
            result.append(try validatedChild(screen, forStack: forStack, taken: &taken))
        }
        return result
    }

    /// Validates the two slot children of a container in its initializer (a split view's columns, a
    /// side menu's panels) and adopts those accepted; a refused one comes back `nil`, recorded in
    /// ``initializationErrors``. One screen given for both slots fills the first only: the second
    /// is refused as a `duplicateChild`, as a screen cannot be in two places.
    func adoptedSlots(_ first: TestScreen?, _ second: TestScreen?) -> (TestScreen?, TestScreen?) {
        // Each accepted screen fills one slot: adopting takes it off this list.
        var unclaimed = acceptedChildren([first, second].compactMap { $0 }, forStack: false)
        func adopt(_ screen: TestScreen?) -> TestScreen? {
            guard let screen, let index = unclaimed.firstIndex(where: { $0 === screen }) else { return nil }
            unclaimed.remove(at: index)
            screen.parentStorage = self
            return screen
        }
        let adoptedFirst = adopt(first)
        return (adoptedFirst, adopt(second))
    }

    /// Validates children in an initializer, which cannot throw: refused screens are left out and
    /// recorded in ``initializationErrors``.
    func acceptedChildren(_ screens: [TestScreen], forStack: Bool) -> [TestScreen] {
        var accepted: [TestScreen] = []
        var taken = Set<ObjectIdentifier>()
        for screen in screens {
            do {
                accepted.append(try validatedChild(screen, forStack: forStack, taken: &taken))
            } catch {
                initializationErrors.append(error)
            }
        }
        return accepted
    }

    /// Validates one child of a list whose earlier accepted children are `taken`, and adds it there
    /// when it is accepted. Checking against a set keeps validating a whole list linear in its length.
    func validatedChild(
        _ screen: any Screen, forStack: Bool, taken: inout Set<ObjectIdentifier>
    ) throws(TestScreenError) -> TestScreen {
        let child = try TwinTree.testScreen(screen)
        if forStack, child is TestNavigationContainer {
            throw .navigationInsideNavigation(screen: child.description, navigation: description)
        }
        if forStack, child is TestSplitContainer {
            throw .splitInsideNavigation(screen: child.description, navigation: description)
        }
        if taken.contains(ObjectIdentifier(child)) {
            throw .duplicateChild(screen: child.description, container: description)
        }
        try checkCanAdopt(child)
        taken.insert(ObjectIdentifier(child))
        return child
    }
}
