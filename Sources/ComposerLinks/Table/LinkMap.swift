/// The app's URL patterns and what each opens: `LinkTable` specialised to ``Link``.
///
/// ```swift
/// var links = LinkMap()
/// try links.register("shop://product/<id>", as: "Product") { params in
///     Link(to: Destinations.product, with: ProductID(try params.string("id")))
/// }
/// try await router.open(url, using: links)
/// ```
public typealias LinkMap = LinkTable<Link>
