import Composer
import ComposerLinks
import Testing

@MainActor
@Suite("Link queries")
struct LinkQueryTests {
    nonisolated static let search = "shop://search?q=<q>&page=<int:page?>&tag=<tag?>&id=<int:id?>"

    @Test("required, optional, repeated and unknown keys")
    func queryValues() throws {
        let table = try linkParameterTable([Self.search])
        let parameters = try table.resolve("shop://search?q=shoes&tag=red&utm_source=mail&tag=sale&page=2&id=1&id=2")
        #expect(try parameters.string("q") == "shoes")
        #expect(try parameters.optionalInt("page") == 2)
        #expect(try parameters.strings("tag") == ["red", "sale"])
        #expect(try parameters.optionalString("tag") == "red")
        // Optional values read as required are refused even on a link that has them.
        #expect(
            linkError { () throws(LinkError) in try parameters.int("page") }
                == .optionalReadAsRequired(parameter: "page", pattern: Self.search))
        #expect(try parameters.values("id", as: Int.self) == [1, 2])
        #expect(parameters.texts == ["q": ["shoes"], "page": ["2"], "tag": ["red", "sale"], "id": ["1", "2"]])
    }

    @Test("absent optional keys read as nil or empty")
    func optionalAbsent() throws {
        let parameters = try linkParameterTable([Self.search]).resolve("shop://search?q=shoes")
        #expect(try parameters.optionalInt("page") == nil)
        #expect(try parameters.strings("tag") == [])
        #expect(try parameters.values("id", as: Int.self) == [])
        #expect(!parameters.contains("page"))
        #expect(parameters.contains("q"))
    }

    @Test("a missing required key names the parameter")
    func missingRequired() throws {
        let table = try linkParameterTable([Self.search])
        for url in [
            "shop://search", "shop://search?page=1", "shop://search?q=", "shop://search?q", "shop://search?Q=x",
        ] {
            #expect(
                linkError { () throws(LinkError) in try table.resolve(url) }
                    == .missingParameter(name: "q", pattern: Self.search))
        }
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://search") }?.description
                == "parameter 'q' of '\(Self.search)' is required but missing")
    }

    @Test("a query value of the wrong type names the parameter, even when repeated")
    func queryConversion() throws {
        let table = try linkParameterTable([Self.search])
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://search?q=a&page=two") }
                == .conversionFailed(parameter: "page", expected: .int, found: "two", pattern: Self.search))
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://search?q=a&id=1&id=x") }
                == .conversionFailed(parameter: "id", expected: .int, found: "x", pattern: Self.search))
    }

    @Test("keys and values are percent-decoded; '+' stays a plus; '=' after the first is part of the value")
    func queryDecoding() throws {
        let parameters = try linkParameterTable([Self.search]).resolve("shop://search?%71=a%20b+c%26d&tag=x=y&&")
        #expect(try parameters.string("q") == "a b+c&d")
        #expect(try parameters.optionalString("tag") == "x=y")
    }

    @Test("the fragment is not part of the query")
    func fragment() throws {
        let parameters = try linkParameterTable([Self.search]).resolve("shop://search?q=a#page=3")
        #expect(try parameters.optionalInt("page") == nil)
    }

    @Test("a query on a pattern without query items is ignored, but must still be well-formed")
    func ignoredQuery() throws {
        let table = try linkParameterTable(["shop://p/<int:id>"])
        #expect(try table.resolve("shop://p/1?id=2&x=y").texts == ["id": ["1"]])
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://p/1?id=2&x=%zz") }
                == .malformedURL(
                    url: "shop://p/1?id=2&x=%zz", column: 19,
                    reason: "invalid percent escape; expected '%' followed by two hexadecimal digits"))
    }
}
