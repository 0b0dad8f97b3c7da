import Composer
import ComposerLinks
import Foundation
import Testing

@MainActor
@Suite("Incoming link rules: encoding, slashes, case, length")
struct LinkURLRulesTests {
    @Test("segments are percent-decoded before matching static text and placeholders")
    func percentDecoding() throws {
        let table = try linkPatternTable(["shop://p/café", "shop://p/<name>"])
        #expect(try table.resolve("shop://p/caf%C3%A9") == "shop://p/café")
        #expect(try table.resolve("shop://p/caf%c3%a9") == "shop://p/café")
        #expect(try table.resolve("shop://p/café") == "shop://p/café")
        let parameters = try linkParameterTable(["shop://p/<name>"])
        #expect(try parameters.resolve("shop://p/a%20b").string("name") == "a b")
        // An encoded slash stays inside its segment.
        #expect(try parameters.resolve("shop://p/a%2Fb").string("name") == "a/b")
        #expect(try parameters.resolve("shop://p/100%25").string("name") == "100%")
        #expect(try parameters.resolve("shop://p/a+b").string("name") == "a+b")
    }

    @Test("static text matches as strings compare: canonically equal spellings, ASCII or not, are one step")
    func staticTextCanonicalEquivalence() throws {
        // Composed and decomposed é; the Kelvin sign, canonically equal to ASCII K.
        let table = try linkPatternTable(["shop://p/caf\u{E9}", "shop://k/\u{212A}", "shop://a/K/x"])
        #expect(try table.resolve("shop://p/cafe\u{301}") == "shop://p/caf\u{E9}")
        #expect(try table.resolve("shop://p/caf%65%CC%81") == "shop://p/caf\u{E9}")
        #expect(try table.resolve("shop://k/K") == "shop://k/\u{212A}")
        #expect(try table.resolve("shop://a/%E2%84%AA/x") == "shop://a/K/x")
        var both = try linkPatternTable(["shop://a/K/x"])
        #expect(
            linkError { () throws(LinkError) in try both.register("shop://a/\u{212A}/x") { _ in "kelvin" } }
                == .conflictingPattern(pattern: "shop://a/\u{212A}/x", existing: "shop://a/K/x"),
            "the Kelvin spelling is the same static step as K")
    }

    @Test(
        "a space or control character anywhere makes a link go to the fallback, fragment included",
        arguments: [
            "https://h.exa mple/p/x", "https://h.example/p/x?q=a b", "https://h.example/p/x?q=a#top b",
            "https://h.example/p/x#to\u{7F}p", "shop://p/x#a\tb", "shop://p/x?q=\u{0}",
        ])
    func spacesAndControlsAnywhere(url: String) throws {
        var table = try linkPatternTable(["https://h.example/p/<x>?q=<q?>", "shop://p/<x>?q=<q?>"])
        table.fallback { _ in "fallback" }
        #expect(try table.resolve(url) == "fallback")
        // The same link without the offending byte matches.
        let clean = url.replacingOccurrences(of: " ", with: "").replacingOccurrences(of: "\t", with: "")
            .replacingOccurrences(of: "\u{7F}", with: "").replacingOccurrences(of: "\u{0}", with: "")
        #expect(try table.resolve(clean) != "fallback")
    }

    nonisolated static let malformed: [(String, Int, String)] = [
        ("", 1, "expected a scheme such as 'https' or 'shop' followed by '://'"),
        ("product/42", 8, "expected '://' after the scheme"),
        ("shop:product/42", 5, "expected '://' after the scheme"),
        ("shop:/product/42", 5, "expected '://' after the scheme"),
        ("1shop://x", 1, "expected a scheme such as 'https' or 'shop' followed by '://'"),
        ("https:///products", 9, "expected a host after 'https://'"),
        ("https://user@shop.example.com/x", 13, "user names and passwords are not supported in links; expected a host"),
        ("shop://p/%zz", 10, "invalid percent escape; expected '%' followed by two hexadecimal digits"),
        ("shop://p/ab%4", 12, "invalid percent escape; expected '%' followed by two hexadecimal digits"),
        ("shop://p/ok/%FF", 13, "percent escapes do not decode to UTF-8 text; expected UTF-8 bytes"),
        // An escape decoding to ASCII next to one that does not: the text is still checked, and
        // the column is the escape that breaks it.
        ("shop://p/%41%C3", 13, "percent escapes do not decode to UTF-8 text; expected UTF-8 bytes"),
        // A continuation byte with no lead byte before it, alone or after ASCII, in the path or the
        // query: read as U+FFFD, `%80` and `%BF` would be one link.
        ("shop://p/%80", 10, "percent escapes do not decode to UTF-8 text; expected UTF-8 bytes"),
        ("shop://p/a%BFb", 11, "percent escapes do not decode to UTF-8 text; expected UTF-8 bytes"),
        ("shop://p/x?q=%41%8F", 17, "percent escapes do not decode to UTF-8 text; expected UTF-8 bytes"),
        ("shop://p/a b", 11, "links cannot contain spaces or control characters; expected them percent-encoded"),
        ("shop://p/é/a\tb", 13, "links cannot contain spaces or control characters; expected them percent-encoded"),
    ]

    @Test("malformed links name the column and the reason", arguments: malformed)
    func malformedLinks(url: String, column: Int, reason: String) throws {
        let table = try linkPatternTable(["shop://p/<name>", "https://shop.example.com/x"])
        let error = linkError { () throws(LinkError) in try table.resolve(url) }
        #expect(error == .malformedURL(url: url, column: column, reason: reason))
        #expect(error?.description == "malformed link '\(url)' at column \(column): \(reason)")
    }

    @Test("escapes that decode to ASCII give their characters, in the path and in the query")
    func asciiEscapes() throws {
        var table = LinkTable<String>()
        try table.register("shop://p/<name>?q=<q?>") { "\(try $0.string("name"))|\(try $0.optionalString("q") ?? "-")" }
        #expect(try table.resolve("shop://p/%41b%2Fc%20d?q=%7Ex%41") == "Ab/c d|~xA")
        #expect(try table.resolve("shop://p/caf%C3%A9%21") == "café!|-")
    }

    @Test("trailing slashes and empty segments are ignored")
    func slashes() throws {
        let table = try linkPatternTable(["shop://a/b", "shop://"])
        for url in ["shop://a/b/", "shop://a//b", "shop://a/b//", "shop:///a/b", "shop://a/b?", "shop://a/b#x"] {
            #expect(try table.resolve(url) == "shop://a/b")
        }
        for url in ["shop://", "shop:///", "shop://?x=1", "shop://#x"] {
            #expect(try table.resolve(url) == "shop://")
        }
    }

    @Test("scheme and host ignore case; path and query keys do not")
    func caseRules() throws {
        let table = try linkPatternTable(["shop://product/<id>", "https://shop.example.com/Products/<id>"])
        #expect(try table.resolve("SHOP://product/1") == "shop://product/<id>")
        #expect(try table.resolve("HTTPS://SHOP.Example.COM/Products/1") == "https://shop.example.com/Products/<id>")
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://Product/1") }
                == .noMatch(url: "shop://Product/1", closest: ["shop://product/<id>"]))
        #expect(
            linkError { () throws(LinkError) in try table.resolve("https://shop.example.com/products/1") }
                == .noMatch(
                    url: "https://shop.example.com/products/1", closest: ["https://shop.example.com/Products/<id>"]))
    }

    @Test("a port is part of the host")
    func ports() throws {
        let table = try linkPatternTable(["https://localhost:8080/x"])
        #expect(try table.resolve("https://LOCALHOST:8080/x") == "https://localhost:8080/x")
        #expect(
            linkError { () throws(LinkError) in try table.resolve("https://localhost/x") }
                == .noMatch(url: "https://localhost/x", closest: ["https://localhost:8080/x"]))
    }

    @Test("links longer than 4,096 bytes are refused before parsing")
    func lengthLimit() throws {
        let table = try linkPatternTable(["shop://p/<path:rest>"])
        #expect(LinkTable<String>.maximumURLLength == 4096)
        let fits = "shop://p/" + String(repeating: "a", count: 4096 - 9)
        #expect(try table.resolve(fits) == "shop://p/<path:rest>")
        let tooLong = fits + "a"
        #expect(
            linkError { () throws(LinkError) in try table.resolve(tooLong) } == .urlTooLong(length: 4097, limit: 4096))
        #expect(
            LinkError.urlTooLong(length: 4097, limit: 4096).description == "link is 4097 bytes long; the limit is 4096")
        // The limit counts UTF-8 bytes: 2,049 two-byte characters are too many.
        let wide = "shop://p/" + String(repeating: "é", count: 2044)
        #expect(linkError { () throws(LinkError) in try table.resolve(wide) } == .urlTooLong(length: 4097, limit: 4096))
    }
}
