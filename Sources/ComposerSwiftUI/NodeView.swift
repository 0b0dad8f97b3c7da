#if canImport(SwiftUI)
    import Composer
    import ComposerSwiftUIModel
    import SwiftUI

    /// Shows one node of a navigation model and what it presents, and tells the model when the
    /// node's view appears and disappears.
    ///
    /// A stack, tabs or split node is shown by its SwiftUI container (`NavigationStack`, `TabView`,
    /// `NavigationSplitView`); any other node by the view its ``NodeViewRegistry`` registration
    /// builds. An app's own container, registered like a screen, shows its children with
    /// `NodeView(child)`.
    ///
    /// Around that view it adds what every node needs:
    /// - the node's presentation slot: `sheet(item:)` with the node's detents, `fullScreenCover(item:)`
    ///   and `popover(item:)`, each bound to the model, the user's swipe-down (or SwiftUI's `dismiss`
    ///   action in the presented view) reported with ``/ComposerSwiftUIModel/NavigationNode/userDismissed(_:)``;
    /// - `onAppear` and `onDisappear` acknowledgements (``/ComposerSwiftUIModel/NavigationNode/didAppear()``,
    ///   ``/ComposerSwiftUIModel/NavigationNode/didDisappear()``), which complete the router's changes;
    /// - the node in the environment (``SwiftUICore/EnvironmentValues/navigationNode``).
    @available(iOS 17, macOS 14, *)
    public struct NodeView: View {
        /// The node shown.
        public let node: NavigationNode
        @Environment(\.nodeViewRegistry) private var registry
        @Environment(\.presentationLevel) private var inheritedLevel

        /// A view of `node`.
        public init(_ node: NavigationNode) {
            self.node = node
        }

        /// The node's view with its presentations and acknowledgements.
        public var body: some View {
            // A node without a parent container is the outermost of its level (the root or a
            // presented node): it hosts the level's presentations.
            let level = node.parentScreen == nil ? node : inheritedLevel
            content
                .modifier(PresentationSlot(host: node, popoverLevel: level, anchor: node))
                .environment(\.navigationNode, node)
                .environment(\.presentationLevel, level)
                .onAppear { node.didAppear() }
                .onDisappear { node.didDisappear() }
                // One identity per node: where another node takes this one's place (a stack's new
                // root, a split view's new detail, a new model root), SwiftUI would otherwise update
                // the view in place, keep its state and call no `onAppear`, and the model would wait
                // for an appearance that never comes.
                .id(node.id)
        }

        @ViewBuilder private var content: some View {
            if let registered = registry?.view(for: node) {
                registered
            } else if let stack = node as? StackNode {
                StackHost(stack: stack)
            } else if let tabs = node as? TabsNode {
                TabsHost(tabs: tabs)
            } else if let split = node as? SplitNode {
                SplitHost(split: split)
            } else {
                UnregisteredNodeView(node: node)
            }
        }
    }

    /// What a node without a registered view shows: its description, so the gap is visible and
    /// names the class to register.
    @available(iOS 17, macOS 14, *)
    private struct UnregisteredNodeView: View {
        let node: NavigationNode

        var body: some View {
            VStack(spacing: 8) {
                Text(node.title).font(.headline)
                Text("No view is registered for \(String(describing: type(of: node))) (\(node.description)).")
                    .font(.footnote)
                    .multilineTextAlignment(.center)
            }
            .padding()
        }
    }
#endif
