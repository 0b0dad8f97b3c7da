import Composer
import Foundation
import Testing

@testable import ComposerLinks

@MainActor
@Suite("Building links")
struct LinkBuildingTests {
    func table() throws -> LinkTable<LinkParameters> {
        var table = LinkTable<LinkParameters>()
        try table.registerConverter("sku", sample: "SKU-1") { $0.hasPrefix("SKU-") ? $0 : nil }
        try table.register("shop://product/<int:id>", as: "Product") { $0 }
        try table.register("shop://product/new", as: "NewProduct") { $0 }
        try table.register("shop://product/<slug>", as: "Slug") { $0 }
        try table.register(
            "https://{shop.example.com,www.shop.example.com}/p/<uuid:id>?color=<color?>&tag=<tag?>&n=<int:n>", as: "Web"
        ) { $0 }
        try table.register("shop://user/user-<int:id>/<bool:flag>/<double:x>", as: "User") { $0 }
        try table.register("shop://files/<path:rest>", as: "Files") { $0 }
        try table.register("shop://item/<sku:code>", as: "Item") { $0 }
        try table.register("shop://", as: "Home") { $0 }
        return table
    }

    nonisolated static let roundTrips: [(String, [String: any LinkParameterValue], String)] = [
        ("Product", ["id": 42] as [String: any LinkParameterValue], "shop://product/42"),
        ("Slug", ["slug": "café au lait/2"], "shop://product/caf%C3%A9%20au%20lait%2F2"),
        ("Slug", ["slug": "a+b&c=d?e#f%"], "shop://product/a%2Bb%26c%3Dd%3Fe%23f%25"),
        (
            "Web",
            ["id": UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301") ?? UUID(), "n": 2, "tag": ["a b", "c"]],
            "https://shop.example.com/p/3F2504E0-4F89-11D3-9A0C-0305E82C3301?tag=a%20b&tag=c&n=2"
        ),
        (
            "Web", ["id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "n": -1, "color": "red", "tag": [String]()],
            "https://shop.example.com/p/3f2504e0-4f89-11d3-9a0c-0305e82c3301?color=red&n=-1"
        ),
        (
            "Web", ["id": "3f2504e0-4f89-11d3-9a0c-0305e82c3301", "n": 0, "color": String?.none],
            "https://shop.example.com/p/3f2504e0-4f89-11d3-9a0c-0305e82c3301?n=0"
        ),
        ("User", ["id": 7, "flag": false, "x": 0.25], "shop://user/user-7/false/0.25"),
        ("Files", ["rest": "docs/read me.txt"], "shop://files/docs/read%20me.txt"),
        ("Item", ["code": "SKU-9"], "shop://item/SKU-9"),
        ("Home", [:], "shop://"),
        ("NewProduct", [:], "shop://product/new"),
    ]

    @Test("links are built with encoded values and resolve back to the same destination", arguments: roundTrips)
    func roundTrip(name: String, parameters: [String: any LinkParameterValue], expected: String) throws {
        let table = try table()
        let url = try table.url(for: name, parameters: parameters)
        #expect(url == expected)
        let resolved = try table.resolveLink(url)
        #expect(resolved.name == name)
        for (key, value) in parameters where !value.linkTexts.isEmpty {
            #expect(try resolved.target.strings(key) == value.linkTexts)
        }
    }

    @Test("building errors name the destination or parameter")
    func errors() throws {
        let table = try table()
        #expect(linkError { () throws(LinkError) in try table.url(for: "Nope") } == .unknownDestination(name: "Nope"))
        #expect(
            linkError { () throws(LinkError) in try table.url(for: "Product") }
                == .missingParameter(name: "id", pattern: "shop://product/<int:id>"))
        #expect(
            linkError { () throws(LinkError) in try table.url(for: "Product", parameters: ["id": 1, "idd": 2]) }
                == .unknownParameter(name: "idd", pattern: "shop://product/<int:id>", known: ["id"]))
        #expect(
            linkError { () throws(LinkError) in try table.url(for: "Product", parameters: ["id": "x"]) }
                == .conversionFailed(parameter: "id", expected: .int, found: "x", pattern: "shop://product/<int:id>"))
        #expect(
            linkError { () throws(LinkError) in try table.url(for: "Product", parameters: ["id": [1, 2]]) }
                == .wrongType(
                    parameter: "id", requested: "a list of 2 values", declared: .int, pattern: "shop://product/<int:id>"
                ))
        // An empty catch-all value cannot be sent; one with empty pieces can (see escapedSlashes).
        // Given but empty, it is not called missing: the caller passed the key.
        #expect(
            linkError { () throws(LinkError) in try table.url(for: "Files", parameters: ["rest": ""]) }
                == .conversionFailed(parameter: "rest", expected: .path, found: "", pattern: "shop://files/<path:rest>")
        )
        #expect(
            linkError { () throws(LinkError) in try table.url(for: "Item", parameters: ["code": "9"]) }
                == .conversionFailed(
                    parameter: "code", expected: .custom("sku"), found: "9", pattern: "shop://item/<sku:code>"))
        #expect(
            linkError { () throws(LinkError) in
                try table.url(for: "User", parameters: ["id": 1, "flag": true, "x": Double.nan])
            }
                == .conversionFailed(
                    parameter: "x", expected: .double, found: "nan",
                    pattern: "shop://user/user-<int:id>/<bool:flag>/<double:x>"))
    }

    @Test("a catch-all value keeps its segments apart: a '/' inside a segment is %2F, in the value as in the link")
    func catchAllSegmentsStayApart() throws {
        let table = try table()
        let escaped = try table.resolveLink("shop://files/a%2Fb/c").parameters
        let plain = try table.resolveLink("shop://files/a/b/c").parameters
        #expect(try escaped.string("rest") == "a%2Fb/c")
        #expect(try plain.string("rest") == "a/b/c")
        #expect(try escaped.segments("rest") == ["a/b", "c"])
        #expect(try plain.segments("rest") == ["a", "b", "c"])
        // A '%' that would read as an escape is written %25; a lone one stays itself.
        let percent = try table.resolveLink("shop://files/100%25/%252F").parameters
        #expect(try percent.string("rest") == "100%/%252F")
        #expect(try percent.segments("rest") == ["100%", "%2F"])
        for (value, expected) in [
            ("a%2Fb/c", "shop://files/a%2Fb/c"), ("a/b", "shop://files/a/b"), ("%2F", "shop://files/%2F"),
            ("100%/%252F", "shop://files/100%25/%252F"),
        ] {
            let url = try table.url(for: "Files", parameters: ["rest": value])
            #expect(url == expected)
            #expect(try table.resolveLink(url).parameters.string("rest") == value, "\(url)")
        }
    }

    @Test("a catch-all value no link can carry (an empty segment, an escape other than %2F and %25) is refused")
    func catchAllValuesNoLinkCarries() throws {
        let table = try table()
        for value in ["a//b", "/a", "a/", "/", "a%20b", "%25x"] {
            #expect(
                linkError { () throws(LinkError) in try table.url(for: "Files", parameters: ["rest": value]) }
                    == .conversionFailed(
                        parameter: "rest", expected: .path, found: value, pattern: "shop://files/<path:rest>"),
                "\(value)")
        }
    }

    @Test("a '/' followed by a combining mark still separates catch-all segments")
    func combiningMarkAfterSlash() throws {
        var table = LinkTable<String>()
        try table.register("shop://f/<path:rest>", as: "Rest") { _ in "rest" }
        try table.register("shop://f/<one>", as: "One") { _ in "one" }
        let url = try table.url(for: "Rest", parameters: ["rest": "x/\u{301}y"])
        #expect(url == "shop://f/x/%CC%81y")
        let resolved = try table.resolveLink(url)
        #expect(resolved.target == "rest")
        #expect(try resolved.parameters.string("rest") == "x/\u{301}y")
    }

    @Test("a pattern with host aliases is built with a host no other pattern shadows")
    func shadowedFirstHost() throws {
        var table = LinkTable<String>()
        try table.register("https://{a.example,b.example}/p/<id>", as: "Any") { _ in "any" }
        try table.register("https://a.example/p/<int:id>", as: "Number") { _ in "number" }
        #expect(try table.url(for: "Any", parameters: ["id": "7"]) == "https://b.example/p/7")
        #expect(try table.url(for: "Any", parameters: ["id": "x"]) == "https://a.example/p/x")
        #expect(try table.resolve(table.url(for: "Any", parameters: ["id": "7"])) == "any")
    }

    @Test("a value that fitted in a link fits when built back: escaping falls back to the minimum")
    func longValuesStayUnderTheLimit() throws {
        var table = LinkTable<LinkParameters>()
        try table.register("shop://note/<text>?tag=<tag?>", as: "Note") { $0 }
        let incoming =
            "shop://note/" + String(repeating: "é", count: 1500) + "?tag=" + String(repeating: "ü", count: 400)
        #expect(incoming.utf8.count <= 4096)
        let parameters = try table.resolve(incoming)

        let url = try table.url(
            for: "Note", parameters: ["text": parameters.string("text"), "tag": parameters.optionalString("tag")])

        #expect(url.utf8.count <= incoming.utf8.count)
        #expect(try table.resolve(url).texts == parameters.texts)
        let short = try table.url(for: "Note", parameters: ["text": "é"])
        #expect(short == "shop://note/%C3%A9")
    }

    @Test("a link that another pattern would take is refused")
    func unreachable() throws {
        let table = try table()
        let error = linkError { () throws(LinkError) in try table.url(for: "Slug", parameters: ["slug": "new"]) }
        #expect(
            error == .unreachableURL(url: "shop://product/new", destination: "Slug", resolvesTo: "shop://product/new"))
        #expect(
            linkError { () throws(LinkError) in try table.url(for: "Slug", parameters: ["slug": "12"]) }
                == .unreachableURL(url: "shop://product/12", destination: "Slug", resolvesTo: "shop://product/<int:id>")
        )
        #expect(
            error?.description
                == "the link 'shop://product/new' built for 'Slug' would open 'shop://product/new' instead; choose other parameter values"
        )
    }

    @Test("a built link longer than the limit is refused")
    func tooLong() throws {
        let table = try table()
        let long = String(repeating: "ab", count: 3000)
        #expect(
            linkError { () throws(LinkError) in try table.url(for: "Slug", parameters: ["slug": long]) }
                == .urlTooLong(length: 6015, limit: 4096))
    }
}

@MainActor
@Suite("Link catalog")
struct LinkCatalogTests {
    @Test("a pattern's sample uses the first of its hosts where no other pattern takes the link, as url(for:) does")
    func sampleUnderAHostNoOtherPatternTakes() throws {
        var table = LinkTable<String>()
        try table.register("https://a.example.com/p/id") { _ in "static" }
        try table.register("https://{a.example.com,b.example.com}/p/<id>", as: "Page") { _ in "page" }
        #expect(try table.url(for: "Page", parameters: ["id": "id"]) == "https://b.example.com/p/id")
        let page = try #require(table.catalog.first { $0.name == "Page" })
        #expect(page.sampleURL == "https://b.example.com/p/id")
        #expect(try table.resolve(try #require(page.sampleURL)) == "page")
    }

    @Test("every entry with its name, pattern, sample link, parameters and redirect")
    func catalog() throws {
        var table = LinkTable<Int>()
        try table.registerConverter("sku", sample: "SKU-1") { $0.hasPrefix("SKU-") ? $0 : nil }
        try table.register("shop://product/<int:id>", as: "Product") { _ in 1 }
        try table.register(
            "https://{shop.example.com,www.shop.example.com}/p/<uuid:id>?color=<color?>&size=<double:size>"
        ) { _ in 2 }
        try table.register(
            "shop://search?q=<q>&page=<int:page?>", as: "Search", samples: ["q": "red shoes", "page": "2"]
        ) { _ in 3 }
        try table.register("shop://files/<path:rest>") { _ in 4 }
        try table.register("shop://item/<sku:code>/<bool:gift>", as: "Item") { _ in 5 }
        try table.register("shop://tag/<tag>", as: "Tag") { _ in 6 }
        try table.register("shop://tag/tag", as: "TagPage") { _ in 7 }
        try table.register("shop://old/<int:id>", as: "Old") { _ in 8 }
        try table.setRedirects([LinkRedirect(from: "shop://old/<int:id>", to: .pattern("shop://product/<int:id>"))])

        #expect(
            table.catalog == [
                LinkCatalogEntry(
                    name: "Product", pattern: "shop://product/<int:id>", sampleURL: "shop://product/1",
                    parameters: [LinkPlaceholder(name: "id", type: .int)], redirect: nil),
                LinkCatalogEntry(
                    name: nil,
                    pattern:
                        "https://{shop.example.com,www.shop.example.com}/p/<uuid:id>?color=<color?>&size=<double:size>",
                    sampleURL: "https://shop.example.com/p/00000000-0000-4000-8000-000000000001?size=1.5",
                    parameters: [
                        LinkPlaceholder(name: "id", type: .uuid),
                        LinkPlaceholder(name: "color", type: .string, isOptional: true, location: .query(key: "color")),
                        LinkPlaceholder(name: "size", type: .double, location: .query(key: "size")),
                    ],
                    redirect: nil
                ),
                LinkCatalogEntry(
                    name: "Search", pattern: "shop://search?q=<q>&page=<int:page?>",
                    sampleURL: "shop://search?q=red%20shoes&page=2",
                    parameters: [
                        LinkPlaceholder(name: "q", type: .string, location: .query(key: "q")),
                        LinkPlaceholder(name: "page", type: .int, isOptional: true, location: .query(key: "page")),
                    ], redirect: nil),
                LinkCatalogEntry(
                    name: nil, pattern: "shop://files/<path:rest>", sampleURL: "shop://files/a/b",
                    parameters: [LinkPlaceholder(name: "rest", type: .path)], redirect: nil),
                LinkCatalogEntry(
                    name: "Item", pattern: "shop://item/<sku:code>/<bool:gift>", sampleURL: "shop://item/SKU-1/true",
                    parameters: [
                        LinkPlaceholder(name: "code", type: .custom("sku")), LinkPlaceholder(name: "gift", type: .bool),
                    ],
                    redirect: nil),
                // The default sample 'tag' would open the static TagPage, so there is no sample link.
                LinkCatalogEntry(
                    name: "Tag", pattern: "shop://tag/<tag>", sampleURL: nil,
                    parameters: [LinkPlaceholder(name: "tag", type: .string)], redirect: nil),
                LinkCatalogEntry(
                    name: "TagPage", pattern: "shop://tag/tag", sampleURL: "shop://tag/tag", parameters: [],
                    redirect: nil),
                LinkCatalogEntry(
                    name: "Old", pattern: "shop://old/<int:id>", sampleURL: "shop://old/1",
                    parameters: [LinkPlaceholder(name: "id", type: .int)], redirect: .pattern("shop://product/<int:id>")
                ),
            ])
    }

    @Test("without a converter sample, the catalog tries the placeholder's name")
    func converterWithoutSample() throws {
        var table = LinkTable<Int>()
        try table.registerConverter("code") { $0.count == 4 ? $0 : nil }
        try table.registerConverter("digits") { Int($0) }
        try table.register("shop://c/<code:code>") { _ in 1 }
        try table.register("shop://d/<digits:n>") { _ in 2 }
        try table.register("shop://e/<digits:n>", samples: ["n": "12"]) { _ in 3 }
        #expect(table.catalog.map(\.sampleURL) == ["shop://c/code", nil, "shop://e/12"])
    }

    @Test("parameter summaries and plain-text lines for a debug menu")
    func summaries() throws {
        var table = LinkTable<Int>()
        try table.register("shop://product/<int:id>?color=<color?>", as: "Product") { _ in 1 }
        try table.register("shop://files/<path:rest>") { _ in 2 }
        try table.register("shop://about") { _ in 3 }
        let catalog = table.catalog
        #expect(
            catalog.map(\.parameterSummary) == [
                "id: int (path), color: string (query 'color', optional)", "rest: path (rest of the path)",
                "no parameters",
            ])
        #expect(
            catalog.map(\.description) == [
                "Product  shop://product/<int:id>?color=<color?>  shop://product/1  (id: int (path), color: string (query 'color', optional))",
                "-  shop://files/<path:rest>  shop://files/a/b  (rest: path (rest of the path))",
                "-  shop://about  shop://about  (no parameters)",
            ])
    }
}
