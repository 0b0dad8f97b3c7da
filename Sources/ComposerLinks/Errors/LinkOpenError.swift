import Composer

/// Why ``ComposerLinks/Composer/Router/open(_:using:animated:queueing:)-(String,_,_,_)`` failed: the link, or the navigation.
public enum LinkOpenError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The link could not be resolved and the map has no fallback (malformed, unknown,
    /// a value that does not convert), or the registration's closure failed.
    case link(LinkError)
    /// The link resolved but the navigation failed: an interceptor refused, a screen was not found…
    case routing(RoutingError)

    /// The ``LinkError`` or ``/Composer/RoutingError`` itself, for code that already handles those.
    public var underlyingError: any Error {
        switch self {
        case .link(let error): error
        case .routing(let error): error
        }
    }

    /// The underlying error's sentence.
    public var description: String {
        switch self {
        case .link(let error): error.description
        case .routing(let error): error.description
        }
    }

    /// Compares the link errors, and the routing errors by code, step and what was found.
    public static func == (lhs: LinkOpenError, rhs: LinkOpenError) -> Bool {
        switch (lhs, rhs) {
        case (.link(let left), .link(let right)): left == right
        case (.routing(let left), .routing(let right)):
            left.code == right.code && left.step == right.step && left.found == right.found
        default: false
        }
    }
}
