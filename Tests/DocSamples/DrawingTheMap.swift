// The samples of DrawingTheMap.md, on the routes of GettingStarted.md and the links of Links.md.
import Composer
import ComposerLinks
import ComposerTesting
import Testing

// doc-sample: DrawingTheMap.md make-map
extension ShopRoutes {
    /// Every destination of the shop as one graph, with the link patterns that open each.
    func makeMap() throws(RoutingError) -> RouteMap {
        var map = RouteMap()
        try map.add(
            "Product", product, sampleContext: 42,
            links: ["shop://product/<int:id>", "https://{shop.example.com,www.shop.example.com}/products/<int:id>"])
        try map.add("Web page", web, sampleContext: "https://shop.example.com/help")
        return map
    }
}
// end-doc-sample

@MainActor
@Suite("DrawingTheMap.md, as written")
struct DrawingTheMapUsage {
    let routes = ShopRoutes(
        session: Session(), experiments: Experiments(), router: DefaultRouter(window: TestWindow()))

    @Test("The map of the article's routes: the pushed product, guarded, and the web page over the current screen")
    func map() throws {
        // doc-sample: DrawingTheMap.md print
        let map = try routes.makeMap()
        print(map.dot)  // or map.mermaid
        // end-doc-sample
        #expect(map.steps.map(\.screenType) == ["any Screen", "ProductScreen", "WebScreen"])
        #expect(map.steps[1].guards == ["LoginInterceptor"])
        #expect(
            map.edges.map(\.action) == [
                "PushAction<TestNavigationContainer> (expecting container TestNavigationContainer)",
                "PresentModallyAction",
            ])
        #expect(map.destinations.map(\.links.count) == [2, 0])
    }
}
