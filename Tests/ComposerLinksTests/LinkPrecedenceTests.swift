import Composer
import ComposerLinks
import Testing

@MainActor
@Suite("Link precedence")
struct LinkPrecedenceTests {
    nonisolated static let oneLevel = [
        "shop://p/<path:rest>", "shop://p/<slug>", "shop://p/<int:id>", "shop://p/new",
    ]

    @Test(
        "static beats typed beats string beats catch-all",
        arguments: [
            ("shop://p/new", "shop://p/new"),
            ("shop://p/42", "shop://p/<int:id>"),
            ("shop://p/abc", "shop://p/<slug>"),
            ("shop://p/a/b", "shop://p/<path:rest>"),
        ])
    func oneLevelOrder(url: String, expected: String) throws {
        // Registration order must not matter: try it forwards and backwards.
        #expect(try linkPatternTable(Self.oneLevel).resolve(url) == expected)
        #expect(try linkPatternTable(Self.oneLevel.reversed()).resolve(url) == expected)
    }

    @Test("the leftmost differing segment decides")
    func leftToRight() throws {
        let patterns = ["shop://a/<x>/c", "shop://a/b/<y>"]
        #expect(try linkPatternTable(patterns).resolve("shop://a/b/c") == "shop://a/b/<y>")
        #expect(try linkPatternTable(patterns.reversed()).resolve("shop://a/b/c") == "shop://a/b/<y>")
        #expect(try linkPatternTable(patterns).resolve("shop://a/z/c") == "shop://a/<x>/c")

        let typed = ["shop://<int:n>/<s>", "shop://<s>/<int:n>"]
        #expect(try linkPatternTable(typed).resolve("shop://1/2") == "shop://<int:n>/<s>")
        #expect(try linkPatternTable(typed).resolve("shop://x/2") == "shop://<s>/<int:n>")
    }

    @Test("a higher-precedence branch that fails deeper gives way")
    func backtracking() throws {
        let patterns = ["shop://a/b/c/d", "shop://a/<x>/c", "shop://a/<int:n>/c/e", "shop://<path:all>"]
        let table = try linkPatternTable(patterns)
        #expect(try table.resolve("shop://a/b/c") == "shop://a/<x>/c")
        #expect(try table.resolve("shop://a/b/c/d") == "shop://a/b/c/d")
        #expect(try table.resolve("shop://a/1/c/e") == "shop://a/<int:n>/c/e")
        #expect(try table.resolve("shop://a/1/c") == "shop://a/<x>/c")
        #expect(try table.resolve("shop://a/b/c/e") == "shop://<path:all>")
        #expect(try table.resolve("shop://zzz") == "shop://<path:all>")
    }

    @Test(
        "typed placeholders rank bool, uuid, int, double, then app types by name",
        arguments: [
            ("shop://t/true", "shop://t/<bool:v>"),
            ("shop://t/3F2504E0-4F89-11D3-9A0C-0305E82C3301", "shop://t/<uuid:v>"),
            ("shop://t/3", "shop://t/<int:v>"),
            ("shop://t/3.5", "shop://t/<double:v>"),
            ("shop://t/x", "shop://t/<alpha:v>"),
            ("shop://t/x1", "shop://t/<beta:v>"),
            ("shop://t/x-1", "shop://t/<v>"),
        ])
    func typedOrder(url: String, expected: String) throws {
        var table = LinkTable<String>()
        // Both app types accept any letters and digits; `alpha` sorts first so it wins on a tie.
        try table.registerConverter("beta", sample: "b") { $0.allSatisfy { $0.isLetter || $0.isNumber } ? $0 : nil }
        try table.registerConverter("alpha", sample: "a") { $0.allSatisfy(\.isLetter) ? $0 : nil }
        let patterns = [
            "shop://t/<v>", "shop://t/<beta:v>", "shop://t/<alpha:v>", "shop://t/<double:v>",
            "shop://t/<int:v>", "shop://t/<uuid:v>", "shop://t/<bool:v>",
        ]
        for pattern in patterns {
            try table.register(pattern) { _ in pattern }
        }
        #expect(try table.resolve(url) == expected)
    }

    @Test("more static text around a placeholder wins among the same type")
    func affixPrecedence() throws {
        let patterns = [
            "shop://u/<id>", "shop://u/user-<id>", "shop://u/u<id>", "shop://u/<id>.json", "shop://u/<int:n>",
        ]
        let table = try linkPatternTable(patterns)
        #expect(try table.resolve("shop://u/user-5") == "shop://u/user-<id>")
        #expect(try table.resolve("shop://u/ux") == "shop://u/u<id>")
        // More static text: `<id>.json` (five characters) over `u<id>` (one).
        #expect(try table.resolve("shop://u/ux.json") == "shop://u/<id>.json")
        #expect(try table.resolve("shop://u/bob") == "shop://u/<id>")
        // The same static text (none): typed beats string.
        #expect(try table.resolve("shop://u/12") == "shop://u/<int:n>")
    }

    @Test("equal static text, types and count: the static texts from the left in string order decide")
    func textOrderPrecedence() throws {
        // Both take `x-a-x`, with two static characters around one string each: "" sorts before
        // "x-", so the placeholder written first wins, whichever is registered first.
        let patterns = ["shop://u/x-<id>", "shop://u/<id>-x"]
        #expect(try linkPatternTable(patterns).resolve("shop://u/x-a-x") == "shop://u/<id>-x")
        #expect(try linkPatternTable(patterns.reversed()).resolve("shop://u/x-a-x") == "shop://u/<id>-x")
        #expect(try linkParameterTable(patterns).resolve("shop://u/x-a-x").string("id") == "x-a")
        // Where only one fits, it takes the link.
        #expect(try linkPatternTable(patterns).resolve("shop://u/x-a") == "shop://u/x-<id>")
    }

    @Test("a catch-all loses to any pattern that matches the same segment another way")
    func catchAllLast() throws {
        let table = try linkPatternTable(["shop://f/<path:rest>", "shop://f/<a>/<b>", "shop://f/x/<path:deep>"])
        #expect(try table.resolve("shop://f/y/z") == "shop://f/<a>/<b>")
        #expect(try table.resolve("shop://f/y/z/w") == "shop://f/<path:rest>")
        #expect(try table.resolve("shop://f/x/z/w") == "shop://f/x/<path:deep>")
        #expect(try table.resolve("shop://f/x/z") == "shop://f/x/<path:deep>")
        #expect(try table.resolve("shop://f/y") == "shop://f/<path:rest>")
    }

    @Test("the query takes no part in choosing the pattern")
    func queryIgnoredForPrecedence() throws {
        let table = try linkPatternTable(["shop://s/<q>?page=<int:page?>", "shop://s/top"])
        #expect(try table.resolve("shop://s/top?page=2") == "shop://s/top")
        #expect(try table.resolve("shop://s/other?page=2") == "shop://s/<q>?page=<int:page?>")
    }
}
