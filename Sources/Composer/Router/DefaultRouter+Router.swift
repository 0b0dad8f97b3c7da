/// The router apps use in production; its queue, guards and logging stay behind the protocol.
extension DefaultRouter: Router {}
