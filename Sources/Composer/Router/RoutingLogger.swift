/// How much a ``RoutingLogEntry`` matters.
public enum RoutingLogLevel: Int, Sendable, Comparable, CustomStringConvertible {
    /// The plan once the navigation has made it, before any guard runs: every step, what its
    /// finder found and what would be built (the report of ``info``, written earlier).
    case debug
    /// One entry per successful navigation: the destination's type on the first line, then the
    /// plan's report, step by step (several lines).
    case info
    /// Something the app should fix: a failed navigation.
    case error

    /// Orders levels from `debug` to `error`.
    public static func < (lhs: RoutingLogLevel, rhs: RoutingLogLevel) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The level's name.
    public var description: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .error: "error"
        }
    }
}

/// One message from the router. Only the router makes entries (its memberwise initializer is
/// internal); a logger receives them, and a logger that forwards to another passes them on as
/// they are.
public struct RoutingLogEntry: Sendable, CustomStringConvertible {
    /// How much the message matters.
    public let level: RoutingLogLevel
    /// The message, readable on its own.
    public let message: String

    /// `[level] message`.
    public var description: String { "[\(level)] \(message)" }
}

/// Receives what the router does, for the app's own logging. The router is silent by default.
@MainActor
public protocol RoutingLogger {
    /// Records one entry.
    func log(_ entry: RoutingLogEntry)

    /// Whether entries of `level` are wanted. The router writes a plan report only for a logger
    /// that wants it, so a silent logger costs no string work.
    func wants(_ level: RoutingLogLevel) -> Bool
}

extension RoutingLogger {
    /// Every level, unless the logger says otherwise.
    public func wants(_ level: RoutingLogLevel) -> Bool { true }
}

/// A logger that drops everything: the router's default.
public struct SilentRoutingLogger: RoutingLogger {
    /// Creates the logger.
    public init() {}

    /// Drops `entry`.
    public func log(_ entry: RoutingLogEntry) {}

    /// Nothing: the router writes no report for this logger.
    public func wants(_ level: RoutingLogLevel) -> Bool { false }
}

/// A logger that keeps every entry in memory, for the package's tests.
@MainActor
package final class RecordingRoutingLogger: RoutingLogger {
    /// Every entry so far, oldest first.
    package private(set) var entries: [RoutingLogEntry] = []

    /// Creates an empty logger.
    package init() {}

    /// Appends `entry`.
    package func log(_ entry: RoutingLogEntry) {
        entries.append(entry)
    }
}
