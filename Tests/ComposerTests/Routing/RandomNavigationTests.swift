import Composer
import ComposerTesting
import Testing

@MainActor
@Suite("Random navigation sequences")
struct RandomNavigationTests {
    /// Every screen in the window, level by level, each container's children after it.
    func screensInTree(_ window: TestWindow) -> [any Screen] {
        ScreenTree(window: window).presentationLevels.flatMap { ScreenTree.containedScreens(of: $0) }
    }

    /// The rules UIKit keeps, checked on the whole tree: one parent per screen, each child points
    /// back at its container, the selected tab is one of the tabs, and no screen appears twice.
    func treeIsConsistent(_ window: TestWindow) -> Bool {
        let screens = screensInTree(window)
        let unique = Set(screens.map { ObjectIdentifier($0) })
        guard unique.count == screens.count else { return false }
        for screen in screens {
            for child in screen.childScreens where child.parentScreen !== screen { return false }
            if let tabs = screen as? any TabsContainer, !tabs.tabScreens.isEmpty {
                guard let index = tabs.selectedTabIndex, tabs.tabScreens.indices.contains(index) else { return false }
            }
        }
        return true
    }

    @Test(
        "Seeded random navigations (with failing factories and vetoing screens) keep the tree consistent, show each destination, change nothing on failure, leak nothing",
        arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func randomNavigations(seed: UInt64) async throws {
        var random = SeededRandom(seed: seed)
        let routes = Routes(journal: Journal())
        let window = TestWindow()
        let router = DefaultRouter(window: window)
        let back: DestinationStep<any Screen, Void> = GeneralStep.previous()
        var log: [String] = []

        for step in 0..<60 {
            let id = Int.random(in: 1...6, using: &random)
            let choice = step == 0 ? 0 : Int.random(in: 0..<6, using: &random)
            if choice == 5, let current = window.current {
                current.canBeDismissed.toggle()
                log.append("seed \(seed) step \(step): \(current.name) canBeDismissed = \(current.canBeDismissed)")
                continue
            }
            let before = window.render()
            let vetoing = screensInTree(window).filter { ($0 as? TestScreen)?.canBeDismissed == false }
                .map { ObjectIdentifier($0) }
            let outcome: Result<any Screen, RoutingError>
            do {
                switch choice {
                case 0: outcome = .success(try await router.navigate(to: routes.productInShop, with: id))
                case 1: outcome = .success(try await router.navigate(to: routes.productModal, with: id))
                case 2: outcome = .success(try await router.navigate(to: routes.productPushed, with: id))
                case 4: outcome = .success(try await router.navigate(to: routes.productModal, with: -id))
                default: outcome = .success(try await router.navigate(to: back))
                }
            } catch {
                outcome = .failure(error)
            }
            log.append(
                "seed \(seed) step \(step): \(["shop", "modal", "push", "back", "broken factory"][choice]) \(id)")
            let context = Comment(rawValue: log.suffix(5).joined(separator: "\n") + "\n" + window.render())

            switch outcome {
            case .success(let destination):
                #expect(window.current === destination, context)
            case .failure(let error):
                #expect(window.render() == before, "\(error)\n\(context.rawValue)")
            }
            #expect(treeIsConsistent(window), context)
            let stillThere = Set(screensInTree(window).map { ObjectIdentifier($0) })
            #expect(
                vetoing.allSatisfy(stillThere.contains),
                "a screen refusing dismissal left the tree\n\(context.rawValue)")
            let inTree = screensInTree(window).compactMap { ($0 as? TestScreen)?.name }.sorted()
            #expect(window.memory.liveNames == inTree, context)
        }
    }
}
