import Composer
import ComposerLinks
import ComposerTesting
import Testing

/// Arbitrary strings must produce a value or a `LinkError`, never a trap; any position an
/// error reports must lie inside the input.
@MainActor
@Suite("Links never trap on arbitrary input")
struct LinkFuzzTests {
    nonisolated static let pieces = [
        "shop://", "https://", "http://", "t:", "//", "/", "/", "a", "b", "42", "-1", "2.5", "true", "é", "😀",
        "e\u{301}",
        "<", ">", "<id>", "<int:", "<path:", "<uuid:u>", "<bool:b>", "?>", "<x?>", ":", "{", "}", ",", "?", "&", "=",
        "#", "%", "%2", "%zz", "%C3%A9", "%FF", "%2F", " ", "\t", "\u{0}", "\n", "@", "+", "~", ".", "..", "\\", "|",
        "{a.com,b.com}", "h.example", "user-", ".json", "<path:rest>", "?q=<q?>", "&n=<int:n>",
    ]

    static func randomText(_ random: inout SeededRandom) -> String {
        var text = ""
        for _ in 0..<random.int(in: 0...12) {
            if random.chance(20) {
                // A raw scalar from anywhere in the first planes, including controls.
                let value = UInt32(random.int(in: 0...0x2FFF))
                if let scalar = Unicode.Scalar(value) { text.unicodeScalars.append(scalar) }
            } else {
                text += random.pick(pieces)
            }
        }
        return text
    }

    /// Half the time a random text after a scheme (and host) the grammar accepts, else one from
    /// anywhere. A text from anywhere rarely starts as a pattern or a link must: about 1 in 260
    /// parse as a pattern, and seed 3823 drew 2,500 without one.
    static func randomTextOftenAfterAScheme(_ random: inout SeededRandom) -> String {
        random.chance(50)
            ? randomText(&random) : random.pick(["shop://", "https://h.example/", "t://"]) + randomText(&random)
    }

    @Test("the pattern parser returns a pattern or an error inside the text", arguments: propertySeeds(1...4))
    func patternParser(seed: UInt64) throws {
        var random = SeededRandom(seed: seed)
        var parsed = 0
        for _ in 0..<2500 {
            let text = Self.randomTextOftenAfterAScheme(&random)
            do {
                let pattern = try LinkPattern(text)
                parsed += 1
                // The normalized form means the same pattern.
                let again = try LinkPattern(pattern.description)
                #expect(again.description == pattern.description, "\(text)")
                #expect(
                    again.segments == pattern.segments && again.query == pattern.query && again.hosts == pattern.hosts)
            } catch {
                #expect((1...(text.count + 1)).contains(error.column), "\(text): \(error)")
                #expect(!error.description.isEmpty)
            }
        }
        // The inputs reach the success path: about 230 of the 2,500 texts parse (175 to 290 over
        // seeds 1-4100).
        #expect(parsed >= 100)
    }

    @Test("the resolver returns a target or a LinkError for any link", arguments: propertySeeds(1...4))
    func resolver(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &+ 1000)
        var table = LinkTable<String>()
        for pattern in [
            "shop://product/<int:id>", "shop://product/<slug>", "shop://files/<path:rest>",
            "shop://u/user-<int:id>.json",
            "https://{h.example,www.h.example}/p/<uuid:u>?q=<q?>&n=<int:n>", "shop://", "t://<b>/<bool:b2>",
        ] {
            try table.register(pattern) { _ in pattern }
        }
        // Grow the table with whatever random patterns happen to parse.
        for _ in 0..<400 {
            let text = Self.randomText(&random)
            _ = linkError { () throws(LinkError) in try table.register(text) { _ in text } }
        }
        var outcomes: [String: Int] = [:]
        for _ in 0..<2500 {
            let url = Self.randomTextOftenAfterAScheme(&random)
            do {
                let resolved = try table.resolveLink(url)
                // Each registration returns its own pattern: the target is the pattern that matched,
                // and the url is the link as received.
                #expect(resolved.pattern.map { $0 == resolved.target } == true, "\(url)")
                #expect(resolved.url == url)
                outcomes["matched", default: 0] += 1
            } catch {
                if case .malformedURL(let reported, let column, _) = error {
                    #expect(reported == url)
                    #expect((1...(url.count + 1)).contains(column), "\(url): \(error)")
                }
                outcomes[String("\(error)".prefix(8)), default: 0] += 1
                #expect(!error.description.isEmpty)
            }
        }
        // The inputs reach every stage: parse failures, non-matches and matches.
        #expect(outcomes["matched", default: 0] > 10)
        #expect(outcomes["malforme", default: 0] > 10)
        #expect(outcomes["no link ", default: 0] > 10)
    }
}
