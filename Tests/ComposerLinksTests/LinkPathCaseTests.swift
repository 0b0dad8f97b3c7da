import Composer
import ComposerLinks
import ComposerTesting
import Testing

/// Case-insensitive matching of static path segments, chosen per table or per pattern.
@MainActor
@Suite("Static segments ignore case where the table or the pattern says so")
struct LinkPathCaseTests {
    @Test("a case-insensitive table matches static segments in any case and keeps the values' case")
    func insensitiveTable() throws {
        var table = LinkTable<LinkParameters>(pathCase: .insensitive)
        try table.register("https://shop.example.com/products/<int:id>/Reviews/<name>") { $0 }
        try table.register("shop://café/<slug>") { $0 }
        for url in [
            "https://shop.example.com/products/42/reviews/Ann", "https://shop.example.com/PRODUCTS/42/REVIEWS/Ann",
            "https://shop.example.com/Products/42/rEvIeWs/Ann",
        ] {
            let parameters = try table.resolve(url)
            #expect(try parameters.int("id") == 42, "\(url)")
            #expect(try parameters.string("name") == "Ann", "\(url)")
        }
        #expect(try table.resolve("shop://CAFÉ/Red-Shoes").string("slug") == "Red-Shoes")
        #expect(try table.resolve("shop://Caf%C3%89/x").string("slug") == "x")
        #expect(
            isNoMatch(
                linkError { () throws(LinkError) in try table.resolve("https://shop.example.com/product/42/reviews/a") }
            ))
    }

    @Test("a segment that decodes to a NUL and a static text matches no case-insensitive pattern")
    func nulEscapeMatchesNoFoldedText() throws {
        var table = LinkTable<String>(pathCase: .insensitive)
        try table.register("shop://products/<int:id>") { "product \(try $0.int("id"))" }
        #expect(try table.resolve("shop://PRODUCTS/42") == "product 42")
        #expect(throws: LinkError.self) { try table.resolve("shop://%00products/42") }
        #expect(throws: LinkError.self) { try table.resolve("shop://%00PRODUCTS/42") }
    }

    @Test("a redirect names a case-insensitive pattern as it was registered")
    func redirectsNameCaseInsensitivePatterns() throws {
        var table = LinkTable<String>(pathCase: .insensitive)
        try table.register("shop://legacy/<id>") { "legacy \(try $0.string("id"))" }
        try table.register("shop://product/<int:id>", pathCase: .sensitive) { "product \(try $0.int("id"))" }
        try table.setRedirects([LinkRedirect(from: "shop://legacy/<id>", to: .pattern("shop://product/<int:id>"))])
        #expect(try table.resolve("shop://LEGACY/7") == "product 7")
        #expect(try table.resolve("shop://product/7") == "product 7")
        #expect(throws: LinkError.self) { try table.resolve("shop://PRODUCT/7") }
    }

    @Test("a case-sensitive table stays case-sensitive; one pattern can opt in")
    func perPattern() throws {
        var table = LinkTable<String>()
        try table.register("shop://orders/<int:id>") { _ in "orders" }
        try table.register("shop://Products/<int:id>", pathCase: .insensitive) { _ in "products" }
        #expect(try table.resolve("shop://orders/1") == "orders")
        #expect(isNoMatch(linkError { () throws(LinkError) in try table.resolve("shop://Orders/1") }))
        #expect(try table.resolve("shop://products/1") == "products")
        #expect(try table.resolve("shop://PRODUCTS/1") == "products")
    }

    @Test("where a case-sensitive pattern spells the segment as the link does, its static text wins")
    func exactSpellingWins() throws {
        var table = LinkTable<String>()
        try table.register("shop://Sale/<slug>") { _ in "exact" }
        try table.register("shop://sale/<slug>", pathCase: .insensitive) { _ in "folded" }
        try table.register("shop://<section>/<slug>") { _ in "placeholder" }
        #expect(try table.resolve("shop://Sale/x") == "exact")
        #expect(try table.resolve("shop://SALE/x") == "folded")
        #expect(try table.resolve("shop://sale/x") == "folded")
        // A folded static segment still beats a placeholder.
        #expect(try table.resolve("shop://sAlE/x") == "folded")
        #expect(try table.resolve("shop://other/x") == "placeholder")
    }

    @Test("two case-insensitive patterns that differ only in case conflict")
    func foldedConflict() throws {
        var table = LinkTable<String>(pathCase: .insensitive)
        try table.register("shop://Products/<int:id>") { _ in "a" }
        #expect(
            linkError { () throws(LinkError) in try table.register("shop://products/<int:n>") { _ in "b" } }
                == .conflictingPattern(pattern: "shop://products/<int:n>", existing: "shop://Products/<int:id>"))
        // A case-sensitive spelling of the same path is another pattern.
        try table.register("shop://products/<int:n>", pathCase: .sensitive) { _ in "c" }
        #expect(try table.resolve("shop://products/1") == "c")
        #expect(try table.resolve("shop://PRODUCTS/1") == "a")
    }

    @Test("text around a placeholder and query keys keep their case; links are built as the pattern is written")
    func onlyStaticSegmentsFold() throws {
        var table = LinkTable<LinkParameters>(pathCase: .insensitive)
        try table.register("shop://Files/user-<int:id>?Tab=<tab?>", as: "File") { $0 }
        #expect(try table.resolve("shop://FILES/user-7?Tab=a").optionalString("tab") == "a")
        #expect(try table.resolve("shop://files/user-7?tab=a").optionalString("tab") == nil)
        #expect(isNoMatch(linkError { () throws(LinkError) in try table.resolve("shop://files/USER-7") }))
        #expect(try table.url(for: "File", parameters: ["id": 7]) == "shop://Files/user-7")
    }
}
