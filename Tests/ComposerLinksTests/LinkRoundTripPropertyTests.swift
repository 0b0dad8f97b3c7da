import Composer
import ComposerLinks
import ComposerTesting
import Testing

/// Links built back with `url(for:)` from random patterns and awkward values (slashes, escapes,
/// combining marks, long non-ASCII text) must open the same pattern with the same values, or
/// building must fail with an error that says why.
@MainActor
@Suite("Built links open what they were built for")
struct LinkRoundTripPropertyTests {
    nonisolated static let roots = [
        "t://", "https://h.example", "https://{h.example,w.example}", "https://w.example",
        "https://{w.example,h.example}",
    ]
    nonisolated static let literals = ["a", "b", "café", "x.json", "1", "e\u{301}"]
    nonisolated static let affixes = ["", "", "", "u", "a-", ".json", "é"]
    /// Texts between two placeholders of one segment: one character, a character that values
    /// also hold ('.', '-'), a repeated one, non-ASCII.
    nonisolated static let separators = ["-", ".", "--", "_x_", "é", "a"]
    nonisolated static let types = ["", "int:", "double:", "bool:", "uuid:"]
    nonisolated static let texts = [
        "a", "b", "a/b", "a//b", "/", "/x", "x/", "x/\u{301}y", "%2F", "%", "100%", "e\u{301}", "\u{301}x", "café",
        "😀", "a b", "?&=#", "+", "~", "1", "-3", "007", "2.5", "1e3", "true", "FALSE",
        "3f2504e0-4f89-11d3-9a0c-0305e82c3301", String(repeating: "é", count: 700), String(repeating: "/", count: 5),
    ]

    struct Placeholder {
        let name: String
        let type: String
        let isCatchAll: Bool
    }

    /// A random pattern and its placeholders; `nil` when the pieces happen not to parse.
    static func randomPattern(_ random: inout SeededRandom) -> (text: String, placeholders: [Placeholder]) {
        var placeholders: [Placeholder] = []
        var segments: [String] = []
        let count = random.int(in: 0...4)
        for position in 0..<count {
            if position == count - 1, random.chance(25) {
                placeholders.append(Placeholder(name: "p\(position)", type: "", isCatchAll: true))
                segments.append("<path:p\(position)>")
            } else if random.chance(35) {
                segments.append(random.pick(literals))
            } else if random.chance(30) {
                // Several placeholders in one segment, separated by static text.
                var segment = random.pick(affixes)
                for part in 0..<random.int(in: 2...3) {
                    let type = random.pick(types)
                    if part > 0 { segment += random.pick(separators) }
                    placeholders.append(Placeholder(name: "p\(position)_\(part)", type: type, isCatchAll: false))
                    segment += "<\(type)p\(position)_\(part)>"
                }
                segments.append(segment + random.pick(affixes))
            } else {
                let type = random.pick(types)
                placeholders.append(Placeholder(name: "p\(position)", type: type, isCatchAll: false))
                segments.append("\(random.pick(affixes))<\(type)p\(position)>\(random.pick(affixes))")
            }
        }
        let root = random.pick(roots)
        var text = root + (root.hasPrefix("https") && !segments.isEmpty ? "/" : "") + segments.joined(separator: "/")
        var query: [String] = []
        for (index, key) in ["q", "é", "t&"].enumerated() where random.chance(30) {
            let type = random.pick(["", "int:"])
            let optional = random.chance(50) ? "?" : ""
            placeholders.append(Placeholder(name: "q\(index)", type: type, isCatchAll: false))
            query.append("\(key == "t&" ? "t" : key)=<\(type)q\(index)\(optional)>")
        }
        if !query.isEmpty { text += "?" + query.joined(separator: "&") }
        return (text, placeholders)
    }

    /// A text the placeholder's type accepts, when the pool has one.
    static func value(for placeholder: Placeholder, _ random: inout SeededRandom) -> String {
        let fitting = texts.filter { text in
            switch placeholder.type {
            case "int:": Int(text) != nil
            case "double:": ["2.5", "1e3", "1", "-3", "007"].contains(text)
            case "bool:": ["true", "FALSE"].contains(text)
            case "uuid:": text.utf8.count == 36
            default: true
            }
        }
        return random.pick(fitting)
    }

    /// Whether `name` sits in a segment with several placeholders whose values would be read
    /// back differently: one starts with a combining mark (which merges with the text before
    /// it), or one is followed by its separator earlier than where it ends (it holds the
    /// separator, or ends with its start).
    static func isReadBackDifferently(
        _ name: String, in pattern: String, _ parameters: [String: any LinkParameterValue]
    ) -> Bool {
        guard let parsed = try? LinkPattern(pattern),
            let segment = parsed.segments.first(where: { $0.placeholders.contains { $0.name == name } }),
            segment.placeholders.count > 1
        else { return false }
        let values = segment.placeholders.map { parameters[$0.name].map { "\($0)" } ?? "" }
        if values.contains(where: { $0.unicodeScalars.first?.properties.isGraphemeExtend == true }) { return true }
        for (value, separator) in zip(values, segment.texts.dropFirst().dropLast()) {
            let joined = Array(value + separator)
            let wanted = Array(separator)
            let first = (1...max(1, joined.count - wanted.count)).first {
                $0 + wanted.count <= joined.count && Array(joined[$0..<($0 + wanted.count)]) == wanted
            }
            if first != Array(value).count { return true }
        }
        return false
    }

    @Test(
        "every built link opens its pattern with the same values, or building says why",
        arguments: propertySeeds(1...12))
    func roundTrip(seed: UInt64) throws {
        var random = SeededRandom(seed: seed &* 104_729)
        var table = LinkTable<String>()
        var registered: [(name: String, placeholders: [Placeholder], pattern: String)] = []
        for index in 0..<50 {
            let (text, placeholders) = Self.randomPattern(&random)
            let name = "D\(index)"
            if linkError({ () throws(LinkError) in try table.register(text, as: name) { _ in text } }) == nil {
                registered.append((name, placeholders, text))
            }
        }
        #expect(registered.count > 20)
        var outcomes: [String: Int] = [:]
        for _ in 0..<300 {
            let (name, placeholders, pattern) = random.pick(registered)
            var parameters: [String: any LinkParameterValue] = [:]
            var expected: [String: [String]] = [:]
            for placeholder in placeholders where !placeholder.name.hasPrefix("q") || random.chance(70) {
                let value = Self.value(for: placeholder, &random)
                parameters[placeholder.name] = value
                expected[placeholder.name] = [value]
            }
            do {
                let url = try table.url(for: name, parameters: parameters)
                #expect(url.utf8.count <= LinkTable<String>.maximumURLLength)
                let resolved = try table.resolveLink(url)
                #expect(resolved.pattern == pattern, "seed \(seed): \(url) built for \(pattern)")
                #expect(resolved.parameters.texts == expected, "seed \(seed): \(url) built for \(pattern)")
                outcomes["built", default: 0] += 1
            } catch {
                switch error {
                case .unreachableURL(_, let destination, let resolvesTo):
                    #expect(destination == name && resolvesTo != pattern)
                case .conversionFailed(let parameter, let type, let found, let failing):
                    // Only a value that would merge with the text around its placeholder, or a
                    // catch-all value with an empty segment, which no link can carry.
                    #expect(failing == pattern && parameters[parameter].map { "\($0)" } == found)
                    let emptySegment =
                        type == .path && found.split(separator: "/", omittingEmptySubsequences: false).contains("")
                    #expect(
                        found.unicodeScalars.first?.properties.isGraphemeExtend == true || emptySegment
                            || Self.isReadBackDifferently(parameter, in: pattern, parameters),
                        "seed \(seed): \(error)")
                case .valueDoesNotReadBack(let parameter, let found, let failing):
                    // A value holding the text written after its placeholder, or one that would
                    // merge with the text around it.
                    #expect(failing == pattern && parameters[parameter].map { "\($0)" } == found)
                    #expect(
                        found.unicodeScalars.first?.properties.isGraphemeExtend == true
                            || found.unicodeScalars.last?.properties.isGraphemeExtend == true
                            || Self.isReadBackDifferently(parameter, in: pattern, parameters),
                        "seed \(seed): \(error)")
                case .missingParameter(let missing, _):
                    #expect(parameters[missing] == nil, "seed \(seed): \(pattern) \(error)")
                case .urlTooLong(let length, let limit):
                    #expect(length > limit)
                default:
                    Issue.record("seed \(seed): building \(pattern) failed with \(error)")
                }
                outcomes[String("\(error)".prefix(12)), default: 0] += 1
            }
        }
        #expect(outcomes["built", default: 0] > 100, "\(outcomes)")
    }
}
