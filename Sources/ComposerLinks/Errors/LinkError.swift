/// Everything that can go wrong registering, resolving or building links.
///
/// Cases carry what a person needs to fix the problem (the link, the parameter, the patterns
/// involved); ``description`` turns them into a sentence. Programs switch on the case, for
/// example to tell a broken link (``malformedURL(url:column:reason:)``,
/// ``noMatch(url:closest:)``) from a bug in the app (``wrongType(parameter:requested:declared:pattern:)``).
public enum LinkError: Error, Sendable, Equatable, CustomStringConvertible {
    // MARK: Incoming links

    /// The link is not `scheme://…` or contains a bad percent escape or a space; `column` is
    /// the 1-based character position.
    case malformedURL(url: String, column: Int, reason: String)
    /// The link is longer than the limit (4,096 UTF-8 bytes), checked before anything else.
    case urlTooLong(length: Int, limit: Int)
    /// No registered pattern matches; `closest` lists up to three patterns that share the
    /// longest matched start with the link, best first.
    case noMatch(url: String, closest: [String])
    /// A segment or query value has the right place but not the right type, such as `abc`
    /// for `<int:id>`.
    case conversionFailed(parameter: String, expected: LinkValueType, found: String, pattern: String)
    /// A required query value is absent from the link, or a value is missing when building one.
    case missingParameter(name: String, pattern: String)

    // MARK: Reading parameters

    /// The code asked for a parameter the pattern does not declare, or passed one when
    /// building a link; `known` lists the pattern's names.
    case unknownParameter(name: String, pattern: String, known: [String])
    /// The code read a parameter of `pattern` as a type other than the one the pattern declares.
    case wrongType(parameter: String, requested: String, declared: LinkValueType, pattern: String)
    /// The code read a parameter the pattern declares optional (`<int:page?>`) with a reader that
    /// requires a value (`int(_:)` rather than `optionalInt(_:)`): refused on every link, not only
    /// on one that leaves the value out.
    case optionalReadAsRequired(parameter: String, pattern: String)

    // MARK: Registration

    /// A pattern does not parse.
    case invalidPattern(LinkPatternError)
    /// A pattern has the same shape as one already registered (same host, same segments,
    /// same placeholder types, names aside), so one of them could never be reached.
    case conflictingPattern(pattern: String, existing: String)
    /// A destination name is already used by another pattern.
    case duplicateName(name: String, existing: String)
    /// A converter could not be registered.
    case invalidConverter(name: String, reason: String)
    /// A catalog sample value for a placeholder does not convert to its type.
    case invalidSample(parameter: String, value: String, pattern: String)
    /// A value given to build a link of `pattern` would not read back from it: it holds the
    /// static text the pattern writes after its placeholder (`a.b` for `<name>.<ext>`), or starts
    /// or ends with a combining mark that would merge with the text around it.
    case valueDoesNotReadBack(parameter: String, value: String, pattern: String)

    // MARK: Building links

    /// No pattern is registered under that destination name.
    case unknownDestination(name: String)
    /// The link built for a destination would resolve to another pattern (for example
    /// `shop://product/new` when `shop://product/new` is registered as a static pattern).
    case unreachableURL(url: String, destination: String, resolvesTo: String)

    // MARK: Redirects and targets

    /// A redirect table was rejected; the previous table is still in use.
    case invalidRedirects(LinkRedirectError)
    /// The redirects send the link to the table's fallback; `redirectedFrom` lists the patterns it
    /// matched on the way (``LinkRedirect/Destination/fallback``). Only restoring reports it: opening
    /// such a link opens the fallback.
    case redirectedToFallback(url: String, redirectedFrom: [String])
    /// The registration's closure threw an error that is not a ``LinkError``.
    case targetFailed(pattern: String, message: String)

    /// Whether the error is about the incoming link itself rather than about the app's code,
    /// which is when a table's fallback takes over.
    var isAboutIncomingLink: Bool {
        switch self {
        case .malformedURL, .urlTooLong, .noMatch, .conversionFailed, .missingParameter: true
        default: false
        }
    }

    /// A sentence saying what happened and what to do about it.
    public var description: String {
        switch self {
        case .malformedURL(let url, let column, let reason):
            return "malformed link '\(url)' at column \(column): \(reason)"
        case .urlTooLong(let length, let limit):
            return "link is \(length) bytes long; the limit is \(limit)"
        case .noMatch(let url, let closest):
            if closest.isEmpty {
                return "no link pattern matches '\(url)', and none is registered for its scheme and host"
            }
            return "no link pattern matches '\(url)'; closest: \(closest.map { "'\($0)'" }.joined(separator: ", "))"
        case .conversionFailed(let parameter, let expected, let found, let pattern):
            let value = found.isEmpty ? "an empty value" : "'\(found)'"
            return
                "parameter '\(parameter)' of '\(pattern)' expects \(Self.article(expected)) \(expected), found \(value)"
        case .missingParameter(let name, let pattern):
            return "parameter '\(name)' of '\(pattern)' is required but missing"
        case .unknownParameter(let name, let pattern, let known):
            let list = known.isEmpty ? "it has none" : "it has \(known.map { "'\($0)'" }.joined(separator: ", "))"
            return "pattern '\(pattern)' has no parameter '\(name)'; \(list)"
        case .wrongType(let parameter, let requested, let declared, let pattern):
            return
                "parameter '\(parameter)' of '\(pattern)' is declared \(declared), so it cannot be read as \(requested)"
        case .optionalReadAsRequired(let parameter, let pattern):
            return
                "parameter '\(parameter)' of '\(pattern)' is optional; read it with the optional reader (optionalInt(_:) and the like), which gives nil when a link leaves it out"
        case .valueDoesNotReadBack(let parameter, let value, let pattern):
            return
                "the value '\(value)' of parameter '\(parameter)' would not read back from a link of '\(pattern)': it holds the text the pattern writes after the placeholder, or starts or ends with a combining mark"
        case .invalidPattern(let error):
            return "invalid link pattern '\(error.pattern)': \(error)"
        case .conflictingPattern(let pattern, let existing):
            return
                "pattern '\(pattern)' matches the same links as the registered '\(existing)'; change one of their static segments or types"
        case .duplicateName(let name, let existing):
            return "destination name '\(name)' is already used by '\(existing)'"
        case .invalidConverter(let name, let reason):
            return "cannot register converter '\(name)': \(reason)"
        case .invalidSample(let parameter, let value, let pattern):
            return "sample '\(value)' for parameter '\(parameter)' of '\(pattern)' does not convert to its type"
        case .unknownDestination(let name):
            return "no link pattern is registered under the name '\(name)'"
        case .unreachableURL(let url, let destination, let resolvesTo):
            return
                "the link '\(url)' built for '\(destination)' would open '\(resolvesTo)' instead; choose other parameter values"
        case .invalidRedirects(let problem):
            return "redirects rejected, previous redirects kept: \(problem)"
        case .redirectedToFallback(let url, let redirectedFrom):
            let patterns = redirectedFrom.map { "'\($0)'" }.joined(separator: " then ")
            return "the redirects send '\(url)' (matched by \(patterns)) to the fallback"
        case .targetFailed(let pattern, let message):
            return "the destination for '\(pattern)' failed: \(message)"
        }
    }

    private static func article(_ type: LinkValueType) -> String {
        switch type {
        case .int: "an"
        case .custom(let name): "aeiou".contains(name.first ?? "x") ? "an" : "a"
        default: "a"
        }
    }
}
