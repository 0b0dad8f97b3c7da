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
        range.lowerBound + Int(next() % UInt64(range.count))
    }

    /// `true` with probability `percent` in a hundred.
    public mutating func chance(_ percent: Int) -> Bool { int(in: 0...99) < percent }
}
