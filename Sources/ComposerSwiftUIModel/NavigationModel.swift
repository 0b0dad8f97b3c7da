import Composer
import Observation

/// The navigation state of one SwiftUI scene: the root node and everything shown from it, as the
/// window a `DefaultRouter` navigates in.
///
/// ```swift
/// let model = NavigationModel()
/// let router = DefaultRouter(windowProvider: FixedWindowProvider(model))
/// ```
///
/// Every change the router makes is applied to the observable state at once (several changes made
/// without waiting in between, such as a tab selection and a pop in that tab, or a new root and
/// the pushes in it, reach SwiftUI as one state change) and completes when the view acknowledges
/// it: the node now on top appeared (``NavigationNode/didAppear()``), a dismissed node disappeared
/// (``NavigationNode/didDisappear()``). A change never completes after a fixed sleep; one that is
/// not acknowledged within ``acknowledgementTimeout`` fails with ``AcknowledgementTimeoutError``,
/// which the router reports as a `RoutingError` naming its step.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
@Observable
public final class NavigationModel: ScreenWindow, TreeRevisioning, TransitionSettling, NavigationBracketing,
    RootJoiningNextChanges
{
    /// The root node, rendered at the top of the scene.
    public private(set) var root: NavigationNode? {
        // Observed as the macro observes a stored property, with a key path made once: the macro's
        // literal is looked up at every read, and every change of a node reads the root to find
        // its model (`NavigationNode.containingModel`).
        get {
            access(keyPath: Self.rootKeyPath)
            return storedRoot
        }
        set {
            guard newValue !== storedRoot else { return }
            withMutation(keyPath: Self.rootKeyPath) { storedRoot = newValue }
        }
    }

    @ObservationIgnored @exclusivity(unchecked) private var storedRoot: NavigationNode?
    private static let rootKeyPath = \NavigationModel.root

    /// How long a change waits for the view's acknowledgement before it fails. Two seconds by
    /// default: far longer than any transition, short enough for a user to see the error.
    @ObservationIgnored public var acknowledgementTimeout: Duration = .seconds(2)

    // This and the other state the model's bookkeeping reads at every change are
    // `@exclusivity(unchecked)`: the model is confined to the main actor, and no access to them
    // overlaps another (each reads, assigns or changes in place and ends), while the dynamic check
    // of a class's stored property looks the thread's accesses up each time.

    /// Counts the changes of the tree, so the router plans again after its guards only when
    /// something changed.
    @ObservationIgnored @exclusivity(unchecked) public private(set) var treeRevision = 0

    /// What the model waits for the view to acknowledge: at most one appearance (the node on top
    /// after the last change) and the disappearance of each level dismissed.
    public var pendingAcknowledgements: [PendingAcknowledgement] {
        // Observed as the macro observes a stored property, with a key path made once: the macro's
        // literal is looked up at every read, and each change reads and writes this several times.
        access(keyPath: Self.pendingAcknowledgementsKeyPath)
        return storedPendingAcknowledgements
    }

    /// The storage of ``pendingAcknowledgements``, which the model's own bookkeeping reads: it runs
    /// in changes and in the views' reports, never in a view's body, and an observed read looks up
    /// the thread's tracking state each time (a change and its acknowledgement read it four times).
    @ObservationIgnored @exclusivity(unchecked) private var storedPendingAcknowledgements: [PendingAcknowledgement] = []
    private static let pendingAcknowledgementsKeyPath = \NavigationModel.pendingAcknowledgements

    /// Changes ``pendingAcknowledgements`` in place, telling its observers.
    private func changePendingAcknowledgements(_ change: (inout [PendingAcknowledgement]) -> Void) {
        withMutation(keyPath: Self.pendingAcknowledgementsKeyPath) { change(&storedPendingAcknowledgements) }
    }

    /// Runs a change the router makes without animation. ComposerSwiftUI's `NavigationModelView`
    /// sets it to run the change in a transaction that disables SwiftUI's animations, so that
    /// `animated: false` (and every change but the last of a navigation) shows no transition, as in
    /// UIKit. Without it (in tests, before any view exists) the change is applied as any other.
    @ObservationIgnored @exclusivity(unchecked) package var runWithoutAnimation: (@MainActor (() -> Void) -> Void)?

    /// A stack popped without animation whose views have not heard of it yet: the push that joins
    /// the pop tells them in its own transaction (SwiftUI updates a view in the transaction of the
    /// first change it observes, so a pop told first would set the push's animation); anything
    /// else the model does first tells them, without animation, and so does the end of the
    /// navigation (or, outside one, the main actor's next turn).
    @ObservationIgnored @exclusivity(unchecked) private var untoldPop: StackNode? {
        willSet {
            // Observed as ``isSettled``, which reads whether there is one.
            if (newValue == nil) != (untoldPop == nil) {
                _$observationRegistrar.willSet(self, keyPath: Self.untoldPopKeyPath)
            }
        }
        didSet {
            if (oldValue == nil) != (untoldPop == nil) {
                _$observationRegistrar.didSet(self, keyPath: Self.untoldPopKeyPath)
            }
        }
    }
    private static let untoldPopKeyPath = \NavigationModel.untoldPop
    /// Whether a turn of the main actor is to tell ``untoldPop``.
    @ObservationIgnored @exclusivity(unchecked) private var tellingScheduled = false
    /// Whether a popover may be presented: set when one is, cleared when
    /// ``dropPopoverWhoseAnchorLeft()`` finds none, so that a model without popovers skips it.
    @ObservationIgnored @exclusivity(unchecked) private var popoverMayBeShown = false
    /// How many navigations of routers are running in this model (one inside another counts too).
    @ObservationIgnored @exclusivity(unchecked) private var navigationsRunning = 0

    /// Called with each acknowledgement the model starts waiting for; the test kit's driver answers
    /// it to stand in for a view.
    @ObservationIgnored package var acknowledgementRequested: (@MainActor (PendingAcknowledgement) -> Void)?
    /// What stands in for the views in a test, as a timeout's message names it; set by the test
    /// kit's driver.
    @ObservationIgnored package var viewsStandIn: String?

    @ObservationIgnored @exclusivity(unchecked) private var waiters: [Waiter] = []
    @ObservationIgnored @exclusivity(unchecked) private var nextWaiterID = 0
    @ObservationIgnored @exclusivity(unchecked) private var nextAcknowledgementID = 0
    /// How the nodes refer back to this model, made when one first does (not weakly, for the
    /// reason ``BackLink`` gives).
    @ObservationIgnored @exclusivity(unchecked) nonisolated(unsafe) private var ownLink: BackLink<NavigationModel>?
    var link: BackLink<NavigationModel> { BackLink.kept(in: &ownLink, to: self) }

    private struct Waiter {
        let id: Int
        let continuation: CheckedContinuation<Void, any Error>
        let timer: Task<Void, Never>
    }

    /// Creates a model showing `root` (shown at once, with nothing to acknowledge). A root that is
    /// already in a tree is refused and the model starts empty; ``setRootScreen(_:animated:)``
    /// throws the reason.
    public init(root: NavigationNode? = nil) {
        guard let root, (try? root.checkIsFree()) != nil else { return }
        self.root = root
        root.rootModel = self
    }

    deinit {
        // Nodes that someone else still holds no longer see this model.
        ownLink?.target = nil
    }

    /// The root node, if any.
    public var rootScreen: (any Screen)? { root }

    /// The node the user sees on top, as `ScreenTree.current` answers for this model.
    public var current: NavigationNode? { ScreenTree(window: self).current as? NavigationNode }

    /// The screen on top for the model's own bookkeeping, found once per ``treeRevision``: a change
    /// asks it before and after, and the next change asks it before again. Read only by the model,
    /// never by a view: the remembered answer records no observation access.
    var screenOnTop: (any Screen)? {
        if let onTop = screenOnTopCache, onTop.revision == treeRevision { return onTop.screen }
        let screen = findScreenOnTop()
        screenOnTopCache = (treeRevision, screen)
        return screen
    }

    /// What `ScreenTree.current` answers for this model, found over the nodes' own links. Only the
    /// outermost node of a level hosts a presentation (see ``NavigationNode``), so the level on top
    /// ends the root's chain of presentations that are not being dismissed, and the screen on top
    /// is that level's visible leaf; the engine's walk also asks every node on each level's visible
    /// path what it hosts, through the `Screen` protocol, which cost a quarter of a tab selection.
    private func findScreenOnTop() -> (any Screen)? {
        guard var node = storedRoot else { return nil }
        for _ in 0..<10_000 {
            guard let presented = node.presentedNodeUnobserved, !presented.isBeingDismissed else { break }
            node = presented
        }
        for _ in 0..<10_000 {
            guard let child = node.visibleChildUnobserved() else { break }
            node = child
        }
        return node
    }

    /// The last answer of ``screenOnTop`` and the revision it holds for. Every change bumps the
    /// revision and asks again at once, so it never keeps a node that left the tree alive.
    @ObservationIgnored @exclusivity(unchecked) private var screenOnTopCache: (revision: Int, screen: (any Screen)?)?

    /// The first node called `name`, the root level first, containers before their children.
    public func node(named name: String) -> NavigationNode? {
        allNodes().first { $0.name == name }
    }

    /// Every node of the tree, presented levels included, and a level that
    /// ``NavigationNode/isBeingDismissed`` too: the model holds it until SwiftUI writes its binding.
    public func allNodes() -> [NavigationNode] {
        guard let root else { return [] }
        return TreeEditing.presentationChain(from: root).flatMap { ScreenTree.containedScreens(of: $0) }
            .compactMap { $0 as? NavigationNode }
    }

    /// Replaces the root and returns when the new top node appeared. The old root leaves with
    /// everything presented over it; the same root again does nothing.
    public func setRootScreen(_ screen: any Screen, animated: Bool) async throws {
        try await replaceRoot(with: screen, animated: animated, waits: true)
    }

    /// Replaces the root for a router's navigation (its `ReplaceRootAction`) and returns at once:
    /// the changes after it join it in one state change, as they join a tab selection, so a cold
    /// start from a link shows the linked tab, with its stack pushed, in the first update (UIKit
    /// shows a window's new root with the changes made before its first layout). The navigation
    /// waits for the screen on top at its next change that waits, or at its end.
    package func setRootScreenJoiningNextChanges(_ screen: any Screen, animated: Bool) async throws {
        try await replaceRoot(with: screen, animated: animated, waits: false)
    }

    private func replaceRoot(with screen: any Screen, animated: Bool, waits: Bool) async throws {
        let newRoot = try TreeEditing.node(screen)
        guard newRoot !== root else { return }
        try newRoot.checkIsFree()
        // Without animation when asked, even when it does not wait: what joins it is drawn in
        // views the new root makes, which show it as they appear, with nothing to animate.
        try await applyChange(
            .text("set root \(newRoot)"), animated: animated, waits: waits, inTransactionAnimated: animated
        ) {
            if let old = root {
                TreeEditing.detachPresentations(from: old)
                old.rootModel = nil
            }
            root = newRoot
            newRoot.rootModel = self
        }
    }

    // MARK: - Settling

    /// Whether nothing waits for the view (and the views have heard of every change).
    public var isSettled: Bool {
        access(keyPath: Self.untoldPopKeyPath)
        return pendingAcknowledgements.isEmpty && untoldPop == nil
    }

    /// Counts a router's navigation, which tells the views of a kept pop when it ends.
    public func navigationWillBegin() {
        navigationsRunning += 1
    }

    /// Tells the views of a pop kept for a change that did not come.
    public func navigationDidEnd() {
        // Never below zero: a call of the app's own, unpaired, must not stop the count.
        navigationsRunning = max(navigationsRunning - 1, 0)
        if navigationsRunning == 0 { tellUntoldPop() }
    }

    /// Returns once the view acknowledged every change, or after ``acknowledgementTimeout``, when
    /// what was not acknowledged is given up (the change that waited for it has failed already).
    public func waitUntilSettled() async {
        do {
            try await waitForAcknowledgements()
        } catch {
            // The change that waited reported it; the next navigation starts from the model as it is.
        }
    }

    /// Returns once the view acknowledged every change, and throws what that wait threw: an
    /// ``AcknowledgementTimeoutError``, or ``InterruptedByUserError`` when the user's move took the
    /// awaited node away. The router awaits it at the end of a navigation whose last change did
    /// not wait (a tab selection, a pop kept for a push that did not come), so that the navigation
    /// returns once its destination appeared, or fails saying what never did.
    public func waitUntilChangesShown() async throws {
        try await waitForAcknowledgements()
    }

    // MARK: - Changes

    /// Applies `change` (without SwiftUI's animations unless `animated`); when the node on top is
    /// another one after it, waits (if `waits`) for that node to appear.
    ///
    /// A change that does not wait is applied as it is, whatever `animated` says: the next change
    /// joins it in the same state change, and SwiftUI updates a view in the transaction of the
    /// first change it observes. (A tab selection, which SwiftUI does not animate; a stack's pop
    /// changes silently and is told later, see ``deferTelling(popOf:)``.) `inTransactionAnimated`
    /// says otherwise for a change whose own animation counts (a new root).
    func applyChange(
        _ summary: @autoclosure () -> ChangeSummary, animated: Bool, waits: Bool = true,
        inTransactionAnimated: Bool? = nil, _ change: () throws -> Void
    ) async throws {
        tellUntoldPop()
        let before = screenOnTop
        do {
            try perform(
                {
                    try change()
                    dropPopoverWhoseAnchorLeft()
                }, animated: inTransactionAnimated ?? (animated || !waits))
        } catch {
            // Only an app's own container's change throws, and it may have changed part of the
            // tree first: the model cannot tell, so it counts a change. The router then reports
            // the screen as changed rather than as it was, and the screen on top is found again.
            treeRevision &+= 1
            throw error
        }
        treeRevision &+= 1
        if let after = screenOnTop as? NavigationNode, after !== before {
            expect(.appearance, of: after, change: summary())
        }
        if waits { try await waitForAcknowledgements() }
    }

    /// Counts a change of the tree as the router sees it that the views made without a write: a
    /// presented level's view that disappeared unasked, or came back. The routers see it as the
    /// user's change when it changed the screen on top (`leaving` before it).
    func viewsChangedTheTree(leaving: (any Screen)?) {
        treeRevision &+= 1
        DefaultRouter.userChangedScreens(in: self, leaving: leaving)
    }

    /// Takes back what `host` presents, with everything above it, after its view never appeared:
    /// the views were never told to show it, so nothing waits for it to disappear. `revision` is
    /// the tree's revision before the presentation: when nothing else changed since, the tree is
    /// that one again, and a navigation that fails here says the screen is as it was.
    func withdrawPresentation(from host: NavigationNode, presentedAt revision: Int) {
        tellUntoldPop()
        // Never shown, so nothing to animate away.
        perform({ TreeEditing.detachPresentations(from: host) }, animated: false)
        treeRevision &+= 1
        // The presentation counted one change and taking it back another.
        if treeRevision == revision &+ 2 { revisionTakenBack = (revision: treeRevision, sameTreeAs: revision) }
    }

    /// The last revision that holds the same tree as an earlier one: a presentation taken back
    /// with nothing changed between.
    @ObservationIgnored @exclusivity(unchecked) private var revisionTakenBack: (revision: Int, sameTreeAs: Int)?

    /// Whether the tree is the one it was at `revision`: the same revision, or the revision after
    /// a presentation taken back (``withdrawPresentation(from:presentedAt:)``) and the one before it.
    package func treeIsUnchanged(since revision: Int) -> Bool {
        if treeRevision == revision { return true }
        guard let takenBack = revisionTakenBack else { return false }
        return takenBack.revision == treeRevision && takenBack.sameTreeAs == revision
    }

    /// Applies `change`, which dismisses `level` (without SwiftUI's animations unless `animated`),
    /// and waits for `level` to disappear, unless its view reported already that it disappeared.
    func applyDismissal(
        of level: NavigationNode, animated: Bool, summary: ChangeSummary, _ change: () -> Void
    ) async throws {
        tellUntoldPop()
        let goneAlready = level.viewDisappearedUnasked
        perform(change, animated: animated)
        treeRevision &+= 1
        dropAppearance(unlessCurrent: true)
        if !goneAlready { expect(.disappearance, of: level, change: summary) }
        try await waitForAcknowledgements()
    }

    /// Keeps `stack`'s pop, applied without telling its observers, for the change that joins it;
    /// tells one kept before first.
    func deferTelling(popOf stack: StackNode) {
        tellUntoldPop()
        untoldPop = stack
        guard navigationsRunning == 0, !tellingScheduled else { return }
        tellingScheduled = true
        // A pop made outside a router's navigation (an app's own call), which no end of navigation
        // tells, still reaches the views if nothing joins it.
        // Through the link, not `[weak self]`: see ``BackLink``.
        Task { @MainActor [link] in
            link.target?.tellingScheduled = false
            link.target?.tellUntoldPop()
        }
    }

    /// Lets `stack`'s change, about to be made, tell its views of its kept pop; returns whether
    /// there was one.
    @discardableResult
    func claimUntoldPop(of stack: StackNode) -> Bool {
        guard untoldPop === stack else { return false }
        untoldPop = nil
        return true
    }

    /// Tells the views of a kept pop, without animation.
    private func tellUntoldPop() {
        guard let stack = untoldPop else { return }
        untoldPop = nil
        perform({ stack.tellNodesChanged() }, animated: false)
    }

    /// Runs `change`, through ``runWithoutAnimation`` when it is not to be animated; an error it
    /// throws there is carried out of the hook.
    @inline(__always)
    private func perform<Failure: Error>(_ change: () throws(Failure) -> Void, animated: Bool) throws(Failure) {
        guard !animated, let runWithoutAnimation else { return try change() }
        var failure: Failure?
        runWithoutAnimation {
            do throws(Failure) { try change() } catch { failure = error }
        }
        if let failure { throw failure }
    }

    /// Applies a change the user made (a binding written by SwiftUI) and reports it to the routers
    /// of this model as the user's. A waited-for appearance of a node that is no longer on top
    /// fails: the user's change took it away.
    func applyUserChange(_ summary: String, failingHiddenAppearances: Bool = true, _ change: () -> Void) {
        tellUntoldPop()
        let leaving = screenOnTop
        change()
        dropPopoverWhoseAnchorLeft()
        treeRevision &+= 1
        let now = screenOnTop
        for pending in storedPendingAcknowledgements
        where failingHiddenAppearances && pending.isAppearance(ofOtherThan: now) {
            fail(pending, with: InterruptedByUserError(expected: pending.description, userChange: summary))
        }
        DefaultRouter.userChangedScreens(in: self, leaving: leaving)
    }

    /// Notes that a popover was presented, for ``dropPopoverWhoseAnchorLeft()``.
    func popoverPresented() {
        popoverMayBeShown = true
    }

    /// The lowest popover anchored on one of `nodes` or on a node inside one of them: it leaves
    /// with them (``dropPopoverWhoseAnchorLeft()``), so a user's move that removes them asks it too.
    func popoverAnchored(in nodes: [NavigationNode]) -> NavigationNode? {
        guard popoverMayBeShown, let root else { return nil }
        for level in TreeEditing.presentationChain(from: root) where level.activePresentationStyle == .popover {
            var anchor = level.popoverAnchorNode
            for _ in 0..<10_000 {
                guard let node = anchor else { break }
                if nodes.contains(where: { $0 === node }) { return level }
                anchor = node.parentNode
            }
        }
        return nil
    }

    /// Takes out, with what it presents, a popover whose anchor (``NavigationNode/popoverAnchor``)
    /// is no longer in the level the popover is presented over: SwiftUI shows a popover from its
    /// anchor's view, so it went with that view, and no write of its binding will come to take it
    /// out. Runs in the change that moved the anchor. The router never moves the anchor of a popover
    /// on screen (it dismisses what covers a screen first); what it can move is the anchor of one
    /// the user swiped away whose binding write has not come yet, or the app's own code can.
    private func dropPopoverWhoseAnchorLeft() {
        guard popoverMayBeShown, let root else { return }
        let popovers = TreeEditing.presentationChain(from: root).filter { $0.activePresentationStyle == .popover }
        popoverMayBeShown = !popovers.isEmpty
        // The lowest one: taking it out takes out what is presented above it.
        if let orphan = popovers.first(where: { $0.popoverAnchorNode?.levelRoot !== $0.presenterNode }),
            let host = orphan.presenterNode
        {
            TreeEditing.detachPresentations(from: host)
        }
    }

    // MARK: - Late writes

    /// The hosts that owe a dismissal write: each took out a level swiped away before SwiftUI wrote
    /// its binding (``NavigationNode/userDismissed(_:)``). Rare and few: a list.
    @ObservationIgnored @exclusivity(unchecked) private var lateDismissalWrites: [LateDismissalWrite] = []

    private struct LateDismissalWrite {
        weak var host: NavigationNode?
        /// The level taken out, as words: the record must not keep it alive.
        let level: String
        /// Whether it was a popover, whose write comes through its anchor's binding, not the sheet's.
        let wasPopover: Bool
    }

    /// Notes that `host` took out `level`, whose view disappeared before SwiftUI wrote the binding.
    func noteLateDismissalWrite(owedBy host: NavigationNode, for level: NavigationNode) {
        // Hosts gone from the model owe nothing any more: SwiftUI's write for them reaches no model.
        lateDismissalWrites.removeAll { $0.host === host || $0.host?.containingModel !== self }
        lateDismissalWrites.append(
            LateDismissalWrite(
                host: host, level: level.description, wasPopover: level.activePresentationStyle == .popover))
    }

    /// Ends the record of a write `host` owes, if the write naming `shown` (`nil`: the binding
    /// rendered nothing) can be it, and returns the level it was owed for.
    func takeLateDismissalWrite(owedBy host: NavigationNode, slotOf shown: NavigationNode?) -> String? {
        guard !lateDismissalWrites.isEmpty else { return nil }
        let isPopover = shown?.activePresentationStyle == .popover
        guard
            let index = lateDismissalWrites.firstIndex(where: {
                $0.host === host && (shown == nil || $0.wasPopover == isPopover)
            })
        else { return nil }
        return lateDismissalWrites.remove(at: index).level
    }

    // MARK: - Acknowledgements

    /// Starts waiting for `node` to appear or disappear. An appearance replaces the one waited for
    /// before: only the node on top at the end of a state change appears.
    func expect(_ kind: PendingAcknowledgement.Kind, of node: NavigationNode, change: ChangeSummary) {
        if kind == .appearance { dropAppearance(unlessCurrent: false) }
        nextAcknowledgementID += 1
        let pending = PendingAcknowledgement(id: nextAcknowledgementID, kind: kind, node: node, summary: change)
        node.setAcknowledgingModel(self, for: kind)
        changePendingAcknowledgements { $0.append(pending) }
        acknowledgementRequested?(pending)
    }

    private func dropAppearance(unlessCurrent: Bool) {
        let now = unlessCurrent ? screenOnTop : nil
        // Most changes have no appearance to drop: observers are told only of a real change. A
        // loop, not `contains(where:)`: the closure, which captures `now`, was allocated each time.
        for pending in storedPendingAcknowledgements where pending.isAppearance(ofOtherThan: now) {
            changePendingAcknowledgements { $0.removeAll { $0.isAppearance(ofOtherThan: now) } }
            break
        }
        resumeWaitersIfSettled()
    }

    /// Ends the wait for `node`'s `kind` of acknowledgement; returns whether the model waited for it.
    @discardableResult
    package func acknowledge(_ kind: PendingAcknowledgement.Kind, of node: NavigationNode) -> Bool {
        // A loop, not `firstIndex(where:)`: a closure written in main-actor code is checked at run time.
        let pending = storedPendingAcknowledgements
        var found: Int?
        for index in pending.indices where pending[index].kind == kind && pending[index].node === node {
            found = index
            break
        }
        guard let index = found else { return false }
        changePendingAcknowledgements { _ = $0.remove(at: index) }
        resumeWaitersIfSettled()
        return true
    }

    /// Returns once nothing waits for the view; throws ``AcknowledgementTimeoutError`` after
    /// ``acknowledgementTimeout``, and the error of a wait the user's change made impossible.
    ///
    /// Inlined, so that a change the view acknowledged already (as it mostly has by now) returns
    /// without calling the part that suspends: an async call that has nothing to wait for still
    /// hops to the main actor and allocates its frame.
    @inline(__always)
    func waitForAcknowledgements() async throws {
        tellUntoldPop()
        guard !storedPendingAcknowledgements.isEmpty else { return }
        try await suspendUntilAcknowledged()
    }

    /// The suspending part of ``waitForAcknowledgements()``.
    private func suspendUntilAcknowledged() async throws {
        nextWaiterID += 1
        let id = nextWaiterID
        let timeout = acknowledgementTimeout
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            let timer = Task { @MainActor [link] in
                try? await Task.sleep(for: timeout)
                guard !Task.isCancelled else { return }
                link.target?.timeOut(waiter: id)
            }
            waiters.append(Waiter(id: id, continuation: continuation, timer: timer))
        }
    }

    private func timeOut(waiter id: Int) {
        guard waiters.contains(where: { $0.id == id }) else { return }
        let missed = storedPendingAcknowledgements
        changePendingAcknowledgements { $0.removeAll() }
        // Every wait gets the timeout: what they waited for was dropped unseen, and another wait
        // resumed as settled would report changes the views never showed.
        endAllWaits(
            .failure(
                AcknowledgementTimeoutError(
                    expected: missed.map(\.description), timeout: acknowledgementTimeout, standIn: viewsStandIn)))
    }

    private func fail(_ pending: PendingAcknowledgement, with error: any Error) {
        changePendingAcknowledgements { $0.removeAll { $0.id == pending.id } }
        endAllWaits(.failure(error))
    }

    /// Ends every wait with `outcome`, each with its timer stopped.
    private func endAllWaits(_ outcome: Result<Void, any Error>) {
        let ending = waiters
        waiters.removeAll()
        for waiter in ending {
            waiter.timer.cancel()
            waiter.continuation.resume(with: outcome)
        }
    }

    private func resumeWaitersIfSettled() {
        guard storedPendingAcknowledgements.isEmpty, !waiters.isEmpty else { return }
        endAllWaits(.success(()))
    }
}

/// Something the model waits for the view to acknowledge.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public struct PendingAcknowledgement: CustomStringConvertible {
    /// What the view is to report.
    public enum Kind: String, Sendable {
        /// The node's view appeared (``NavigationNode/didAppear()``).
        case appearance
        /// The node's view disappeared (``NavigationNode/didDisappear()``).
        case disappearance
    }

    /// Tells two waits apart, in the order they began.
    public let id: Int
    /// What the view is to report.
    public let kind: Kind
    /// The node whose view is to report it.
    public let node: NavigationNode
    /// The change that waits for it, such as `push screen "product 42" on nav "products"`.
    public nonisolated var change: String { summary.text }

    /// The change, worded when ``change`` is read.
    let summary: ChangeSummary

    /// Whether this waits for the appearance of a node other than `screen`: one that a change or
    /// the user's move took off the top (`nil`: any appearance).
    func isAppearance(ofOtherThan screen: (any Screen)?) -> Bool {
        kind == .appearance && node !== screen
    }

    /// `appearance of screen "product 42" (push screen "product 42" on nav "products")`.
    public nonisolated var description: String { "\(kind.rawValue) of \(node) (\(change))" }
}

/// A change the model waits on, kept as its parts and worded only when read: a navigation makes
/// several changes and waits on each, but only an error or a test reads what they were.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
enum ChangeSummary: Sendable {
    /// Already worded (a change an app's own container makes, and the rare ones).
    case text(String)
    /// `<verb> <subject> <link> <object>`, such as `present screen "a" from nav "b"`.
    case phrase(StaticString, NavigationNode, StaticString, NavigationNode)
    /// `select tab <index> of <tabs>`.
    case selectTab(Int, of: NavigationNode)
    /// `empty <stack>`.
    case empty(NavigationNode)

    /// The change in words.
    var text: String {
        switch self {
        case .text(let text): text
        case .phrase(let verb, let subject, let link, let object): "\(verb) \(subject) \(link) \(object)"
        case .selectTab(let index, let tabs): "select tab \(index) of \(tabs)"
        case .empty(let stack): "empty \(stack)"
        }
    }
}
