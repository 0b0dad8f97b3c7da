import Composer
import ComposerLinks
import Testing

@MainActor
@Suite("Link registration")
struct LinkRegistrationTests {
    @Test(
        "patterns of the same shape conflict, naming both",
        arguments: [
            ("shop://p/<id>", "shop://p/<name>"),
            ("shop://p/<int:id>", "shop://p/<int:n>"),
            ("shop://p/x", "shop://p/x/"),
            ("shop://p/x", "SHOP://p/x"),
            ("shop://s?q=<q>", "shop://s?t=<int:t>"),
            ("shop://f/<path:a>", "shop://f/<path:b>"),
            ("shop://u/user-<id>", "shop://u/user-<other>"),
            ("https://{a.com,b.com}/x", "https://B.com/x/"),
            ("https://a.com", "https://a.com/"),
            ("shop://", "shop://"),
        ])
    func conflicts(existing: String, new: String) throws {
        var table = LinkTable<Int>()
        try table.register(existing) { _ in 1 }
        let error = linkError { () throws(LinkError) in try table.register(new) { _ in 2 } }
        #expect(error == .conflictingPattern(pattern: new, existing: existing))
        #expect(
            error?.description
                == "pattern '\(new)' matches the same links as the registered '\(existing)'; change one of their static segments or types"
        )
        #expect(table.patterns == [existing])
    }

    @Test(
        "patterns that differ in a type, text or host do not conflict",
        arguments: [
            ("shop://p/<id>", "shop://p/<int:id>"),
            ("shop://p/<id>", "shop://p/<path:id>"),
            ("shop://p/<id>", "shop://p/x<id>"),
            ("shop://p/<id>", "shop://p/<id>x"),
            ("shop://p/x", "shop://p/X"),
            ("https://a.com/x", "https://b.com/x"),
            ("https://a.com/x", "http://a.com/x"),
            ("shop://p", "shop://p/<id>"),
        ])
    func noConflict(first: String, second: String) throws {
        var table = LinkTable<Int>()
        try table.register(first) { _ in 1 }
        try table.register(second) { _ in 2 }
        #expect(table.patterns == [first, second])
    }

    @Test("destination names are unique")
    func duplicateName() throws {
        var table = LinkTable<Int>()
        try table.register("shop://a", as: "Home") { _ in 1 }
        #expect(
            linkError { () throws(LinkError) in try table.register("shop://b", as: "Home") { _ in 2 } }
                == .duplicateName(name: "Home", existing: "shop://a"))
        #expect(table.patterns == ["shop://a"])
    }

    @Test("an invalid pattern is reported with its parse error")
    func invalidPattern() {
        var table = LinkTable<Int>()
        let error = linkError { () throws(LinkError) in try table.register("shop://p/<int:id") { _ in 1 } }
        #expect(
            error
                == .invalidPattern(
                    LinkPatternError(pattern: "shop://p/<int:id", column: 10, problem: .unclosedPlaceholder("<int:id")))
        )
        #expect(
            error?.description
                == "invalid link pattern 'shop://p/<int:id': unclosed placeholder '<int:id' at column 10: expected '>'")
    }

    @Test("a host alias overlapping a registered host conflicts on every host it lists")
    func hostListConflict() throws {
        var table = LinkTable<Int>()
        try table.register("https://b.com/x") { _ in 1 }
        #expect(
            linkError { () throws(LinkError) in try table.register("https://{a.com,b.com}/x") { _ in 2 } }
                == .conflictingPattern(pattern: "https://{a.com,b.com}/x", existing: "https://b.com/x"))
        // Nothing of the rejected pattern was added, not even under its first host.
        #expect(
            linkError { () throws(LinkError) in try table.resolve("https://a.com/x") }
                == .noMatch(url: "https://a.com/x", closest: ["https://b.com/x"]))
    }

    @Test("samples must name declared parameters and convert")
    func sampleValidation() {
        var table = LinkTable<Int>()
        #expect(
            linkError { () throws(LinkError) in
                try table.register("shop://p/<int:id>", samples: ["idd": "1"]) { _ in 1 }
            }
                == .unknownParameter(name: "idd", pattern: "shop://p/<int:id>", known: ["id"]))
        #expect(
            linkError { () throws(LinkError) in try table.register("shop://p/<int:id>", samples: ["id": "x"]) { _ in 1 }
            }
                == .invalidSample(parameter: "id", value: "x", pattern: "shop://p/<int:id>"))
        #expect(
            linkError { () throws(LinkError) in
                try table.register("shop://f/<path:rest>", samples: ["rest": "a//b"]) { _ in 1 }
            }
                == .invalidSample(parameter: "rest", value: "a//b", pattern: "shop://f/<path:rest>"))
        #expect(table.patterns.isEmpty)
    }
}
