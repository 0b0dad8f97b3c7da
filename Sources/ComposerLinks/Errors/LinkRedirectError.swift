/// Why a redirect table was rejected.
public enum LinkRedirectError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The JSON does not have the documented shape.
    case malformedJSON(reason: String)
    /// A `from` or `to` pattern does not parse.
    case invalidPattern(LinkPatternError)
    /// A `from` or `to` pattern is not registered; `lookalike` is a registered pattern of the
    /// same shape, when the difference is only in spelling or placeholder names.
    case unknownPattern(String, lookalike: String?)
    /// Two redirects start from the same pattern.
    case duplicateSource(String)
    /// Following the redirects from a pattern comes back to it; lists the cycle, first pattern repeated last.
    case loop([String])
    /// The destination needs a parameter the source does not always provide.
    case missingParameter(name: String, from: String, to: String)
    /// A redirect goes to the fallback, but the table has none.
    case noFallback(from: String)

    /// A sentence naming the redirect at fault.
    public var description: String {
        switch self {
        case .malformedJSON(let reason):
            return "malformed redirect JSON: \(reason)"
        case .invalidPattern(let error):
            return "redirect pattern '\(error.pattern)' does not parse: \(error)"
        case .unknownPattern(let pattern, let lookalike):
            let hint = lookalike.map { "; did you mean '\($0)'?" } ?? ""
            return "redirect pattern '\(pattern)' is not registered\(hint)"
        case .duplicateSource(let pattern):
            return "two redirects start from '\(pattern)'"
        case .loop(let cycle):
            return "redirects loop: \(cycle.joined(separator: " → "))"
        case .missingParameter(let name, let from, let to):
            return "redirect from '\(from)' to '\(to)' cannot provide '\(name)', which '\(to)' requires"
        case .noFallback(let from):
            return "redirect from '\(from)' goes to the fallback, but the table has no fallback; set one first"
        }
    }
}
