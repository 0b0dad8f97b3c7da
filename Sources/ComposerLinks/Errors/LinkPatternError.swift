/// Why a link pattern could not be parsed, and where.
///
/// The description reads like `unclosed placeholder '<int:id' at column 16: expected '>'`, so
/// a developer can fix the pattern without reading the grammar.
public struct LinkPatternError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What went wrong; each case knows what was expected instead.
    public enum Problem: Sendable, Equatable {
        /// The pattern does not start with a scheme such as `https` or `shop`.
        case missingScheme
        /// The scheme contains a character other than letters, digits, `+`, `-` and `.`.
        case invalidSchemeCharacter(Character)
        /// The scheme is not followed by `://`.
        case missingSchemeSeparator
        /// An `http` or `https` pattern has no host.
        case emptyHost
        /// A host contains a character other than letters, digits, `-`, `.` and `:`.
        case invalidHostCharacter(Character)
        /// A `{` host list is not closed by `}`.
        case unclosedHostList
        /// A host list names the same host twice.
        case duplicateHost(String)
        /// Two `/` follow each other, leaving an empty segment.
        case emptySegment
        /// A character that cannot appear in that part of a pattern.
        case invalidCharacter(Character)
        /// A `<` without its `>`; carries the text from `<` up to where the placeholder had to end.
        case unclosedPlaceholder(String)
        /// `<>`, `<int:>`: a placeholder without a name.
        case missingPlaceholderName
        /// A placeholder or type name that is not letters, digits and `_`.
        case invalidName(String)
        /// A placeholder type that is neither built in nor registered.
        case unknownType(String)
        /// Two placeholders share a name.
        case duplicatePlaceholderName(String)
        /// `<name?>` in the path: only query placeholders can be optional.
        case optionalInPath(String)
        /// Two placeholders with no static text between them, such as `<a><b>`: nothing would
        /// say where one value ends and the next begins. Carries the segment as written and
        /// the two placeholders' names.
        case adjacentPlaceholders(segment: String, first: String, second: String)
        /// `<path:name>` with static text around it.
        case catchAllWithText(String)
        /// `<path:name>` followed by more segments.
        case catchAllNotLast(String)
        /// `<path:name>` in the query.
        case catchAllInQuery(String)
        /// An empty query item, such as `?&a=<a>` or a trailing `&`.
        case emptyQueryKey
        /// A query key without `=<placeholder>`.
        case missingQueryValue(key: String)
        /// A query key whose value is not a placeholder.
        case queryValueNotPlaceholder(key: String)
        /// A query key listed twice.
        case duplicateQueryKey(String)
        /// A `#` fragment: links are matched without their fragment.
        case fragment

        /// What was found, such as `unclosed placeholder '<int:id'`.
        var found: String { explanation.found }

        /// What the parser needed at that column, such as `'>'`.
        var expected: String { explanation.expected }

        /// Both texts of each problem, side by side, so that every case is described in one place.
        private var explanation: (found: String, expected: String) {
            switch self {
            case .missingScheme:
                ("missing scheme", "a scheme such as 'https' or 'shop'")
            case .invalidSchemeCharacter(let character):
                ("invalid character '\(character)' in scheme", "letters, digits, '+', '-' or '.' followed by '://'")
            case .missingSchemeSeparator:
                ("missing '://' after the scheme", "'://'")
            case .emptyHost:
                ("missing host", "a host such as 'example.com' or a list such as '{example.com,www.example.com}'")
            case .invalidHostCharacter(let character):
                ("invalid character '\(character)' in host", "letters, digits, '-', '.' or ':'")
            case .unclosedHostList:
                ("unclosed host list", "'}'")
            case .duplicateHost(let host):
                ("host '\(host)' listed twice", "each host once")
            case .emptySegment:
                ("empty path segment", "a segment between the slashes")
            case .invalidCharacter(let character):
                (
                    "invalid character '\(character)'",
                    "path or query text without spaces, '%', '#', '{', '}', '<' or '>' outside placeholders"
                )
            case .unclosedPlaceholder(let text):
                ("unclosed placeholder '\(text)'", "'>'")
            case .missingPlaceholderName:
                ("placeholder without a name", "a name such as '<id>' or '<int:id>'")
            case .invalidName(let name):
                ("invalid name '\(name)'", "letters, digits and '_', not starting with a digit")
            case .unknownType(let type):
                (
                    "unknown placeholder type '\(type)'",
                    "one of \(LinkValueType.builtinNames.joined(separator: ", ")) or a registered converter"
                )
            case .duplicatePlaceholderName(let name):
                ("placeholder name '\(name)' used twice", "a unique name for each placeholder")
            case .optionalInPath(let name):
                ("optional placeholder '\(name)' in the path", "'?' only on query placeholders")
            case .adjacentPlaceholders(let segment, let first, let second):
                (
                    "placeholders '\(first)' and '\(second)' with no text between them in segment '\(segment)'",
                    "static text between two placeholders of one segment, such as '<name>.<ext>', to tell where one value ends"
                )
            case .catchAllWithText(let name):
                ("catch-all '\(name)' with text around it", "'<path:name>' alone in its segment")
            case .catchAllNotLast(let name):
                ("catch-all '\(name)' before the last segment", "'<path:name>' as the last segment")
            case .catchAllInQuery(let name):
                ("catch-all '\(name)' in the query", "a placeholder of another type")
            case .emptyQueryKey:
                ("empty query item", "a key such as 'color=<color>'")
            case .missingQueryValue(let key):
                ("query key '\(key)' without a value", "'=' followed by a placeholder")
            case .queryValueNotPlaceholder(let key):
                (
                    "query key '\(key)' with a value that is not a placeholder",
                    "a placeholder such as '<name>' as the whole value"
                )
            case .duplicateQueryKey(let key):
                ("query key '\(key)' listed twice", "each key once")
            case .fragment:
                ("fragment", "the end of the pattern")
            }
        }
    }

    /// The pattern as written.
    public let pattern: String
    /// The 1-based character position of the problem, counted in `Character`s.
    public let column: Int
    /// What went wrong.
    public let problem: Problem

    /// Creates an error; the parser makes these.
    public init(pattern: String, column: Int, problem: Problem) {
        self.pattern = pattern
        self.column = column
        self.problem = problem
    }

    /// `<what was found> at column <n>: expected <what was needed>`.
    public var description: String {
        "\(problem.found) at column \(column): expected \(problem.expected)"
    }
}
