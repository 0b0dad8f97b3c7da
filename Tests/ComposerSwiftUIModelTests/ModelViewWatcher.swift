import ComposerSwiftUIModel
import Observation

/// Stands in for SwiftUI's observation in the random runs: it reads what each node's view reads,
/// under `withObservationTracking` as SwiftUI evaluates a body, and after the next move reports a
/// node whose reading changed without telling its observers: a view left showing the old state.
@MainActor
final class ModelViewWatcher {
    /// Per node watched: what its view read, and whether its observers were told of a change since.
    private var watched: [NodeID: (seen: String, told: ChangeTold)] = [:]
    /// More of a node's state to read with what the views read (a test breaking the model on
    /// purpose reads something nobody tells of).
    private let alsoRead: (NavigationNode) -> String

    init(alsoRead: @escaping (NavigationNode) -> String = { _ in "" }) {
        self.alsoRead = alsoRead
    }

    /// Reads every node of `model` afresh, observing each reading: an observation tells once.
    func watch(_ model: NavigationModel) {
        watched = [:]
        for node in model.allNodes() {
            let told = ChangeTold()
            var seen = ""
            withObservationTracking {
                seen = reading(of: node)
            } onChange: {
                told.mark()
            }
            watched[node.id] = (seen, told)
        }
    }

    /// The first node of `model` read by ``watch(_:)`` whose reading changed since, though no
    /// observer of it was told, in words; `nil` when every view would show the model's state.
    func staleView(in model: NavigationModel) -> String? {
        for node in model.allNodes() {
            guard let (seen, told) = watched[node.id], !told.value else { continue }
            let now = reading(of: node)
            if now != seen { return "\(node)'s view would still show [\(seen)]: the model is [\(now)] and told no one" }
        }
        return nil
    }

    /// What the views of `node` read: the built-in views' reads (`ComposerSwiftUI`), as text.
    private func reading(of node: NavigationNode) -> String {
        var parts = [
            "title \(node.title)", "sheet \(Self.name(node.sheetNode))", "cover \(Self.name(node.fullScreenCoverNode))",
            "popover \(Self.name(node.popoverNode))", "refuses swipe-down \(node.refusesInteractiveDismissal)",
        ]
        if let stack = node as? StackNode {
            parts.append("path \(stack.path.map(\.id))")
            parts.append("refuses back \(stack.refusesBackGesture)")
        }
        if let tabs = node as? TabsNode {
            parts.append("tabs \(tabs.tabs.map(\.id)), selection \(Self.name(tabs.selectedTab))")
        }
        if let split = node as? SplitNode {
            parts.append("primary \(Self.name(split.primary)), secondary \(Self.name(split.secondary))")
            parts.append("collapsed \(split.isCollapsed), compact column \(split.compactColumn)")
        }
        let more = alsoRead(node)
        if !more.isEmpty { parts.append(more) }
        return parts.joined(separator: ", ")
    }

    private static func name(_ node: NavigationNode?) -> String { node.map { "\($0.id)" } ?? "none" }
}

/// Set by an observation's change handler, which Observation calls on the thread making the change
/// (the main actor here), from its `willSet`.
final class ChangeTold: @unchecked Sendable {
    private(set) var value = false
    func mark() { value = true }
}
