import Composer
import ComposerLinks
import Foundation
import Testing

/// Behaviour of `ComposerLinks` that no other test held, found by a second mutation review of
/// the module (patterns, matching, tables, values and redirects). Each test names the mutant it
/// kills: a small change to the module that every other test let through.
@MainActor
@Suite("Links: second mutation review")
struct LinksMutationReviewTests {
    // MARK: - Patterns

    /// Every character the grammar keeps out of static text is refused in a path, with its column:
    /// `^`, `|`, `` ` ``, `\`, `"` and `}` (the tests had only a space, `%`, `>` and `{`).
    /// Kills: `^` dropped from `LinkPatternParser.isLiteral`'s list.
    @Test(
        "each character the grammar refuses in static text is an error at its column",
        arguments: ["^", "|", "`", "\\", "\"", "}"])
    func refusedStaticCharacters(character: String) {
        let pattern = "shop://f/a\(character)b"
        let error = linkPatternError(pattern)
        #expect(
            error == LinkPatternError(pattern: pattern, column: 11, problem: .invalidCharacter(Character(character))))
        #expect(error?.description.hasPrefix("invalid character '\(character)' at column 11: expected ") == true)
    }

    /// An unclosed query placeholder ends at the `&` of the next item: the error quotes `<a`, not
    /// the next item's text. Kills: `&` dropped from the characters that end a placeholder's scan.
    @Test("an unclosed query placeholder stops at the next item's '&'")
    func unclosedQueryPlaceholderStopsAtAmpersand() {
        #expect(
            linkPatternError("shop://f?a=<a&b=<b>")
                == LinkPatternError(pattern: "shop://f?a=<a&b=<b>", column: 12, problem: .unclosedPlaceholder("<a")))
        #expect(
            linkPatternError("shop://f?a=<a&b=c>")
                == LinkPatternError(pattern: "shop://f?a=<a&b=c>", column: 12, problem: .unclosedPlaceholder("<a")))
    }

    /// Between segments with the same static length and the same types from the left, fewer
    /// placeholders win: `x.y.b` opens `<a>.b` (a = `x.y`) rather than `<a>.<c>b`, whatever the
    /// registration order. Kills: the placeholder-count comparison in `LinkSegmentShape` reversed.
    @Test("fewer placeholders win when static length and types tie")
    func fewerPlaceholdersWin() throws {
        let patterns = ["shop://r/<a>.<c>b", "shop://r/<a>.b"]
        #expect(try linkPatternTable(patterns).resolve("shop://r/x.y.b") == "shop://r/<a>.b")
        #expect(try linkPatternTable(patterns.reversed()).resolve("shop://r/x.y.b") == "shop://r/<a>.b")
        #expect(try linkParameterTable(patterns).resolve("shop://r/x.y.b").texts == ["a": ["x.y"]])
        // The one with more placeholders still opens what only it matches.
        #expect(try linkPatternTable(patterns).resolve("shop://r/x.yb") == "shop://r/<a>.<c>b")
    }

    /// A fragment after the last query placeholder is reported as a fragment, as it is after the
    /// path. Kills: the query's parser taking `#` for text after the placeholder.
    @Test("a fragment after a query placeholder is reported as a fragment")
    func fragmentAfterQuery() {
        let error = linkPatternError("shop://f?a=<a>#top")
        #expect(error == LinkPatternError(pattern: "shop://f?a=<a>#top", column: 15, problem: .fragment))
        #expect(error?.description == "fragment at column 15: expected the end of the pattern")
    }

    // MARK: - Incoming links

    /// A link of exactly 4,096 bytes is read, so a miss names what was wrong with it, not its length
    /// (which would say "4096 bytes long; the limit is 4096"). Kills: `LinkAddress` refusing a link of
    /// the limit's length (`<` for `<=`), which only the explanation of a miss reads.
    @Test("a link of exactly the length limit that misses is explained, not called too long")
    func linkAtTheLimitIsExplained() throws {
        let pattern = "shop://p/<int:id>"
        let table = try linkParameterTable([pattern])
        let value = String(repeating: "x", count: LinkTable<LinkParameters>.maximumURLLength - "shop://p/".utf8.count)
        let atLimit = "shop://p/" + value
        #expect(atLimit.utf8.count == 4096)
        #expect(
            linkError { () throws(LinkError) in try table.resolve(atLimit) }
                == .conversionFailed(parameter: "id", expected: .int, found: value, pattern: pattern))
        #expect(
            linkError { () throws(LinkError) in try table.resolve(atLimit + "x") }
                == .urlTooLong(length: 4097, limit: 4096))
        // The same link with a number opens.
        let number = "shop://p/" + String(repeating: "0", count: value.count - 1) + "7"
        #expect(try table.resolve(number).int("id") == 7)
    }

    /// Characters written as `C2 A0` to `C2 BF` in UTF-8 (`°`, `§`, `¢`) are not C1 controls: a link
    /// holding them as they are opens, and the value comes back as written. Kills: the C1-control test
    /// masking the second byte with `0xC0` instead of `0xE0`, which refused them as controls.
    @Test("non-control characters after U+009F are accepted raw in a link")
    func latinSupplementIsNoControl() throws {
        let pattern = "https://h.example/t/<temp>?note=<note?>"
        var table = LinkTable<LinkParameters>()
        try table.register(pattern, as: "Temperature") { $0 }
        let parameters = try table.resolve("https://h.example/t/20°C?note=§1¢")
        #expect(try parameters.string("temp") == "20°C")
        #expect(try parameters.optionalString("note") == "§1¢")
        // The link built from those values opens the same destination with the same values.
        let built = try table.url(for: "Temperature", parameters: ["temp": "20°C", "note": "§1¢"])
        #expect(try table.resolve(built).texts == ["temp": ["20°C"], "note": ["§1¢"]])
    }

    /// Static segments of 61 and 62 characters match (61 is the longest length the walk's length
    /// filter keeps a bit for; 62 and more go through the hashed table). Kills: the filter's bound
    /// lowered to 61 in `mayHaveLiteral`, which made a 61-character segment match nothing.
    @Test("long static segments at the length filter's bound match", arguments: [60, 61, 62, 63])
    func longStaticSegments(length: Int) throws {
        let segment = String(repeating: "a", count: length - 1) + "z"
        var table = LinkTable<String>()
        try table.register("shop://docs/\(segment)", as: "Doc") { _ in "doc" }
        try table.register("shop://docs/<other>") { _ in "other" }
        #expect(try table.resolve("shop://docs/\(segment)") == "doc")
        #expect(try table.resolve(table.url(for: "Doc")) == "doc")
        #expect(try table.resolve("shop://docs/\(segment)b") == "other")
    }

    /// A missing required query value is named by its placeholder, not by its query key (they
    /// differ in `c=<color>`), as `missingParameter` documents. Kills: the error naming the key.
    @Test("a missing required query value names the placeholder, not the key")
    func missingQueryValueNamesPlaceholder() throws {
        let pattern = "shop://p/<int:id>?c=<color>"
        let table = try linkParameterTable([pattern])
        let error = linkError { () throws(LinkError) in try table.resolve("shop://p/1?color=red") }
        #expect(error == .missingParameter(name: "color", pattern: pattern))
        #expect(error?.description == "parameter 'color' of 'shop://p/<int:id>?c=<color>' is required but missing")
        #expect(try table.resolve("shop://p/1?c=red").string("color") == "red")
    }

    /// A query value that needed decoding and does not convert is reported decoded, as the other
    /// values are (`1x`, not `%31x`). Kills: the decoded value's error quoting the raw text.
    @Test("a percent-encoded query value that does not convert is reported decoded")
    func queryConversionErrorIsDecoded() throws {
        let pattern = "shop://p?n=<int:n>"
        let table = try linkParameterTable([pattern])
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://p?n=%31x") }
                == .conversionFailed(parameter: "n", expected: .int, found: "1x", pattern: pattern))
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://p?n=caf%C3%A9") }
                == .conversionFailed(parameter: "n", expected: .int, found: "café", pattern: pattern))
        #expect(try table.resolve("shop://p?n=%34%32").int("n") == 42)
    }

    // MARK: - Values

    /// A decimal of 16 significant digits reads as the correctly rounded `Double`, as `Double(_:)`
    /// reads it (the fast path takes 15 digits at most, where digits and power of ten are exact).
    /// Kills: the fast path allowed 16 digits, which rounds twice, and traps on 16 fraction digits.
    @Test(
        "a double of 16 digits is the correctly rounded value", arguments: ["986.5452293525111", ".1234567890123456"])
    func sixteenDigitDouble(text: String) throws {
        let table = try linkParameterTable(["shop://d/<double:d>?z=<double:z>"])
        let parameters = try table.resolve("shop://d/\(text)?z=\(text)")
        let expected = try #require(Double(text))
        #expect(try parameters.double("d") == expected)
        #expect(try parameters.double("z") == expected)
    }

    /// An integer one past `Int.max` does not convert (an error naming the text), and `Int.min` does;
    /// neither traps. Kills: the `Int.min` check dropped from the negation in `LinkValueConversion.int`,
    /// which trapped on `9223372036854775808`.
    @Test("an int one past Int.max is a conversion error, not a trap")
    func intOverflowIsAnError() throws {
        let pattern = "shop://p/<int:id>?n=<int:n?>"
        let table = try linkParameterTable([pattern])
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://p/9223372036854775808") }
                == .conversionFailed(parameter: "id", expected: .int, found: "9223372036854775808", pattern: pattern))
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://p/1?n=9223372036854775808") }
                == .conversionFailed(parameter: "n", expected: .int, found: "9223372036854775808", pattern: pattern))
        #expect(try table.resolve("shop://p/-9223372036854775808").int("id") == Int.min)
        #expect(try table.resolve("shop://p/9223372036854775807").int("id") == Int.max)
    }

    /// A sign alone is no integer: `-` and `+` do not convert to 0, so a lower-precedence string
    /// pattern takes them, and a query value of just a sign is a conversion error naming it.
    /// Kills: the check for a digit after the sign dropped from `LinkValueConversion.int`.
    @Test("a sign alone is not an int", arguments: ["-", "+"])
    func signAloneIsNoInt(sign: String) throws {
        var table = try linkPatternTable(["shop://p/<int:id>", "shop://p/<s>"])
        #expect(try table.resolve("shop://p/\(sign)") == "shop://p/<s>")
        table = try linkPatternTable(["shop://q?n=<int:n>"])
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://q?n=\(sign)") }
                == .conversionFailed(parameter: "n", expected: .int, found: sign, pattern: "shop://q?n=<int:n>"))
    }

    /// `segments(_:)` splits only a catch-all's value: a plain placeholder whose decoded text holds
    /// a `/` (from `%2F`) is one segment. Kills: the catch-all check dropped from `segments(_:)`.
    @Test("segments of a plain placeholder is its one text, even with a '/' in it")
    func segmentsOfPlainPlaceholder() throws {
        let table = try linkParameterTable(["shop://f/<name>/<path:rest>"])
        let parameters = try table.resolve("shop://f/a%2Fb/c%2Fd/e")
        #expect(try parameters.string("name") == "a/b")
        #expect(try parameters.segments("name") == ["a/b"])
        #expect(try parameters.segments("rest") == ["c/d", "e"])
    }

    // MARK: - Building links

    /// Built values keep the RFC 3986 unreserved characters as they are, `~` included, as
    /// `url(for:)` documents (`-._~`), and the link opens with the same value. Kills: `~` dropped
    /// from the unreserved characters, which wrote it `%7E`.
    @Test("a built link keeps unreserved characters, tilde included")
    func unreservedCharactersStay() throws {
        var table = LinkTable<LinkParameters>()
        try table.register("https://h.example/u/<user>?v=<v>", as: "User") { $0 }
        let url = try table.url(for: "User", parameters: ["user": "~ann-1.0_x", "v": "a~b"])
        #expect(url == "https://h.example/u/~ann-1.0_x?v=a~b")
        #expect(try table.resolve(url).texts == ["user": ["~ann-1.0_x"], "v": ["a~b"]])
    }

    /// When the link of every host is taken by another pattern, the error names the first host's
    /// link, the one a caller sees first in the pattern. Kills: `url(for:)` keeping the last failure.
    @Test("an unreachable destination under every host names the first host's link")
    func unreachableNamesFirstHost() throws {
        var table = LinkTable<String>()
        try table.register("https://{a.example,b.example}/p/<name>", as: "Page") { _ in "page" }
        try table.register("https://a.example/p/new") { _ in "new on a" }
        try table.register("https://b.example/p/new") { _ in "new on b" }
        #expect(
            linkError { () throws(LinkError) in try table.url(for: "Page", parameters: ["name": "new"]) }
                == .unreachableURL(
                    url: "https://a.example/p/new", destination: "Page", resolvesTo: "https://a.example/p/new"))
        #expect(try table.url(for: "Page", parameters: ["name": "old"]) == "https://a.example/p/old")
    }

    /// A pattern with a host and no path builds `https://host`, with no `/` after the host, with or
    /// without a query; the link opens it. Kills: `buildURL` writing the `/` when there is no path.
    @Test("a host-only pattern builds a link without a trailing slash")
    func hostOnlyLink() throws {
        var table = LinkTable<String>()
        try table.register("https://h.example", as: "Home") { _ in "home" }
        try table.register("https://s.example?q=<q>", as: "Search") { _ in "search" }
        let home = try table.url(for: "Home")
        #expect(home == "https://h.example")
        #expect(try table.resolve(home) == "home")
        let search = try table.url(for: "Search", parameters: ["q": "x"])
        #expect(search == "https://s.example?q=x")
        #expect(try table.resolve(search) == "search")
    }

    /// An empty value for an optional query key is left out of the built link, alone or among
    /// other values, as `url(for:)` documents. Kills: the filter of empty values dropped, which made
    /// `url(for:)` refuse the empty value as a conversion failure.
    @Test("an empty optional query value is left out of a built link")
    func emptyOptionalQueryValueLeftOut() throws {
        var table = LinkTable<LinkParameters>()
        try table.register("shop://p/<int:id>?color=<color?>", as: "Product") { $0 }
        let plain = try table.url(for: "Product", parameters: ["id": 1, "color": ""])
        #expect(plain == "shop://p/1")
        #expect(try table.resolve(plain).optionalString("color") == nil)
        let some = try table.url(for: "Product", parameters: ["id": 1, "color": ["", "red"]])
        #expect(some == "shop://p/1?color=red")
        #expect(try table.resolve(some).strings("color") == ["red"])
    }

    // MARK: - Redirects

    /// A loop reached through a redirect that is not part of it lists the loop only, first pattern
    /// repeated last, as `LinkRedirectError.loop` documents. Kills: the error listing the whole chain
    /// from its start (`a → b → c → b`).
    @Test("a redirect loop entered from outside lists only the loop")
    func loopEnteredFromOutside() throws {
        var table = try linkPatternTable(["shop://a", "shop://b", "shop://c"])
        let redirects = [
            LinkRedirect(from: "shop://a", to: .pattern("shop://b")),
            LinkRedirect(from: "shop://b", to: .pattern("shop://c")),
            LinkRedirect(from: "shop://c", to: .pattern("shop://b")),
        ]
        let error = linkError { () throws(LinkError) in try table.setRedirects(redirects) }
        #expect(error == .invalidRedirects(.loop(["shop://b", "shop://c", "shop://b"])))
        #expect(
            error?.description
                == "redirects rejected, previous redirects kept: redirects loop: shop://b → shop://c → shop://b")
        #expect(table.redirects.isEmpty)
    }

    /// A repeated query value carried to a path placeholder gives it one value, the first, so the
    /// redirected parameters build a link that opens the destination again. Kills: `carry` passing
    /// every value to a path placeholder.
    @Test("a repeated query value redirected to a path placeholder carries its first value")
    func repeatedValueToPathPlaceholder() throws {
        var table = LinkTable<LinkParameters>()
        try table.register("shop://old?tag=<tag>") { $0 }
        try table.register("shop://new/<tag>", as: "New") { $0 }
        try table.setRedirects([LinkRedirect(from: "shop://old?tag=<tag>", to: .pattern("shop://new/<tag>"))])
        let resolved = try table.resolveLink("shop://old?tag=a&tag=b")
        #expect(resolved.pattern == "shop://new/<tag>")
        #expect(resolved.parameters.texts == ["tag": ["a"]])
        #expect(try resolved.target.strings("tag") == ["a"])
        let rebuilt = try table.url(for: "New", parameters: resolved.parameters.texts)
        #expect(rebuilt == "shop://new/a")
        #expect(try table.resolveLink(rebuilt).parameters.texts == resolved.parameters.texts)
    }

    /// A link a chain of redirects sends to the fallback says which pattern sent it there: the last
    /// of the chain. Kills: `LinkFallback.description` naming the first pattern of the chain.
    @Test("a fallback reached through a chain of redirects names the last redirect")
    func fallbackNamesLastRedirect() throws {
        var table = LinkTable<String>()
        try table.register("shop://a") { _ in "a" }
        try table.register("shop://b") { _ in "b" }
        table.fallbackWithReason { $0.description }
        try table.setRedirects([
            LinkRedirect(from: "shop://a", to: .pattern("shop://b")), LinkRedirect(from: "shop://b", to: .fallback),
        ])
        let resolved = try table.resolveLink("shop://a")
        #expect(resolved.isFallback)
        #expect(resolved.redirectedFrom == ["shop://a", "shop://b"])
        #expect(resolved.target == "'shop://a' is redirected to the fallback from 'shop://b'")
    }
}
