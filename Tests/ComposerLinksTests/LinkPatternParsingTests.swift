import Composer
import ComposerLinks
import Testing

@MainActor
@Suite("Link pattern parsing")
struct LinkPatternParsingTests {
    @Test("a custom scheme has no host: the first word is a path segment")
    func customSchemeHasNoHost() throws {
        let pattern = try LinkPattern("shop://product/<id>")
        #expect(pattern.scheme == "shop")
        #expect(pattern.hosts.isEmpty)
        #expect(
            pattern.segments == [
                .literal("product"),
                .placeholder(prefix: "", LinkPlaceholder(name: "id", type: .string), suffix: ""),
            ])
        #expect(pattern.query.isEmpty)
    }

    @Test("https with host aliases, typed path and optional query")
    func httpsPattern() throws {
        let pattern = try LinkPattern(
            "HTTPS://{Shop.Example.com,www.shop.example.com}/products/<int:id>?color=<color?>&size=<int:size>")
        #expect(pattern.scheme == "https")
        #expect(pattern.hosts == ["shop.example.com", "www.shop.example.com"])
        #expect(
            pattern.segments == [
                .literal("products"),
                .placeholder(prefix: "", LinkPlaceholder(name: "id", type: .int), suffix: ""),
            ])
        #expect(
            pattern.query == [
                LinkPattern.QueryItem(
                    key: "color",
                    placeholder: LinkPlaceholder(
                        name: "color", type: .string, isOptional: true, location: .query(key: "color"))),
                LinkPattern.QueryItem(
                    key: "size", placeholder: LinkPlaceholder(name: "size", type: .int, location: .query(key: "size"))),
            ])
        #expect(pattern.placeholders.map(\.name) == ["id", "color", "size"])
    }

    @Test("placeholders with text around them, catch-all, every built-in type")
    func segmentKinds() throws {
        let pattern = try LinkPattern("shop://user-<int:id>/<uuid:u>.json/v<double:d>x/<bool:b>/<string:s>/<path:rest>")
        #expect(
            pattern.segments == [
                .placeholder(prefix: "user-", LinkPlaceholder(name: "id", type: .int), suffix: ""),
                .placeholder(prefix: "", LinkPlaceholder(name: "u", type: .uuid), suffix: ".json"),
                .placeholder(prefix: "v", LinkPlaceholder(name: "d", type: .double), suffix: "x"),
                .placeholder(prefix: "", LinkPlaceholder(name: "b", type: .bool), suffix: ""),
                .placeholder(prefix: "", LinkPlaceholder(name: "s", type: .string), suffix: ""),
                .catchAll(LinkPlaceholder(name: "rest", type: .path)),
            ])
    }

    @Test("custom converter types parse once registered")
    func customType() throws {
        var converters = LinkConverters()
        try converters.register("sku", sample: "SKU-1") { $0.hasPrefix("SKU-") ? $0 : nil }
        let pattern = try LinkPattern("shop://item/<sku:code>", converters: converters)
        #expect(pattern.placeholders == [LinkPlaceholder(name: "code", type: .custom("sku"))])
        #expect(linkPatternError("shop://item/<sku:code>")?.problem == .unknownType("sku"))
    }

    @Test(
        "description is the normalized form and parses back to itself",
        arguments: [
            ("SHOP://product/<string:id>/", "shop://product/<id>"),
            ("https://Example.COM/", "https://example.com"),
            ("https://example.com", "https://example.com"),
            ("https://{a.com,B.com}/x/?q=<q?>", "https://{a.com,b.com}/x?q=<q?>"),
            ("shop://", "shop://"),
            ("shop://f/<path:rest>/", "shop://f/<path:rest>"),
        ])
    func normalizedDescription(text: String, expected: String) throws {
        let pattern = try LinkPattern(text)
        #expect(pattern.description == expected)
        #expect(try LinkPattern(expected).description == expected)
        #expect(pattern.text == text)
    }

    @Test("empty path patterns")
    func emptyPaths() throws {
        #expect(try LinkPattern("shop://").segments.isEmpty)
        #expect(try LinkPattern("https://example.com").segments.isEmpty)
        #expect(try LinkPattern("https://example.com/").segments.isEmpty)
        #expect(try LinkPattern("https://example.com?q=<q>").query.count == 1)
    }

    nonisolated static let errorCases: [(String, Int, LinkPatternError.Problem)] = [
        ("", 1, .missingScheme),
        ("1shop://x", 1, .missingScheme),
        ("sh op://x", 3, .invalidSchemeCharacter(" ")),
        ("shop", 5, .missingSchemeSeparator),
        ("shop:product/1", 5, .missingSchemeSeparator),
        ("https:///x", 9, .emptyHost),
        ("https://exa mple.com/x", 12, .invalidHostCharacter(" ")),
        ("https://{a.com,b.com/x", 9, .unclosedHostList),
        ("https://{a.com,a.com}/x", 16, .duplicateHost("a.com")),
        ("https://{a.com,}/x", 16, .emptyHost),
        ("https://{a.com}x", 16, .invalidCharacter("x")),
        ("shop://a//b", 10, .emptySegment),
        ("shop:///a", 8, .emptySegment),
        ("shop://product/<int:id", 16, .unclosedPlaceholder("<int:id")),
        ("shop://p/<int:id/x", 10, .unclosedPlaceholder("<int:id")),
        ("shop://p/<>", 11, .missingPlaceholderName),
        ("shop://p/<int:>", 15, .missingPlaceholderName),
        ("shop://p/<1d>", 11, .invalidName("1d")),
        ("shop://p/<:id>", 11, .invalidName("")),
        ("shop://p/<sku:code>", 11, .unknownType("sku")),
        ("shop://p/<id>/<id>", 16, .duplicatePlaceholderName("id")),
        ("shop://p/<id>?id=<int:id>", 23, .duplicatePlaceholderName("id")),
        ("shop://p/<id?>", 13, .optionalInPath("id")),
        ("shop://p/<a><b>", 13, .adjacentPlaceholders(segment: "<a><b>", first: "a", second: "b")),
        ("shop://p/x<a>.<int:b><c>", 22, .adjacentPlaceholders(segment: "x<a>.<int:b><c>", first: "b", second: "c")),
        ("shop://f/<a>-<path:rest>", 14, .catchAllWithText("rest")),
        ("shop://f/x<path:rest>", 11, .catchAllWithText("rest")),
        ("shop://f/<path:rest>/x", 10, .catchAllNotLast("rest")),
        ("shop://f?x=<path:rest>", 12, .catchAllInQuery("rest")),
        ("shop://f?&a=<a>", 10, .emptyQueryKey),
        ("shop://f?a=<a>&", 16, .emptyQueryKey),
        ("shop://f?a", 11, .missingQueryValue(key: "a")),
        ("shop://f?a=b", 12, .queryValueNotPlaceholder(key: "a")),
        ("shop://f?a=<a>x", 15, .queryValueNotPlaceholder(key: "a")),
        ("shop://f?a=<a>&a=<b>", 16, .duplicateQueryKey("a")),
        ("shop://f#top", 9, .fragment),
        ("shop://f/a b", 11, .invalidCharacter(" ")),
        ("shop://f/100%", 13, .invalidCharacter("%")),
        ("shop://f/a>", 11, .invalidCharacter(">")),
        ("shop://f/{x}", 10, .invalidCharacter("{")),
        ("shop://café/<é>", 14, .invalidName("é")),
    ]

    @Test("each parse error names its column and problem", arguments: errorCases)
    func parseErrors(pattern: String, column: Int, problem: LinkPatternError.Problem) throws {
        let error = try #require(linkPatternError(pattern))
        #expect(error.problem == problem)
        #expect(error.column == column)
        #expect(error.pattern == pattern)
        #expect(error.description.contains("at column \(column): expected "))
    }

    @Test("error messages read as a sentence with the position and what was expected")
    func errorMessages() throws {
        #expect(
            linkPatternError("shop://product/<int:id")?.description
                == "unclosed placeholder '<int:id' at column 16: expected '>'")
        #expect(
            linkPatternError("shop:product")?.description
                == "missing '://' after the scheme at column 5: expected '://'")
        #expect(
            linkPatternError("shop://p/<id?>")?.description
                == "optional placeholder 'id' in the path at column 13: expected '?' only on query placeholders")
        #expect(
            linkPatternError("shop://p/<sku:code>")?.description
                == "unknown placeholder type 'sku' at column 11: expected one of bool, double, int, path, string, uuid or a registered converter"
        )
        #expect(
            linkPatternError("shop://a//b")?.description
                == "empty path segment at column 10: expected a segment between the slashes")
    }

    @Test("columns count characters, not bytes")
    func columnsCountCharacters() {
        // 'é' is two UTF-8 bytes but one character.
        #expect(linkPatternError("shop://café/<x")?.column == 13)
    }
}
