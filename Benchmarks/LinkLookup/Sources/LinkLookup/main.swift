import AllocationCounter
import Composer
import ComposerLinks
import ComposerTesting
import Foundation

// Measures, in one run and with the same patterns and links for each:
// - Composer's `LinkTable` (target `Int`) and `LinkMap` (target `Link`), hits and misses that
//   go to the fallback, with every captured value read the way an app's closure reads it;
// - a linear matcher of the kind most URL routers are (`LinearRouter.swift`);
// - the lean reference, the floor (`ByteTrie.swift`): a byte trie frozen into flat node and edge
//   arrays, matched over the URL's UTF-8 bytes through `withUTF8`, no `String` or array made per
//   lookup, values converted from byte ranges, with the same precedence and the same values read;
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

/// One contender on one kind of link: nanoseconds per lookup in each round, and allocations.
struct Measurement {
    var rounds: [Double] = []
    var allocations = 0.0

    /// The median over rounds.
    var nanoseconds: Double { median(rounds) }
}

func median(_ values: [Double]) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted.count % 2 == 1
        ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
}

let clock = ContinuousClock()

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// The command line: `--rounds N` (default 21), `--slice SECONDS` per contender per round
/// (default 0.02), `--counts 10,1000` to time only those pattern counts of the main shapes
/// (and skip the affix shape), or `--probe CASE COUNT [PASSES]` for counting instructions
/// (see instructions.sh).
let arguments = CommandLine.arguments
func option(_ name: String) -> String? {
    guard let position = arguments.firstIndex(of: name), position + 1 < arguments.count else { return nil }
    return arguments[position + 1]
}
let roundCount = option("--rounds").flatMap(Int.init) ?? 21
let slice = option("--slice").flatMap(Double.init) ?? 0.02
let chosenCounts = option("--counts").map { $0.split(separator: ",").compactMap { Int($0) } }

/// Allocations per call of `body` over `links`, counted in one pass (which also warms up).
func countAllocations(_ links: [String], _ body: (String) -> Int) -> Double {
    var checksum = 0
    let before = allocation_count()
    for url in links { checksum &+= body(url) }
    let allocations = Double(allocation_count() - before) / Double(links.count)
    if checksum == Int.min { print("unreachable checksum") }  // keeps the work observable
    return allocations
}

/// Nanoseconds per call of `body` over `links`: whole passes until `minimum` seconds have gone by.
func time(_ links: [String], minimum: Double, _ body: (String) -> Int) -> Double {
    var checksum = 0
    var lookups = 0
    var elapsed = 0.0
    while elapsed < minimum || lookups == 0 {
        elapsed += seconds(
            clock.measure {
                for url in links { checksum &+= body(url) }
            })
        lookups += links.count
    }
    if checksum == Int.min { print("unreachable checksum") }  // keeps the work observable
    return elapsed * 1e9 / Double(lookups)
}

/// One thing to time: a contender's lookup over a list of links.
@MainActor
struct Case {
    let links: [String]
    let body: (String) -> Int
}

/// Times every case in `roundCount` rounds. Within a round each case runs for `slice`
/// seconds, in an order that rotates (and reverses every other round), so that a burst of load
/// from another process lands on different cases in different rounds, and the cases compared
/// in a ratio are timed close together.
@MainActor
func measureInterleaved(_ cases: [Case]) -> [Measurement] {
    var measurements = cases.map { Measurement(rounds: [], allocations: countAllocations($0.links, $0.body)) }
    for round in 0..<roundCount {
        var order = Array(cases.indices)
        order = Array(order[(round % order.count)...] + order[..<(round % order.count)])
        if round % 2 == 1 { order.reverse() }
        for index in order {
            measurements[index].rounds.append(time(cases[index].links, minimum: slice, cases[index].body))
        }
    }
    return measurements
}

/// The median, smallest and largest of the per-round ratios `numerator / denominator`.
func ratio(_ numerator: Measurement, _ denominator: Measurement) -> (median: Double, low: Double, high: Double) {
    let ratios = zip(numerator.rounds, denominator.rounds).map { $0 / $1 }
    return (median(ratios), ratios.min() ?? .nan, ratios.max() ?? .nan)
}

func column(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

func format(_ value: Double, _ decimals: Int = 0) -> String { String(format: "%.\(decimals)f", value) }

struct Contenders {
    var table = LinkTable<Int>()
    var map = LinkMap()
    var lean = ByteTrie(patterns: [])
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
        contenders.linear.register(makePattern(index)) { readLinear($0, index, reads) }
    }
    contenders.lean = ByteTrie(patterns: (0..<count).map { (makePattern($0), $0, readsOf($0)) })
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

/// The links of one run: hits and misses for `count` patterns, checked against every contender.
@MainActor
func links(
    _ count: Int, _ contenders: Contenders, _ makeHit: (Int, inout SeededRandom) -> String,
    _ makeMiss: (Int, inout SeededRandom) -> String, linkCount: Int
) -> (hits: [String], misses: [String]) {
    var random = SeededRandom(seed: 42)
    let hits = (0..<linkCount).map { _ in makeHit(Int(random.next() % UInt64(count)), &random) }
    let misses = (0..<linkCount).map { _ in makeMiss(Int(random.next() % UInt64(count)), &random) }
    // Every hit must reach its pattern and every miss the fallback, in all four.
    for url in hits {
        precondition((try? contenders.table.resolveLink(url))?.pattern != nil, "Composer misses \(url)")
        let reference = contenders.lean.resolve(url, fallback: -1)
        precondition(reference >= 0, "the lean trie misses \(url)")
        // The same pattern and the same values read: the closures' sums agree.
        precondition((try? contenders.table.resolve(url)) == reference, "the lean trie reads \(url) differently")
        precondition(contenders.linear.route(url, fallback: -1) >= 0, "the linear matcher misses \(url)")
    }
    for url in misses {
        precondition((try? contenders.table.resolveLink(url))?.pattern == nil, "Composer matches \(url)")
        precondition(contenders.lean.resolve(url, fallback: -1) < 0, "the lean trie matches \(url)")
        precondition(contenders.linear.route(url, fallback: -1) < 0, "the linear matcher matches \(url)")
    }
    return (hits, misses)
}

/// The eight cases of a run, in a fixed order: table, map, lean, linear; hit then miss.
@MainActor
func cases(_ contenders: Contenders, hits: [String], misses: [String], count: Int) -> [Case] {
    let table = contenders.table
    let map = contenders.map
    let lean = contenders.lean
    let linear = contenders.linear
    // The linear matcher is slow at large counts: a prefix of the links keeps its rounds short.
    let linearCount = max(10, min(hits.count, 100_000 / count))
    return [
        Case(links: hits) { (try? table.resolve($0)) ?? -2 },
        Case(links: misses) { (try? table.resolve($0)) ?? -2 },
        Case(links: hits) { (try? map.resolve($0)) == nil ? -2 : 1 },
        Case(links: misses) { (try? map.resolve($0)) == nil ? -2 : 1 },
        Case(links: hits) { lean.resolve($0, fallback: -1) },
        Case(links: misses) { lean.resolve($0, fallback: -1) },
        Case(links: Array(hits.prefix(linearCount))) { linear.route($0, fallback: -1) },
        Case(links: Array(misses.prefix(linearCount))) { linear.route($0, fallback: -1) },
    ]
}

@MainActor
func run(
    _ count: Int, _ makePattern: (Int) -> String, _ makeHit: (Int, inout SeededRandom) -> String,
    _ makeMiss: (Int, inout SeededRandom) -> String, reads readsOf: (Int) -> [(String, ValueKind)],
    linkCount: Int = 1000
) throws -> Row {
    let (contenders, milliseconds, bytes) = try build(count, makePattern, reads: readsOf)
    let (hits, misses) = links(count, contenders, makeHit, makeMiss, linkCount: linkCount)
    let measured = measureInterleaved(cases(contenders, hits: hits, misses: misses, count: count))
    return Row(
        patterns: count, table: (measured[0], measured[1]), map: (measured[2], measured[3]),
        lean: (measured[4], measured[5]), linear: (measured[6], measured[7]), buildMilliseconds: milliseconds,
        bytesPerPattern: bytes)
}

func printRows(_ rows: [Row]) {
    let widths = [8, 8, 8, 8, 8, 8, 9, 10, 11, 17, 17, 17, 10, 9, 9]
    let header = [
        "patterns", "tbl hit", "tbl miss", "map hit", "map miss", "lean hit", "lean miss", "linear hit",
        "linear miss", "hit/lean [range]", "miss/lean [range]", "map/tbl [range]", "allocs h/m", "B/pattern",
        "build ms",
    ]
    func spread(_ value: (median: Double, low: Double, high: Double)) -> String {
        "\(format(value.median, 2))x [\(format(value.low, 1))-\(format(value.high, 1))]"
    }
    print(zip(header, widths).map { column($0, $1) }.joined(separator: " "))
    for row in rows {
        let cells = [
            "\(row.patterns)", format(row.table.hit.nanoseconds), format(row.table.miss.nanoseconds),
            format(row.map.hit.nanoseconds), format(row.map.miss.nanoseconds), format(row.lean.hit.nanoseconds),
            format(row.lean.miss.nanoseconds), format(row.linear.hit.nanoseconds), format(row.linear.miss.nanoseconds),
            spread(ratio(row.table.hit, row.lean.hit)), spread(ratio(row.table.miss, row.lean.miss)),
            spread(ratio(row.map.hit, row.table.hit)),
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

/// Runs one case's links `passes` times and nothing else, for `valgrind --tool=callgrind
/// --toggle-collect='*runProbe*'`, which then counts the instructions of the lookups alone.
@inline(never)
@MainActor
func runProbe(_ probe: Case, passes: Int) -> Int {
    var checksum = 0
    for _ in 0..<passes {
        for url in probe.links { checksum &+= probe.body(url) }
    }
    return checksum
}

if let name = option("--probe") {
    // --probe CASE COUNT [PASSES]: CASE is table-hit, table-miss, map-hit, map-miss, lean-hit,
    // lean-miss, linear-hit, linear-miss, or affix-… for the affix shape.
    let position = arguments.firstIndex(of: "--probe") ?? 0
    let count = arguments.count > position + 2 ? Int(arguments[position + 2]) ?? 1000 : 1000
    let passes = arguments.count > position + 3 ? Int(arguments[position + 3]) ?? 10 : 10
    let affix = name.hasPrefix("affix-")
    let kind = affix ? String(name.dropFirst("affix-".count)) : name
    let names = [
        "table-hit", "table-miss", "map-hit", "map-miss", "lean-hit", "lean-miss", "linear-hit", "linear-miss",
    ]
    guard let index = names.firstIndex(of: kind) else {
        print("unknown probe '\(name)'; one of \(names.joined(separator: ", ")) (prefixed with affix- for that shape)")
        exit(2)
    }
    let (contenders, _, _) =
        affix
        ? try build(count, affixPattern, reads: { _ in [("id", .int)] })
        : try build(count, pattern, reads: reads)
    let (hits, misses) =
        affix
        ? links(
            count, contenders, affixLink, { index, random in "app://w/u\(index)-x\(random.next() % 100).json" },
            linkCount: 200)
        : links(count, contenders, hit, miss, linkCount: 1000)
    let probe = cases(contenders, hits: hits, misses: misses, count: count)[index]
    _ = countAllocations(probe.links, probe.body)  // a warm-up pass, outside runProbe
    let checksum = runProbe(probe, passes: passes)
    print("probe \(name) at \(count) patterns: \(passes * probe.links.count) lookups (checksum \(checksum))")
    exit(0)
}

print("LinkLookup: ns per lookup (values read), same patterns and links for every contender")
print(
    "lean reference ('lean'): a byte trie frozen into flat node and edge arrays, matched over the URL's UTF-8 "
        + "bytes through withUTF8,")
print(
    "  no String or array made per lookup, values converted from byte ranges; same precedence and same values "
        + "read (checked per link)")
print("targets: tbl hit <= 2x lean hit, tbl miss <= 3x lean miss, map <= 1.2x tbl")
print(
    "allocation counting: "
        + (allocation_counting_available() != 0 ? "on (malloc interposed)" : "unavailable on this platform"))
print(
    "timing: median of \(roundCount) interleaved rounds of \(format(slice * 1000)) ms per contender; ratios are "
        + "the median [smallest-largest] of the per-round ratios")
print()
print("Ten shapes per module (static, int, string, int+uuid, string+query, catch-all, host aliases + affix,")
print("double+bool, int+catch-all); misses: unknown segment, dead end, wrong type, unknown host")
var rows: [Row] = []
for count in chosenCounts ?? [10, 100, 1_000, 10_000] {
    rows.append(try run(count, pattern, hit, miss, reads: reads))
}
printRows(rows)
if chosenCounts != nil { exit(0) }

print()
print("Placeholders that differ only in the text around them: app://w/u<n>-<int:id>.json")
print("(the lean trie scans one node's placeholders in order here, so it is no floor for this shape)")
rows = []
for count in [100, 1_000, 10_000] {
    rows.append(
        try run(
            count, affixPattern, affixLink, { index, random in "app://w/u\(index)-x\(random.next() % 100).json" },
            reads: { _ in [("id", .int)] }, linkCount: 200))
}
printRows(rows)
