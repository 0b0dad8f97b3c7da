/// The router apps use in production; its queue, guards and logging stay behind the protocol.
extension DefaultRouter: Router {
    /// Navigates, waiting its turn in the queue (``NavigationQueueing/waitTurn``).
    ///
    /// Inlinable so that a call on a ``DefaultRouter`` goes straight to the navigation it forwards
    /// to, without an asynchronous frame of its own.
    @inlinable
    @discardableResult
    public func navigate<ViewController, Context>(
        to step: DestinationStep<ViewController, Context>, with context: Context, animated: Bool
    ) async throws(RoutingError) -> ViewController {
        try await navigate(to: step, with: context, animated: animated, queueing: .waitTurn)
    }
}
