/// A path segment with its placeholder names forgotten: what the trie branches on.
enum LinkSegmentShape: Hashable, Sendable {
    case literal(String)
    /// Static text of a case-insensitive pattern, by its key (see ``LinkTrie/foldedKey(_:)``).
    case foldedLiteral(String)
    /// One or more placeholders: `texts` is the text before the first, between each pair and
    /// after the last, so it has one element more than `types`.
    case placeholders(types: [LinkValueType], texts: [String])
    case catchAll

    /// Whether `self` is tried before `other` at the same trie level.
    ///
    /// Static text first, then segments with placeholders, then the catch-all. Between two
    /// segments with placeholders, in this order, the first difference decides:
    /// 1. more static characters (all texts, counted in `Character`s), since each one fixes a
    ///    character of the link;
    /// 2. the types, placeholder by placeholder from the left: bool, uuid, int, double, app
    ///    types by name, then string;
    /// 3. fewer placeholders;
    /// 4. the texts, from the left, in string order.
    ///
    /// The order is total: two shapes that tie on all four are equal.
    func precedes(_ other: LinkSegmentShape) -> Bool {
        switch (self, other) {
        case (.literal(let lhs), .literal(let rhs)), (.foldedLiteral(let lhs), .foldedLiteral(let rhs)),
            (.literal(let lhs), .foldedLiteral(let rhs)), (.foldedLiteral(let lhs), .literal(let rhs)):
            return lhs < rhs
        case (.placeholders(let lhsTypes, let lhsTexts), .placeholders(let rhsTypes, let rhsTexts)):
            return Self.placeholders(lhsTypes, lhsTexts, precede: rhsTypes, rhsTexts)
        default:
            return kind < other.kind
        }
    }

    private var kind: Int {
        switch self {
        case .literal, .foldedLiteral: 0
        case .placeholders: 1
        case .catchAll: 2
        }
    }

    private static func placeholders(
        _ lhsTypes: [LinkValueType], _ lhsTexts: [String], precede rhsTypes: [LinkValueType], _ rhsTexts: [String]
    ) -> Bool {
        let lhsLength = staticLength(lhsTexts)
        let rhsLength = staticLength(rhsTexts)
        if lhsLength != rhsLength { return lhsLength > rhsLength }
        for (lhs, rhs) in zip(lhsTypes, rhsTypes) where lhs != rhs {
            if lhs.precedence != rhs.precedence { return lhs.precedence < rhs.precedence }
            return lhs.description < rhs.description
        }
        if lhsTypes.count != rhsTypes.count { return lhsTypes.count < rhsTypes.count }
        for (lhs, rhs) in zip(lhsTexts, rhsTexts) where lhs != rhs { return lhs < rhs }
        return false
    }

    private static func staticLength(_ texts: [String]) -> Int {
        texts.reduce(0) { $0 + $1.count }
    }
}
