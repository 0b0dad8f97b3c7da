/// Lets other tasks run until `condition()` holds: first `turns` turns of the main actor, then a
/// sleep of a millisecond between looks until at least `minimumSeconds` more have passed. Returns
/// whether it holds.
///
/// The test kit's waits share it. Turns alone pass in a few milliseconds on an idle main actor,
/// while a test process running many suites in parallel can keep a navigation from its next change
/// for longer. The sleeps are counted rather than timed: each lasts a millisecond or more, so their
/// count bounds the time from below, without a clock the package's oldest platforms lack.
@MainActor @discardableResult
package func patientlyWait(turns: Int, minimumSeconds: Double, until condition: () -> Bool) async -> Bool {
    for _ in 0..<turns where !condition() { await Task.yield() }
    var slept = 0.0
    while !condition(), slept < minimumSeconds {
        try? await Task.sleep(nanoseconds: 1_000_000)
        slept += 0.001
    }
    return condition()
}
