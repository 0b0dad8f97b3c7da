import Composer
import ComposerLinks
import ComposerTesting
import Foundation
import Testing

/// The behaviour pinned by the matcher tests of URLNavigator (`URLMatcherSpec`) and RoutingKit
/// (`RouterTests`), restated for ComposerLinks. Where Composer deliberately differs, the test
/// pins Composer's rule and says why.
@MainActor
@Suite("What peers' matchers promise, on ComposerLinks")
struct LinkPeerMatcherTests {
    /// The pattern `url` opens in a table of `patterns`, or `nil` when it opens none (the table
    /// answers no match). Any other error is thrown, so that it cannot pass for a miss.
    func opened(_ url: String, among patterns: [String], pathCase: LinkPathCase = .sensitive) throws -> String? {
        var table = LinkTable<String>(pathCase: pathCase)
        for pattern in patterns { try table.register(pattern) { _ in pattern } }
        do {
            return try table.resolve(url)
        } catch {
            guard case .noMatch = error else { throw error }
            return nil
        }
    }

    // MARK: URLNavigator

    @Test("no pattern, another scheme, another path or a longer pattern: no match")
    func urlNavigatorMisses() throws {
        #expect(try opened("myapp://user/1", among: []) == nil)
        #expect(try opened("myapp://user/1", among: ["yourapp://user/<id>"]) == nil)
        #expect(try opened("myapp://user/1", among: ["myapp://comment/<id>"]) == nil)
        #expect(try opened("myapp://user/1", among: ["myapp://user/<id>/hello"]) == nil)
        // A value of the wrong type is no match for URLNavigator; Composer says which value failed.
        let typed = try linkPatternTable(["myapp://user/<int:id>"])
        #expect(
            linkError { () throws(LinkError) in try typed.resolve("myapp://user/devxoul") }
                == .conversionFailed(
                    parameter: "id", expected: .int, found: "devxoul", pattern: "myapp://user/<int:id>"))
    }

    @Test("static, string, int, uuid and app-defined values; the query is ignored when the pattern has none")
    func urlNavigatorValues() throws {
        let table = try linkParameterTable([
            "myapp://hello", "myapp://user/<id>/hello", "myapp://user/<id>", "myapp://name/<string:id>",
            "myapp://number/<int:id>", "myapp://double/<double:id>", "myapp://order/<uuid:id>", "myapp://alert",
            "myapp://user/<id>/<object>",
        ])
        #expect(try table.resolve("myapp://hello").names.isEmpty)
        #expect(try table.resolve("myapp://user/1").string("id") == "1")
        #expect(try table.resolve("myapp://name/123").string("id") == "123")
        #expect(try table.resolve("myapp://number/123").int("id") == 123)
        #expect(try table.resolve("myapp://double/123.456").double("id") == 123.456)
        let uuid = "621425B8-42D1-4AB4-9A58-1E69D708A84B"
        #expect(try table.resolve("myapp://order/\(uuid)").uuid("id") == UUID(uuidString: uuid))
        let two = try table.resolveLink("myapp://user/1/posts")
        #expect(two.pattern == "myapp://user/<id>/<object>")
        #expect(try two.parameters.string("object") == "posts")
        #expect(try table.resolveLink("myapp://alert?title=hello&message=world").pattern == "myapp://alert")

        var custom = LinkTable<LinkParameters>()
        try custom.registerConverter("greeting") { "Hello, \($0)!" }
        try custom.register("myapp://hello/<greeting:name>") { $0 }
        #expect(try custom.resolve("myapp://hello/devxoul").value("name", as: String.self) == "Hello, devxoul!")
    }

    @Test("Composer has no 'float' type: a pattern naming it is refused, and 'double' reads the number")
    func noFloatType() {
        // One floating-point type keeps the grammar small; Double reads every Float link exactly enough.
        #expect(linkPatternError("myapp://user/<float:id>")?.problem == .unknownType("float"))
    }

    @Test("a catch-all takes the rest of the path without the query or a trailing slash")
    func urlNavigatorCatchAll() throws {
        let table = try linkParameterTable(["myapp://<path:url>"])
        #expect(try table.resolve("myapp://google.com/search?q=URLNavigator").string("url") == "google.com/search")
        #expect(try table.resolve("myapp://google.com/search/?q=URLNavigator").string("url") == "google.com/search")
    }

    @Test("an https pattern has a host: 'https://<path:url>' is refused rather than matching every site")
    func httpsNeedsHost() {
        // A universal link belongs to the app's own domains; a pattern that took any host
        // would open links meant for the browser.
        #expect(linkPatternError("https://<path:url>")?.problem == .invalidHostCharacter("<"))
    }

    // MARK: RoutingKit

    @Test("a placeholder after static segments; static segments are case-sensitive unless the table says otherwise")
    func routingKitCase() throws {
        let table = try linkParameterTable(["app://foo/bar/baz/<user>"])
        #expect(try table.resolve("app://foo/bar/baz/Tanner").string("user") == "Tanner")
        let pattern = "app://path/TO/fOo"
        #expect(try opened("app://PATH/tO/FOo", among: [pattern]) == nil)
        #expect(try opened("app://path/TO/fOo", among: [pattern]) == pattern)
        #expect(try opened("app://PATH/tO/FOo", among: [pattern], pathCase: .insensitive) == pattern)
        let short = ["app://a", "app://aa"]
        #expect(try opened("app://a", among: short, pathCase: .insensitive) == "app://a")
        #expect(try opened("app://aa", among: short, pathCase: .insensitive) == "app://aa")
    }

    @Test("placeholders and catch-alls in every position, each taking at least one segment")
    func routingKitAnything() throws {
        // RoutingKit's unnamed '*' is a named string placeholder here: every value has a name.
        let patterns = [
            "app://a/<x>", "app://b/<one>/<x>", "app://c/<one>/<two>/<x>",
            "app://d/<one>/<two>", "app://e/<one>/<path:rest>", "app://<x>/e/<one>",
        ]
        let expectations: [(String, String?)] = [
            ("app://a/b", patterns[0]), ("app://a", nil), ("app://a/a", patterns[0]), ("app://b", nil),
            ("app://b/a", nil), ("app://b/a/c", patterns[1]), ("app://c", nil), ("app://c/a", nil), ("app://c/b", nil),
            ("app://d/a/b", patterns[3]), ("app://d/a/b/c", nil), ("app://d/a", nil),
            ("app://e/1/b/a", patterns[4]), ("app://f/e/1", patterns[5]), ("app://g/e/1", patterns[5]),
        ]
        for (url, expected) in expectations {
            #expect(try opened(url, among: patterns) == expected, "\(url)")
        }
        #expect(linkPatternError("app://a/<>")?.problem == .missingPlaceholderName)
    }

    @Test("percent escapes are decoded in values")
    func routingKitPercent() throws {
        #expect(try linkParameterTable(["app://a/<b>"]).resolve("app://a/te%20st").string("b") == "te st")
    }

    @Test("nested catch-alls: the deepest static path that fits wins")
    func routingKitNestedCatchAll() throws {
        let patterns = ["app://<path:all>", "app://a/<path:all>", "app://a/b/<path:all>", "app://a/b"]
        let expectations = [
            ("app://a", patterns[0]), ("app://a/b", patterns[3]), ("app://a/b/c", patterns[2]),
            ("app://a/c", patterns[1]), ("app://b", patterns[0]), ("app://b/c/d/e", patterns[0]),
        ]
        for (url, expected) in expectations {
            #expect(try opened(url, among: patterns) == expected, "\(url)")
        }
    }

    @Test("static beats a placeholder, which beats the catch-all; the catch-all's segments are kept")
    func routingKitCatchAllPrecedence() throws {
        let patterns = ["app://v1/test", "app://v1/<path:rest>", "app://v1/<x>"]
        #expect(try opened("app://v1/test", among: patterns) == patterns[0])
        #expect(try opened("app://v1/test/foo", among: patterns) == patterns[1])
        #expect(try opened("app://v1/foo", among: patterns) == patterns[2])

        let table = try linkParameterTable(["app://users/<user>/<path:rest>", "app://users/<path:rest>"])
        #expect(linkError { () throws(LinkError) in try table.resolve("app://users") } != nil)
        let one = try table.resolveLink("app://users/stevapple")
        #expect(one.pattern == "app://users/<path:rest>")
        #expect(try one.parameters.segments("rest") == ["stevapple"])
        let deep = try table.resolveLink("app://users/stevapple/posts/2")
        #expect(deep.pattern == "app://users/<user>/<path:rest>")
        #expect(try deep.parameters.segments("rest") == ["posts", "2"])
    }

    @Test("a branch that fails deeper gives way, and the most specific pattern wins")
    func routingKitLongestAndMostSpecific() throws {
        let longest = try linkParameterTable(["app://a/b/<param>/d", "app://a/b/c"])
        #expect(try longest.resolve("app://a/b/c/d").string("param") == "c")
        let withRest = try linkParameterTable(["app://a/b/<param>/<path:rest>", "app://a/b/c"])
        let match = try withRest.resolve("app://a/b/c/d")
        #expect(try match.string("param") == "c")
        #expect(try match.segments("rest") == ["d"])
        let patterns = ["app://a/b/c/d", "app://a/b/<param>/d"]
        #expect(try opened("app://a/b/c/d", among: patterns) == patterns[0])
    }
}
