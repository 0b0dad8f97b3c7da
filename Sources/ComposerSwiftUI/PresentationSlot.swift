#if canImport(SwiftUI)
    import Composer
    import ComposerSwiftUIModel
    import SwiftUI

    /// The presentations of one node: what the model says the node presents, as SwiftUI's
    /// `sheet(item:)`, `fullScreenCover(item:)` and `popover(item:)`, and the user's dismissals
    /// reported back.
    ///
    /// Only the outermost node of a level presents in the model (``/ComposerSwiftUIModel/NavigationNode/presentedNode``),
    /// so only its view shows a sheet or a cover. A popover is attached to the view of the node that
    /// asked for it (``/ComposerSwiftUIModel/NavigationNode/popoverAnchor``), found through the level's outermost node.
    @available(iOS 17, macOS 14, *)
    struct PresentationSlot: ViewModifier {
        /// The node whose sheet and cover this modifier shows.
        let host: NavigationNode
        /// The outermost node of the level, which holds the level's popover.
        let popoverLevel: NavigationNode?
        /// The node whose view a popover asked for by this node is attached to.
        let anchor: NavigationNode

        @Environment(\.nodeViewRegistry) private var registry
        @Environment(\.composerRouter) private var router

        func body(content: Content) -> some View {
            // The nodes as rendered now: a dismissal reports what this render shows. SwiftUI can
            // write through the binding of a later render, so a swipe-down's late write can name a
            // node presented after it; the model knows such a write (see `userDismissed(_:)`).
            let sheet = host.sheetNode
            let cover = host.fullScreenCoverNode
            let popover = popoverLevel?.popoverNode(anchoredOn: anchor.id)
            #if os(macOS)
                // macOS has no full-screen cover: a cover is shown as a sheet there.
                content
                    .sheet(item: dismissal(of: sheet ?? cover, from: host)) { presented($0) }
                    .popover(item: dismissal(of: popover, from: anchor)) { presented($0) }
            #else
                content
                    .sheet(item: dismissal(of: sheet, from: host)) { presented($0) }
                    .fullScreenCover(item: dismissal(of: cover, from: host)) { presented($0) }
                    .popover(item: dismissal(of: popover, from: anchor)) { presented($0) }
            #endif
        }

        /// A binding that shows `shown` and reports SwiftUI's `nil` (a swipe-down, a tap outside a
        /// popover, `dismiss`) as the user dismissing it. A `nil` written while it shows nothing is
        /// reported too: it can be the late write of a level the model took out, which the model
        /// then no longer waits for.
        private func dismissal(of shown: NavigationNode?, from node: NavigationNode) -> Binding<NavigationNode?> {
            Binding(
                get: { shown },
                set: { newValue in
                    guard newValue == nil else { return }
                    node.userDismissed(shown)
                })
        }

        /// The presented level's view, with the environment the presenting view has (a presented
        /// view does not always inherit custom environment values).
        private func presented(_ node: NavigationNode) -> some View {
            PresentedNodeView(node: node)
                .environment(\.nodeViewRegistry, registry)
                .environment(\.composerRouter, router)
        }
    }

    /// The outermost node of a presented level, with its sheet detents and with the swipe-down
    /// disabled while the model refuses it.
    @available(iOS 17, macOS 14, *)
    private struct PresentedNodeView: View {
        let node: NavigationNode
        @State private var detent: PresentationDetent

        init(node: NavigationNode) {
            self.node = node
            _detent = State(initialValue: Self.detents(of: node).first ?? .large)
        }

        var body: some View {
            let detents = Self.detents(of: node)
            NodeView(node)
                .presentationDetents(Set(detents.isEmpty ? [.large] : detents), selection: $detent)
                .interactiveDismissDisabled(node.refusesInteractiveDismissal)
        }

        /// The detents of a node presented as a sheet, in the model's order (the first is where the
        /// sheet opens); none for a cover or a popover.
        private static func detents(of node: NavigationNode) -> [PresentationDetent] {
            guard case .sheet(let detents) = node.activePresentationStyle else { return [] }
            return detents.map(\.presentationDetent)
        }
    }

    @available(iOS 17, macOS 14, *)
    extension SheetDetent {
        /// The SwiftUI detent of this height.
        var presentationDetent: PresentationDetent {
            switch self {
            case .medium: .medium
            case .large: .large
            case .fraction(let fraction): .fraction(CGFloat(fraction))
            case .height(let height): .height(CGFloat(height))
            }
        }
    }
#endif
