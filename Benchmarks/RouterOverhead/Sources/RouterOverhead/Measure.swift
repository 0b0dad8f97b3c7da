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
    static func measure(maxRuns: Int = 31, budget: Double = 0.5, _ body: () async throws -> Double) async rethrows
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
