import Composer

// The router's cost on in-memory trees of about 10 to 10,000 screens, one table per row group, each
// against the bare walk of its own tree timed in the same run (`RowGroup.swift` says what that
// walk does). Run from this directory: `swift run -c release RouterOverhead [--group <name>]
// [--keep-removed]` (the second: what freeing the popped screens costs, see `keepsRemovedScreens`).

/// Every row group, in the order they print. A new one goes in a file of its own and in this list.
let rowGroups: [RowGroup] = [.minimal, .testKit, .swiftUIModel]

/// One operation many times, for a profiler (`perf record -g .build/release/RouterOverhead
/// --profile <operation> [count] [screens] [--group <name>]`): `to-current` (alias `fixed-cost`),
/// `reveal`, `guarded-reveal`, `build`, `fail`, `walk` and `reveal-fresh` (a reveal timed as the
/// table times it, on a tree made and walked just before), on the largest tree of at most `screens`
/// screens (the largest by default) of the group (`minimal` by default). Reveals and builds get a
/// fresh tree each, all made first. The runs alone lie between ``measuredPartBegins()`` and
/// ``measuredPartEnds()``, which `instructions.sh` tells callgrind to count between and around which
/// `time-profile.sh` has perf sample (``PerfControl``); one run before
/// them pays what only the first run of the process pays (the runtime's type and conformance
/// caches), as the timed table's medians leave it out.
@MainActor
func profile(_ operation: String, count: Int, shape: Shape, group: RowGroup) async throws {
    switch operation {
    case "to-current", "fixed-cost", "fail", "walk":
        let tree = try await group.makeTree(shape)
        for run in 0...count {
            if run == 1 { beginMeasuredPart() }
            switch operation {
            case "fail": _ = await tree.fail()
            case "walk": _ = tree.walk()
            default: _ = try await tree.toCurrent()
            }
        }
        endMeasuredPart()
    case "reveal", "guarded-reveal", "build":
        var trees: [BenchTree] = []
        for _ in 0...count { trees.append(try await group.makeTree(shape)) }
        var start = Bench.clock.now
        for (run, tree) in trees.enumerated() {
            if run == 1 {
                start = Bench.clock.now
                beginMeasuredPart()
            }
            switch operation {
            case "reveal": _ = try await tree.reveal()
            case "guarded-reveal": _ = try await tree.revealGuarded()
            default: _ = try await tree.build()
            }
        }
        endMeasuredPart()
        let each = Bench.nanoseconds(Bench.clock.now - start) / Double(max(count, 1))
        print("\(operation) alone: \(whole(each)) ns each")
    case "reveal-fresh":
        // As the table times a reveal: each on a tree made for it and walked just before, so the
        // tree is in the data cache and the router's code is not (making and walking the tree ran
        // other code). Given the marks as `instructions.sh` gives them, callgrind writes out each
        // reveal as a part of its own, alternating with the parts that make and walk the trees.
        var samples: [Double] = []
        for _ in 0...count {
            let tree = try await group.makeTree(shape)
            _ = tree.walk()
            beginMeasuredPart()
            let (ns, _) = try await Bench.time { try await tree.reveal() }
            endMeasuredPart()
            samples.append(ns)
        }
        print("reveal-fresh alone: median \(whole(Bench.median(samples))) ns")
    default:
        print(
            "unknown operation \(operation): use to-current, reveal, guarded-reveal, build, fail, walk or reveal-fresh")
    }
}

/// Starts a measured part: sampling on for `time-profile.sh`, then the mark `instructions.sh` counts
/// from (outside it, so callgrind does not count perf's control).
func beginMeasuredPart() {
    PerfControl.resume()
    measuredPartBegins()
}

/// Ends a measured part: the mark `instructions.sh` counts to, then sampling off.
func endMeasuredPart() {
    measuredPartEnds()
    PerfControl.pause()
}

/// Marks where the measured runs begin, for `instructions.sh` (callgrind's `--zero-before`).
@inline(never) @_optimize(none)
func measuredPartBegins() {}

/// Marks where the measured runs end, for `instructions.sh` (callgrind's `--dump-before`): what the
/// program does after them (freeing the trees, exiting) is not counted.
@inline(never) @_optimize(none)
func measuredPartEnds() {}

/// The value after `flag` in the command line, if any.
func argument(after flag: String, offset: Int = 1) -> String? {
    let arguments = CommandLine.arguments
    guard let index = arguments.firstIndex(of: flag), index + offset < arguments.count else { return nil }
    let value = arguments[index + offset]
    return value.hasPrefix("--") ? nil : value
}

let selected = argument(after: "--group").map { name in rowGroups.filter { $0.name == name } } ?? rowGroups
if let operation = argument(after: "--profile") {
    let count = argument(after: "--profile", offset: 2).flatMap { Int($0) } ?? 2_000
    let size = argument(after: "--profile", offset: 3).flatMap { Int($0) } ?? Int.max
    let shape = Shape.all.last { $0.screenCount <= size } ?? Shape.all[0]
    if let group = selected.first {
        let (ns, _) = try await Bench.time { try await profile(operation, count: count, shape: shape, group: group) }
        print(
            "\(operation) (\(group.name), \(shape.screenCount) screens): \(count) runs, \(whole(ns / Double(max(count, 1)))) ns each"
        )
    } else {
        print(
            "no row group named \(argument(after: "--group") ?? ""): use \(rowGroups.map(\.name).joined(separator: " or "))"
        )
    }
} else {
    print(
        "RouterOverhead: median ns per operation; in brackets, the median of each sample's ratio to the walk"
            + " timed just before it on the same tree")
    for group in selected { try await group.run(Shape.all) }
}
