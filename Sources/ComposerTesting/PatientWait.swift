/// Lets other tasks run while `isWaiting()` holds: first `turns` turns of the main actor, then a
/// sleep of a millisecond between looks until at least `minimumSeconds` more have passed.
///
/// The test kit's waits share it. Turns alone pass in a few milliseconds on an idle main actor,
/// while a test process running many suites in parallel can keep a navigation from its next change
/// for longer. The sleeps are counted rather than timed: each lasts a millisecond or more, so their
/// count bounds the time from below, without a clock the package's oldest platforms lack.
@MainActor
package func patientlyWait(turns: Int, minimumSeconds: Double, while isWaiting: () -> Bool) async {
    for _ in 0..<turns where isWaiting() { await Task.yield() }
    var slept = 0.0
    while isWaiting(), slept < minimumSeconds {
        try? await Task.sleep(nanoseconds: 1_000_000)
        slept += 0.001
    }
}
