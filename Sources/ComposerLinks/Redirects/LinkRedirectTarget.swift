/// Where a redirect sends a registered pattern's links (outside the generic table, so that
/// reading one needs no generic type information).
enum LinkRedirectTarget {
    case entry(Int)
    case fallback
}
