// doc-sample: Links.md reviews
import Composer
import ComposerLinks

/// The reviews feature. It knows the name "Product", not the product screen or its routes.
@MainActor
struct ReviewsFeature {
    let router: DefaultRouter
    let links: LinkMap

    func showReviewedProduct(_ productID: Int) async throws {
        let url = try links.url(for: "Product", parameters: ["id": productID])
        try await router.open(url, using: links)
    }
}
// end-doc-sample
