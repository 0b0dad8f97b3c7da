/// A small seeded random generator (SplitMix64) for randomized routing and link tests.
///
/// Seeded, so a failing sequence replays exactly from the seed a test prints; the same sequence on
/// every platform, unlike the system generator.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A uniformly chosen element of `items`, which a test must not leave empty (it is the test's
    /// own fixture, never app input).
    public mutating func pick<Element>(_ items: [Element]) -> Element {
        items[Int(next() % UInt64(items.count))]
    }

    /// A number in `range`.
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        // The count is taken modulo 2^64, with wrapping arithmetic: a range of more numbers than
        // `Int.max` (`Int.min...0`) has a count `Int` cannot hold, and the whole of `Int` one of 2^64,
        // which wraps to 0. A smaller range draws exactly as `next() % count` always has.
        let count = UInt64(truncatingIfNeeded: range.upperBound &- range.lowerBound) &+ 1
        let draw = next()
        return range.lowerBound &+ Int(truncatingIfNeeded: count == 0 ? draw : draw % count)
    }

    /// `true` with probability `percent` in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { int(in: 0...99) < percent }
}
