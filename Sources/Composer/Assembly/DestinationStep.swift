/// A complete, typed route to a screen: the destination step and every step back to an anchor.
///
/// Build one with ``StepAssembly`` (or ``SwitchAssembly``, ``ChainAssembly``) and hand it to
/// ``DefaultRouter/navigate(to:with:animated:queueing:)``. `ViewController` is the type of screen the
/// navigation returns; `Context` is the value every navigation to it must supply.
@MainActor
public struct DestinationStep<ViewController, Context> {
    let chain: StepChain

    /// The same route for navigations that supply another type of context, converted by `transform`.
    ///
    /// Contexts never convert silently: a chain whose steps need different contexts says so here.
    /// A thrown error ends the navigation with ``RoutingError/Code/contextMismatch``.
    public func adaptingContext<Outer>(
        _ transform: @escaping @MainActor (Outer) throws -> Context
    ) -> DestinationStep<ViewController, Outer> {
        let inner = chain
        let convert: @MainActor (Any) throws -> Any = { value in
            let outer = try castContext(value, to: Outer.self, for: "context adapter to \(Context.self)")
            do {
                return try transform(outer)
            } catch {
                throw RoutingError(
                    code: .contextMismatch, step: "context adapter \(Outer.self) → \(Context.self)",
                    expected: "a context convertible to \(Context.self)", found: contextText(outer),
                    underlyingError: error)
            }
        }
        return DestinationStep<ViewController, Outer>(
            chain: StepChain { context, tree in
                try inner.resolve(convert(context), tree).map { $0.composingContext(convert) }
            })
    }

    /// The same route, standing for the nearest container of type `Container` around its screen.
    ///
    /// Use it to push onto the navigation stack that holds a list screen: the list step yields a
    /// list, `expectingContainer()` turns it into the stack around it, so a push can follow it. When
    /// the screen is built in the same navigation, the container it is integrated into counts.
    /// No such container is ``RoutingError/Code/containerNotFound``.
    public func expectingContainer<Container>(_ type: Container.Type = Container.self) -> DestinationStep<
        Container, Context
    > {
        let inner = chain
        let adapter = StepNode.TargetAdapter.nearest(Container.self)
        return DestinationStep<Container, Context>(
            chain: StepChain { context, tree in
                var nodes = try inner.resolve(context, tree)
                if !nodes.isEmpty { nodes[0].targetAdapter = adapter }
                return nodes
            })
    }
}
