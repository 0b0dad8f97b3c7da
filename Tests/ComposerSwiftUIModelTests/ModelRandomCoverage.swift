import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import Foundation
import Testing

/// How often the SwiftUI model's random check reaches each feature: counted while `isOn`, printed
/// by the coverage test (`MODEL_CHECK_COVERAGE=1 swift test --filter ModelRandomCoverageTests`), as
/// `ModelCheckCoverage` counts the router's check. Off, every note returns at once.
@MainActor
enum ModelRandomCoverage {
    static var isOn = false
    static var counts: [String: Int] = [:]
    /// Set while the gesture of a `duringNavigation` move plays.
    static var gestureDuringNavigation = false

    static func note(_ key: String, _ times: Int = 1) {
        guard isOn, times > 0 else { return }
        counts[key, default: 0] += times
    }

    /// What a move did: its kind and whether it changed the tree, and how a navigation ended.
    static func noteMove(_ move: ShopMove, outcome: String, treeChanged: Bool) {
        guard isOn else { return }
        let kind = move.kind
        note("move \(kind): \(outcome)\(treeChanged ? ", tree changed" : ", tree unchanged")")
    }

    /// A binding write the user (or SwiftUI) made, and what the model said of it.
    static func noteWrite(_ name: String, _ outcome: UserWriteOutcome, in model: NavigationModel) {
        guard isOn else { return }
        let result =
            switch outcome {
            case .applied: "applied"
            case .ignored: "ignored"
            case .refused: "refused"
            case .navigating: "navigating"
            }
        let during = gestureDuringNavigation ? " (during a navigation)" : ""
        note("write \(name): \(result)\(during)")
        if model.allNodes().contains(where: { !$0.canBeDismissed }) {
            note("write \(name) with a refusing screen in the tree: \(result)")
        }
        if model.allNodes().contains(where: \.isBeingDismissed) {
            note("write \(name) with a level swiped away, its write to come: \(result)")
        }
        if case .ignored(let why) = outcome, why.contains("the late one of") {
            let shown = why.contains("shown now") ? "another shown" : "nothing shown"
            note("write \(name): ignored as the late write of a level the model took out (\(shown))")
        }
    }

    /// A path write that would pop `popped` nodes of `stack`, before it is made.
    static func notePathWrite(_ name: String, popping popped: Int, of stack: StackNode, in model: NavigationModel) {
        guard isOn else { return }
        note("path write \(name) pops \(popped >= 2 ? "2+" : "\(popped)")")
        if model.current.flatMap({ ScreenTree.nearest(StackNode.self, from: $0) }) !== stack {
            note("path write \(name) to a stack not nearest the top")
        }
        if model.allNodes().contains(where: { $0.activePresentationStyle == .popover }) {
            note("path write \(name) while a popover is up (pops \(popped))")
        }
        let removed = Array(stack.nodes.suffix(popped))
        if popped > 0,
            model.allNodes().contains(where: { popover in
                popover.activePresentationStyle == .popover
                    && removed.contains { $0.id == popover.popoverAnchor }
            })
        {
            note("path write \(name) pops a popover's anchor")
        }
    }

    /// The features of the tree after a move.
    static func noteTree(_ shop: ModelShop) {
        guard isOn else { return }
        var seen = Set<String>()
        for node in shop.model.allNodes() {
            seen.insert("tree has \(node.kindName) \(type(of: node))")
            if !node.canBeDismissed { seen.insert("tree has a refusing screen") }
            if node.isBeingDismissed { seen.insert("tree has a level swiped away, its write to come") }
            if let style = node.activePresentationStyle {
                let styleName =
                    switch style {
                    case .sheet: "sheet"
                    case .fullScreenCover: "fullScreenCover"
                    case .popover: "popover"
                    }
                seen.insert("presented \(styleName)")
                if let host = node.presentingScreen as? NavigationNode, host.activePresentationStyle != nil {
                    seen.insert("presented \(styleName) over a presented level")
                }
                if style == .popover, let anchor = node.popoverAnchor,
                    let anchorNode = shop.model.allNodes().first(where: { $0.id == anchor }),
                    anchorNode.parentScreen != nil
                {
                    seen.insert("popover anchored on a node inside a container")
                    if let stack = anchorNode.parentScreen as? StackNode, stack.path.contains(anchorNode) {
                        seen.insert("popover anchored on a pushed node")
                    }
                }
            }
            if let split = node as? SplitNode {
                seen.insert("split \(split.isCollapsed ? "collapsed, showing \(split.compactColumn)" : "expanded")")
            }
            if let stack = node as? StackNode, stack.path.count >= 2 { seen.insert("a stack with 2+ pushed nodes") }
            if let tabs = node as? TabsNode, let guarded = tabs.tabs.first(where: { $0.userSelectionNavigation != nil })
            {
                seen.insert("a tab with userSelectionNavigation (\(guarded.name))")
            }
        }
        for key in seen { note(key) }
    }
}

extension ShopMove {
    /// The move's case without its values: `product`, `duringNavigation userTapBack`.
    var kind: String {
        if case .duringNavigation(_, let gesture, _) = self { return "duringNavigation \(gesture.kind)" }
        return String("\(self)".prefix { $0 != "(" })
    }
}

@MainActor
@Suite("SwiftUI model check coverage (MODEL_CHECK_COVERAGE=1)")
struct ModelRandomCoverageTests {
    @Test(
        "How often the short run's seeds reach each feature",
        .enabled(if: ProcessInfo.processInfo.environment["MODEL_CHECK_COVERAGE"] != nil))
    func coverage() async {
        ModelRandomCoverage.isOn = true
        ModelRandomCoverage.counts = [:]
        defer { ModelRandomCoverage.isOn = false }
        let count = ProcessInfo.processInfo.environment["MODEL_CHECK_COVERAGE_STEPS"].flatMap { Int($0) } ?? 300
        // The short run's seeds and modes.
        for seed in [UInt64(1), 2, 3, 4, 5, 6, 7, 8] {
            let moves = ModelRandomTests.moves(seed: seed, count: count)
            let report = await ModelRandomTests.run(moves, mode: seed <= 4 ? .automatic : .nextTurn)
            #expect(report.broken == nil, "seed \(seed): \(report.broken.map { "\($0)" } ?? "")")
        }
        let lines = ModelRandomCoverage.counts.sorted { $0.key < $1.key }.map { "coverage | \($0.key) | \($0.value)" }
        print(lines.joined(separator: "\n"))
    }
}
