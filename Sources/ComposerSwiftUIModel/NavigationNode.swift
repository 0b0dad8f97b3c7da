import Composer
import Observation

/// A screen of a SwiftUI app as Composer's router sees it: a node of the navigation model that a
/// view renders.
///
/// A factory of a route builds the node (with the screen's own model, in a subclass), never a
/// view: the app's view registry maps a node to its view, keyed by ``id``, so SwiftUI evaluating a
/// body again never builds a screen again. The containers are subclasses: ``StackNode`` (a
/// `NavigationStack` and its path), ``TabsNode`` (a `TabView` and its selection) and ``SplitNode``
/// (a `NavigationSplitView`); an app's own container subclasses this class and adopts
/// `ScreenContainer` (see ``adopt(_:)``).
///
/// Every node has a presentation slot (``presentedNode``, read by the view as ``sheetNode``,
/// ``fullScreenCoverNode`` and ``popoverNode``). As in UIKit, the outermost node of a level hosts
/// the level's presentation whichever node of it asked: SwiftUI shows one presentation per level,
/// and a sheet attached to the level's outermost view stays when a stack inside it is popped.
///
/// What a view must do:
/// - call ``didAppear()`` from `onAppear` and ``didDisappear()`` from `onDisappear` of the node's
///   view: a change of the router completes when the view acknowledges it;
/// - report the user's writes through the `user…` methods of the nodes (a shorter path, a sheet
///   swiped down, a tab tapped, a split view collapsing), never by setting the state itself;
/// - disable what the model refuses: `interactiveDismissDisabled(node.refusesInteractiveDismissal)`
///   on presented content, `navigationBarBackButtonHidden(stack.refusesBackGesture)` on the top of a
///   stack.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
open class NavigationNode: ModalPresenting, DismissalVetoing, Identifiable, Hashable, CustomStringConvertible {
    /// The node's identity, fixed for its life; views key on it.
    public nonisolated let id: NodeID

    /// The name that identifies the node in renderings, logs and error messages.
    public nonisolated let name: String

    /// The title a view shows for the node (a navigation title, a tab's label); the name by default.
    public var title: String

    /// `false` while this node must stay on screen (a form with unsaved edits): the router asks
    /// before it dismisses or pops it, and the model refuses the user's back swipe or swipe-down of
    /// it, which the view also disables (``refusesInteractiveDismissal``,
    /// ``StackNode/refusesBackGesture``).
    public var canBeDismissed: Bool {
        // Observed as the macro's accessors observe a stored property (an unchanged value tells no
        // one), with a key path made once: the macro's literal is looked up at every read, and the
        // router reads this of every node a navigation removes.
        get {
            access(keyPath: Self.canBeDismissedKeyPath)
            return storedCanBeDismissed
        }
        set {
            guard newValue != storedCanBeDismissed else { return }
            withMutation(keyPath: Self.canBeDismissedKeyPath) { storedCanBeDismissed = newValue }
        }
    }

    @ObservationIgnored private final var storedCanBeDismissed = true
    private static let canBeDismissedKeyPath = \NavigationNode.canBeDismissed

    /// How this node is presented when a route presents it; read when the presentation starts.
    public var presentationStyle: NodePresentationStyle {
        // Observed as the macro observes a stored property (see ``canBeDismissed``). Kept as `nil`
        // while it is the default sheet: a sheet's detents are an array, which every node released
        // when it was deallocated, and most nodes are pushed, never presented.
        get {
            access(keyPath: Self.presentationStyleKeyPath)
            return storedPresentationStyle ?? .sheet()
        }
        set {
            guard newValue != (storedPresentationStyle ?? .sheet()) else { return }
            withMutation(keyPath: Self.presentationStyleKeyPath) { storedPresentationStyle = newValue }
        }
    }

    @ObservationIgnored private final var storedPresentationStyle: NodePresentationStyle?
    private static let presentationStyleKeyPath = \NavigationNode.presentationStyle

    /// What this node hosts: the outermost node of the level presented over this node's level.
    /// `nil` for a node that is not the outermost of its level.
    public internal(set) var presentedNode: NavigationNode? {
        // Observed as the macro observes a stored property, with a key path made once (see
        // ``canBeDismissed``): every presentation and dismissal reads and writes it.
        get { observedPresentedNode }
        set {
            guard newValue !== storedPresentedNode else { return }
            withMutation(keyPath: Self.presentedNodeKeyPath) { storedPresentedNode = newValue }
        }
    }

    @ObservationIgnored @exclusivity(unchecked) private final var storedPresentedNode: NavigationNode?

    /// The style this node was presented with, while it is presented.
    public internal(set) var activePresentationStyle: NodePresentationStyle? {
        // As ``presentedNode``: read at every dismissal and by the model's popover check.
        get {
            access(keyPath: Self.activePresentationStyleKeyPath)
            return storedActivePresentationStyle
        }
        set {
            guard newValue != storedActivePresentationStyle else { return }
            withMutation(keyPath: Self.activePresentationStyleKeyPath) { storedActivePresentationStyle = newValue }
        }
    }

    @ObservationIgnored @exclusivity(unchecked) private final var storedActivePresentationStyle: NodePresentationStyle?
    private static let activePresentationStyleKeyPath = \NavigationNode.activePresentationStyle

    /// For a popover: the node that asked for the presentation, whose view anchors the popover.
    /// When that node leaves its level (popped, replaced), the popover leaves with it: SwiftUI
    /// shows a popover from its anchor's view, and no write of its binding comes once that view is
    /// gone.
    public internal(set) var popoverAnchor: NodeID?

    /// The node ``popoverAnchor`` names, while it lives; setting it sets ``popoverAnchor`` too.
    var popoverAnchorNode: NavigationNode? {
        get { popoverAnchorLink?.target }
        set {
            popoverAnchorLink = newValue?.link
            popoverAnchor = newValue?.id
        }
    }

    /// For a tab: the navigation a user's tap on it runs instead of selecting it (a tab that needs
    /// signing in navigates to its route, whose guards decide). The selection stays until the
    /// navigation selects the tab; a refused navigation leaves the tab bar as it was.
    @ObservationIgnored public var userSelectionNavigation: (@MainActor () async throws -> Void)?

    /// The container holding this node.
    var parentNode: NavigationNode? {
        get { parentLink?.target }
        set { parentLink = newValue?.link }
    }
    /// The host that presents this node, set on the outermost node of a presented level.
    var presenterNode: NavigationNode? {
        get { presenterLink?.target }
        set { presenterLink = newValue?.link }
    }
    /// The links behind ``parentNode`` and ``presenterNode``. The back references are not `weak`:
    /// an object weakly referenced keeps its reference counts in a side table, which makes every
    /// retain and release of it several times slower, and the router's walks retain every container
    /// and host they pass. A node refers to its container and host through their links instead,
    /// which forget them when they are deallocated, as a weak reference would.
    @ObservationIgnored @exclusivity(unchecked) private var parentLink: BackLink<NavigationNode>?
    @ObservationIgnored @exclusivity(unchecked) private var presenterLink: BackLink<NavigationNode>?
    @ObservationIgnored @exclusivity(unchecked) private var popoverAnchorLink: BackLink<NavigationNode>?
    /// This node's link, made when the node first becomes a container or a host.
    @ObservationIgnored @exclusivity(unchecked) nonisolated(unsafe) private var ownLink: BackLink<NavigationNode>?
    private var link: BackLink<NavigationNode> { BackLink.kept(in: &ownLink, to: self) }
    /// The model whose root this node is.
    var rootModel: NavigationModel? {
        get { rootModelLink?.target }
        set { rootModelLink = newValue?.link }
    }
    /// The models that last waited for this node to appear and to disappear, which its view's
    /// acknowledgements go to (a dismissed node has left the tree when its view disappears). Two,
    /// not one: a node dismissed in one window may be shown in another before the first view's
    /// disappearance comes, and each window waits for its own.
    func acknowledgingModel(for kind: PendingAcknowledgement.Kind) -> NavigationModel? {
        kind == .appearance ? appearanceModelLink?.target : disappearanceModelLink?.target
    }
    func setAcknowledgingModel(_ model: NavigationModel, for kind: PendingAcknowledgement.Kind) {
        if kind == .appearance { appearanceModelLink = model.link } else { disappearanceModelLink = model.link }
    }
    @ObservationIgnored @exclusivity(unchecked) private var rootModelLink: BackLink<NavigationModel>?
    @ObservationIgnored @exclusivity(unchecked) private var appearanceModelLink: BackLink<NavigationModel>?
    @ObservationIgnored @exclusivity(unchecked) private var disappearanceModelLink: BackLink<NavigationModel>?
    /// Whether this node's view disappeared without the model waiting for it and has not come back
    /// since (a sheet the user swiped down, whose binding write can come a second later): a
    /// dismissal of this level by the router does not wait for a disappearance that has come
    /// already. Cleared when the view appears, when the node is presented, and when a full-screen
    /// cover above it is taken away (the cover hid its view, which comes back). Unchecked for
    /// exclusivity, as the model's bookkeeping is: main-actor state whose every access ends at once.
    var viewDisappearedUnasked: Bool {
        get { storedViewDisappearedUnasked }
        set {
            // Observed as ``isBeingDismissed``, which it changes (and so the screen on top).
            guard newValue != storedViewDisappearedUnasked else { return }
            withMutation(keyPath: Self.isBeingDismissedKeyPath) { storedViewDisappearedUnasked = newValue }
        }
    }
    @ObservationIgnored @exclusivity(unchecked) private final var storedViewDisappearedUnasked = false
    private static let isBeingDismissedKeyPath = \NavigationNode.isBeingDismissed

    /// Creates a node called `name`, outside any tree.
    public init(_ name: String) {
        self.id = NodeID.next()
        self.name = name
        self.title = name
    }

    deinit {
        // Children and presented levels that someone else still holds no longer see this node.
        ownLink?.target = nil
    }

    // The model's containers are not `@Observable` themselves: the macro would give each a
    // registrar of its own beside this class's (two more heap blocks and a lock per container, and
    // a view observing a container registering with both). Their tracked properties report to this
    // class's registrar through these two.

    /// Records a read of `keyPath` of `node` (this node, typed as its subclass) for observation.
    final func access<Node: NavigationNode, Member>(keyPath: KeyPath<Node, Member>, of node: Node) {
        _$observationRegistrar.access(node, keyPath: keyPath)
    }

    /// Runs `mutation`, a change of `keyPath` of `node` (this node, typed as its subclass), telling
    /// the observers of `keyPath`.
    final func withMutation<Node: NavigationNode, Member, Result>(
        keyPath: KeyPath<Node, Member>, of node: Node, _ mutation: () throws -> Result
    ) rethrows -> Result {
        try _$observationRegistrar.withMutation(of: node, keyPath: keyPath, mutation)
    }

    /// The kind shown before the name: `screen`; `nav`, `tabs` and `split` for the containers.
    nonisolated open var kindName: String { "screen" }

    /// The kind and the quoted name, for example `screen "home"` or `nav "products"`.
    nonisolated public var description: String { Self.description(kind: kindName, name: name) }

    /// How ``description`` words a node of kind `kind` called `name`, for a log that keeps the two
    /// rather than the node.
    nonisolated package static func description(kind: String, name: String) -> String { "\(kind) \"\(name)\"" }

    /// Identity: a node equals only itself.
    nonisolated public static func == (lhs: NavigationNode, rhs: NavigationNode) -> Bool { lhs === rhs }

    /// Hashes the ``id``.
    nonisolated public func hash(into hasher: inout Hasher) { hasher.combine(id) }

    // MARK: - What a view calls

    /// Tells the model that this node's view appeared (call it from `onAppear`). A change of the
    /// router that waits for this node to appear completes; any other call is ignored, so a view
    /// that appears again does no harm.
    public func didAppear() {
        if viewDisappearedUnasked { markView(disappearedUnasked: false) }
        acknowledgingModel(for: .appearance)?.acknowledge(.appearance, of: self)
    }

    /// Tells the model that this node's view disappeared (call it from `onDisappear`). A dismissal
    /// of the router that waits for it completes. One that comes first (the user swiped the sheet
    /// down and SwiftUI has not written the binding yet) is kept until the view comes back, so that
    /// a dismissal of the router made meanwhile does not wait for it in vain.
    public func didDisappear() {
        if let model = acknowledgingModel(for: .disappearance), model.acknowledge(.disappearance, of: self) { return }
        if !viewDisappearedUnasked { markView(disappearedUnasked: true) }
    }

    /// Keeps whether this node's view disappeared unasked; a presented level's mark changes what
    /// the router sees (``isBeingDismissed``), which counts as a change of the tree, and a change of
    /// the screen on top the user made (a sheet swiped down whose binding write comes later: the
    /// write then changes nothing the router sees, so the routers are told now).
    private func markView(disappearedUnasked: Bool) {
        guard presenterNode != nil, let model = containingModel else {
            viewDisappearedUnasked = disappearedUnasked
            return
        }
        let leaving = model.screenOnTop
        viewDisappearedUnasked = disappearedUnasked
        model.viewsChangedTheTree(leaving: leaving)
    }

    /// The presented node when it is shown as a sheet: the item of this node's `sheet(item:)`.
    public var sheetNode: NavigationNode? { presented(as: { if case .sheet = $0 { true } else { false } }) }

    /// The presented node when it is shown as a full-screen cover: the item of `fullScreenCover(item:)`.
    public var fullScreenCoverNode: NavigationNode? { presented(as: { $0 == .fullScreenCover }) }

    /// The presented node when it is shown as a popover: the item of `popover(item:)`, anchored on
    /// the view of its ``popoverAnchor``.
    public var popoverNode: NavigationNode? { presented(as: { $0 == .popover }) }

    /// ``popoverNode`` when it is anchored on the node `anchor`: the item of the `popover(item:)`
    /// on that node's view (the view layer's, and the test driver's that stands in for it).
    package func popoverNode(anchoredOn anchor: NodeID) -> NavigationNode? {
        popoverNode.flatMap { $0.popoverAnchor == anchor ? $0 : nil }
    }

    private func presented(as style: (NodePresentationStyle) -> Bool) -> NavigationNode? {
        guard let presentedNode, let active = presentedNode.activePresentationStyle, style(active) else { return nil }
        return presentedNode
    }

    /// Whether the user may not swipe down the presented level this node is the outermost node of:
    /// a node in it, or presented above it, refuses to be dismissed. The view passes it to
    /// `interactiveDismissDisabled(_:)`.
    public var refusesInteractiveDismissal: Bool {
        (try? ScreenTree.checkDismissal(of: [self])) == nil
    }

    /// Tells the model that the user dismissed `shown`, which this node presents: a sheet or popover
    /// swiped down, or SwiftUI's `dismiss` action in any presentation. Call it from the setter of the
    /// `sheet(item:)` (or cover, or popover) binding when it writes `nil`, with the node the view
    /// rendered (`nil` when it rendered none): a write that arrives after the model moved on then
    /// names a node that is gone, and is ignored.
    ///
    /// SwiftUI can write a swiped-down sheet's `nil` when the dismissal ends, up to about a second
    /// after its view disappeared, and through the binding of the host's latest render. When the
    /// model took that level out meanwhile (a navigation that presented another in its place), such a
    /// late write names what the host shows now: the model ignores the first write after such a level,
    /// unless the view of what it names is gone too (then the write is that level's own swipe-down).
    ///
    /// The dismissed level and everything presented above it leave the tree, and the routers of the
    /// model see a user's change (their result waits for screens that left end without a result).
    @discardableResult
    public func userDismissed(_ shown: NavigationNode?) -> UserWriteOutcome {
        guard let model = containingModel else { return .ignored("\(self) is no longer on screen") }
        let host = levelRoot
        let owed = model.takeLateDismissalWrite(owedBy: host, slotOf: shown)
        guard let shown else {
            return .ignored(owed.map(Self.lateWrite(of:)) ?? "nothing is presented over \(self)")
        }
        guard host.presentedNode === shown else {
            return .ignored("\(shown) is not presented over \(self) any more")
        }
        if let owed, !shown.viewDisappearedUnasked {
            // Told as a change, so that a view which took the write as its own shows the level again.
            host.withMutation(keyPath: Self.presentedNodeKeyPath) {}
            return .ignored("\(Self.lateWrite(of: owed)); \(shown), shown now, stays")
        }
        do {
            try ScreenTree.checkDismissal(of: [shown])
        } catch {
            // Told as a change (the sheet is swiped away already); see StackNode.userWrotePath.
            host.withMutation(keyPath: \.presentedNode) {}
            return .refused("\(shown) stays: \(error)")
        }
        let change = "user dismissed \(shown)"
        model.applyUserChange(change) {
            // This is the write, so the level leaves owing none.
            TreeEditing.detachPresentations(from: host, writeOwed: false)
        }
        return .applied(change)
    }

    /// Why a dismissal write owed by a level the model took out is ignored.
    private static func lateWrite(of level: String) -> String {
        "the write is the late one of \(level), swiped down and taken out before it came"
    }

    // MARK: - Screen

    /// The container this node is a child of, or `nil` for a root, a presented or a detached node.
    ///
    /// Not observed: a view learns that a node moved from its container's children, which are
    /// (telling a node's own observers too would take two more locks for every node a pop removes).
    public var parentScreen: (any Screen)? { parentNode }

    /// The contained nodes; empty for a plain node, overridden by the containers.
    open var childScreens: [any Screen] { [] }

    /// What this node's nearest presenting ancestor (itself included) presents.
    public var presentedScreen: (any Screen)? { presentingAncestor?.observedPresentedNode }

    /// The host that presented this node's level (only a level's root is presented), or `nil` on
    /// the model's root level.
    ///
    /// Not observed, as ``parentScreen`` is not: a view learns of a presentation or a dismissal from
    /// the host's ``presentedNode``, which is.
    public var presentingScreen: (any Screen)? { levelRoot.presenterNode }

    /// What this node presents as the host of a level (``presentedNode``); `nil` for a node that
    /// only answers for the ancestor that presents.
    ///
    /// A node inside a container hosts nothing (a presentation goes to its level's outermost node)
    /// and is answered without recording an observation access: the router asks this of every node
    /// a pop removes, and a reader that reached the node through its container observed that
    /// container's children, which change before the node can host anything.
    public var hostedPresentation: (any Screen)? {
        guard parentLink == nil else { return nil }
        return observedPresentedNode
    }

    /// ``presentedNode``, recorded for observation with a key path made once: a key-path literal
    /// is looked up at every read, and the router asks this of every node a navigation removes.
    private var observedPresentedNode: NavigationNode? {
        access(keyPath: Self.presentedNodeKeyPath)
        return storedPresentedNode
    }

    private static let presentedNodeKeyPath = \NavigationNode.presentedNode

    /// ``presentedNode`` read without recording an observation access, for the model's own
    /// bookkeeping, which no view reads.
    var presentedNodeUnobserved: NavigationNode? { storedPresentedNode }

    /// The child `ScreenTree.visibleChild(of:)` follows, for the model's own bookkeeping: the
    /// built-in stack and tabs answer from their storage, without the `Screen` protocol or an
    /// observation access; another container answers through the protocol.
    func visibleChildUnobserved() -> NavigationNode? {
        asContainer?.focusedChildScreen as? NavigationNode
    }

    /// This node as a `ScreenContainer`: the built-in containers answer themselves; for an app's
    /// own container class, a dynamic cast answered once per class, as the engine answers it for
    /// its screens (a cast that fails costs more than a step of the router's walk, which asks it of
    /// the nodes on the visible path, and every node that comes on screen is new to it).
    open var asContainer: (any ScreenContainer)? { ScreenClassConformances.container(self) }

    /// Whether this node is a presented level that the user took away and SwiftUI has not written
    /// the binding of yet: its view disappeared without the model asking (a sheet swiped down), and
    /// no full-screen cover above it explains that. The router treats such a level as gone, as the
    /// screen shows it; the model takes it out when the write comes or when something is presented
    /// in its place. A level the router dismisses leaves the tree at once, so it is never reported.
    public var isBeingDismissed: Bool {
        access(keyPath: Self.isBeingDismissedKeyPath)
        guard storedViewDisappearedUnasked, presenterNode != nil else { return false }
        return !TreeEditing.presentationChain(from: self).dropFirst().contains {
            $0.activePresentationStyle == .fullScreenCover
        }
    }

    /// Whether this node is presented as a full-screen cover, which hides the whole window.
    public var hidesWindowWhenPresented: Bool { presenterNode != nil && activePresentationStyle == .fullScreenCover }

    // MARK: - ModalPresenting

    /// Presents `screen` (a free ``NavigationNode``) from the outermost node of this node's level,
    /// in the node's ``presentationStyle``, and returns when the presented node's view appeared.
    ///
    /// It first waits for the changes before it to be acknowledged: SwiftUI presents only from a
    /// view that is on screen, so a deep link presents each level after its presenter appeared.
    /// Throws ``NodeError`` when `screen` is no node or is in a tree, when this node is not in a
    /// model, or when its level already presents something; throws ``AcknowledgementTimeoutError``
    /// when the presented view does not appear in time, and takes the presentation back. A level
    /// that ``isBeingDismissed`` (swiped down, its binding write still to come) presents nothing the
    /// user sees: it is taken out first, without waiting for a disappearance that came already.
    public func presentScreen(_ screen: any Screen, animated: Bool) async throws {
        let presented = try TreeEditing.node(screen)
        guard let model = containingModel else { throw NodeError.notInModel(node: description) }
        try await model.waitForAcknowledgements()
        try presented.checkIsFree()
        let host = levelRoot
        if host.presentedNode?.isBeingDismissed == true {
            // Swiped down, its binding write still to come: the screen shows it gone, and SwiftUI
            // presents nothing else from the host while the model holds it. Its dismissal waits
            // for no disappearance: that came already.
            try await host.dismissPresentedScreen(animated: false)
        }
        if let current = host.presentedNode {
            throw NodeError.alreadyPresenting(
                host: host.description, presented: current.description, refused: presented.description)
        }
        let style = presented.presentationStyle
        let revisionBefore = model.treeRevision
        do {
            try await model.applyChange(.phrase("present", presented, "from", host), animated: animated) {
                presented.viewDisappearedUnasked = false
                presented.presenterNode = host
                presented.activePresentationStyle = style
                presented.popoverAnchorNode = style == .popover ? self : nil
                host.presentedNode = presented
                if style == .popover { model.popoverPresented() }
            }
        } catch let timeout as AcknowledgementTimeoutError {
            // SwiftUI drops a presentation, without a word, while one it does not know of (an
            // alert, a share sheet) is up. Kept, it would be a sheet the user cannot see, covering
            // the tabs and refusing to be dismissed: taken back, the model is as on screen.
            if host.presentedNode === presented { model.withdrawPresentation(from: host, presentedAt: revisionBefore) }
            throw timeout
        }
    }

    /// Dismisses what this node's nearest presenting ancestor presents, with every level presented
    /// above it, and returns when the view of each dismissed level disappeared.
    ///
    /// The levels go top first, one at a time, each after the one above it disappeared: SwiftUI
    /// handles one presentation change at a time reliably, not several in one state change.
    public func dismissPresentedScreen(animated: Bool) async throws {
        guard let host = presentingAncestor, let presented = host.presentedNode else {
            throw NodeError.nothingPresented(node: description)
        }
        guard let model = containingModel else { throw NodeError.notInModel(node: description) }
        for level in TreeEditing.presentationChain(from: presented).reversed() {
            guard let levelHost = level.presenterNode else { continue }
            try await model.applyDismissal(
                of: level, animated: animated, summary: .phrase("dismiss", level, "from", levelHost)
            ) {
                TreeEditing.detachPresentations(from: levelHost)
            }
        }
    }

    // MARK: - For containers

    /// Makes this node the container of `child`, which must be free (or already its child): for an
    /// app's own container, before or in the change it makes with
    /// ``applyChange(_:animated:waits:_:)`` (before it, a refusal leaves the tree's revision as it was).
    public func adopt(_ child: NavigationNode) throws(NodeError) {
        if child.parentNode === self { return }
        try checkCanAdopt(child)
        child.parentNode = self
    }

    /// Lets go of `child` (taken out of this container): it is no longer in the tree.
    public func release(_ child: NavigationNode) {
        // The links compared rather than their targets: reading a target retains it, and a pop
        // releases every node it removes.
        guard let ownLink, child.parentLink === ownLink else { return }
        child.parentLink = nil
    }

    /// Applies `change` to the tree (an app's own container changing its children) and, when the
    /// screen on top changed and `waits`, returns once its view appeared. Outside a model, it only
    /// applies the change. The built-in containers make all their changes through it.
    ///
    /// A `change` that throws counts as made: the model cannot see what it changed before it threw,
    /// so a navigation it fails reports the screen as changed
    /// (`RoutingError.Code.actionFailedAfterChanges`). Check what can fail (``adopt(_:)``) first.
    ///
    /// Pass the `animated` the router gave the container's method: a change without animation that
    /// waits runs in a SwiftUI transaction that disables animations; one that does not wait is
    /// applied as it is.
    public func applyChange(
        _ summary: @autoclosure () -> String, animated: Bool = true, waits: Bool = true, _ change: () throws -> Void
    ) async throws {
        try await applyChange(ChangeSummary.text(summary()), animated: animated, waits: waits, change)
    }

    /// ``applyChange(_:animated:waits:_:)`` for the built-in containers, whose summaries are worded only
    /// when read.
    func applyChange(
        _ summary: @autoclosure () -> ChangeSummary, animated: Bool, waits: Bool = true, _ change: () throws -> Void
    ) async throws {
        guard let model = containingModel else { return try change() }
        try await model.applyChange(summary(), animated: animated, waits: waits, change)
    }

    /// Applies a user's change (a write of a binding) made in this node and reports it to the
    /// routers as the user's; for an app's own container. Does nothing but the change outside a model.
    public func applyUserChange(_ summary: String, _ change: () -> Void) {
        applyUserChange(summary, failingHiddenAppearances: true, change)
    }

    /// ``applyUserChange(_:_:)``; without `failingHiddenAppearances`, a waited-for appearance of a
    /// screen no longer on top is left to come (a change that hides nothing, a split view
    /// expanding).
    func applyUserChange(_ summary: String, failingHiddenAppearances: Bool, _ change: () -> Void) {
        guard let model = containingModel else { return change() }
        model.applyUserChange(summary, failingHiddenAppearances: failingHiddenAppearances, change)
    }

    /// The model whose tree holds this node, found by walking up containers and presenters.
    public var containingModel: NavigationModel? {
        var level = levelRoot
        for _ in 0..<10_000 {
            if let model = level.rootModel, model.root === level { return model }
            guard let presenter = level.presenterNode else { return nil }
            level = presenter.levelRoot
        }
        return nil
    }

    /// This node's level (its ``levelRoot``) and the levels beneath it, each presented from the
    /// next, down to the root's. ``containingModel``, asked at every change, walks them in a loop
    /// of its own, which stops at the model and makes no sequence.
    package var levelsDown: some Sequence<NavigationNode> {
        sequence(first: levelRoot) { $0.presenterNode?.levelRoot }.prefix(10_000)
    }

    /// The outermost ancestor-or-self within this node's presentation level.
    package var levelRoot: NavigationNode {
        var node = self
        for _ in 0..<10_000 {
            guard let parent = node.parentNode else { break }
            node = parent
        }
        return node
    }

    /// The nearest ancestor-or-self that presents something: the outermost node of this node's
    /// level, the only one that hosts a presentation (``presentScreen(_:animated:)``), when it
    /// does. Only that node's ``presentedNode`` is read: the router asks this of screens on the
    /// visible path, and the others' are `nil` while they are inside it.
    var presentingAncestor: NavigationNode? {
        let host = levelRoot
        return host.observedPresentedNode != nil ? host : nil
    }

    /// Throws unless this node is outside every tree.
    func checkIsFree() throws(NodeError) {
        if let parent = parentNode { throw .alreadyInTree(node: description, place: "in \(parent)") }
        if let presenter = presenterNode {
            // Presented again in the state change that takes it out, it would be the same item to
            // SwiftUI, which would show nothing.
            let state = isBeingDismissed ? " (swiped down; SwiftUI has not written its binding yet)" : ""
            throw .alreadyInTree(node: description, place: "presented by \(presenter)\(state)")
        }
        if let model = rootModel, model.root === self { throw .alreadyInTree(node: description, place: "the root") }
    }

    /// Throws unless `child` can become a child of this node: free, and not this node or one of its
    /// ancestors.
    func checkCanAdopt(_ child: NavigationNode) throws(NodeError) {
        try child.checkIsFree()
        var node: NavigationNode? = self
        while let current = node {
            if current === child { throw .wouldContainItself(node: child.description, container: description) }
            node = current.parentNode
        }
    }

    /// `screens` as nodes this container may hold: nodes, none twice, each free or already its
    /// child; for a stack (`forStack`) no stack or split view.
    /// The nodes of `nodes` this container accepts, in order, now its children: a container made
    /// with children it would refuse (not free, given twice, a stack or split view in a stack)
    /// leaves those out rather than fail its initializer.
    func adoptAcceptable(_ nodes: [NavigationNode], forStack: Bool) -> [NavigationNode] {
        // One pass: a node is checked once against the ones accepted before it, which is what
        // checking the whole list accepted so far again for each node would conclude.
        var accepted: [NavigationNode] = []
        var taken = Set<ObjectIdentifier>()
        for node in nodes where (try? checkChild(node, forStack: forStack, taken: &taken)) != nil {
            accepted.append(node)
        }
        for node in accepted { node.parentNode = self }
        return accepted
    }

    func validatedChildren(_ screens: [any Screen], forStack: Bool) throws(NodeError) -> [NavigationNode] {
        var result: [NavigationNode] = []
        var taken = Set<ObjectIdentifier>()
        for screen in screens {
            let child = try TreeEditing.node(screen)
            try checkChild(child, forStack: forStack, taken: &taken)
            result.append(child)
        }
        return result
    }

    /// Whether `node` is, or holds at any depth of its containers, a stack or a split view: SwiftUI
    /// cannot render a `NavigationStack` or `NavigationSplitView` inside a path's destination, a
    /// tab view holding one included.
    private static func holdsStackOrSplit(_ node: NavigationNode, depth: Int = 0) -> Bool {
        if node is StackNode || node is SplitNode { return true }
        // Recursive rather than with a list of nodes to visit: a pushed screen is mostly a leaf,
        // and a list would be allocated for every push.
        guard depth < 64 else { return false }
        for child in node.childScreens {
            if let child = child as? NavigationNode, holdsStackOrSplit(child, depth: depth + 1) { return true }
        }
        return false
    }

    /// Throws unless `child` can join this container next to the children in `taken`, which it
    /// then joins: not a stack or split view in a stack, not there twice, and free or this
    /// container's already.
    private func checkChild(_ child: NavigationNode, forStack: Bool, taken: inout Set<ObjectIdentifier>)
        throws(NodeError)
    {
        if forStack, Self.holdsStackOrSplit(child) {
            throw .notPushable(node: child.description, stack: description)
        }
        guard !taken.contains(ObjectIdentifier(child)) else {
            throw .duplicateChild(node: child.description, container: description)
        }
        if child.parentNode !== self { try checkCanAdopt(child) }
        taken.insert(ObjectIdentifier(child))
    }

    /// Replaces the children `old` with `new`: the ones left out are released, the new ones adopted.
    func replaceChildren(_ old: [NavigationNode], with new: [NavigationNode]) {
        let kept = Set(new.map(ObjectIdentifier.init))
        // A loop, not `lazy.filter`: its closure, written in main-actor code, was checked at run
        // time for every old child (a push onto a deep stack paid it once per node below).
        for child in old where !kept.contains(ObjectIdentifier(child)) { release(child) }
        for child in new { child.parentNode = self }
    }
}

/// How the model walks and edits its tree.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
enum TreeEditing {
    /// `level` and the levels presented above it, bottom first.
    static func presentationChain(from level: NavigationNode) -> [NavigationNode] {
        var chain = [level]
        while let next = chain.last?.presentedNode, chain.count < 10_000 { chain.append(next) }
        return chain
    }

    /// Takes what `host` presents, and everything presented above it, out of the tree. Unless
    /// `writeOwed` is `false` (the user's write takes it out), a level the user swiped away whose
    /// binding write has not come is noted as owing it.
    static func detachPresentations(from host: NavigationNode, writeOwed: Bool = true) {
        guard let presented = host.presentedNode else { return }
        let chain = presentationChain(from: presented)
        // A full-screen cover hid the views of the host and of every level beneath it, which come
        // back when it goes. A sheet hides nothing: a host swiped down stays gone.
        if chain.contains(where: { $0.activePresentationStyle == .fullScreenCover }) {
            for level in host.levelsDown { level.viewDisappearedUnasked = false }
        } else if writeOwed, presented.viewDisappearedUnasked, let model = host.containingModel {
            // Swiped away, its binding write still to come: SwiftUI writes it through the host's
            // binding after the level is gone (see ``NavigationNode/userDismissed(_:)``). Under a
            // full-screen cover a view is gone because the cover hides it, and no write comes.
            model.noteLateDismissalWrite(owedBy: host, for: presented)
        }
        for level in chain.reversed() {
            level.presenterNode?.presentedNode = nil
            level.presenterNode = nil
            level.activePresentationStyle = nil
            level.popoverAnchorNode = nil
        }
    }

    /// `screen` as a ``NavigationNode``; anything else is refused, naming its type.
    static func node(_ screen: any Screen) throws(NodeError) -> NavigationNode {
        guard let node = screen as? NavigationNode else { throw .notANode(type: String(describing: type(of: screen))) }
        return node
    }
}

/// An object as the nodes that refer back to it see it (a node's container and host, a node's
/// model): `nil` once the object is deallocated, which its deinitializer sees to, as a weak
/// reference would be. The reference is `unowned`, not `weak`, so the object keeps no side table; an
/// object read through a link on another thread while its deinitializer runs is a trap, never a
/// freed object.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
final class BackLink<Target: AnyObject>: @unchecked Sendable {
    @exclusivity(unchecked) nonisolated(unsafe) unowned var target: Target?

    init(_ target: Target) { self.target = target }

    /// The link `kept` holds, or a new link to `target` kept there: an object makes its link when
    /// something first refers to it, and clears it in its deinitializer.
    static func kept(in kept: inout BackLink?, to target: Target) -> BackLink {
        if let kept { return kept }
        let made = BackLink(target)
        kept = made
        return made
    }
}
