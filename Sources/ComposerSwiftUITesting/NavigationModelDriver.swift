import Composer
import ComposerSwiftUIModel
import ComposerTesting
import Observation

/// Stands in for the SwiftUI views of a ``NavigationModel`` in tests, on any platform: acknowledges
/// what the views would (appearances, disappearances), makes the writes the user's gestures make
/// (a back swipe, a sheet swiped down, a tab tapped, a split view collapsing), and renders the tree
/// as text in the format of the UIKit twin's `ScreenTreeRenderer`.
///
/// ```swift
/// let model = NavigationModel()
/// let driver = NavigationModelDriver(model: model)   // acknowledges at once
/// let router = DefaultRouter(windowProvider: FixedWindowProvider(model))
/// try await router.navigate(to: product, with: 42)
/// driver.userTapBack()
/// #expect(driver.render() == "...")
/// ```
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
public final class NavigationModelDriver {
    /// When the driver acknowledges what the model waits for.
    public enum AcknowledgementMode: Sendable {
        /// As soon as the model starts waiting, as views that appear at once would.
        case automatic
        /// Only when the test calls ``acknowledgeNext()`` or ``acknowledgeAll()``: a navigation then
        /// stops at each change until the test lets it go on (or the model's timeout ends it).
        case manual
        /// On the main actor's next turn, as SwiftUI calls `onAppear` and `onDisappear` after it
        /// rendered the change: every change a navigation waits for suspends it, and what the
        /// model waits for by then (a later change may have replaced it) is what is acknowledged.
        case nextTurn
    }

    // The driver's state is unchecked for exclusivity, as the model's bookkeeping is: it is
    // confined to the main actor and every access ends at once, while the dynamic check looked the
    // thread's accesses up four times in each acknowledgement, a third of the driver's own work.

    /// The model the driver stands in for the views of.
    public let model: NavigationModel
    /// When the driver acknowledges; switching to ``AcknowledgementMode/automatic`` or
    /// ``AcknowledgementMode/nextTurn`` acknowledges what waits.
    @exclusivity(unchecked) public var mode: AcknowledgementMode {
        didSet {
            model.viewsStandIn = Self.standIn(mode)
            if mode != .manual { acknowledgeAll() }
        }
    }

    /// How a timeout's message names the driver in `mode`.
    private static func standIn(_ mode: AcknowledgementMode) -> String {
        switch mode {
        case .manual:
            "the test's NavigationModelDriver, in manual mode (it acknowledges only what the test does, with acknowledgeNext() or acknowledgeAll()),"
        case .automatic, .nextTurn:
            "the test's NavigationModelDriver (\(mode == .automatic ? "automatic" : "nextTurn") mode: the view of what it waited for could not report, gone or never shown),"
        }
    }
    /// What the views reported and what the user did, one line each, in order:
    /// `appeared screen "home"`, `disappeared nav "cart"`, `user tab 1: applied: ...`.
    public var log: [String] { entries.map(\.text) }

    /// The log's lines, an acknowledgement kept as its parts and worded when ``log`` is read: the
    /// driver acknowledges every change of every navigation, and a test reads the log rarely. A
    /// node's kind and name are kept rather than the node, which the log must not keep alive.
    @exclusivity(unchecked) private var entries: [LogEntry] = []

    /// The levels whose view disappeared before the model asked (``userSwipeDownWritingLater(_:)``),
    /// until they leave their host: a view reports its disappearance once, so the driver does not
    /// report it again, and shows nothing in or from them.
    @exclusivity(unchecked) private var goneViews: Set<NodeID> = []

    /// The levels beneath each full-screen cover shown, by the cover's identity: their views
    /// disappeared when it appeared, and appear again when it goes.
    @exclusivity(unchecked) private var hiddenByCover: [NodeID: [NodeID]] = [:]

    /// The levels whose view the user swiped away and that the model still holds (their binding
    /// write is still to come): what ``NavigationNode/isBeingDismissed`` must report, for a check.
    package var swipedAwayLevels: Set<NodeID> { goneViews }

    private enum LogEntry {
        case acknowledged(PendingAcknowledgement.Kind, kind: String, name: String)
        case line(String)

        var text: String {
            switch self {
            case .acknowledged(let acknowledged, let kind, let name):
                "\(acknowledged == .appearance ? "appeared" : "disappeared") \(NavigationNode.description(kind: kind, name: name))"
            case .line(let line): line
            }
        }
    }

    /// Drives `model`, acknowledging as `mode` says. Keep the driver as long as the model is used:
    /// the model holds it weakly, and without it nothing acknowledges the model's changes.
    public init(model: NavigationModel, mode: AcknowledgementMode = .automatic) {
        self.model = model
        self.mode = mode
        model.viewsStandIn = Self.standIn(mode)
        model.acknowledgementRequested = { [weak self] pending in
            guard let self else { return }
            switch self.mode {
            case .automatic:
                if self.viewCanReport(pending) { self.acknowledge(pending) }
            case .manual:
                break
            case .nextTurn:
                Task { @MainActor [weak self] in self?.acknowledgeIfStillAwaited(pending) }
            }
        }
    }

    // MARK: - Acknowledgements

    /// What the model waits for the views to acknowledge, oldest first.
    public var pending: [PendingAcknowledgement] { model.pendingAcknowledgements }

    /// Acknowledges the oldest wait a view can answer, as that view would; returns it, or `nil`
    /// when none waits. The disappearance of a view that is gone already never comes.
    @discardableResult
    public func acknowledgeNext() -> PendingAcknowledgement? {
        guard let next = model.pendingAcknowledgements.first(where: viewCanReport) else { return nil }
        acknowledge(next)
        return next
    }

    /// Acknowledges `pending` if the model still waits for it and its view can report it: a
    /// disappearance reported when nothing waits for it would be a view gone unasked.
    private func acknowledgeIfStillAwaited(_ pending: PendingAcknowledgement) {
        guard model.pendingAcknowledgements.contains(where: { $0.id == pending.id }), viewCanReport(pending) else {
            return
        }
        acknowledge(pending)
    }

    /// Acknowledges everything the model waits for.
    public func acknowledgeAll() {
        while acknowledgeNext() != nil {}
    }

    /// Lets other tasks run (a navigation started in a task) until the model waits for an
    /// acknowledgement; returns whether it does. Gives up once `turns` turns of the main actor and
    /// then at least `minimumSeconds` more have passed, for the reason
    /// ``TransitionClock/waitForPendingTransition(turns:minimumSeconds:)`` gives. A test that
    /// expects no change passes `minimumSeconds: 0`.
    @discardableResult
    public func waitForPendingAcknowledgement(turns: Int = 10_000, minimumSeconds: Double = 2) async -> Bool {
        await patientlyWait(turns: turns, minimumSeconds: minimumSeconds) { !model.pendingAcknowledgements.isEmpty }
    }

    /// Whether a view could report `pending`. A gone view reports no disappearance again, and no
    /// view appears in or from a level whose view is gone: SwiftUI presents and pushes only from a
    /// view on screen.
    private func viewCanReport(_ pending: PendingAcknowledgement) -> Bool {
        switch pending.kind {
        case .disappearance: !goneViews.contains(pending.node.id)
        case .appearance: goneViews.isEmpty || goneLevel(showing: pending.node) == nil
        }
    }

    /// The gone level that `node` is shown in or presented from, if any.
    private func goneLevel(showing node: NavigationNode) -> NavigationNode? {
        node.levelsDown.first { goneViews.contains($0.id) }
    }

    private func acknowledge(_ pending: PendingAcknowledgement) {
        entries.append(.acknowledged(pending.kind, kind: pending.node.kindName, name: pending.node.name))
        switch pending.kind {
        case .appearance:
            pending.node.didAppear()
            hideLevelsBeneath(coverOf: pending.node)
        case .disappearance:
            pending.node.didDisappear()
            showLevelsHidden(by: pending.node)
        }
    }

    /// When `node` appears in a full-screen cover shown for the first time, the views of the levels
    /// beneath it disappear, as a full-screen presentation takes the views under it off screen,
    /// without the model asking.
    private func hideLevelsBeneath(coverOf node: NavigationNode) {
        let cover = node.levelRoot
        guard cover.activePresentationStyle == .fullScreenCover, hiddenByCover[cover.id] == nil else { return }
        var hidden: [NodeID] = []
        for level in cover.levelsDown.dropFirst() where !goneViews.contains(level.id) {
            hidden.append(level.id)
            entries.append(.line("disappeared \(level) (under \(cover))"))
            level.didDisappear()
        }
        hiddenByCover[cover.id] = hidden
    }

    /// When a full-screen cover goes, the views of the levels it hid that are still in the tree
    /// appear again.
    private func showLevelsHidden(by cover: NavigationNode) {
        guard !hiddenByCover.isEmpty, let hidden = hiddenByCover.removeValue(forKey: cover.id) else { return }
        for level in model.allNodes() where hidden.contains(level.id) {
            entries.append(.line("appeared \(level) (the cover over it went)"))
            level.didAppear()
        }
    }

    // MARK: - The user's gestures

    /// The back button or edge swipe of `stack` (by default the nearest stack around the node on
    /// top): writes the path without its last node.
    @discardableResult
    public func userTapBack(in stack: StackNode? = nil) -> UserWriteOutcome {
        guard let stack = stack ?? nearest(StackNode.self) else {
            return record("user back", .ignored(noStackOnTop))
        }
        guard !stack.path.isEmpty else {
            // SwiftUI shows no back button above a stack's root: there is no write to make.
            return record("user back", .ignored("\(stack) shows its root, so it has no back button"))
        }
        return record("user back", stack.userWrotePath(Array(stack.path.dropLast()), rendered: stack.path))
    }

    /// A long press on the back button, choosing the stack's root: writes an empty path.
    @discardableResult
    public func userPopToRoot(in stack: StackNode? = nil) -> UserWriteOutcome {
        guard let stack = stack ?? nearest(StackNode.self) else {
            return record("user pop to root", .ignored(noStackOnTop))
        }
        return record("user pop to root", stack.userWrotePath([], rendered: stack.path))
    }

    /// Swipes down the presentation on top (or the level `node` is in): its host's binding writes
    /// `nil`. A full-screen cover cannot be swiped, and a presentation that refuses springs back.
    @discardableResult
    public func userSwipeDown(_ node: NavigationNode? = nil) -> UserWriteOutcome {
        switch swipeTarget(of: node) {
        case .level(let level, let host): record("user swipe", host.userDismissed(level))
        case .unswipeable(let outcome): record("user swipe", outcome)
        }
    }

    /// Swipes down the presentation on top (or the level `node` is in) as SwiftUI sometimes reports
    /// it: the level's view disappears now, and the binding writes `nil` only when the returned
    /// function is called (on a device, up to about a second later, after what the app did
    /// meanwhile). The write goes through the binding of the host's latest render, as SwiftUI's
    /// does: it names what the host shows in that place when it comes (the swiped level, one the
    /// app presented in its place, or nothing). Until the level leaves its host (by that write, or
    /// by a presentation in its place) the driver acknowledges nothing shown in or from it, as
    /// SwiftUI shows nothing from a view off screen. Returns `nil`, logging why, when the level
    /// cannot be swiped down.
    public func userSwipeDownWritingLater(_ node: NavigationNode? = nil) -> (@MainActor () -> UserWriteOutcome)? {
        switch swipeTarget(of: node) {
        case .level(let level, let host):
            entries.append(.line("user swipe: \(level) disappeared, the write comes later"))
            goneViews.insert(level.id)
            forgetGoneViews(of: level, whenTakenFrom: host)
            level.didDisappear()
            let anchor = level.activePresentationStyle == .popover ? level.popoverAnchor : nil
            return { [weak self] in
                let outcome = host.userDismissed(Self.rendered(by: host, popoverAnchoredOn: anchor))
                return self?.record("user swipe's late write", outcome) ?? outcome
            }
        case .unswipeable(let outcome):
            _ = record("user swipe", outcome)
            return nil
        }
    }

    /// What the binding of `host`'s sheet (or, given an anchor, of the popover on that anchor) shows
    /// in the host's latest render: what ComposerSwiftUI's presentation slot reads at each render.
    private static func rendered(by host: NavigationNode, popoverAnchoredOn anchor: NodeID?) -> NavigationNode? {
        guard let anchor else { return host.sheetNode }
        return host.popoverNode(anchoredOn: anchor)
    }

    /// Drops `level`'s gone views once `host` no longer presents it, as SwiftUI's views observe the
    /// model: presented again, the level gets new views, which appear.
    private func forgetGoneViews(of level: NavigationNode, whenTakenFrom host: NavigationNode) {
        let id = level.id
        withObservationTracking {
            _ = host.presentedNode
        } onChange: { [weak self] in
            // Called on the main actor, which changes the model, as the presented node changes.
            MainActor.assumeIsolated { _ = self?.goneViews.remove(id) }
        }
    }

    /// What a swipe-down reaches: a level and the node hosting it, or nothing, with the outcome.
    private enum SwipeTarget {
        case level(NavigationNode, host: NavigationNode)
        case unswipeable(UserWriteOutcome)
    }

    /// The level a swipe-down of `node`'s level (by default the top one) dismisses, or why none.
    private func swipeTarget(of node: NavigationNode?) -> SwipeTarget {
        guard let level = presentedLevel(of: node) else {
            return .unswipeable(.ignored("nothing presented to swipe down"))
        }
        guard let style = level.activePresentationStyle, style.canBeSwipedDown else {
            return .unswipeable(.ignored("\(level) is a full-screen cover, which cannot be swiped down"))
        }
        if level.refusesInteractiveDismissal {
            return .unswipeable(.refused("\(level) springs back: interactiveDismissDisabled"))
        }
        guard let host = level.presentingScreen as? NavigationNode else {
            return .unswipeable(.ignored("\(level) has no host"))
        }
        return .level(level, host: host)
    }

    /// SwiftUI's `dismiss` action called in `node`'s view: pops it when it is pushed, dismisses its
    /// presentation when it is presented (any style).
    @discardableResult
    public func userDismiss(_ node: NavigationNode) -> UserWriteOutcome {
        if let stack = node.parentScreen as? StackNode, let index = stack.path.firstIndex(of: node) {
            return record(
                "user dismiss \(node)", stack.userWrotePath(Array(stack.path.prefix(index)), rendered: stack.path))
        }
        guard let level = presentedLevel(of: node), let host = level.presentingScreen as? NavigationNode else {
            return record("user dismiss \(node)", .ignored("\(node) is neither pushed nor presented"))
        }
        let outcome = record("user dismiss \(node)", host.userDismissed(level))
        if outcome.isApplied { showLevelsHidden(by: level) }
        return outcome
    }

    /// Taps tab `index` of `tabs` (by default the nearest tab view around the node on top, else the
    /// root's): writes the tab's identity to the selection.
    @discardableResult
    public func userTapTab(_ index: Int, in tabs: TabsNode? = nil) -> UserWriteOutcome {
        guard let tabs = tabs ?? nearest(TabsNode.self) ?? (model.root as? TabsNode) else {
            return record("user tab \(index)", .ignored("no tab view on screen"))
        }
        guard tabs.tabs.indices.contains(index) else {
            // A tab bar has no such item to tap: the test's mistake, not a write of SwiftUI's.
            return record("user tab \(index)", .ignored("\(tabs) has no tab \(index) (it has \(tabs.tabs.count))"))
        }
        return record("user tab \(index)", tabs.userSelectedTab(tabs.tabs[index].id))
    }

    /// The width class of `split` changes: it collapses to one column or expands to two.
    @discardableResult
    public func userResize(_ split: SplitNode, collapsed: Bool) -> UserWriteOutcome {
        record("user \(collapsed ? "collapse" : "expand") \(split)", split.userWroteCollapsed(collapsed))
    }

    /// Shows `column` of a collapsed `split` (the back button of the detail shows the primary one).
    @discardableResult
    public func userShowColumn(_ column: SplitColumn, of split: SplitNode) -> UserWriteOutcome {
        record(
            "user column \(column.rawValue)",
            split.userWroteCompactColumn(column, renderedColumn: split.compactColumn, renderedDetail: split.secondary))
    }

    private func record(_ gesture: String, _ outcome: UserWriteOutcome) -> UserWriteOutcome {
        entries.append(.line("\(gesture): \(outcome)"))
        return outcome
    }

    /// Why a back tap finds no stack: the screen on top is in none (a stack beneath a sheet is
    /// covered by it).
    private var noStackOnTop: String {
        "no stack holds the screen on top (\(model.current.map { "\($0)" } ?? "nothing")), so there is no back button"
    }

    private func nearest<T>(_ type: T.Type) -> T? {
        model.current.flatMap { ScreenTree.nearest(T.self, from: $0) }
    }

    /// The outermost node of the presented level `node` is in, or of the top level.
    private func presentedLevel(of node: NavigationNode?) -> NavigationNode? {
        let start = node ?? model.current
        guard let start, let root = ScreenTree.levelRoot(of: start) as? NavigationNode else { return nil }
        return root.activePresentationStyle == nil ? nil : root
    }

    // MARK: - Rendering

    /// The tree as indented text in the format of the twin's `ScreenTreeRenderer`; a presented level
    /// follows a `presented <style>:` line naming its SwiftUI presentation (`sheet`,
    /// `sheet [medium, large]`, `fullScreenCover`, `popover`).
    public func render() -> String {
        Self.renderer.render(window: model)
    }

    /// `node`'s subtree as indented text, starting at column 0.
    public func render(_ node: NavigationNode) -> String {
        Self.renderer.render(node)
    }

    /// The twin's renderer, naming a node's presentation style.
    public static var renderer: ScreenTreeRenderer {
        ScreenTreeRenderer { screen in
            (screen as? NavigationNode)?.activePresentationStyle.map { "\($0)" } ?? "modal"
        }
    }
}
