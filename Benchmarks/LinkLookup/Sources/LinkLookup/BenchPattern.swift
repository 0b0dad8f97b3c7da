import Foundation

/// The benchmark's patterns, parsed for the linear matcher and the lean trie (a subset of
/// `LinkPattern`'s grammar: enough for the shapes in `Shapes.swift`).
struct BenchPattern {
    enum Kind: Int {
        case literal = 0
        case bool = 1
        case uuid = 2
        case int = 3
        case double = 4
        case string = 6
        case rest = 7
    }

    struct Segment {
        let kind: Kind
        let text: String  // the literal, or the placeholder's name
        let prefix: String
        let suffix: String
    }

    let scheme: String
    let hosts: [String]
    let segments: [Segment]
    let query: [(key: String, name: String)]

    init(_ pattern: String) {
        let schemeEnd = pattern.range(of: "://")?.lowerBound ?? pattern.startIndex
        scheme = String(pattern[..<schemeEnd]).lowercased()
        var rest = String(pattern[pattern.index(schemeEnd, offsetBy: 3)...])
        var query: [(String, String)] = []
        if let mark = rest.firstIndex(of: "?") {
            for item in rest[rest.index(after: mark)...].split(separator: "&") {
                let parts = item.split(separator: "=", maxSplits: 1)
                let name = parts[1].dropFirst().dropLast().replacingOccurrences(of: "?", with: "")
                query.append((String(parts[0]), name))
            }
            rest = String(rest[..<mark])
        }
        self.query = query
        var pieces = rest.split(separator: "/").map(String.init)
        var hosts: [String] = []
        if scheme == "http" || scheme == "https" {
            hosts = pieces.removeFirst().trimmingCharacters(in: CharacterSet(charactersIn: "{}"))
                .split(separator: ",").map { $0.lowercased() }
        }
        self.hosts = hosts
        segments = pieces.map { piece -> Segment in
            guard let open = piece.firstIndex(of: "<"), let close = piece.firstIndex(of: ">") else {
                return Segment(kind: .literal, text: piece, prefix: "", suffix: "")
            }
            let inside = piece[piece.index(after: open)..<close].split(separator: ":")
            let kinds: [String: Kind] = ["bool": .bool, "uuid": .uuid, "int": .int, "double": .double, "path": .rest]
            let kind = inside.count == 2 ? kinds[String(inside[0])] ?? .string : .string
            return Segment(
                kind: kind, text: String(inside.last ?? ""), prefix: String(piece[..<open]),
                suffix: String(piece[piece.index(after: close)...]))
        }
    }
}
