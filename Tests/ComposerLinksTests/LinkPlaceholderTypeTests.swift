import Composer
import ComposerLinks
import Foundation
import Testing

@MainActor
@Suite("Link placeholder types")
struct LinkPlaceholderTypeTests {
    nonisolated static let typedPatterns = [
        "shop://i/<int:v>", "shop://d/<double:v>", "shop://u/<uuid:v>", "shop://b/<bool:v>", "shop://s/<v>",
    ]

    @Test("int accepts signed decimal integers that fit", arguments: [("42", 42), ("-7", -7), ("+3", 3), ("007", 7)])
    func intValues(text: String, value: Int) throws {
        let table = try linkParameterTable(Self.typedPatterns)
        #expect(try table.resolve("shop://i/\(text)").int("v") == value)
    }

    @Test(
        "double accepts finite decimal numbers", arguments: [("2.5", 2.5), ("-0.5", -0.5), ("1e3", 1000.0), ("4", 4.0)])
    func doubleValues(text: String, value: Double) throws {
        let table = try linkParameterTable(Self.typedPatterns)
        #expect(try table.resolve("shop://d/\(text)").double("v") == value)
    }

    // Short plain decimals are read without the general parser; every one must give the
    // bits the general parser gives, and texts that are no number must still fail.
    @Test(
        "double reads plain decimals to the same bits as Double(_:)",
        arguments: [
            "0.1", "0.3", "-0.0", "+.5", "1.", "12345.99", "999999999999999", "0.000000000000001",
            "123456789012345.6", "9007199254740993", "00000000000000000001.5",
        ])
    func doublePlainDecimals(text: String) throws {
        let table = try linkParameterTable(Self.typedPatterns)
        let expected = try #require(Double(text))
        #expect(try table.resolve("shop://d/\(text)").double("v").bitPattern == expected.bitPattern)
    }

    @Test("double refuses texts that are no number", arguments: [".", "-", "1.2.3", "+-1", "1e"])
    func doubleRefusals(text: String) throws {
        let table = try linkParameterTable(Self.typedPatterns)
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://d/\(text)") }
                == .conversionFailed(parameter: "v", expected: .double, found: text, pattern: "shop://d/<double:v>"))
    }

    @Test("uuid accepts the hyphenated form in either case")
    func uuidValues() throws {
        let table = try linkParameterTable(Self.typedPatterns)
        let expected = try #require(UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301"))
        #expect(try table.resolve("shop://u/3F2504E0-4F89-11D3-9A0C-0305E82C3301").uuid("v") == expected)
        #expect(try table.resolve("shop://u/3f2504e0-4f89-11d3-9a0c-0305e82c3301").uuid("v") == expected)
    }

    @Test("bool accepts true and false in any case", arguments: [("true", true), ("FALSE", false), ("True", true)])
    func boolValues(text: String, value: Bool) throws {
        let table = try linkParameterTable(Self.typedPatterns)
        #expect(try table.resolve("shop://b/\(text)").bool("v") == value)
    }

    @Test("string accepts any text, decoded")
    func stringValues() throws {
        let table = try linkParameterTable(Self.typedPatterns)
        #expect(try table.resolve("shop://s/hello%20world").string("v") == "hello world")
        #expect(try table.resolve("shop://s/42").string("v") == "42")
    }

    nonisolated static let conversionFailures: [(String, String, LinkValueType, String)] = [
        ("shop://i/abc", "abc", .int, "shop://i/<int:v>"),
        ("shop://i/4.2", "4.2", .int, "shop://i/<int:v>"),
        ("shop://i/99999999999999999999", "99999999999999999999", .int, "shop://i/<int:v>"),
        ("shop://d/nan", "nan", .double, "shop://d/<double:v>"),
        ("shop://d/inf", "inf", .double, "shop://d/<double:v>"),
        ("shop://d/0x10", "0x10", .double, "shop://d/<double:v>"),
        ("shop://d/1e999", "1e999", .double, "shop://d/<double:v>"),
        ("shop://u/not-a-uuid", "not-a-uuid", .uuid, "shop://u/<uuid:v>"),
        ("shop://u/3F2504E04F8911D39A0C0305E82C3301", "3F2504E04F8911D39A0C0305E82C3301", .uuid, "shop://u/<uuid:v>"),
        ("shop://b/1", "1", .bool, "shop://b/<bool:v>"),
        ("shop://b/yes", "yes", .bool, "shop://b/<bool:v>"),
    ]

    @Test("a value of the wrong type names the parameter, the type and the text", arguments: conversionFailures)
    func conversionFailure(url: String, found: String, expected: LinkValueType, pattern: String) throws {
        let table = try linkParameterTable(Self.typedPatterns)
        #expect(
            linkError { () throws(LinkError) in try table.resolve(url) }
                == .conversionFailed(parameter: "v", expected: expected, found: found, pattern: pattern))
    }

    @Test("conversion failure message")
    func conversionFailureMessage() throws {
        let table = try linkParameterTable(["shop://products/<int:id>"])
        let error = try #require(linkError { () throws(LinkError) in try table.resolve("shop://products/abc") })
        #expect(error.description == "parameter 'id' of 'shop://products/<int:id>' expects an int, found 'abc'")
    }

    @Test("placeholders with static text before and after")
    func affixes() throws {
        let table = try linkParameterTable([
            "shop://user/user-<int:id>", "shop://doc/<name>.json", "shop://api/v<int:major>-beta",
        ])
        #expect(try table.resolve("shop://user/user-42").int("id") == 42)
        #expect(try table.resolve("shop://doc/report.json").string("name") == "report")
        #expect(try table.resolve("shop://doc/a.json.json").string("name") == "a.json")
        #expect(try table.resolve("shop://api/v2-beta").int("major") == 2)
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://user/user-x") }
                == .conversionFailed(parameter: "id", expected: .int, found: "x", pattern: "shop://user/user-<int:id>"))
        // The placeholder needs at least one character between its texts.
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://doc/.json") }
                == .noMatch(url: "shop://doc/.json", closest: ["shop://doc/<name>.json"]))
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://user/admin-1") }
                == .noMatch(url: "shop://user/admin-1", closest: ["shop://user/user-<int:id>"]))
    }

    @Test("catch-all takes one or more segments, joined by '/'")
    func catchAll() throws {
        let table = try linkParameterTable(["shop://files/<path:rest>"])
        #expect(try table.resolve("shop://files/a").string("rest") == "a")
        #expect(try table.resolve("shop://files/a/b%20c/d").string("rest") == "a/b c/d")
        #expect(try table.resolve("shop://files/a//b/").string("rest") == "a/b")
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://files") }
                == .noMatch(url: "shop://files", closest: ["shop://files/<path:rest>"]))
    }

    @Test("custom converters: registered type, value, and rejection")
    func customConverter() throws {
        var table = LinkTable<LinkParameters>()
        try table.registerConverter("sku", sample: "SKU-1") { text in
            text.hasPrefix("SKU-") ? Int(text.dropFirst(4)) : nil
        }
        try table.register("shop://item/<sku:code>") { $0 }
        #expect(table.converters.typeNames == ["sku"])
        #expect(try table.resolve("shop://item/SKU-77").value("code", as: Int.self) == 77)
        #expect(try table.resolve("shop://item/SKU-77").string("code") == "SKU-77")
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://item/77") }
                == .conversionFailed(
                    parameter: "code", expected: .custom("sku"), found: "77", pattern: "shop://item/<sku:code>"))
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://item/SKU-77").value("code", as: String.self) }
                == .wrongType(
                    parameter: "code", requested: "String", declared: .custom("sku"), pattern: "shop://item/<sku:code>")
        )
    }

    @Test(
        "converter registration errors",
        arguments: [
            ("int", "SKU-1", "'int' is a built-in type"),
            ("9sku", "SKU-1", "a type name uses letters, digits and '_' and does not start with a digit"),
            ("sku", "nope", "the converter rejects its own sample 'nope'"),
        ])
    func converterErrors(name: String, sample: String, reason: String) {
        var converters = LinkConverters()
        #expect(
            linkError { () throws(LinkError) in
                try converters.register(name, sample: sample) { $0.hasPrefix("SKU-") ? $0 : nil }
            } == .invalidConverter(name: name, reason: reason))
        #expect(converters.typeNames.isEmpty)
    }

    @Test("a converter cannot be registered twice")
    func converterTwice() throws {
        var table = LinkTable<Int>()
        try table.registerConverter("sku", sample: "a") { $0 }
        #expect(
            linkError { () throws(LinkError) in try table.registerConverter("sku", sample: "a") { $0 } }
                == .invalidConverter(name: "sku", reason: "a converter named 'sku' is already registered"))
    }

    @Test("a pattern using an unregistered type is rejected at registration")
    func unknownTypeAtRegistration() {
        var table = LinkTable<Int>()
        let error = linkError { () throws(LinkError) in try table.register("shop://item/<sku:code>") { _ in 1 } }
        #expect(
            error
                == .invalidPattern(
                    LinkPatternError(pattern: "shop://item/<sku:code>", column: 14, problem: .unknownType("sku"))))
        #expect(table.patterns.isEmpty)
    }

    @Test("reading a parameter as the wrong type or by an unknown name names it")
    func accessorErrors() throws {
        let table = try linkParameterTable(["shop://p/<slug>/<int:n>?q=<q?>"])
        let parameters = try table.resolve("shop://p/abc/3")
        #expect(
            linkError { () throws(LinkError) in try parameters.int("slug") }
                == .wrongType(
                    parameter: "slug", requested: "int", declared: .string, pattern: "shop://p/<slug>/<int:n>?q=<q?>"))
        #expect(
            linkError { () throws(LinkError) in try parameters.double("n") }
                == .wrongType(
                    parameter: "n", requested: "double", declared: .int, pattern: "shop://p/<slug>/<int:n>?q=<q?>"))
        #expect(
            linkError { () throws(LinkError) in try parameters.string("slag") }
                == .unknownParameter(
                    name: "slag", pattern: "shop://p/<slug>/<int:n>?q=<q?>", known: ["n", "q", "slug"]))
        // An optional value read as required is refused on every link, not only on one without it.
        #expect(
            linkError { () throws(LinkError) in try parameters.string("q") }
                == .optionalReadAsRequired(parameter: "q", pattern: "shop://p/<slug>/<int:n>?q=<q?>"))
        #expect(try parameters.optionalString("q") == nil)
        #expect(try parameters.value("n", as: Int.self) == 3)
        #expect(try parameters.string("n") == "3")
        #expect(parameters.names == ["n", "slug"])
        #expect(parameters.texts == ["n": ["3"], "slug": ["abc"]])
        #expect(parameters.description == "n=3 slug=abc")
        #expect(parameters.pattern == "shop://p/<slug>/<int:n>?q=<q?>")
    }

    @Test("optional typed accessors")
    func optionalAccessors() throws {
        let table = try linkParameterTable([
            "shop://o?i=<int:i?>&d=<double:d?>&u=<uuid:u?>&b=<bool:b?>&s=<s?>"
        ])
        let all = try table.resolve("shop://o?i=1&d=2.5&u=3F2504E0-4F89-11D3-9A0C-0305E82C3301&b=true&s=x")
        #expect(try all.optionalInt("i") == 1)
        #expect(try all.optionalDouble("d") == 2.5)
        #expect(try all.optionalUUID("u") == UUID(uuidString: "3F2504E0-4F89-11D3-9A0C-0305E82C3301"))
        #expect(try all.optionalBool("b") == true)
        #expect(try all.optionalString("s") == "x")
        let none = try table.resolve("shop://o")
        #expect(try none.optionalInt("i") == nil)
        #expect(try none.optionalDouble("d") == nil)
        #expect(try none.optionalUUID("u") == nil)
        #expect(try none.optionalBool("b") == nil)
        #expect(try none.optionalValue("s", as: String.self) == nil)
        #expect(
            linkError { () throws(LinkError) in try none.optionalInt("s") }
                == .wrongType(
                    parameter: "s", requested: "int", declared: .string,
                    pattern: "shop://o?i=<int:i?>&d=<double:d?>&u=<uuid:u?>&b=<bool:b?>&s=<s?>"))
    }
}
