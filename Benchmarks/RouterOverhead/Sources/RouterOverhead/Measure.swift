import Composer

/// Timing helpers: medians of repeated runs on the continuous clock.
enum Bench {
    static let clock = ContinuousClock()

    /// Nanoseconds in `duration`.
    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    /// The median of `values`.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Runs `body` at least five times and at most `maxRuns` times, stopping once `budget` seconds
    /// of measured time have passed; `body` returns the nanoseconds it measured. Returns the median.
    @MainActor
    static func measure(maxRuns: Int = 61, budget: Double = 0.5, _ body: () async throws -> Double) async rethrows
        -> Double
    {
        var samples: [Double] = []
        var spent = 0.0
        while samples.count < maxRuns, samples.count < 5 || spent < budget * 1e9 {
            let sample = try await body()
            samples.append(sample)
            spent += sample
        }
        return median(samples)
    }

    /// Like ``measure(maxRuns:budget:_:)`` for an operation timed right after a sample of the
    /// walk on the same tree: `body` returns both. Returns the operation's median, the median of
    /// each sample's ratio to its own walk, and the walk's samples.
    ///
    /// The ratio is taken sample by sample because the machine's speed moves between samples
    /// (the walk of one tree took 17 µs in one run and 27 µs in the next): a sample and the walk
    /// just before it see the same speed, while two medians may not.
    @MainActor
    static func measurePaired(_ body: () async throws -> (ns: Double, walk: Double)) async rethrows
        -> (ns: Double, ratio: Double, walks: [Double])
    {
        var samples: [Double] = []
        var ratios: [Double] = []
        var walks: [Double] = []
        _ = try await measure {
            let (ns, walk) = try await body()
            samples.append(ns)
            ratios.append(ratio(ns: ns, walk: walk))
            walks.append(walk)
            return ns
        }
        return (median(samples), median(ratios), walks)
    }

    /// A sample's ratio to the walk timed with it (a walk too short to time counts as 1 ns).
    static func ratio(ns: Double, walk: Double) -> Double { ns / max(walk, 1) }

    /// The nanoseconds `body` takes, timed on its own.
    @MainActor
    static func time<T>(_ body: () async throws -> T) async rethrows -> (ns: Double, value: T) {
        let start = clock.now
        let value = try await body()
        return (nanoseconds(clock.now - start), value)
    }

    /// The nanoseconds `body` takes, timed on its own, for synchronous code.
    @MainActor
    static func timeSynchronous<T>(_ body: () throws -> T) rethrows -> (ns: Double, value: T) {
        let start = clock.now
        let value = try body()
        return (nanoseconds(clock.now - start), value)
    }
}

/// `value` rounded to a whole number (without the C library's `round`, which would need linking).
func whole(_ value: Double) -> Int { Int(value + 0.5) }

/// `value` with one decimal: "1.4".
func oneDecimal(_ value: Double) -> String {
    // On the magnitude, so that a negative difference (noise larger than the cost) reads -0.1.
    let tenths = whole(abs(value) * 10)
    return "\(value < 0 && tenths > 0 ? "-" : "")\(tenths / 10).\(tenths % 10)"
}
