/// A parsed link pattern such as `shop://product/<int:id>` or
/// `https://{shop.example.com,www.shop.example.com}/products/<int:id>?color=<color?>`.
///
/// Parsing happens once, at registration, so that a mistake in a pattern is reported with its
/// column when the app starts rather than as a link that silently never matches.
///
/// ## Grammar
///
/// ```
/// pattern     = scheme "://" [ hosts ] path [ "?" query ]
/// scheme      = letter { letter | digit | "+" | "-" | "." }
/// hosts       = host | "{" host { "," host } "}"        (http and https only, and required there)
/// host        = 1*( letter | digit | "-" | "." | ":" )
/// path        = [ "/" ] [ segment { "/" segment } ] [ "/" ]
/// segment     = text | [ text ] placeholder { text placeholder } [ text ] | catch-all
/// catch-all   = "<path:" name ">"                     (alone in the last segment)
/// placeholder = "<" [ type ":" ] name ">"
/// query       = key "=" query-value { "&" key "=" query-value }
/// query-value = "<" [ type ":" ] name [ "?" ] ">"     ("?" marks it optional)
/// type        = "string" | "int" | "double" | "uuid" | "bool" | an app type's name
/// name        = ( letter | "_" ) { letter | digit | "_" }   (ASCII, unique in the pattern)
/// text        = characters other than "/ ? # < > { } % \ " ^ | `", spaces and controls
/// ```
///
/// - The scheme and hosts are matched case-insensitively. Only `http` and `https` have a host;
///   for every other scheme everything after `scheme://` is path, so in `shop://product/<id>`
///   the word `product` is the first path segment.
/// - Static text matches a link's percent-decoded segment exactly, as strings compare
///   (canonically equal spellings are one), case-sensitively unless the table or the pattern
///   is registered with ``LinkPathCase/insensitive``.
/// - A placeholder takes at least one character, and the text around it (`user-<int:id>`,
///   `<name>.json`) must be there, case-sensitively.
/// - A segment may hold several placeholders separated by static text (`<name>.<ext>`,
///   `<int:y>-<int:m>-<int:d>`); `<a><b>` is an error. Each placeholder but the last takes the
///   shortest text up to the next occurrence of the text written after it, and the last takes
///   the rest: `<name>.<ext>` reads `archive.tar.gz` as `archive` and `tar.gz`. The split comes
///   first; a part that does not convert fails the pattern, without trying another split.
/// - `<path:name>` takes one or more whole segments, the rest of the path.
/// - Query items are matched by key, in any order, among any others; the query takes no part in
///   choosing a pattern.
/// - A trailing `/` is ignored; an empty segment (`//`), a fragment (`#`) and percent escapes in
///   a pattern are errors.
///
/// ## Which pattern wins
///
/// The path decides, segment by segment from the left: at the first segment where two matching
/// patterns differ, static text beats placeholders (a case-sensitive pattern's text beats a
/// case-insensitive pattern's, however the link spells it), and placeholders beat the catch-all.
/// Between two segments with placeholders the first difference in this list decides: more
/// static characters around and between them (`user-<id>` over `<id>`, `<a>.<b>` over
/// `<double:d>`); the types from the left, `bool`, `uuid`, `int`, `double`, app types by name,
/// then `string`; fewer placeholders; the static texts from the left in string order.
/// A branch that fails further right gives way to the next. Registration order never matters:
/// two patterns that would match the same links cannot both be registered.
public struct LinkPattern: Sendable, Hashable, CustomStringConvertible {
    /// One `/`-separated piece of a pattern's path.
    public enum Segment: Sendable, Hashable {
        /// Text that must equal the link's decoded segment exactly (case-sensitively, unless the
        /// table or the pattern ignores case).
        case literal(String)
        /// A placeholder, possibly with static text before (`prefix`) and after (`suffix`) it.
        case placeholder(prefix: String, LinkPlaceholder, suffix: String)
        /// Two or more placeholders, such as `<name>.<ext>` or `<int:a>-<int:b>-<int:c>`.
        /// `texts` holds one more element than `placeholders`: the text before the first
        /// placeholder, the text between each pair (never empty), then the text after the last.
        case placeholders(texts: [String], [LinkPlaceholder])
        /// `<path:name>`: one or more remaining segments; always the last segment.
        case catchAll(LinkPlaceholder)
    }

    /// One `key=<placeholder>` item of a pattern's query.
    public struct QueryItem: Sendable, Hashable {
        /// The query key, matched case-sensitively.
        public let key: String
        /// What the key's values convert to and are read back by.
        public let placeholder: LinkPlaceholder

        /// Creates an item; patterns make these when they are parsed.
        public init(key: String, placeholder: LinkPlaceholder) {
            self.key = key
            self.placeholder = placeholder
        }
    }

    /// The pattern as written.
    public let text: String
    /// The scheme, lowercased.
    public let scheme: String
    /// The host and its aliases, lowercased, in the order written; empty for schemes without a host.
    public let hosts: [String]
    /// The path, segment by segment.
    public let segments: [Segment]
    /// The query items, in the order written.
    public let query: [QueryItem]

    /// Parses `text`.
    ///
    /// - Parameters:
    ///   - text: The pattern, such as `shop://product/<int:id>`.
    ///   - converters: The app-defined types the pattern may use besides the built-in ones.
    /// - Throws: ``LinkPatternError`` naming the column of the first problem and what was expected there.
    public init(_ text: String, converters: LinkConverters = LinkConverters()) throws(LinkPatternError) {
        var parser = LinkPatternParser(text: text, converters: converters)
        let parts = try parser.parse()
        self.text = text
        scheme = parts.scheme
        hosts = parts.hosts
        segments = parts.segments
        query = parts.query
    }

    /// A pattern that is only text, for the case that cannot happen where a registered
    /// pattern no longer parses: it has no path, no query and matches nothing.
    init(unparsed text: String) {
        self.text = text
        scheme = ""
        hosts = []
        segments = []
        query = []
    }

    /// Every placeholder, path ones first, in the order written.
    public var placeholders: [LinkPlaceholder] {
        segments.flatMap(\.placeholders) + query.map(\.placeholder)
    }

    /// The normalized spelling: lowercased scheme and hosts, no trailing slash and `<name>`
    /// for string placeholders. Two patterns with the same description mean the same thing;
    /// redirects refer to registered patterns by it.
    public var description: String {
        var result = "\(scheme)://"
        if hosts.count == 1 {
            result += hosts[0]
        } else if hosts.count > 1 {
            result += "{\(hosts.joined(separator: ","))}"
        }
        let path = segments.map(\.patternText).joined(separator: "/")
        if !hosts.isEmpty, !path.isEmpty {
            result += "/"
        }
        result += path
        if !query.isEmpty {
            result += "?" + query.map { "\($0.key)=\($0.placeholder.patternText)" }.joined(separator: "&")
        }
        return result
    }

    /// Whether links of `scheme` have a host (`https://host/path`) rather than starting their
    /// path right after `://`.
    static func schemeHasHost(_ scheme: String) -> Bool {
        scheme == "http" || scheme == "https"
    }

    /// The path's shape: what two patterns must share to be interchangeable, ignoring names.
    var shape: [LinkSegmentShape] { shape(pathCase: .sensitive) }

    /// The path's shape when its static segments compare as `pathCase` says.
    func shape(pathCase: LinkPathCase) -> [LinkSegmentShape] {
        segments.map { segment in
            guard pathCase == .insensitive, case .literal(let text) = segment else { return segment.shape }
            return .foldedLiteral(LinkTrie.foldedKey(text))
        }
    }
}

extension LinkPattern.Segment {
    /// The placeholders the segment captures, left to right.
    public var placeholders: [LinkPlaceholder] {
        switch self {
        case .literal: []
        case .placeholder(_, let placeholder, _), .catchAll(let placeholder): [placeholder]
        case .placeholders(_, let placeholders): placeholders
        }
    }

    /// The static texts around and between the segment's placeholders (one more than there
    /// are placeholders); the text itself for a static segment, none for a catch-all.
    public var texts: [String] {
        switch self {
        case .literal(let text): [text]
        case .placeholder(let prefix, _, let suffix): [prefix, suffix]
        case .placeholders(let texts, _): texts
        case .catchAll: []
        }
    }

    /// How the segment is written in a normalized pattern.
    var patternText: String {
        switch self {
        case .literal(let text): text
        case .placeholder(let prefix, let placeholder, let suffix): prefix + placeholder.patternText + suffix
        case .placeholders(let texts, let placeholders):
            zip(texts, placeholders).map { $0 + $1.patternText }.joined() + (texts.last ?? "")
        case .catchAll(let placeholder): placeholder.patternText
        }
    }

    /// The segment with its placeholder name forgotten.
    var shape: LinkSegmentShape {
        switch self {
        case .literal(let text): .literal(text)
        case .placeholder(let prefix, let placeholder, let suffix):
            .placeholders(types: [placeholder.type], texts: [prefix, suffix])
        case .placeholders(let texts, let placeholders):
            .placeholders(types: placeholders.map(\.type), texts: texts)
        case .catchAll: .catchAll
        }
    }
}
