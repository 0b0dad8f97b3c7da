import Composer
import ComposerTesting
import Foundation
import Testing

/// The long run's settings, read from the environment by `scripts/model-check`.
private let longRunSteps = ProcessInfo.processInfo.environment["MODEL_CHECK_STEPS"].flatMap { Int($0) }
private let longRunSeed = ProcessInfo.processInfo.environment["MODEL_CHECK_SEED"].flatMap { UInt64($0) } ?? 1

@MainActor
@Suite("Model check: seeded random trees and routes keep the promise")
struct ModelCheckTests {
    @Test(
        "A short run on fixed seeds: every invariant holds after every navigation and during every transition",
        arguments: [11, 12, 13, 14] as [UInt64])
    func shortRun(seed: UInt64) async {
        let report = await runModelCheck(seed: seed, steps: 300)
        #expect(report == nil, "\(report ?? "")")
    }

    @Test(
        "The long run of scripts/model-check (MODEL_CHECK_STEPS, MODEL_CHECK_SEED)",
        .enabled(if: longRunSteps != nil, "set by scripts/model-check"))
    func longRun() async {
        let steps = longRunSteps ?? 0
        let started = ContinuousClock.now
        let report = await runModelCheck(seed: longRunSeed, steps: steps)
        let elapsed = ContinuousClock.now - started
        print(
            "model check: seed \(longRunSeed), \(steps) steps, \(elapsed): \(report == nil ? "nothing found" : "FAILED")"
        )
        #expect(report == nil, "\(report ?? "")")
    }
}
