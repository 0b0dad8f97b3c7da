#if canImport(SwiftUI)
    import Composer
    import ComposerSwiftUIModel
    import SwiftUI

    /// The view of a whole ``/ComposerSwiftUIModel/NavigationModel``: its root node and everything shown from it, with
    /// the router and the view registry in the environment of every screen.
    ///
    /// ```swift
    /// WindowGroup {
    ///     NavigationModelView(model: model, registry: registry, router: router)
    /// }
    /// ```
    ///
    /// It renders the model and reports what the user does; it makes no decision of its own. Until
    /// the model has a root (before the first navigation) it shows nothing. A change the router
    /// makes without animation (`animated: false`, and every change but the last of a navigation)
    /// reaches SwiftUI in a transaction that disables animations.
    @available(iOS 17, macOS 14, *)
    public struct NavigationModelView: View {
        /// The model shown.
        public let model: NavigationModel
        /// Gives each node its view.
        public let registry: NodeViewRegistry
        /// The router that navigates in `model`, handed to the screens' views
        /// (``SwiftUICore/EnvironmentValues/composerRouter``).
        public let router: (any Router)?

        /// A view of `model`'s tree, its nodes shown by `registry`'s views, `router` in the
        /// environment.
        public init(model: NavigationModel, registry: NodeViewRegistry, router: (any Router)? = nil) {
            self.model = model
            self.registry = registry
            self.router = router
            // The model is platform-free and asks its views how to change without animation. Set
            // before the first render; the view is made again often, with the same function.
            model.runWithoutAnimation = Self.runWithoutAnimation
        }

        /// Runs `change` in a transaction that disables animations, so that the push, pop,
        /// presentation or dismissal it makes shows no transition.
        private static func runWithoutAnimation(_ change: () -> Void) {
            var transaction = Transaction()
            transaction.disablesAnimations = true
            withTransaction(transaction, change)
        }

        /// The root node's view, or nothing while there is no root.
        public var body: some View {
            Group {
                if let root = model.root {
                    NodeView(root)
                } else {
                    Color.clear
                }
            }
            .environment(\.nodeViewRegistry, registry)
            .environment(\.composerRouter, router)
        }
    }
#endif
