extension PredefinedChildrenFactory {
    /// Wraps `base` with no predefined child yet; add them with ``with(_:using:)``.
    public init(_ base: Base) {
        self.init(base, children: [])
    }

    /// Adds a predefined child built by `factory` and put into the container by `action`, the
    /// way a later step's action would put it there (`addTab(.insert(at: 0))`, a push, a detail).
    ///
    /// The compiler checks that the action goes into this factory's container and that the
    /// factory takes the container's context. `factory`'s `validate(_:)` is asked with the
    /// container's factory's, before any guard. The child is built each time the container is,
    /// before the children later steps integrate: when the navigation plans, before its guards run,
    /// so that the plan lists it (a navigation a guard then refuses built it, and shows nothing).
    ///
    /// ```swift
    /// let tabs = PredefinedChildrenFactory(TabsContainerFactory { _ in TestTabsContainer("main") })
    ///     .with(HomeFactory(), using: TestTabsContainer.addTab())
    ///     .with(AccountFactory(), using: TestTabsContainer.addTab(), adding: ShowUserTask())
    /// ```
    public func with<F: Factory, A: ContainerAction>(_ factory: F, using action: A) -> Self
    where F.Context == Base.Context, A.Container == Base.ViewController {
        adding(factory, action: action) { _, _ in }
    }

    /// Adds a predefined child built by `factory`, prepared by `task` with the container's context
    /// right after it is built, then put into the container by `action`.
    ///
    /// The task runs once per build of the child, like a context task of a step that was just
    /// built; it does not run again when the container is found on screen. The child is built when
    /// the navigation plans, before its guards, so a navigation a guard refuses has run the task
    /// too (on a child it then drops): the task prepares the child, and leaves the app's state to
    /// the steps that show it.
    public func with<F: Factory, A: ContainerAction, T: ContextTask>(
        _ factory: F, using action: A, adding task: T
    ) -> Self
    where
        F.Context == Base.Context, A.Container == Base.ViewController, T.ViewController == F.ViewController,
        T.Context == Base.Context
    {
        adding(factory, action: action) { screen, context in try task.prepare(screen, with: context) }
    }

    private func adding<F: Factory, A: ContainerAction>(
        _ factory: F, action: A, prepare: @escaping @MainActor (F.ViewController, Base.Context) throws -> Void
    ) -> Self where F.Context == Base.Context {
        var copy = self
        let position = predefined.count
        copy.validations.append { context in try factory.validate(context) }
        copy.predefined.append { context, children in
            let part = "predefined child \(position) of \(Base.ViewController.self)"
            let child: F.ViewController
            do {
                child = try factory.build(with: context)
            } catch {
                throw ContainerActionError("\(part) could not be built by \(F.self): \(error)")
            }
            do {
                try prepare(child, context)
            } catch {
                throw ContainerActionError("\(part) (\(child)) was refused by its context task: \(error)")
            }
            do {
                try action.merge(child, into: &children)
            } catch {
                throw ContainerActionError("\(part) (\(child)) could not be added by \(A.self): \(error)")
            }
        }
        return copy
    }
}
