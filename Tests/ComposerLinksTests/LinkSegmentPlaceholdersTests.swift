import Composer
import ComposerLinks
import Testing

/// Several placeholders in one segment (`<name>.<ext>`, `prefix-<id>.txt`, `<a>-<b>-<c>`):
/// how they parse, how a segment's text is shared between them, which pattern wins and how
/// links are built back.
@MainActor
@Suite("Several placeholders in one segment")
struct LinkSegmentPlaceholdersTests {
    @Test("a segment with several placeholders keeps the texts around and between them")
    func parsing() throws {
        let pattern = try LinkPattern("shop://files/f-<name>.<int:size>.txt")
        #expect(
            pattern.segments == [
                .literal("files"),
                .placeholders(
                    texts: ["f-", ".", ".txt"],
                    [LinkPlaceholder(name: "name", type: .string), LinkPlaceholder(name: "size", type: .int)]),
            ])
        #expect(pattern.placeholders.map(\.name) == ["name", "size"])
        #expect(pattern.description == "shop://files/f-<name>.<int:size>.txt")
        #expect(pattern.segments[1].texts == ["f-", ".", ".txt"])
        // One placeholder keeps its own form.
        #expect(
            try LinkPattern("shop://<a>.json").segments == [
                .placeholder(prefix: "", .init(name: "a", type: .string), suffix: ".json")
            ])
    }

    @Test(
        "each placeholder but the last takes the shortest text up to the next separator",
        arguments: [
            ("shop://f/archive.tar.gz", "shop://f/<name>.<ext>", ["name": ["archive"], "ext": ["tar.gz"]]),
            ("shop://f/a-b-c", "shop://f/<a>-<b>-<c>", ["a": ["a"], "b": ["b"], "c": ["c"]]),
            ("shop://f/a--b-c-d", "shop://f/<a>-<b>-<c>", ["a": ["a"], "b": ["-b"], "c": ["c-d"]]),
            ("shop://f/prefix-42.txt", "shop://f/prefix-<int:id>.txt", ["id": ["42"]]),
            ("shop://f/7.json", "shop://f/<int:id>.<format>", ["id": ["7"], "format": ["json"]]),
            ("shop://f/caf%C3%A9.%C3%A9t%C3%A9", "shop://f/<name>.<ext>", ["name": ["café"], "ext": ["été"]]),
        ])
    func splitting(url: String, pattern: String, texts: [String: [String]]) throws {
        let table = try linkParameterTable([pattern])
        #expect(try table.resolve(url).texts == texts)
    }

    @Test("the split is decided before conversion: a value that does not convert fails the pattern")
    func splitBeforeConversion() throws {
        let table = try linkParameterTable(["shop://v/<int:major>.<int:minor>"])
        let parameters = try table.resolve("shop://v/1.20")
        #expect(try parameters.int("major") == 1)
        #expect(try parameters.int("minor") == 20)
        // '1' then '2.3': the second is not an int, and no other split is tried.
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://v/1.2.3") }
                == .conversionFailed(
                    parameter: "minor", expected: .int, found: "2.3", pattern: "shop://v/<int:major>.<int:minor>"))
        // Each placeholder takes at least one character.
        #expect(isNoMatch(linkError { () throws(LinkError) in try table.resolve("shop://v/.1") }))
        #expect(isNoMatch(linkError { () throws(LinkError) in try table.resolve("shop://v/1.") }))
    }

    @Test("typed placeholders read their values from the parts")
    func typedValues() throws {
        let table = try linkParameterTable(["https://h.example/d/<int:year>-<int:month>-<int:day>@<double:zoom>x"])
        let parameters = try table.resolve("https://h.example/d/2026-11-26@2.5x")
        #expect(try parameters.int("year") == 2026)
        #expect(try parameters.int("month") == 11)
        #expect(try parameters.int("day") == 26)
        #expect(try parameters.double("zoom") == 2.5)
        #expect(
            linkError { () throws(LinkError) in try table.resolve("https://h.example/d/2026-xx-26@2x") }
                == .conversionFailed(
                    parameter: "month", expected: .int, found: "xx",
                    pattern: "https://h.example/d/<int:year>-<int:month>-<int:day>@<double:zoom>x"))
    }

    @Test(
        "more static characters win, then types from the left, then fewer placeholders",
        arguments: [
            // 'a.b': `<x>.<y>` has one static character, `<s>` none.
            ("shop://r/a.b", "shop://r/<x>.<y>"),
            // Two static characters beat one.
            ("shop://r/a.b.c", "shop://r/<x>.<y>.<z>"),
            ("shop://r/f-1.txt", "shop://r/f-<int:n>.txt"),
            ("shop://r/f-x.txt", "shop://r/f-<s>.txt"),
            // Same static text: int beats string, from the left.
            ("shop://r/1.x", "shop://r/<int:i>.<y>"),
            ("shop://r/x.1", "shop://r/<x>.<int:j>"),
            ("shop://r/1.2", "shop://r/<int:i>.<y>"),
            ("shop://r/plain", "shop://r/<s>"),
        ])
    func ranking(url: String, expected: String) throws {
        let patterns = [
            "shop://r/<s>", "shop://r/<x>.<y>", "shop://r/<x>.<y>.<z>", "shop://r/f-<int:n>.txt",
            "shop://r/f-<s>.txt", "shop://r/<int:i>.<y>", "shop://r/<x>.<int:j>",
        ]
        #expect(try linkPatternTable(patterns).resolve(url) == expected)
        #expect(try linkPatternTable(patterns.reversed()).resolve(url) == expected)
    }

    @Test("a segment with more static text wins over a typed placeholder alone")
    func staticTextBeatsType() throws {
        let patterns = ["shop://n/<double:d>", "shop://n/<a>.<b>", "shop://n/v<int:n>"]
        let table = try linkPatternTable(patterns)
        #expect(try table.resolve("shop://n/1.5") == "shop://n/<a>.<b>")
        #expect(try table.resolve("shop://n/15") == "shop://n/<double:d>")
        #expect(try table.resolve("shop://n/v2") == "shop://n/v<int:n>")
    }

    @Test("the same shape twice is a conflict, whatever the names")
    func conflicts() throws {
        var table = try linkPatternTable(["shop://f/<name>.<ext>"])
        #expect(
            linkError { () throws(LinkError) in try table.register("shop://f/<a>.<b>") { _ in "" } }
                == .conflictingPattern(pattern: "shop://f/<a>.<b>", existing: "shop://f/<name>.<ext>"))
        try table.register("shop://f/<a>.<int:b>") { _ in "typed" }
        #expect(try table.resolve("shop://f/x.1") == "typed")
    }

    @Test("placeholders without text between them are refused, naming the segment")
    func adjacentRefused() throws {
        let error = try #require(linkPatternError("shop://p/v<major><int:minor>"))
        #expect(error.problem == .adjacentPlaceholders(segment: "v<major><int:minor>", first: "major", second: "minor"))
        #expect(
            error.description
                == "placeholders 'major' and 'minor' with no text between them in segment 'v<major><int:minor>' at column 18: expected static text between two placeholders of one segment, such as '<name>.<ext>', to tell where one value ends"
        )
    }

    @Test("url(for:) builds the segment back, and refuses values that would be read back differently")
    func building() throws {
        var table = LinkTable<String>()
        try table.register("shop://f/<name>.<ext>", as: "File") { _ in "file" }
        try table.register("https://h.example/d/<int:y>-<int:m>", as: "Day") { _ in "day" }
        #expect(
            try table.url(for: "File", parameters: ["name": "report", "ext": "tar.gz"]) == "shop://f/report.tar.gz")
        #expect(try table.url(for: "Day", parameters: ["y": 2026, "m": 11]) == "https://h.example/d/2026-11")
        // 'a.b' would come back as 'a' and 'b.c'.
        #expect(
            linkError { () throws(LinkError) in try table.url(for: "File", parameters: ["name": "a.b", "ext": "c"]) }
                == .valueDoesNotReadBack(parameter: "name", value: "a.b", pattern: "shop://f/<name>.<ext>"))
        // The separator is looked for from each value's second character: '-1--2' reads back.
        #expect(try table.url(for: "Day", parameters: ["y": -1, "m": -2]) == "https://h.example/d/-1--2")
        #expect(try table.resolveLink("https://h.example/d/-1--2").parameters.texts == ["y": ["-1"], "m": ["-2"]])
    }

    @Test("a relaxed explanation names the part that did not convert")
    func explanation() throws {
        let table = try linkPatternTable(["shop://v/<int:major>.<int:minor>", "shop://v/x"])
        #expect(
            linkError { () throws(LinkError) in try table.resolve("shop://v/3.x") }
                == .conversionFailed(
                    parameter: "minor", expected: .int, found: "x", pattern: "shop://v/<int:major>.<int:minor>"))
    }
}
