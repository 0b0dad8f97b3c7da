import Composer
import ComposerLinks
import Foundation
import Testing

@MainActor
@Suite("Link redirects")
struct LinkRedirectTests {
    enum Screen: Equatable {
        case product(Int)
        case legacy(String)
        case sale(Int, String?)
        case page(String)
        case notFound(String)
    }

    nonisolated static let legacy = "shop://legacy/<id>"
    nonisolated static let product = "shop://product/<int:id>"
    nonisolated static let old = "shop://old/<int:id>?campaign=<campaign?>"
    nonisolated static let sale = "shop://sale/<int:id>?campaign=<campaign?>"
    nonisolated static let a = "shop://a"
    nonisolated static let b = "shop://b"
    nonisolated static let c = "shop://c"

    func table(withFallback: Bool = true) throws -> LinkTable<Screen> {
        var table = LinkTable<Screen>()
        try table.register(Self.legacy, as: "Legacy") { .legacy(try $0.string("id")) }
        try table.register(Self.product, as: "Product") { .product(try $0.int("id")) }
        try table.register(Self.old) { .sale(try $0.int("id"), try $0.optionalString("campaign")) }
        try table.register(Self.sale) { .sale(try $0.int("id") * 10, try $0.optionalString("campaign")) }
        try table.register(Self.a) { _ in .page("a") }
        try table.register(Self.b) { _ in .page("b") }
        try table.register(Self.c) { _ in .page("c") }
        if withFallback {
            table.fallback { .notFound($0) }
        }
        return table
    }

    func json(_ pairs: [(String, String)]) -> Data {
        let items = pairs.map { ["from": $0.0, "to": $0.1] }
        return (try? JSONSerialization.data(withJSONObject: ["redirects": items])) ?? Data()
    }

    @Test("a redirect carries parameters by name and converts them for the destination")
    func carriesParameters() throws {
        var table = try table()
        try table.setRedirects([LinkRedirect(from: Self.legacy, to: .pattern(Self.product))])
        let resolved = try table.resolveLink("shop://legacy/42")
        #expect(resolved.target == .product(42))
        #expect(resolved.pattern == Self.product)
        #expect(resolved.name == "Product")
        #expect(resolved.redirectedFrom == [Self.legacy])
        #expect(try resolved.parameters.int("id") == 42)
        #expect(resolved.url == "shop://legacy/42")
    }

    @Test("query values carry across, optional ones only when present")
    func carriesQuery() throws {
        var table = try table()
        try table.setRedirects([LinkRedirect(from: Self.old, to: .pattern(Self.sale))])
        #expect(try table.resolve("shop://old/4?campaign=spring") == .sale(40, "spring"))
        #expect(try table.resolve("shop://old/4") == .sale(40, nil))
    }

    @Test("a value the destination cannot convert fails like a bad link")
    func carriedConversionFailure() throws {
        var table = try table(withFallback: false)
        try table.setRedirects([LinkRedirect(from: Self.legacy, to: .pattern(Self.product))])
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://legacy/abc") }
                == .conversionFailed(parameter: "id", expected: .int, found: "abc", pattern: Self.product))
        var withFallback = try self.table()
        try withFallback.setRedirects([LinkRedirect(from: Self.legacy, to: .pattern(Self.product))])
        #expect(try withFallback.resolve("shop://legacy/abc") == .notFound("shop://legacy/abc"))
    }

    @Test("chains are followed; the fallback is a destination")
    func chainsAndFallback() throws {
        var table = try table()
        try table.setRedirects([
            LinkRedirect(from: Self.a, to: .pattern(Self.b)),
            LinkRedirect(from: Self.b, to: .pattern(Self.c)),
            LinkRedirect(from: Self.legacy, to: .fallback),
        ])
        let chained = try table.resolveLink("shop://a")
        #expect(chained.target == .page("c"))
        #expect(chained.redirectedFrom == [Self.a, Self.b])
        let withdrawn = try table.resolveLink("shop://legacy/9")
        #expect(withdrawn.target == .notFound("shop://legacy/9"))
        #expect(withdrawn.isFallback)
        #expect(withdrawn.fallbackReason == nil)
        #expect(withdrawn.redirectedFrom == [Self.legacy])
    }

    @Test("redirects load from JSON; patterns compare in normalized form")
    func loadFromJSON() throws {
        var table = try table()
        let data = Data(
            """
            {"version": 3, "redirects": [
                {"from": "SHOP://legacy/<string:id>/", "to": "shop://product/<int:id>", "note": "ignored"},
                {"from": "shop://a", "to": "fallback"}
            ]}
            """.utf8)
        try table.loadRedirects(from: data)
        #expect(
            table.redirects == [
                LinkRedirect(from: "SHOP://legacy/<string:id>/", to: .pattern(Self.product)),
                LinkRedirect(from: Self.a, to: .fallback),
            ])
        #expect(try table.resolve("shop://legacy/5") == .product(5))
        #expect(try table.resolve("shop://a") == .notFound("shop://a"))
        table.removeAllRedirects()
        #expect(try table.resolve("shop://a") == .page("a"))
        #expect(table.redirects.isEmpty)
    }

    nonisolated static let rejected: [([(String, String)], LinkRedirectError)] = [
        ([("shop://gone/<id>", "shop://product/<int:id>")], .unknownPattern("shop://gone/<id>", lookalike: nil)),
        (
            [("shop://legacy/<id>", "shop://product/<int:code>")],
            .unknownPattern("shop://product/<int:code>", lookalike: "shop://product/<int:id>")
        ),
        (
            [("shop://legacy/<id>", "shop://product/<int:id")],
            .invalidPattern(
                LinkPatternError(
                    pattern: "shop://product/<int:id", column: 16, problem: .unclosedPlaceholder("<int:id")))
        ),
        ([("shop://a", "shop://b"), ("shop://b", "shop://a")], .loop(["shop://a", "shop://b", "shop://a"])),
        (
            [("shop://a", "shop://b"), ("shop://b", "shop://c"), ("shop://c", "shop://a")],
            .loop(["shop://a", "shop://b", "shop://c", "shop://a"])
        ),
        (
            [("shop://c", "shop://a"), ("shop://a", "shop://b"), ("shop://b", "shop://a")],
            .loop(["shop://a", "shop://b", "shop://a"])
        ),
        ([("shop://a", "shop://a")], .loop(["shop://a", "shop://a"])),
        ([("shop://a", "shop://b"), ("shop://a", "shop://c")], .duplicateSource("shop://a")),
        (
            [("shop://a", "shop://product/<int:id>")],
            .missingParameter(name: "id", from: "shop://a", to: "shop://product/<int:id>")
        ),
    ]

    @Test("invalid tables are rejected whole and the previous one is kept", arguments: rejected)
    func rejectedTables(pairs: [(String, String)], problem: LinkRedirectError) throws {
        var table = try table()
        try table.setRedirects([LinkRedirect(from: Self.legacy, to: .pattern(Self.product))])
        let before = table.redirects
        let error = linkError { () throws(LinkError) in try table.loadRedirects(from: json(pairs)) }
        #expect(error == .invalidRedirects(problem))
        #expect(table.redirects == before)
        #expect(try table.resolve("shop://legacy/7") == .product(7))
        #expect(try table.resolve("shop://a") == .page("a"))
    }

    @Test("a destination may not require what the source only sometimes has")
    func optionalToRequired() throws {
        var table = LinkTable<Int>()
        try table.register("shop://from?id=<int:id?>") { _ in 1 }
        try table.register("shop://to/<int:id>") { _ in 2 }
        #expect(
            linkError { () throws(LinkError) in
                try table.setRedirects([
                    LinkRedirect(from: "shop://from?id=<int:id?>", to: .pattern("shop://to/<int:id>"))
                ])
            }
                == .invalidRedirects(
                    .missingParameter(name: "id", from: "shop://from?id=<int:id?>", to: "shop://to/<int:id>")))
    }

    @Test("a redirect to the fallback needs one")
    func fallbackRequired() throws {
        var table = try table(withFallback: false)
        #expect(
            linkError { () throws(LinkError) in try table.loadRedirects(from: json([(Self.a, "fallback")])) }
                == .invalidRedirects(.noFallback(from: Self.a)))
    }

    @Test(
        "malformed JSON is rejected with the place it goes wrong",
        arguments: [
            ("not json", "the data is not valid JSON"),
            ("[1, 2]", "expected an object with a 'redirects' array at the top level"),
            ("{\"redirect\": []}", "expected 'redirects' to be an array"),
            ("{\"redirects\": [\"shop://a\"]}", "expected redirects[0] to be an object with 'from' and 'to'"),
            (
                "{\"redirects\": [{\"from\": \"shop://a\", \"to\": \"shop://b\"}, {\"to\": \"shop://b\"}]}",
                "expected redirects[1].from to be a pattern string"
            ),
            (
                "{\"redirects\": [{\"from\": \"shop://a\", \"to\": 3}]}",
                "expected redirects[0].to to be a pattern string or \"fallback\""
            ),
        ])
    func malformedJSON(text: String, reason: String) throws {
        var table = try table()
        try table.setRedirects([LinkRedirect(from: Self.a, to: .pattern(Self.b))])
        let error = linkError { () throws(LinkError) in try table.loadRedirects(from: Data(text.utf8)) }
        #expect(error == .invalidRedirects(.malformedJSON(reason: reason)))
        #expect(table.redirects == [LinkRedirect(from: Self.a, to: .pattern(Self.b))])
    }

    @Test("redirect error messages")
    func messages() {
        #expect(
            LinkError.invalidRedirects(.loop(["shop://a", "shop://b", "shop://a"])).description
                == "redirects rejected, previous redirects kept: redirects loop: shop://a → shop://b → shop://a")
        #expect(
            LinkRedirectError.unknownPattern("shop://product/<int:code>", lookalike: "shop://product/<int:id>")
                .description
                == "redirect pattern 'shop://product/<int:code>' is not registered; did you mean 'shop://product/<int:id>'?"
        )
        #expect(
            LinkRedirectError.missingParameter(name: "id", from: "shop://a", to: "shop://p/<id>").description
                == "redirect from 'shop://a' to 'shop://p/<id>' cannot provide 'id', which 'shop://p/<id>' requires")
        #expect(LinkRedirect(from: "shop://a", to: .fallback).description == "shop://a → fallback")
    }
}
