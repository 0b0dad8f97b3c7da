// The restoration samples of Links.md: the registration, and a run of save → relaunch → restore
// on the in-memory screens, with the defaults of a suite of their own.
import Composer
import ComposerLinks
import ComposerTesting
import Foundation
import Testing

// doc-sample: Links.md restoration
extension ShopRoutes {
    /// Which screens come back at the next launch, and how each one's link is read from it.
    func makeRestoration(links: LinkMap) throws -> LinkRestoration {
        var restoration = LinkRestoration(links: links)
        try restoration.register("Product", for: ProductScreen.self) { ["id": $0.productID] }
        return restoration
    }
}
// end-doc-sample

@MainActor
@Suite("Links.md, restoring where the user was")
struct LinksRestorationUsage {
    /// The app's first screen, as the scene delegate sets it up on every launch.
    static func launchWindow() -> TestWindow {
        TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
    }

    func makeRoutes(router: DefaultRouter) -> ShopRoutes {
        let session = Session()
        session.isSignedIn = true
        return ShopRoutes(session: session, experiments: Experiments(), router: router)
    }

    @Test("Saved at the end of one launch, restored at the start of the next: the same screens")
    func saveAndRestore() async throws {
        let defaults = try #require(UserDefaults(suiteName: "ComposerDocSamples.LinksRestoration"))
        defaults.removeObject(forKey: "savedLinks")
        let window = Self.launchWindow()
        let routes = makeRoutes(router: DefaultRouter(window: window))
        let links = try routes.makeLinks()
        let restoration = try routes.makeRestoration(links: links)
        try await routes.router.open("shop://product/42", using: links, animated: false)
        let before = window.render()

        // doc-sample: Links.md save
        let saved = restoration.savedLinks(in: window)
        defaults.set(saved.urls, forKey: "savedLinks")
        // end-doc-sample
        #expect(saved.urls == ["shop://product/42"])

        let relaunched = Self.launchWindow()
        let router = DefaultRouter(window: relaunched)
        let result = try await restore(
            defaults: defaults, router: router, links: makeRoutes(router: router).makeLinks())
        #expect(result.isComplete)
        #expect(relaunched.render() == before)
        defaults.removeObject(forKey: "savedLinks")
    }

    func restore(defaults: UserDefaults, router: DefaultRouter, links: LinkMap) async -> LinkRestorationResult {
        // doc-sample: Links.md restore
        let urls = defaults.stringArray(forKey: "savedLinks") ?? []
        let result = await router.restore(urls, using: links)
        if let failure = result.failure {
            print("not restored: \(failure)")  // the screens before it are back; the rest are not
        }
        // end-doc-sample
        return result
    }
}
