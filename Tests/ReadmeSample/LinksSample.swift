// The README's links sample, in the context of its first sample (FirstSample.swift).
#if canImport(UIKit)
    import ComposerUIKit

    @MainActor
    func openLink(_ url: String, navigator: Navigator) async throws {
        let router = navigator.router
        // doc-sample: README.md links
        var links = LinkMap()
        try links.register("shop://product/<int:id>", as: "Product") { params in
            Link(to: product, with: try params.int("id"))
        }
        try links.register("https://{shop.example.com,www.shop.example.com}/products/<int:id>") { params in
            Link(to: product, with: try params.int("id"))
        }
        try await router.open(url, using: links)
        // end-doc-sample
    }
#endif
