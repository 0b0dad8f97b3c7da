import Composer
import ComposerTesting
import Testing

/// Planning asks the finders of consecutive steps that search the same screens in one walk of the
/// tree. Whatever the tree and the chain, the step it anchors on and the screen it found must be
/// what asking each finder alone, from the destination back, gives.
@MainActor
@Suite("Planning: one walk for several finders")
struct SharedFinderWalkTests {
    /// The finders a random chain is made of: the library's two finders that share a walk, for
    /// screen classes the random trees hold often (numbered screens, gated ones), rarely or never.
    enum FinderKind: CaseIterable {
        case numbered, gatedNumbered, anyGated, login

        /// The finder's own answer for `number` in `tree`, asked alone.
        @MainActor
        func findAlone(_ number: Int, options: SearchOptions, in tree: ScreenTree) throws -> (any Screen)? {
            switch self {
            case .numbered:
                try ClassWithContextFinder<CheckedScreen, Int>(options: options).findScreen(with: number, in: tree)
            case .gatedNumbered:
                try ClassWithContextFinder<GatedScreen, Int>(options: options).findScreen(with: number, in: tree)
            case .anyGated: try ClassFinder<GatedScreen, Int>(options: options).findScreen(with: number, in: tree)
            case .login: try ClassFinder<CheckLoginScreen, Int>(options: options).findScreen(with: number, in: tree)
            }
        }
    }

    /// Options that several steps of a chain share, and others that end a shared run.
    static let optionSets: [SearchOptions] = [.all, .all, .all, .contained, [.current, .visible], .presented]

    @Test("The anchor and its screen match asking each finder alone, on random trees and chains")
    func sharedWalkAnswersLikeSeparateSearches() async throws {
        var generator = EpisodeGenerator(seed: 2611)
        var random = SeededRandom(seed: 2612)
        var sharedRuns = 0
        var reachedGuards = 0
        for round in 0..<600 {
            let window = await generator.tree(depth: 0, isLevel: true).makeWindow(clock: TransitionClock())
            let tree = ScreenTree(window: window)
            let before = ScreenTreeRenderer().render(window: window)
            let kinds = (0..<random.int(in: 2...5)).map { _ in random.pick(FinderKind.allCases) }
            let options = kinds.map { _ in random.pick(Self.optionSets) }
            let number = random.int(in: 1...12)

            var expected: (position: Int, screen: any Screen)?
            for position in kinds.indices {
                if let screen = try kinds[position].findAlone(number, options: options[position], in: tree) {
                    expected = (position, screen)
                    break
                }
            }
            if zip(options, options.dropFirst()).contains(where: ==) { sharedRuns += 1 }

            var planned: NavigationPlan.Entry?
            let router = DefaultRouter(window: window)
            router.add(
                planInterceptor: ClosurePlanInterceptor { plan in
                    planned = plan.entries.first { $0.position != nil && $0.kind == .reveal }
                    throw StopHere()
                })
            let chain = Self.chain(kinds, options)
            let error = await #expect(throws: RoutingError.self) {
                try await chain.navigate(router, to: number)
            }
            let context = "round \(round): \(kinds) with \(options.map(\.rawValue)) for \(number)\n\(before)"
            if let expected {
                // A check before the guards (a screen that refuses to leave) may stop the
                // navigation first; its error's plan still names the anchor.
                let anchorLine = error?.plan.split(separator: "\n").first { $0.contains("found, anchor:") }
                #expect(anchorLine?.hasPrefix("  \(expected.position). ") == true, "\(context)")
                #expect(anchorLine?.hasSuffix("anchor: \(expected.screen)") == true, "\(context)")
                if error?.code == .interceptorRejected {
                    #expect(planned?.position == expected.position, "\(context)")
                    #expect(planned?.screen === expected.screen, "\(context)")
                    reachedGuards += 1
                }
            } else {
                #expect(error?.code == .noAnchor, "\(context)")
            }
            #expect(ScreenTreeRenderer().render(window: window) == before, "\(context)")
        }
        // The generator must make chains that share a walk, or this test checks nothing new.
        #expect(sharedRuns > 200)
        #expect(reachedGuards > 60)
    }

    struct StopHere: Error {}

    /// The chain `kinds` describe, destination first: each step builds its screen and presents it
    /// over the screen of the step after it; the last step only finds.
    static func chain(_ kinds: [FinderKind], _ options: [SearchOptions]) -> any RandomChain {
        var chain: any RandomChain = origin(kinds[kinds.count - 1], options[kinds.count - 1])
        for position in kinds.indices.dropLast().reversed() {
            chain = chain.extended(by: kinds[position], options: options[position])
        }
        return chain
    }

    static func origin(_ kind: FinderKind, _ options: SearchOptions) -> any RandomChain {
        switch kind {
        case .numbered: GeneralStep.custom(ClassWithContextFinder<CheckedScreen, Int>(options: options))
        case .gatedNumbered: GeneralStep.custom(ClassWithContextFinder<GatedScreen, Int>(options: options))
        case .anyGated: GeneralStep.custom(ClassFinder<GatedScreen, Int>(options: options))
        case .login: GeneralStep.custom(ClassFinder<CheckLoginScreen, Int>(options: options))
        }
    }
}

/// A chain of a random shape, whose screen type is known only when it runs.
@MainActor
protocol RandomChain {
    /// This chain with one more step at its destination end.
    func extended(by kind: SharedFinderWalkTests.FinderKind, options: SearchOptions) -> any RandomChain
    func navigate(_ router: DefaultRouter, to number: Int) async throws
}

extension DestinationStep: RandomChain where Context == Int {
    func extended(by kind: SharedFinderWalkTests.FinderKind, options: SearchOptions) -> any RandomChain {
        switch kind {
        case .numbered:
            StepAssembly(
                finder: ClassWithContextFinder<CheckedScreen, Int>(options: options),
                factory: ClosureFactory { CheckedScreen($0) }
            ).using(GeneralAction.presentModally()).from(self).assemble()
        case .gatedNumbered:
            StepAssembly(
                finder: ClassWithContextFinder<GatedScreen, Int>(options: options),
                factory: ClosureFactory { GatedScreen($0) }
            ).using(GeneralAction.presentModally()).from(self).assemble()
        case .anyGated:
            StepAssembly(
                finder: ClassFinder<GatedScreen, Int>(options: options), factory: ClosureFactory { GatedScreen($0) }
            )
            .using(GeneralAction.presentModally()).from(self).assemble()
        case .login:
            StepAssembly(
                finder: ClassFinder<CheckLoginScreen, Int>(options: options),
                factory: ClosureFactory { _ in CheckLoginScreen() }
            )
            .using(GeneralAction.presentModally()).from(self).assemble()
        }
    }

    func navigate(_ router: DefaultRouter, to number: Int) async throws {
        _ = try await router.navigate(to: self, with: number, animated: false)
    }
}
