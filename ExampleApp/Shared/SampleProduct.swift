/// A product of the sample catalogue the products tab lists. The shop has no back end, so the
/// screens show these names; any other id (from a link) is shown as an unnamed product.
struct SampleProduct: Sendable {
    /// The id the routes and links use.
    let id: ProductID
    /// The name shown in the list and on the product screen.
    let name: String
    /// An SF Symbol for the list row.
    let symbol: String

    /// The products the list shows, in order.
    static let all: [SampleProduct] = [
        SampleProduct(id: ProductID("7"), name: "Espresso cup", symbol: "cup.and.saucer"),
        SampleProduct(id: ProductID("12"), name: "Paper notebook", symbol: "book.closed"),
        SampleProduct(id: ProductID("42"), name: "Towel", symbol: "rectangle.portrait"),
        SampleProduct(id: ProductID("108"), name: "Headphones", symbol: "headphones"),
    ]

    /// The name of product `id`, or a generic one for ids outside the sample catalogue.
    static func name(of id: ProductID) -> String {
        all.first { $0.id == id }?.name ?? "Product \(id)"
    }
}
