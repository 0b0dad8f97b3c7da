/// How a pattern's static path segments compare with a link's segments.
///
/// Choose it for a whole table (``LinkTable/init(pathCase:)``) or for one pattern
/// (``LinkTable/register(_:as:samples:pathCase:make:)``): a universal link whose web server
/// ignores case (`/Products/42` and `/products/42`) then needs one pattern rather than one per
/// spelling. Schemes and hosts always ignore case; query keys and the text around a placeholder
/// never do, and values keep the case the link gave them.
public enum LinkPathCase: Sendable, Hashable {
    /// `product` matches `product` only.
    case sensitive
    /// `product` also matches `Product` and `PRODUCT`: letters compare by their lowercase form
    /// (Unicode's, so `Café` matches `CAFÉ`). Where a case-sensitive pattern of the same table
    /// spells a segment exactly as the link does, that pattern's static text wins.
    case insensitive
}
