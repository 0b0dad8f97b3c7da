#if canImport(UIKit) && canImport(os)
    import Composer
    import Foundation
    import os

    /// A routing logger writing to the unified log (`os.Logger`), readable in Xcode's console and in
    /// Console.app: debug entries as `.debug`, info as `.info`, errors as `.error`.
    ///
    /// Messages name screens and contexts, so they are logged as private by default (visible while
    /// debugging, redacted in logs collected from devices); pass `publicMessages: true` to show them.
    public struct OSRoutingLogger: RoutingLogger {
        private let logger: Logger
        /// Entries below this level are dropped.
        public let minimumLevel: RoutingLogLevel
        /// Whether messages are marked public in the unified log.
        public let publicMessages: Bool

        /// A logger for `subsystem` (the main bundle's identifier by default) and `category`.
        public init(
            subsystem: String = Bundle.main.bundleIdentifier ?? "Composer", category: String = "Routing",
            minimumLevel: RoutingLogLevel = .debug, publicMessages: Bool = false
        ) {
            self.init(
                logger: Logger(subsystem: subsystem, category: category), minimumLevel: minimumLevel,
                publicMessages: publicMessages)
        }

        /// A logger writing through `logger`.
        public init(logger: Logger, minimumLevel: RoutingLogLevel = .debug, publicMessages: Bool = false) {
            self.logger = logger
            self.minimumLevel = minimumLevel
            self.publicMessages = publicMessages
        }

        /// Writes `entry` at its level, unless it is below ``minimumLevel``.
        public func log(_ entry: RoutingLogEntry) {
            guard entry.level >= minimumLevel else { return }
            let type: OSLogType
            switch entry.level {
            case .debug: type = .debug
            case .info: type = .info
            case .error: type = .error
            }
            let message = entry.message
            if publicMessages {
                logger.log(level: type, "\(message, privacy: .public)")
            } else {
                logger.log(level: type, "\(message, privacy: .private)")
            }
        }
    }
#endif
