#if canImport(SwiftUI)
    import Composer
    import ComposerSwiftUIModel
    import SwiftUI

    @available(iOS 17, macOS 14, *)
    private struct RouterKey: EnvironmentKey {
        static var defaultValue: (any Router)? { nil }
    }

    @available(iOS 17, macOS 14, *)
    private struct NavigationNodeKey: EnvironmentKey {
        static var defaultValue: NavigationNode? { nil }
    }

    @available(iOS 17, macOS 14, *)
    private struct NodeViewRegistryKey: EnvironmentKey {
        static var defaultValue: NodeViewRegistry? { nil }
    }

    @available(iOS 17, macOS 14, *)
    private struct PresentationLevelKey: EnvironmentKey {
        static var defaultValue: NavigationNode? { nil }
    }

    @available(iOS 17, macOS 14, *)
    extension EnvironmentValues {
        /// The router that navigates in the model these views render, as ``NavigationModelView``
        /// was given it; `nil` outside one.
        ///
        /// A screen's view starts navigations with it: `try await composerRouter?.navigate(to:
        /// routes.cart)`. It is named after the library so that it does not collide with an app's
        /// own `router` value.
        public var composerRouter: (any Router)? {
            get { self[RouterKey.self] }
            set { self[RouterKey.self] = newValue }
        }

        /// The node whose view this is (the nearest ``NodeView`` around it): a screen's view reads
        /// its own node here, for example to set ``/ComposerSwiftUIModel/NavigationNode/canBeDismissed`` while a form
        /// has unsaved edits.
        public var navigationNode: NavigationNode? {
            get { self[NavigationNodeKey.self] }
            set { self[NavigationNodeKey.self] = newValue }
        }

        /// The registry that gives each node its view; ``NavigationModelView`` sets it.
        public var nodeViewRegistry: NodeViewRegistry? {
            get { self[NodeViewRegistryKey.self] }
            set { self[NodeViewRegistryKey.self] = newValue }
        }

        /// The outermost node of the presentation level this view is in: the node that hosts the
        /// level's presentations. A popover is attached to the view of the node that asked for it,
        /// which finds the popover through this node.
        var presentationLevel: NavigationNode? {
            get { self[PresentationLevelKey.self] }
            set { self[PresentationLevelKey.self] = newValue }
        }
    }
#endif
