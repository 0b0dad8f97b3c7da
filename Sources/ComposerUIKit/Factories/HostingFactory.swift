#if canImport(UIKit) && canImport(SwiftUI)
    import Composer
    import SwiftUI
    import UIKit

    /// A `UIHostingController` that remembers the context its SwiftUI view was built from, so a finder
    /// can find the screen showing a given context and a task can rebuild the view with a new one.
    ///
    /// Built by ``HostingFactory``; found by ``HostingControllerFinder``, which is Composer's
    /// `ClassWithContextFinder` over it (it adopts `ContextChecking` when `Context` is `Equatable`).
    open class ContextualHostingController<Content: View, Context>: UIHostingController<Content> {
        /// The context the view shows.
        public private(set) var context: Context
        private let makeContent: @MainActor (Context) -> Content

        /// A hosting controller showing `content(context)`.
        public init(context: Context, content: @escaping @MainActor (Context) -> Content) {
            self.context = context
            self.makeContent = content
            super.init(rootView: content(context))
        }

        /// Not supported: a contextual hosting controller needs its context and view builder, so it is
        /// built in code. Returns `nil`.
        @available(*, unavailable, message: "build it with init(context:content:)")
        public required init?(coder aDecoder: NSCoder) {
            return nil
        }

        /// Shows `context`: stores it and rebuilds the root view with it.
        public func update(context: Context) {
            self.context = context
            rootView = makeContent(context)
        }
    }

    extension ContextualHostingController: ContextChecking where Context: Equatable {
        /// Whether this controller shows `context`.
        public func isTarget(for context: Context) -> Bool {
            self.context == context
        }
    }

    /// Builds a SwiftUI view inside a ``ContextualHostingController``, passing the navigation's
    /// context to the view builder.
    ///
    /// ```swift
    /// HostingFactory { (id: ProductID) in ProductView(id: id) }
    /// ```
    public struct HostingFactory<Content: View, Context>: Factory {
        private let content: @MainActor (Context) -> Content
        private let configure: (@MainActor (ContextualHostingController<Content, Context>, Context) throws -> Void)?

        /// A factory hosting the view `content` builds from the context, configured by `configure`.
        public init(
            configure: (@MainActor (ContextualHostingController<Content, Context>, Context) throws -> Void)? = nil,
            @ViewBuilder content: @escaping @MainActor (Context) -> Content
        ) {
            self.content = content
            self.configure = configure
        }

        /// Creates the hosting controller.
        public func build(with context: Context) throws -> ContextualHostingController<Content, Context> {
            let controller = ContextualHostingController(context: context, content: content)
            try configure?(controller, context)
            return controller
        }
    }

    /// Finds the ``ContextualHostingController`` hosting a `Content` view built from the navigation's
    /// context: Composer's `ClassWithContextFinder` over the hosting controller, which adopts
    /// `ContextChecking` by comparing its context with the navigation's.
    public typealias HostingControllerFinder<Content: View, Context: Equatable> = ClassWithContextFinder<
        ContextualHostingController<Content, Context>, Context
    >

    /// Rebuilds a found (or new) ``ContextualHostingController``'s view with the navigation's context:
    /// add it to a step whose finder matches by something other than the full context.
    public struct HostingContextUpdateTask<Content: View, Context>: ContextTask {
        /// The task.
        public init() {}

        /// Calls `update(context:)`.
        public func prepare(_ screen: ContextualHostingController<Content, Context>, with context: Context) throws {
            screen.update(context: context)
        }
    }
#endif
