/// One change of the twin's tree, from its start to its end.
///
/// ``begin(in:animated:description:order:change:completion:)`` applies the change at once (as UIKit
/// updates `viewControllers` at the start of a transition), diffs the screens on screen before and
/// after, and logs the will-callbacks. ``finish()`` waits for the window's clock when animated, runs
/// the completion (a dismissal detaches its screens there) and logs the did-callbacks.
///
/// It holds screen names only, never the screens that appeared or disappeared, so a popped screen
/// is not kept alive by a transition.
@MainActor
struct TwinTransition {
    /// The order of the appearance callbacks, which UIKit sets by the kind of transition.
    enum CallbackOrder {
        /// A change inside containers (push, pop, tab switch, split column) or of the window's root:
        /// the disappearing screens come first in both pairs.
        case containment
        /// A modal presentation or dismissal: the disappearing screens come first in the will-pair,
        /// the appearing ones first in the did-pair.
        case modal
    }

    let window: TestWindow?
    let description: String
    let animated: Bool
    let order: CallbackOrder
    let appeared: [String]
    let disappeared: [String]
    let completion: (() -> Void)?

    /// Applies `change` and logs the will-callbacks. Outside a window nothing is logged and nothing
    /// waits.
    static func begin(
        in window: TestWindow?,
        animated: Bool,
        description: String,
        order: CallbackOrder = .containment,
        change: () -> Void,
        completion: (() -> Void)? = nil
    ) -> TwinTransition {
        guard let window else {
            change()
            return TwinTransition(
                window: nil, description: description, animated: false, order: order, appeared: [],
                disappeared: [], completion: completion)
        }
        let before = window.visibleScreens()
        change()
        window.treeChanged()
        let after = window.visibleScreens()
        window.memory.recordScreensAttached(in: window)
        let beforeIDs = Set(before.map(ObjectIdentifier.init))
        let afterIDs = Set(after.map(ObjectIdentifier.init))
        let appeared = after.filter { !beforeIDs.contains(ObjectIdentifier($0)) }.map(\.name)
        let disappeared = before.filter { !afterIDs.contains(ObjectIdentifier($0)) }.map(\.name)
        window.lifecycle.record(disappeared, .willDisappear)
        window.lifecycle.record(appeared, .willAppear)
        if animated { window.transitionStarted() }
        return TwinTransition(
            window: window, description: description, animated: animated, order: order, appeared: appeared,
            disappeared: disappeared, completion: completion)
    }

    /// Waits for the clock when animated, then completes.
    func finish() async {
        if animated, let window {
            await window.clock.run(description)
        }
        complete()
    }

    /// Runs the completion and logs the did-callbacks, without waiting.
    func complete() {
        completion?()
        guard let window else { return }
        if completion != nil { window.treeChanged() }
        switch order {
        case .containment:
            window.lifecycle.record(disappeared, .didDisappear)
            window.lifecycle.record(appeared, .didAppear)
        case .modal:
            window.lifecycle.record(appeared, .didAppear)
            window.lifecycle.record(disappeared, .didDisappear)
        }
        if animated { window.transitionEnded() }
    }
}
