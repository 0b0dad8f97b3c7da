extension DestinationStep {
    /// The screen a navigation to this route with `context` would reach without building anything:
    /// what the destination step's finder finds in `tree`, or `nil` when it finds nothing.
    ///
    /// Nothing runs but the finder (and the branch choice of a ``SwitchAssembly``): no guard, no
    /// task, no change on screen. Use it to ask whether a screen on the tree is the one a link or
    /// a saved state would lead back to, as restoring links does. For a route that ends in
    /// ``expectingContainer(_:)``, the answer is the container around the found screen.
    ///
    /// - Throws: the ``RoutingError`` a navigation would throw while planning: a context of the
    ///   wrong type (``RoutingError/Code/contextMismatch``), a ``SwitchAssembly`` with no case
    ///   (``RoutingError/Code/noMatchingCase``), or a finder that threw
    ///   (``RoutingError/Code/screenNotFound``).
    public func existingScreen(with context: Context, in tree: ScreenTree) throws(RoutingError) -> ViewController? {
        let found: (screen: any Screen, adapter: StepNode.TargetAdapter?)?
        do {
            guard let destination = try chain.resolve(context, tree).first, let find = destination.find else {
                return nil
            }
            found = try find(destination.contextAdapter(context), tree).map { ($0, destination.targetAdapter) }
        } catch let error as RoutingError {
            throw error
        } catch {
            throw RoutingError(
                code: .screenNotFound, step: "finder of \(ViewController.self)",
                expected: "the finder to answer whether the screen exists", found: "the finder threw",
                underlyingError: error)
        }
        guard let found else { return nil }
        let target = found.adapter.map { $0.resolve(found.screen) } ?? found.screen
        return target as Any as? ViewController
    }
}
