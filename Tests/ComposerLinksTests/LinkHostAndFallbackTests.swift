import Composer
import ComposerLinks
import Testing

@MainActor
@Suite("Universal-link hosts")
struct LinkHostTests {
    nonisolated static let product = "https://{shop.example.com,www.shop.example.com}/products/<int:id>"

    @Test(
        "every listed host matches, in any case",
        arguments: [
            "https://shop.example.com/products/7",
            "https://www.shop.example.com/products/7",
            "https://WWW.SHOP.EXAMPLE.COM/products/7",
            "HTTPS://Shop.Example.Com/products/7/",
        ])
    func aliases(url: String) throws {
        let table = try linkParameterTable([Self.product])
        #expect(try table.resolve(url).int("id") == 7)
    }

    @Test("other hosts and plain http do not match")
    func otherHosts() throws {
        let table = try linkParameterTable([Self.product, "shop://products/<int:id>"])
        #expect(
            linkError { () throws(LinkError) in try table.resolve("https://evil.example.com/products/7") }
                == .noMatch(url: "https://evil.example.com/products/7", closest: [Self.product]))
        #expect(
            linkError { () throws(LinkError) in try table.resolve("http://shop.example.com/products/7") }
                == .noMatch(url: "http://shop.example.com/products/7", closest: []))
        #expect(
            LinkError.noMatch(url: "http://x", closest: []).description
                == "no link pattern matches 'http://x', and none is registered for its scheme and host")
    }

    @Test("an unknown host suggests the first three patterns of the scheme")
    func unknownHostSuggestions() throws {
        let patterns = [
            "https://a.example/1", "shop://x", "https://b.example/2", "https://c.example/3", "https://d.example/4",
        ]
        let table = try linkPatternTable(patterns)
        #expect(
            linkError { () throws(LinkError) in try table.resolve("https://z.example/1") }
                == .noMatch(
                    url: "https://z.example/1",
                    closest: ["https://a.example/1", "https://b.example/2", "https://c.example/3"]))
    }

    @Test("a custom scheme's first word is an ordinary path segment")
    func customSchemeHasNoHost() throws {
        let table = try linkPatternTable(["shop://product/<id>", "shop://<section>"])
        #expect(try table.resolve("shop://product/42") == "shop://product/<id>")
        #expect(try table.resolve("shop://cart") == "shop://<section>")
        #expect(try table.resolve("shop:///product/42") == "shop://product/<id>")
    }

    @Test("no match lists up to three patterns sharing the longest matched start")
    func closestPatterns() throws {
        let table = try linkPatternTable([
            "shop://product/<int:id>/reviews", "shop://product/<int:id>/photos/<int:n>",
            "shop://product/<int:id>/share",
            "shop://product/<int:id>/specs", "shop://cart",
        ])
        let error = linkError { () throws(LinkError) in try table.resolve("shop://product/3/video") }
        // Nearest first: the three one-segment continuations before the longer photos pattern.
        #expect(
            error
                == .noMatch(
                    url: "shop://product/3/video",
                    closest: [
                        "shop://product/<int:id>/reviews", "shop://product/<int:id>/share",
                        "shop://product/<int:id>/specs",
                    ]))
        #expect(
            error?.description == "no link pattern matches 'shop://product/3/video'; closest: "
                + "'shop://product/<int:id>/reviews', 'shop://product/<int:id>/share', 'shop://product/<int:id>/specs'")
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://product/3/photos/x/y") }
                == .noMatch(url: "shop://product/3/photos/x/y", closest: ["shop://product/<int:id>/photos/<int:n>"]))
    }

    /// "Which usually points at the typo": the candidates are ranked by how close their segment
    /// is spelt to the link's where the walk stopped, so the pattern meant comes first even when
    /// others precede it in the order of their text.
    @Test("a mistyped segment or host suggests the pattern spelt closest first")
    func typoSuggestsThePatternMeant() throws {
        let table = try linkPatternTable([
            "shop://cart", "shop://home", "shop://products", "shop://product/<int:id>",
            "shop://product/<int:id>/reviews", "shop://product/<int:id>/photos",
            "https://shop.example.com/products/<int:id>", "https://blog.example.com/<slug>",
            "https://about.example.com/team",
        ])
        // A custom scheme's first word is its first segment: "cart" would come first by its text.
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://prodcut/42") }
                == .noMatch(
                    url: "shop://prodcut/42",
                    closest: ["shop://product/<int:id>", "shop://products", "shop://cart"]))
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://product/42/reveiws") }
                == .noMatch(
                    url: "shop://product/42/reveiws",
                    closest: [
                        "shop://product/<int:id>/reviews", "shop://product/<int:id>",
                        "shop://product/<int:id>/photos",
                    ]))
        // A host no pattern has: the patterns of the host spelt closest first.
        #expect(
            linkError { () throws(LinkError) in try table.resolve("https://shop.exmaple.com/products/7") }
                == .noMatch(
                    url: "https://shop.exmaple.com/products/7",
                    closest: [
                        "https://shop.example.com/products/<int:id>", "https://blog.example.com/<slug>",
                        "https://about.example.com/team",
                    ]))
    }
}

@MainActor
@Suite("Link fallback")
struct LinkFallbackTests {
    enum Screen: Equatable {
        case product(Int)
        case notFound(String)
    }

    func table() throws -> LinkTable<Screen> {
        var table = LinkTable<Screen>()
        try table.register("shop://product/<int:id>?ref=<ref>") { .product(try $0.int("id")) }
        table.fallback { .notFound($0) }
        return table
    }

    @Test(
        "links that cannot be resolved go to the fallback, with the reason",
        arguments: [
            (
                "shop://nothing",
                LinkError.noMatch(url: "shop://nothing", closest: ["shop://product/<int:id>?ref=<ref>"])
            ),
            (
                "shop:nothing",
                LinkError.malformedURL(url: "shop:nothing", column: 5, reason: "expected '://' after the scheme")
            ),
            (
                "shop://product/x?ref=a",
                LinkError.conversionFailed(
                    parameter: "id", expected: .int, found: "x", pattern: "shop://product/<int:id>?ref=<ref>")
            ),
            ("shop://product/1", LinkError.missingParameter(name: "ref", pattern: "shop://product/<int:id>?ref=<ref>")),
        ])
    func fallbackWithReason(url: String, reason: LinkError) throws {
        let resolved = try table().resolveLink(url)
        #expect(resolved.target == .notFound(url))
        #expect(resolved.isFallback)
        #expect(resolved.fallbackReason == reason)
        #expect(resolved.pattern == nil)
        #expect(resolved.parameters.names.isEmpty)
    }

    @Test("resolve hands a fallback that wants a reason the one a query value or the length gave")
    func resolveGivesTheReason() throws {
        var table = try table()
        var reasons: [LinkError?] = []
        table.fallbackWithReason { fallback in
            reasons.append(fallback.reason)
            return .notFound(fallback.url)
        }
        let long = "shop://product/1?ref=" + String(repeating: "a", count: 5000)
        #expect(try table.resolve("shop://product/1") == .notFound("shop://product/1"))
        #expect(try table.resolve(long) == .notFound(long))
        #expect(try table.resolve("shop://nothing") == .notFound("shop://nothing"))
        #expect(try table.resolve("shop://product/2?ref=mail") == .product(2))
        #expect(
            reasons == [
                .missingParameter(name: "ref", pattern: "shop://product/<int:id>?ref=<ref>"),
                .urlTooLong(length: 5021, limit: 4096),
                .noMatch(url: "shop://nothing", closest: ["shop://product/<int:id>?ref=<ref>"]),
            ])
    }

    @Test("too long links go to the fallback too")
    func tooLong() throws {
        let url = "shop://" + String(repeating: "a", count: 5000)
        #expect(try table().resolveLink(url).fallbackReason == .urlTooLong(length: 5007, limit: 4096))
    }

    @Test("a matching link does not use the fallback")
    func matched() throws {
        let resolved = try table().resolveLink("shop://product/3?ref=mail")
        #expect(resolved.target == .product(3))
        #expect(!resolved.isFallback)
        #expect(resolved.fallbackReason == nil)
        #expect(resolved.pattern == "shop://product/<int:id>?ref=<ref>")
        #expect(resolved.url == "shop://product/3?ref=mail")
    }

    @Test("without a fallback the error is thrown")
    func noFallback() throws {
        var table = LinkTable<Screen>()
        try table.register("shop://a") { _ in .product(0) }
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://b") }
                == .noMatch(url: "shop://b", closest: ["shop://a"]))
    }

    struct Broken: Error, CustomStringConvertible {
        var description: String { "database offline" }
    }

    @Test("errors from the app's closure are never hidden by the fallback")
    func closureErrors() throws {
        var table = try table()
        try table.register("shop://typo/<int:id>") { .product(try $0.int("idd")) }
        try table.register("shop://broken") { _ in throw Broken() }
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://typo/1") }
                == .unknownParameter(name: "idd", pattern: "shop://typo/<int:id>", known: ["id"]))
        let error = linkError { () throws(LinkError) in try table.resolve("shop://broken") }
        #expect(error == .targetFailed(pattern: "shop://broken", message: "database offline"))
        #expect(error?.description == "the destination for 'shop://broken' failed: database offline")
    }
}
