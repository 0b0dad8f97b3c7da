/// A path segment with its placeholder name forgotten: what the trie branches on.
enum LinkSegmentShape: Hashable, Sendable {
    case literal(String)
    /// Static text of a case-insensitive pattern, by its key (see ``LinkTrie/foldedKey(_:)``).
    case foldedLiteral(String)
    case placeholder(type: LinkValueType, prefix: String, suffix: String)
    case catchAll

    /// Whether `self` is tried before `other` at the same trie level.
    ///
    /// Static text first, then typed placeholders (bool, uuid, int, double, app types by
    /// name), then strings, then the catch-all. Between placeholders of the same type, more
    /// static text around the placeholder wins, then the prefix and suffix in string order,
    /// which makes the order total: a tie would mean the two shapes are equal.
    func precedes(_ other: LinkSegmentShape) -> Bool {
        let lhs = sortKey
        let rhs = other.sortKey
        if lhs.kind != rhs.kind { return lhs.kind < rhs.kind }
        if lhs.typeName != rhs.typeName { return lhs.typeName < rhs.typeName }
        if lhs.affixLength != rhs.affixLength { return lhs.affixLength > rhs.affixLength }
        if lhs.prefix != rhs.prefix { return lhs.prefix < rhs.prefix }
        return lhs.suffix < rhs.suffix
    }

    private var sortKey: (kind: Int, typeName: String, affixLength: Int, prefix: String, suffix: String) {
        switch self {
        case .literal(let text), .foldedLiteral(let text):
            return (0, "", 0, text, "")
        case .placeholder(let type, let prefix, let suffix):
            return (type.precedence, type.description, prefix.count + suffix.count, prefix, suffix)
        case .catchAll:
            return (LinkValueType.path.precedence, "", 0, "", "")
        }
    }
}
