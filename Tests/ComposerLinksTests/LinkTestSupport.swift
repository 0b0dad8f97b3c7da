import Composer
import ComposerLinks

/// SplitMix64: a tiny seeded generator, so random tests replay exactly from their seed.
struct LinkTestRandom: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniformly chosen element; `items` must not be empty.
    mutating func pick<Element>(_ items: [Element]) -> Element {
        items[Int(next() % UInt64(items.count))]
    }

    /// A number in `range`.
    mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// `true` with probability `percent`%.
    mutating func chance(_ percent: Int) -> Bool { int(in: 0...99) < percent }
}

/// A table whose target is the matched parameters, for tests that read what was captured.
func linkParameterTable(_ patterns: [String]) throws -> LinkTable<LinkParameters> {
    var table = LinkTable<LinkParameters>()
    for pattern in patterns {
        try table.register(pattern) { $0 }
    }
    return table
}

/// A table whose target is the pattern text that matched, for precedence tests.
func linkPatternTable(_ patterns: [String]) throws -> LinkTable<String> {
    var table = LinkTable<String>()
    for pattern in patterns {
        try table.register(pattern) { _ in pattern }
    }
    return table
}

/// The error `body` throws, or `nil`.
func linkError<Result>(_ body: () throws(LinkError) -> Result) -> LinkError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// The parse error for `pattern`, or `nil` when it parses.
func linkPatternError(_ pattern: String, converters: LinkConverters = LinkConverters()) -> LinkPatternError? {
    do {
        _ = try LinkPattern(pattern, converters: converters)
        return nil
    } catch {
        return error
    }
}
