/// One change of the twin's tree, from its start to its end.
///
/// ``begin(in:animated:description:order:change:completion:)`` applies the change at once (as UIKit
/// updates `viewControllers` at the start of a transition), diffs the screens on screen before and
/// after, and logs the will-callbacks. ``finish()`` waits for the window's clock when animated, runs
/// the completion (a dismissal detaches its screens there) and logs the did-callbacks.
///
/// The did-callbacks follow the tree as it is when the transition ends: when another change ran
/// while an animated one waited for the clock, a screen that appeared gets `viewDidAppear` only if
/// it is still on screen, and one that disappeared gets `viewDidDisappear` only if it is no longer
/// on screen (the change in between told it what it needed).
///
/// It holds screen names only, never the screens that appeared or disappeared, so a popped screen
/// is not kept alive by a transition; an animated one also holds their ``ScreenLifetime``s
/// weakly, to find them in the tree when it ends.
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
    /// The lifetimes of the screens in ``appeared`` and ``disappeared``, in the same order, for an
    /// animated transition only (the others end before anything else can change the tree).
    let appearedLifetimes: [WeakLifetime]
    let disappearedLifetimes: [WeakLifetime]
    /// The window's ``TestWindow/treeRevision`` once the change was applied.
    let revision: Int
    let completion: (() -> Void)?

    /// A weak reference to a screen's lifetime, which tells whether the screen still exists.
    struct WeakLifetime {
        weak var lifetime: ScreenLifetime?
    }

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
                disappeared: [], appearedLifetimes: [], disappearedLifetimes: [], revision: 0,
                completion: completion)
        }
        let before = window.visibleScreens()
        change()
        window.treeChanged()
        let after = window.visibleScreens()
        window.memory.recordScreensAttached(in: window)
        let beforeIDs = Set(before.map(ObjectIdentifier.init))
        let afterIDs = Set(after.map(ObjectIdentifier.init))
        let appearedScreens = after.filter { !beforeIDs.contains(ObjectIdentifier($0)) }
        let disappearedScreens = before.filter { !afterIDs.contains(ObjectIdentifier($0)) }
        let appeared = appearedScreens.map(\.name)
        let disappeared = disappearedScreens.map(\.name)
        window.lifecycle.record(disappeared, .willDisappear)
        window.lifecycle.record(appeared, .willAppear)
        if animated { window.transitionStarted() }
        return TwinTransition(
            window: window, description: description, animated: animated, order: order, appeared: appeared,
            disappeared: disappeared,
            appearedLifetimes: animated ? appearedScreens.map { WeakLifetime(lifetime: $0.lifetime) } : [],
            disappearedLifetimes: animated ? disappearedScreens.map { WeakLifetime(lifetime: $0.lifetime) } : [],
            revision: window.treeRevision, completion: completion)
    }

    /// Waits for the clock when animated, then completes.
    func finish() async {
        if animated, let window {
            await window.clock.run(description)
        }
        complete()
    }

    /// Runs the completion and logs the did-callbacks, without waiting: for the screens that
    /// appeared and are still on screen, and those that disappeared and are not on screen again.
    func complete() {
        // Another change between the start and now (only an animated transition leaves time for
        // one) may have undone part of this one.
        let changedMeanwhile = window.map { $0.treeRevision != revision } ?? false
        completion?()
        guard let window else { return }
        if completion != nil { window.treeChanged() }
        var appeared = appeared
        var disappeared = disappeared
        if changedMeanwhile, animated {
            let onScreen = Set(window.visibleScreens().map { ObjectIdentifier($0.lifetime) })
            func isOnScreen(_ entry: WeakLifetime) -> Bool {
                entry.lifetime.map { onScreen.contains(ObjectIdentifier($0)) } ?? false
            }
            appeared = zip(appeared, appearedLifetimes).filter { isOnScreen($0.1) }.map(\.0)
            disappeared = zip(disappeared, disappearedLifetimes).filter { !isOnScreen($0.1) }.map(\.0)
        }
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
