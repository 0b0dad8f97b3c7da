extension DestinationStep {
    /// The screen a navigation to this route with `context` would reach without building anything:
    /// what the destination step's finder finds in `tree`, or `nil` when it finds nothing.
    ///
    /// Nothing runs but the finder (and the branch choice of a ``SwitchAssembly``): no guard, no
    /// task, no change on screen. Use it to ask whether a screen on the tree is the one a link or
    /// a saved state would lead back to, as restoring links does. For a route that ends in
    /// ``expectingContainer(_:)``, the answer is the container around the found screen, and `nil`
    /// when no container of that type is around it (where a navigation, which would build onto
    /// the container, fails with ``RoutingError/Code/containerNotFound``).
    ///
    /// - Throws: the ``RoutingError`` a navigation would throw while planning: a context of the
    ///   wrong type (``RoutingError/Code/contextMismatch``), a ``SwitchAssembly`` with no case
    ///   (``RoutingError/Code/noMatchingCase``), or a finder that threw or answered with a screen
    ///   that is not in `tree`'s window (``RoutingError/Code/screenNotFound``).
    public func existingScreen(with context: Context, in tree: ScreenTree) throws(RoutingError) -> ViewController? {
        let destination: StepNode
        let destinationContext: Any
        do {
            guard let first = try chain.resolve(context, tree).first else { return nil }
            (destination, destinationContext) = (first, try first.contextAdapter(context))
        } catch {
            // The chain and its context adapters throw routing errors only (a SwitchAssembly
            // without a case, a context of the wrong type).
            throw error as? RoutingError
                ?? RoutingError(code: .contextMismatch, expected: "the route to resolve", found: "\(error)")
        }
        guard
            let screen = try destination.findScreen(
                with: destinationContext, in: tree, step: "finder of \(ViewController.self)", position: 0)
        else { return nil }
        let target = destination.targetAdapter.map { $0.resolve(screen) } ?? screen
        return target as Any as? ViewController
    }
}
