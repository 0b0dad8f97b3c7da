import Composer
import ComposerTestFixtures
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

    @Test(
        "A replay of an episode that crashed a long run, in a process of its own (scripts/model-check)",
        .enabled(if: replayedEpisode() != nil, "set by scripts/model-check after a crash"))
    func replayAfterCrash() async {
        guard let (episode, name) = replayedEpisode() else { return }
        // Printed first: if the replay crashes too, this is all it leaves.
        RandomCheckCrashes.printReproduction(
            episode.swiftTest(
                name: name, comment: "crashes the test process (found by scripts/model-check, which prints the message)"
            ))
        let violation = await ModelCheckWorld.run(tree: episode.tree, signedIn: episode.signedIn, steps: episode.steps)
        RandomCheckCrashes.replayFinished(violation.map { "it broke \"\($0.invariant)\"" } ?? "nothing broken")
    }
}
