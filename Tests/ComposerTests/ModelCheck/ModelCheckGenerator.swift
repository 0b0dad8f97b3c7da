import Composer
import ComposerTestFixtures
import ComposerTesting

/// One seeded episode: a random tree, whether the user starts signed in, and random steps.
struct Episode: Sendable {
    var tree: TreeSpec
    var signedIn: Bool
    var steps: [StepSpec]

    /// The episode as a Swift test that replays it, small enough to paste into the suite, under
    /// `comment` (what it broke).
    func swiftTest(name: String, comment: String) -> String {
        let steps = steps.map { "            \($0)," }.joined(separator: "\n")
        let comment = comment.split(separator: "\n", omittingEmptySubsequences: false)
            .map { "    // \($0)" }.joined(separator: "\n")
        return """
            \(comment)
                @Test("\(name)")
                func \(name.filter { $0.isLetter || $0.isNumber })() async {
                    let violation = await ModelCheckWorld.run(
                        tree: \(tree),
                        signedIn: \(signedIn),
                        steps: [
            \(steps)
                        ])
                    #expect(violation == nil, "\\(violation.map(String.init(describing:)) ?? "")")
                }
            """
    }
}

/// Makes random trees and steps from a seed.
struct EpisodeGenerator {
    var random: SeededRandom
    private var nextNumber = 1

    init(seed: UInt64) {
        random = SeededRandom(seed: seed)
    }

    private static let styles: [TestModalStyle] = [
        .automatic, .fullScreen, .currentContext, .overCurrentContext, .overFullScreen, .pageSheet, .formSheet,
        .popover,
    ]

    mutating func episode(steps count: Int) -> Episode {
        nextNumber = 1
        let tree = tree(depth: 0, isLevel: true)
        let highest = nextNumber + 4
        let steps = (0..<count).map { _ in step(highest: highest) }
        return Episode(tree: tree, signedIn: random.chance(50), steps: steps)
    }

    private mutating func number() -> Int {
        defer { nextNumber += 1 }
        return nextNumber
    }

    /// A random screen; `isLevel` for the outermost screen of a presentation level, which may
    /// present.
    mutating func tree(depth: Int, isLevel: Bool) -> TreeSpec {
        var node: TreeSpec
        // A third of the windows are a tab bar, as many apps are: the user's taps on it (another tab,
        // the selected one again) need one around the screen on top.
        let roll = depth >= 3 ? 0 : depth == 0 && random.chance(30) ? 5 : random.int(in: 0...9)
        switch roll {
        case 0...2:
            node = TreeSpec(random.chance(20) ? .gated : .screen, number())
        case 3, 4:
            node = TreeSpec(.nav, number())
            node.children = (0..<random.int(in: 1...3)).map { _ in leafOrSmall(depth: depth + 1) }
        case 5:
            node = TreeSpec(.tabs(selected: 0), number())
            // Most tabs are a stack of two or three screens, which a tap on the selected tab pops.
            node.children = (0..<random.int(in: 1...3)).map { _ in
                random.chance(65)
                    ? TreeSpec(
                        .nav, number(), children: (0..<random.int(in: 2...3)).map { _ in leafOrSmall(depth: depth + 2) }
                    )
                    : tree(depth: depth + 1, isLevel: false)
            }
            node.kind = .tabs(selected: random.int(in: 0...(node.children.count - 1)))
        case 6:
            node = TreeSpec(.split(collapsed: random.chance(40)), number())
            let primary =
                random.chance(70)
                ? TreeSpec(.nav, number(), children: [leafOrSmall(depth: depth + 2)]) : leafOrSmall(depth: depth + 1)
            var secondary = tree(depth: depth + 1, isLevel: false)
            // UIKit does not nest split views; the twin folds a nested one into the primary stack.
            if case .split = secondary.kind { (secondary.kind, secondary.children) = (.screen, []) }
            node.children = random.chance(80) ? [primary, secondary] : [primary]
        case 7:
            node = TreeSpec(.wrapper, number())
            node.children = [tree(depth: depth + 1, isLevel: false)]
        case 8:
            node = TreeSpec(.sideMenu(showsMenu: random.chance(30)), number())
            node.children = [leafOrSmall(depth: depth + 1), tree(depth: depth + 1, isLevel: false)]
        default:
            node = TreeSpec(.nav, number())
            node.children = [leafOrSmall(depth: depth + 1)]
        }
        node.refusing = random.chance(8)
        if roll >= 3, !isLevel { node.definesContext = random.chance(30) }
        if (isLevel || node.definesContext) && depth < 3 && random.chance(isLevel ? 25 : 45) {
            var presented = tree(depth: depth + 1, isLevel: true)
            presented.style = random.pick(Self.styles)
            node.presented = [presented]
        }
        return node
    }

    private mutating func leafOrSmall(depth: Int) -> TreeSpec {
        var leaf = TreeSpec(random.chance(15) ? .gated : .screen, number())
        leaf.refusing = random.chance(8)
        return leaf
    }

    mutating func route(highest: Int) -> RouteSpec {
        var spec = RouteSpec(random.pick(RouteSpec.Shape.allCases), random.int(in: 1...highest))
        spec.guards = random.pick([
            .pass, .pass, .pass, .twoOfOneType, .twoOfOneType, .reject, .signIn, .navigates, .navigatesThenRejects,
        ])
        spec.taskRejects = random.chance(5)
        spec.factoryFails = random.chance(5)
        spec.loads = random.chance(30)
        spec.gated = random.chance(20)
        spec.style = random.chance(30) ? random.pick(Self.styles) : .automatic
        spec.other = random.int(in: 1...highest)
        if spec.shape == .modalInStacksContext {
            spec.style = random.chance(50) ? .currentContext : .overCurrentContext
        }
        return spec
    }

    mutating func step(highest: Int) -> StepSpec {
        switch random.int(in: 0...99) {
        case 0...67: .navigate(route(highest: highest))
        case 68...73: .queued(route(highest: highest), route(highest: highest))
        case 74...77: .interrupt(route(highest: highest), by: route(highest: highest))
        case 78...80: .cancelled(route(highest: highest), afterTurns: random.int(in: 0...40))
        case 81...85: .user(random.pick(GestureSpec.allCases))
        case 86...87: .userDuringGuard(route(highest: highest), random.pick(GestureSpec.allCases))
        case 88...89: .navigateDuringGesture(route(highest: highest), random.pick(GestureSpec.allCases))
        case 90...93: .toggleRefusing
        default: .signOut
        }
    }
}

/// Makes a failing episode smaller while it still breaks the same invariant.
@MainActor
enum Shrinker {
    static func fails(_ episode: Episode, like violation: Violation) async -> Violation? {
        let found = await ModelCheckWorld.run(tree: episode.tree, signedIn: episode.signedIn, steps: episode.steps)
        return found.flatMap { $0.invariant == violation.invariant ? $0 : nil }
    }

    /// Greedy shrinking: drop the steps after the failing one, then chunks of steps, then single
    /// steps, then simplify each step and the tree, until nothing smaller fails or the budget ends.
    static func shrink(_ episode: Episode, _ violation: Violation, budget: Int = 400) async -> (Episode, Violation) {
        var best = episode
        var bestViolation = violation
        var runs = 0
        best.steps = Array(best.steps.prefix(violation.step + 1))
        func attempt(_ candidate: Episode) async -> Bool {
            guard runs < budget else { return false }
            runs += 1
            guard let found = await fails(candidate, like: bestViolation) else { return false }
            best = candidate
            bestViolation = found
            best.steps = Array(best.steps.prefix(found.step + 1))
            return true
        }
        var progress = true
        while progress, runs < budget {
            progress = false
            var chunk = max(1, best.steps.count / 2)
            while chunk >= 1 {
                var start = 0
                while start < best.steps.count {
                    var candidate = best
                    candidate.steps.removeSubrange(start..<min(start + chunk, candidate.steps.count))
                    if await attempt(candidate) { progress = true } else { start += chunk }
                }
                chunk /= 2
            }
            for index in best.steps.indices {
                for simpler in best.steps[index].simplifications {
                    guard index < best.steps.count else { break }
                    var candidate = best
                    candidate.steps[index] = simpler
                    if await attempt(candidate) {
                        progress = true
                        break
                    }
                }
            }
            var treeShrunk = true
            while treeShrunk, runs < budget {
                treeShrunk = false
                for simpler in best.tree.simplifications where simpler.size <= best.tree.size {
                    var candidate = best
                    candidate.tree = simpler
                    if await attempt(candidate) {
                        treeShrunk = true
                        progress = true
                        break
                    }
                }
            }
            if best.signedIn {
                var candidate = best
                candidate.signedIn = false
                if await attempt(candidate) { progress = true }
            }
        }
        return (best, bestViolation)
    }
}

/// Runs seeded episodes until `steps` steps ran or a promise broke; returns the report of the
/// first broken promise, shrunk, or `nil`.
@MainActor
func runModelCheck(seed: UInt64, steps: Int, stepsPerEpisode: Int = 40) async -> String? {
    var generator = EpisodeGenerator(seed: seed)
    var done = 0
    var episodeIndex = 0
    while done < steps {
        let episode = generator.episode(steps: min(stepsPerEpisode, steps - done))
        // For a crash, which leaves no report: how to make this episode again (see `replayedEpisode`).
        RandomCheckCrashes.noteChunk("router seed=\(seed) episode=\(episodeIndex) steps=\(episode.steps.count)")
        if let violation = await ModelCheckWorld.run(
            tree: episode.tree, signedIn: episode.signedIn, steps: episode.steps)
        {
            let (small, smallViolation) = await Shrinker.shrink(episode, violation)
            return """
                model check: seed \(seed), episode \(episodeIndex), step \(violation.step) broke "\(violation.invariant)"
                \(violation)

                shrunk reproduction (\(small.steps.count) steps, tree of \(small.tree.size) screens):

                \(small.swiftTest(name: "Model check seed \(seed) episode \(episodeIndex)", comment: smallViolation.description))
                """
        }
        done += episode.steps.count
        episodeIndex += 1
    }
    return nil
}

/// The episode `scripts/model-check` asks to replay after a crash (`MODEL_CHECK_REPLAY`, as
/// `runModelCheck` noted it), with only the steps `MODEL_CHECK_KEEP` keeps, and the name of its
/// reproduction; `nil` when no replay of the router's check is asked for.
func replayedEpisode(stepsPerEpisode: Int = 40) -> (episode: Episode, name: String)? {
    guard let (chunk, kept) = RandomCheckCrashes.replay, chunk.hasPrefix("router "),
        let seed = RandomCheckCrashes.value("seed", in: chunk).flatMap({ UInt64($0) }),
        let index = RandomCheckCrashes.value("episode", in: chunk).flatMap({ Int($0) }),
        let count = RandomCheckCrashes.value("steps", in: chunk).flatMap({ Int($0) })
    else { return nil }
    // The generator makes the episodes before it again: each draws from the same sequence.
    var generator = EpisodeGenerator(seed: seed)
    for _ in 0..<index { _ = generator.episode(steps: stepsPerEpisode) }
    var episode = generator.episode(steps: count)
    episode.steps = RandomCheckCrashes.keeping(kept, of: episode.steps)
    return (episode, "Model check seed \(seed) episode \(index) crash")
}
