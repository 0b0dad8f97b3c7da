import AllocationCounter
import Composer
import ComposerLinks
import ComposerTesting
import Foundation

// Measures, in one run and with the same patterns and links for each:
// - Composer's `LinkTable` (target `Int`) and `LinkMap` (target `Link`), hits and misses that
//   go to the fallback, with every captured value read the way an app's closure reads it;
// - a linear matcher of the kind most URL routers are (`LinearRouter.swift`);
// - a lean byte trie with the same features and precedence, the floor (`LeanTrie.swift`);
// - heap allocations per lookup and heap bytes per registered pattern (Linux/glibc only);
// - the shape `app://w/u<n>-<int:id>.json`, many placeholders that differ only in their text.

/// Reads what `reads` lists from a match, as an app's closure would.
func readComposer(_ parameters: LinkParameters, _ index: Int, _ reads: [(String, ValueKind)]) throws -> Int {
    var sum = index
    for (name, kind) in reads {
        switch kind {
        case .int: sum &+= try parameters.int(name)
        case .double: sum &+= Int(try parameters.double(name))
        case .bool: sum &+= try parameters.bool(name) ? 1 : 0
        case .uuid: sum &+= Int(try parameters.uuid(name).uuid.0)
        case .string: sum &+= try parameters.string(name).utf8.count
        case .optionalString: sum &+= try parameters.optionalString(name)?.utf8.count ?? 0
        }
    }
    return sum
}

let step: DestinationStep<TestScreen, Int> = StepAssembly(
    finder: NilFinder<TestScreen, Int>(), factory: ClosureFactory { number in TestScreen("screen \(number)") }
)
.using(GeneralAction.presentModally())
.from(GeneralStep.current())
.assemble()

struct Measurement {
    var nanoseconds: Double
    var allocations: Double
}

let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Time and allocations per call of `body` over `links`: one warm-up pass counts allocations,
/// then whole passes repeat until `minimum` seconds have gone by.
func measure(_ links: [String], minimum: Double = 0.2, _ body: (String) -> Int) -> Measurement {
    var checksum = 0
    let before = allocation_count()
    for url in links { checksum &+= body(url) }
    let allocations = Double(allocation_count() - before) / Double(links.count)
    var lookups = 0
    var elapsed = 0.0
    while elapsed < minimum {
        elapsed += seconds(
            clock.measure {
                for url in links { checksum &+= body(url) }
            })
        lookups += links.count
    }
    if checksum == Int.min { print("unreachable checksum") }  // keeps the work observable
    return Measurement(nanoseconds: elapsed * 1e9 / Double(lookups), allocations: allocations)
}

func column(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

func format(_ value: Double, _ decimals: Int = 0) -> String { String(format: "%.\(decimals)f", value) }

struct Contenders {
    var table = LinkTable<Int>()
    var map = LinkMap()
    var lean = LeanTrie()
    var linear = LinearRouter()
}

/// Builds every contender with `count` patterns from `makePattern`; returns the table's build
/// time and heap bytes per pattern.
@MainActor
func build(
    _ count: Int, _ makePattern: (Int) -> String, reads readsOf: (Int) -> [(String, ValueKind)]
) throws -> (Contenders, milliseconds: Double, bytesPerPattern: Double) {
    var contenders = Contenders()
    let heapBefore = heap_bytes_in_use()
    let elapsed = try clock.measure {
        for index in 0..<count {
            let reads = readsOf(index)
            try contenders.table.register(makePattern(index)) { try readComposer($0, index, reads) }
        }
        contenders.table.fallback { _ in -1 }
    }
    let bytes = Double(Int64(heap_bytes_in_use()) - Int64(heapBefore)) / Double(count)
    for index in 0..<count {
        let reads = readsOf(index)
        try contenders.map.register(makePattern(index)) { Link(to: step, with: try readComposer($0, index, reads)) }
        contenders.lean.register(makePattern(index), handler: index, reads: reads)
        contenders.linear.register(makePattern(index)) { readLinear($0, index, reads) }
    }
    contenders.map.fallback { _ in Link(to: step, with: -1) }
    return (contenders, seconds(elapsed) * 1000, bytes)
}

struct Row {
    var patterns: Int
    var table: (hit: Measurement, miss: Measurement)
    var map: (hit: Measurement, miss: Measurement)
    var lean: (hit: Measurement, miss: Measurement)
    var linear: (hit: Measurement, miss: Measurement)
    var buildMilliseconds: Double
    var bytesPerPattern: Double
}

@MainActor
func run(
    _ count: Int, _ makePattern: (Int) -> String, _ makeHit: (Int, inout SeededRandom) -> String,
    _ makeMiss: (Int, inout SeededRandom) -> String, reads readsOf: (Int) -> [(String, ValueKind)],
    linkCount: Int = 1000
) throws -> Row {
    let (contenders, milliseconds, bytes) = try build(count, makePattern, reads: readsOf)
    var random = SeededRandom(seed: 42)
    let hits = (0..<linkCount).map { _ in makeHit(Int(random.next() % UInt64(count)), &random) }
    let misses = (0..<linkCount).map { _ in makeMiss(Int(random.next() % UInt64(count)), &random) }
    // Every hit must reach its pattern and every miss the fallback, in all four.
    for url in hits {
        precondition((try? contenders.table.resolveLink(url))?.pattern != nil, "Composer misses \(url)")
        precondition(contenders.lean.resolve(url, fallback: -1) >= 0, "the lean trie misses \(url)")
        precondition(contenders.linear.route(url, fallback: -1) >= 0, "the linear matcher misses \(url)")
    }
    for url in misses {
        precondition((try? contenders.table.resolveLink(url))?.pattern == nil, "Composer matches \(url)")
        precondition(contenders.lean.resolve(url, fallback: -1) < 0, "the lean trie matches \(url)")
        precondition(contenders.linear.route(url, fallback: -1) < 0, "the linear matcher matches \(url)")
    }
    let table = contenders.table
    let map = contenders.map
    func resolveTable(_ url: String) -> Int { (try? table.resolve(url)) ?? -2 }
    func resolveMap(_ url: String) -> Int { (try? map.resolve(url)) == nil ? -2 : 1 }
    return Row(
        patterns: count,
        table: (measure(hits, resolveTable), measure(misses, resolveTable)),
        map: (measure(hits, resolveMap), measure(misses, resolveMap)),
        lean: (
            measure(hits) { contenders.lean.resolve($0, fallback: -1) },
            measure(misses) { contenders.lean.resolve($0, fallback: -1) }
        ),
        linear: (
            measure(hits) { contenders.linear.route($0, fallback: -1) },
            measure(misses) { contenders.linear.route($0, fallback: -1) }
        ),
        buildMilliseconds: milliseconds, bytesPerPattern: bytes
    )
}

func printRows(_ rows: [Row]) {
    let widths = [9, 9, 9, 9, 9, 9, 9, 11, 11, 9, 9, 9, 11, 9, 9]
    let header = [
        "patterns", "tbl hit", "tbl miss", "map hit", "map miss", "lean hit", "lean miss", "linear hit",
        "linear miss", "hit/lean", "miss/lean", "map/tbl", "allocs h/m", "B/pattern", "build ms",
    ]
    print(zip(header, widths).map { column($0, $1) }.joined(separator: " "))
    for row in rows {
        let cells = [
            "\(row.patterns)", format(row.table.hit.nanoseconds), format(row.table.miss.nanoseconds),
            format(row.map.hit.nanoseconds), format(row.map.miss.nanoseconds), format(row.lean.hit.nanoseconds),
            format(row.lean.miss.nanoseconds), format(row.linear.hit.nanoseconds), format(row.linear.miss.nanoseconds),
            format(row.table.hit.nanoseconds / row.lean.hit.nanoseconds, 2) + "x",
            format(row.table.miss.nanoseconds / row.lean.miss.nanoseconds, 2) + "x",
            format(row.map.hit.nanoseconds / row.table.hit.nanoseconds, 2) + "x",
            format(row.table.hit.allocations, 1) + "/" + format(row.table.miss.allocations, 1),
            format(row.bytesPerPattern), format(row.buildMilliseconds, 1),
        ]
        print(zip(cells, widths).map { column($0, $1) }.joined(separator: " "))
    }
    print(
        "allocations per LinkMap lookup (hit/miss): "
            + rows.map { "\($0.patterns): \(format($0.map.hit.allocations, 1))/\(format($0.map.miss.allocations, 1))" }
            .joined(separator: ", "))
}

print("LinkLookup: ns per lookup (values read), same patterns and links for every contender")
print(
    "allocation counting: "
        + (allocation_counting_available() != 0 ? "on (malloc interposed)" : "unavailable on this platform"))
print()
print("Ten shapes per module (static, int, string, int+uuid, string+query, catch-all, host aliases + affix,")
print("double+bool, int+catch-all); misses: unknown segment, dead end, wrong type, unknown host")
var rows: [Row] = []
for count in [10, 100, 1_000, 10_000] {
    rows.append(try run(count, pattern, hit, miss, reads: reads))
}
printRows(rows)

print()
print("Placeholders that differ only in the text around them: app://w/u<n>-<int:id>.json")
rows = []
for count in [100, 1_000, 10_000] {
    rows.append(
        try run(
            count, affixPattern, affixLink, { index, random in "app://w/u\(index)-x\(random.next() % 100).json" },
            reads: { _ in [("id", .int)] }, linkCount: 200))
}
printRows(rows)
