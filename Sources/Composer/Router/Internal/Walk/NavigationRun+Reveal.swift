/// Revealing the anchor: the transitions that make it visible, checked in preflight and applied
/// first in the show phase.
extension NavigationRun {
    /// The transitions that reveal the anchor, and the screens they take out of the containers
    /// around it, which the actions that follow will no longer find there.
    struct CheckedReveal {
        /// Dismissals first, then the containers' reveals from the outermost in.
        let operations: [ShowOperation]
        /// Each container whose reveal removes screens (a stack popped back to the anchor), with
        /// those screens as the container's own list holds them (no copy).
        let removals: [(container: any Screen, removed: ArraySlice<any Screen>)]

        /// No reveal: the anchor is visible already.
        static var none: CheckedReveal { CheckedReveal(operations: [], removals: []) }
    }

    /// Dismisses what covers the anchor and makes it visible in every container around it
    /// (selects its tabs, pops its stacks, shows an app container's panel), after checking that no
    /// screen that would leave the tree refuses.
    func revealOperations() throws -> CheckedReveal {
        // The current screen is covered by nothing and shown by every container around it (a
        // container's focused child is visible): the most frequent anchor needs no reveal.
        guard let anchor = plan.anchorScreen, anchor !== tree.current else { return .none }
        let covering = presentationsToDismiss(revealing: anchor)
        let containers = ScreenTree.ancestors(of: anchor)
        // Each list sized once: a reveal is a handful of operations, and growing them one at a
        // time reallocated them as often.
        var operations: [ShowOperation] = []
        operations.reserveCapacity(covering.count + containers.count)
        var dismissed: [any Screen] = []
        if !covering.isEmpty { dismissed.reserveCapacity(covering.count) }
        // The outermost presentation first: dismissing it leaves an inner host's own one in place.
        for (host, presented) in covering.reversed() {
            dismissed.append(presented)
            let presenter: any ModalPresenting
            do {
                presenter = try ScreenTree.modalPresenter(host, toDo: "dismiss \(presented), which covers \(anchor)")
            } catch {
                throw failure(
                    .cannotPresent, step: plan.anchor, part: Self.revealPart,
                    expected: "\(host) to dismiss \(presented), which covers \(anchor)",
                    found: error.description)
            }
            operations.append(
                ShowOperation(summary: "dismiss \(presented) to reveal \(anchor)") { animated in
                    try await presenter.dismissPresentedScreen(animated: animated)
                })
        }
        // Empty, with nothing allocated, unless a container loses screens.
        var removals: [(container: any Screen, removed: ArraySlice<any Screen>)] = []
        var child = anchor
        // The containers' reveals run from the outermost in: listed anchor side first, then turned.
        let firstPathOperation = operations.count
        for container in containers {
            defer { child = container }
            guard let reveal = try revealing(child, in: container) else { continue }
            if !reveal.removedRange.isEmpty { removals.append((container, reveal.removedRange)) }
            operations.append(ShowOperation(reveal))
        }
        // Turned in the list's own buffer: `reverse()` on a slice of the list copied the operations
        // it turned (the slice shared the list's buffer), an allocation and a retain per closure.
        operations.withUnsafeMutableBufferPointer { $0[firstPathOperation...].reverse() }
        // What leaves, in the order it is asked: the presentations, then each container's removals
        // from the anchor out. Each list is asked as it is, from `removals`: joining them copied
        // every screen a pop removes (a retain and a release each), and a list of the lists cost an
        // allocation per reveal.
        func askLeaving(_ screens: ArraySlice<any Screen>) throws {
            try checkLeaving(
                screens, step: plan.anchor, byReveal: true,
                expected: "every screen above \(anchor) to accept being dismissed or popped")
        }
        if !dismissed.isEmpty { try askLeaving(dismissed[...]) }
        for removal in removals { try askLeaving(removal.removed) }
        return CheckedReveal(operations: operations, removals: removals)
    }

    /// The presentations revealing `anchor` dismisses: those covering it, except, for a tab the
    /// user taps, the ones hosted inside the tab (in its context), which UIKit keeps with the tab
    /// while another is selected and shows again with it.
    func presentationsToDismiss(revealing anchor: any Screen) -> [(host: any Screen, presented: any Screen)] {
        let covering = ScreenTree.presentationsCovering(anchor)
        guard !covering.isEmpty, plan.steps[plan.anchor].node.revealKeepsPresentationsInside else { return covering }
        return covering.filter { host, _ in
            host !== anchor && !ScreenTree.ancestors(of: host).contains { $0 === anchor }
        }
    }

    /// The failing part of a reveal that cannot be made: the router's own transition at the anchor
    /// (dismissing what covers it, selecting its tab, popping what is above it), not the anchor
    /// step's action, which does not run for a screen that was found.
    static let revealPart = (role: FailingStep.Role.action, name: "reveal")

    private func revealing(_ child: any Screen, in container: any Screen) throws -> ContainerReveal? {
        guard let screenContainer = container.asContainer else { return nil }
        do {
            return try screenContainer.revealing(child)
        } catch {
            throw failure(
                .cannotReveal, step: plan.anchor, part: Self.revealPart,
                expected: "\(plan.anchorScreen.map { "\($0)" } ?? "the anchor") made visible",
                found: error.description)
        }
    }
}
