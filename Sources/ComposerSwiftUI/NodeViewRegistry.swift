#if canImport(SwiftUI)
    import ComposerSwiftUIModel
    import SwiftUI

    /// Which SwiftUI view shows each kind of node, and the view built for each node, kept for the
    /// node's life.
    ///
    /// A route's factory builds a node (a ``/ComposerSwiftUIModel/NavigationNode`` subclass holding the screen's own
    /// state); the app registers, once, the view that shows each node class:
    ///
    /// ```swift
    /// let registry = NodeViewRegistry()
    /// registry.register(ProductNode.self) { node in ProductView(product: node) }
    /// ```
    ///
    /// ``NodeView`` asks the registry for a node's view each time SwiftUI evaluates its body; the
    /// registry builds it the first time and hands out the same view afterwards, so a view (and
    /// anything its initializer makes) is built once per node, not once per body evaluation. A
    /// node that has left the navigation model loses its view when the registry next builds one.
    ///
    /// The containers of the model (``/ComposerSwiftUIModel/StackNode``, ``/ComposerSwiftUIModel/TabsNode``, ``/ComposerSwiftUIModel/SplitNode``) have built-in
    /// views; registering a view for one of their classes (or subclasses) replaces it.
    @available(iOS 17, macOS 14, *)
    @MainActor
    public final class NodeViewRegistry {
        private typealias Builder = @MainActor (NavigationNode) -> AnyView?

        /// The builders by the exact class they were registered for.
        private var builderByClass: [ObjectIdentifier: Builder] = [:]
        /// Every builder, the latest registration first: a subclass without its own registration
        /// takes the latest one registered for one of its superclasses.
        private var builders: [Builder] = []
        /// The views built, by node, with the node that each was built for.
        private var built: [NodeID: (node: NavigationNode, view: AnyView)] = [:]
        private var tabLabelBuilder: (@MainActor (NavigationNode) -> AnyView)?

        /// How many views the registry has built since it was created: one per node shown, however
        /// often SwiftUI evaluates bodies (a number to watch in a test or a debug overlay).
        public private(set) var buildCount = 0

        /// An empty registry.
        public init() {}

        /// Shows nodes of class `type` (and of its subclasses without a registration of their own)
        /// with the view `content` builds; a later registration for the same class replaces it. A
        /// subclass registered for none of its own classes gets the latest registration among its
        /// superclasses, not the nearest. Registering `NavigationNode` itself as a fallback
        /// replaces the built-in views of stacks, tabs and split views too, whatever the order:
        /// register the app's own base class of screens instead.
        public func register<Node: NavigationNode, Content: View>(
            _ type: Node.Type, @ViewBuilder content: @escaping @MainActor (Node) -> Content
        ) {
            let builder: Builder = { node in (node as? Node).map { AnyView(content($0)) } }
            builderByClass[ObjectIdentifier(type)] = builder
            builders.insert(builder, at: 0)
        }

        /// Labels each tab of a `TabView` (a ``/ComposerSwiftUIModel/TabsNode``'s children) with the view `label` builds
        /// for the tab's node; without it a tab shows its node's ``/ComposerSwiftUIModel/NavigationNode/title``.
        public func tabLabel<Label: View>(@ViewBuilder _ label: @escaping @MainActor (NavigationNode) -> Label) {
            tabLabelBuilder = { AnyView(label($0)) }
        }

        /// The registered view of `node`, built on the first call for this node and the same view
        /// on every later one; `nil` when no registration covers the node's class.
        public func view(for node: NavigationNode) -> AnyView? {
            if let entry = built[node.id], entry.node === node { return entry.view }
            guard let view = makeView(for: node) else { return nil }
            forgetNodesOutsideTheirModel()
            built[node.id] = (node, view)
            buildCount += 1
            return view
        }

        /// The label of `tab` in its `TabView`.
        func label(forTab tab: NavigationNode) -> AnyView {
            tabLabelBuilder?(tab) ?? AnyView(Text(tab.title))
        }

        private func makeView(for node: NavigationNode) -> AnyView? {
            if let exact = builderByClass[ObjectIdentifier(type(of: node))] { return exact(node) }
            for builder in builders {
                if let view = builder(node) { return view }
            }
            return nil
        }

        /// Drops the views of nodes that are in no navigation model any more (dismissed, popped,
        /// replaced): each view holds its node, so keeping them would keep every node ever shown.
        private func forgetNodesOutsideTheirModel() {
            built = built.filter { $0.value.node.containingModel != nil }
        }
    }
#endif
