import Foundation
import Testing

@testable import ComposerLinks

/// Backtracking must stay cheap: the walk enters each trie node at most once per lookup.
@MainActor
@Suite("Link trie walk bounds")
struct LinkTrieBoundTests {
    /// Walks `url` in `table`'s trie and returns how many nodes it entered and what it found.
    func walk(_ table: LinkTable<String>, _ url: String) throws -> (visits: Int, entry: String?) {
        let address = try LinkAddress(parsing: url)
        let root = try #require(table.trie.roots[address.rootKey])
        var progress = LinkTrie.Progress()
        var visits = 0
        let found = table.trie.match(address.segments, from: root, relaxed: false, progress: &progress, visits: &visits)
        return (visits, found.map { table.entries[$0.entry].pattern.text })
    }

    @Test("deep dead ends are abandoned without revisiting anything")
    func deepDeadEnds() throws {
        // Twelve patterns each put a static 'x' at a different depth, then fail on 'end'; only
        // the all-string pattern ending in 'other' matches. Every static branch is tried first.
        let depth = 12
        var patterns: [String] = []
        for position in 0..<depth {
            let segments = (0..<depth).map { $0 == position ? "x" : "<s\($0)>" } + ["end"]
            patterns.append("shop://" + segments.joined(separator: "/"))
        }
        let winner = "shop://" + ((0..<depth).map { "<s\($0)>" } + ["other"]).joined(separator: "/")
        patterns.append(winner)
        let table = try linkPatternTable(patterns)
        let url = "shop://" + (Array(repeating: "x", count: depth) + ["other"]).joined(separator: "/")

        let (visits, entry) = try walk(table, url)
        #expect(entry == winner)
        // 1 root + 12 string levels + 'other' + for each static position k: 'x', 11 - k strings, 'end'.
        #expect(table.trie.nodes.count == 104)
        // Every node but the twelve 'end' leaves is entered, each exactly once.
        #expect(visits == 92)
    }

    @Test("the worst case is the trie itself: a full tree of placeholders is walked once")
    func fullTree() throws {
        // Four placeholder kinds accept '11' at each of five levels: 4^5 patterns that all die
        // on the last segment. The walk enters every inner node once and no node twice.
        let kinds = ["<int:v>", "<double:v>", "<v>", "1<v>"]
        var paths: [[String]] = [[]]
        for level in 0..<5 {
            paths = paths.flatMap { path in kinds.map { path + [$0.replacingOccurrences(of: "v>", with: "v\(level)>")] }
            }
        }
        let table = try linkPatternTable(paths.map { "shop://" + ($0 + ["dead"]).joined(separator: "/") })
        let (visits, entry) = try walk(table, "shop://11/11/11/11/11/alive")
        #expect(entry == nil)
        let inner = (0...5).reduce(0) { $0 + Int(pow(4.0, Double($1))) }
        #expect(table.trie.nodes.count == inner + 1024)
        #expect(visits == inner)
    }
}
