import Composer
import Observation

/// A `NavigationStack` and its path: the router's navigation stack container.
///
/// ``nodes`` holds the whole stack, bottom first: the first node is the stack's root view and the
/// rest is the path (``path``), which the view binds to `NavigationStack(path:)` with one
/// `navigationDestination(for: NavigationNode.self)`. Setting several levels at once is one state
/// change, so a pop of several screens is one animation and a deep push shows no blank screens.
///
/// The user's back button, edge swipe and long-press back menu write a shorter path: the view
/// passes it to ``userWrotePath(_:rendered:)``.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
@MainActor
open class StackNode: NavigationNode, NavigationStackContainer {
    /// The stack, bottom first; the last node is on screen.
    public private(set) var nodes: [NavigationNode] {
        get {
            access(keyPath: Self.nodesKeyPath, of: self)
            return storedNodes
        }
        set {
            // As the macro's setter: the same nodes again tell no one.
            guard newValue != storedNodes else { return }
            withMutation(keyPath: Self.nodesKeyPath, of: self) {
                storedNodes = newValue
                nodesAsScreens = newValue
            }
        }
    }

    /// The storage of ``nodes`` (observed through ``NavigationNode``'s registrar; see there).
    private var storedNodes: [NavigationNode] = []

    // Unchecked for exclusivity as the model's bookkeeping is (see `NavigationModel.treeRevision`):
    // it is only assigned whole and read.
    /// ``nodes`` as screens, converted once per change rather than at each read: the router reads
    /// a stack's children several times per navigation, and converting wraps every node.
    @exclusivity(unchecked) private var nodesAsScreens: [any Screen] = []

    /// Creates a stack holding `nodes`, bottom first. A node the stack would refuse (not free, given
    /// twice, a stack or a split view, or a container holding one at any depth) is left out.
    public init(_ name: String = "nav", nodes: [NavigationNode] = []) {
        super.init(name)
        storedNodes = adoptAcceptable(nodes, forStack: true)
        nodesAsScreens = storedNodes
    }

    /// `nav`.
    nonisolated override open var kindName: String { "nav" }

    /// Itself, without a dynamic cast.
    override public var asContainer: (any ScreenContainer)? { self }

    /// The bottom node: the stack's root view.
    public var rootNode: NavigationNode? { nodes.first }

    /// The nodes above the bottom one: the `NavigationStack`'s path.
    public var path: [NavigationNode] { Array(nodes.dropFirst()) }

    /// The node on screen.
    public var topNode: NavigationNode? { nodes.last }

    /// Whether the top node may not be popped by the user now (it, or what it contains, refuses to
    /// be dismissed): the view hides the back button of the top node, which also disables the edge
    /// swipe.
    public var refusesBackGesture: Bool {
        guard nodes.count > 1, let top = nodes.last else { return false }
        return (try? ScreenTree.checkDismissal(of: [top])) == nil
    }

    /// The stack, bottom first.
    public var stack: [any Screen] { screens }

    /// The stack, bottom first.
    override open var childScreens: [any Screen] { screens }

    /// ``nodes`` as screens, read as ``nodes`` is (for observation).
    private var screens: [any Screen] {
        access(keyPath: Self.nodesKeyPath, of: self)
        return nodesAsScreens
    }

    /// The top node, read without the whole stack: the router asks it of every stack on the
    /// visible path at each navigation.
    public var focusedChildScreen: (any Screen)? {
        // Recorded for observation with a key path made once: a key-path literal is looked up at
        // every read.
        access(keyPath: Self.nodesKeyPath, of: self)
        return storedNodes.last
    }

    private static let nodesKeyPath = \StackNode.nodes

    /// The top node, for the model's own bookkeeping (see ``NavigationNode``).
    override func visibleChildUnobserved() -> NavigationNode? { storedNodes.last }

    /// The top node alone, read as ``focusedChildScreen`` is.
    public var visibleChildScreens: [any Screen] {
        // No closure: one formed on the main actor and handed to `map` is checked at run time.
        guard let top = focusedChildScreen else { return [] }
        return [top]
    }

    /// Replaces the stack in one state change and returns when the new top node appeared (at once
    /// when the top stays). Throws ``NodeError``, changing nothing, for a node that is not free, is
    /// given twice, or is a stack or a split view (or a container holding one at any depth).
    ///
    /// A pop without animation returns at once, as ``TabsNode/selectTab(at:)`` does: the router
    /// animates only the last change of a navigation, so a push that follows (a link to another
    /// product) joins the same state change, and SwiftUI shows one push rather than a pop and a
    /// push; what follows waits for the appearance with its own, and the router waits for it at the
    /// end of the navigation. The views hear of such a pop with the push that joins it, in that
    /// push's transaction, or else on their own without animation before the model next changes or
    /// waits, or when the router's navigation ends (outside one, on the main actor's next turn).
    public func setStack(_ screens: [any Screen], animated: Bool) async throws {
        // A pop keeps the start of the stack: those nodes are this stack's already and were checked
        // when they came, so only the ones past it leave. Anything else is checked node by node.
        if let keptCount = keptStartCount(of: screens) {
            return try await pop(keepingFirst: keptCount, animated: animated)
        }
        let model = containingModel
        let oldNodes = nodes
        let newNodes = try validatedChildren(screens, forStack: true)
        // No closure (`contains(where:)`): one written in main-actor code is checked at run time.
        var verb: StaticString = "push"
        if let top = newNodes.last {
            for node in oldNodes where node === top {
                verb = "pop to"
                break
            }
        }
        // A pop of this stack not told yet is told by this change, in its transaction.
        model?.claimUntoldPop(of: self)
        try await applyChange(Self.summary(verb, newNodes.last, on: self), animated: animated) {
            replaceChildren(oldNodes, with: newNodes)
            nodes = newNodes
        }
    }

    /// Pops back to `child`, as a stack's reveal does (`NavigationStackContainer`), in place: the
    /// engine's reveal copies the screens it keeps, most of a deep stack, for
    /// ``setStack(_:animated:)``, which then compares them with the stack node by node.
    public func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? {
        let screens = stack
        guard let index = screens.firstIndex(ofIdentical: child), index < screens.count - 1 else { return nil }
        let planned = PlannedStack(screens)
        return ContainerReveal(
            removingRange: screens[(index + 1)...], summary: { "pop \(self) back to \(child)" },
            perform: { animated in try await self.pop(to: child, at: index, planned: planned, animated: animated) })
    }

    /// The stack a reveal was planned on, kept for the rare reveal that finds the stack changed
    /// since, and let go of before the pop otherwise: the stack cuts its own lists in place only
    /// while nothing else holds them.
    private final class PlannedStack {
        var screens: [any Screen]
        init(_ screens: [any Screen]) { self.screens = screens }
    }

    /// Keeps the stack up to `child`, which was at `index` of `planned`. A stack that changed since
    /// (the user's back button during an earlier transition of the navigation) is set to what the
    /// plan kept, as the engine's reveal does.
    private func pop(to child: any Screen, at index: Int, planned: PlannedStack, animated: Bool) async throws {
        guard index < storedNodes.count, storedNodes[index] === child else {
            let screens = planned.screens
            guard index < screens.count else {
                throw ContainerRevealError(
                    container: self, child: child, reason: "it left the stack, and this reveal was performed already")
            }
            return try await setStack(Array(screens[...index]), animated: animated)
        }
        planned.screens = []
        try await pop(keepingFirst: index + 1, animated: animated)
    }

    /// Keeps the stack's first `keptCount` nodes; the others leave.
    private func pop(keepingFirst keptCount: Int, animated: Bool) async throws {
        let model = containingModel
        // Without animation, in a model, the pop is kept back for the change that joins it.
        let keptBack = !animated && model != nil
        let claimed = !keptBack && model?.claimUntoldPop(of: self) == true
        let top = keptCount > 0 ? storedNodes[keptCount - 1] : nil
        try await applyChange(Self.summary("pop to", top, on: self), animated: animated, waits: animated) {
            for child in storedNodes[keptCount...] { release(child) }
            if keptBack {
                setNodesUntold(keepingFirst: keptCount)
            } else {
                nodes = Array(storedNodes.prefix(keptCount))
                // A pop kept before is told here even when this one keeps every node (an
                // assignment of the same nodes tells no one).
                if claimed { tellNodesChanged() }
            }
        }
        if keptBack { model?.deferTelling(popOf: self) }
    }

    /// Sets ``nodes`` without telling its observers, for a pop the views hear of later (see
    /// ``setStack(_:animated:)``): what the router and the model read changes at once.
    private func setNodesUntold(keepingFirst count: Int) {
        // Cut in place rather than copied: nothing else holds these arrays during a pop, so the
        // nodes that leave are released where they stand (a pop of 49 nodes copied the 50 kept).
        storedNodes.removeLast(max(storedNodes.count - count, 0))
        nodesAsScreens.removeLast(max(nodesAsScreens.count - count, 0))
    }

    /// Tells the observers of ``nodes`` of a change made with ``setNodesUntold(keepingFirst:)``.
    func tellNodesChanged() {
        withMutation(keyPath: Self.nodesKeyPath, of: self) {}
    }

    /// What a change that leaves `top` on top (nothing: `nil`) says, `verb` naming it ("push",
    /// "pop to"). A function, not `Optional.map`, whose closure written in main-actor code is
    /// checked at run time.
    private static func summary(_ verb: StaticString, _ top: NavigationNode?, on stack: StackNode) -> ChangeSummary {
        guard let top else { return .empty(stack) }
        return .phrase(verb, top, "on", stack)
    }

    /// How many of the stack's first nodes `screens` are, when they are exactly those (the same
    /// objects, in order).
    private func keptStartCount(of screens: [any Screen]) -> Int? {
        guard screens.count <= storedNodes.count else { return nil }
        for (screen, node) in zip(screens, storedNodes) where screen !== node { return nil }
        return screens.count
    }

    /// Tells the views that read the path that it changed, though it did not: SwiftUI shows a path
    /// of its own already (a refused pop, a push of its own), and an assignment of the same value
    /// would tell no one (the setter compares).
    private func republishPath() {
        withMutation(keyPath: Self.nodesKeyPath, of: self) {}
    }

    /// Tells the model that the user wrote the path (a back tap or swipe, a jump back from the back
    /// menu, SwiftUI's `dismiss` on a pushed view): call it from the setter of the path binding.
    ///
    /// Only a shorter path that keeps the start of the current one is applied, matched by node
    /// identity: a write equal to the path is a duplicate, and any other is stale (made from a state
    /// the model has left) and ignored. `rendered` is the path the view showed when SwiftUI made
    /// the write (the value the binding's getter gave): a write made from a path the model has left
    /// since (a back swipe that lands after the router pushed) is stale too, and ignored rather than
    /// read as a pop of the newer path. A popped node that refuses to leave, or a popover anchored
    /// on a popped node that refuses, keeps the path as it is; it and any other ignored write but a
    /// duplicate are published again, so the view shows the model's path (a `NavigationLink(value:)`
    /// that pushed outside the router is taken back).
    @discardableResult
    public func userWrotePath(_ newPath: [NavigationNode], rendered: [NavigationNode]? = nil) -> UserWriteOutcome {
        guard containingModel != nil else { return .ignored("\(self) is no longer on screen") }
        let currentPath = path
        if let rendered, rendered.count != currentPath.count || !zip(rendered, currentPath).allSatisfy({ $0 === $1 }) {
            republishPath()
            return .ignored("the path written to \(self) was made from a path it has left (a stale write)")
        }
        guard newPath.count <= currentPath.count, zip(newPath, currentPath).allSatisfy({ $0 === $1 }) else {
            republishPath()
            return .ignored("the path written to \(self) is not a shorter version of its path (a stale write)")
        }
        guard newPath.count < currentPath.count else {
            return .ignored("the path written to \(self) is the path it has (a duplicate write)")
        }
        let kept = Array(nodes.prefix(newPath.count + 1))
        let removed = Array(nodes[kept.count...])
        // A popover anchored on a popped node leaves with it, and may refuse as they may.
        var leaving = removed
        if let popover = containingModel?.popoverAnchored(in: removed) { leaving.append(popover) }
        do {
            try ScreenTree.checkDismissal(of: leaving)
        } catch {
            republishPath()
            return .refused("\(self) keeps its path: \(error)")
        }
        let change = "user popped \(self) back to \(kept.last.map { "\($0)" } ?? "its root")"
        applyUserChange(change) {
            replaceChildren(nodes, with: kept)
            nodes = kept
        }
        return .applied(change)
    }
}
