import Composer
import ComposerTesting
import Foundation
import Testing

/// How often the model check reaches each feature: counted while `isOn`, printed by the
/// coverage test (`MODEL_CHECK_COVERAGE=1 swift test --filter ModelCheckCoverageTests`).
@MainActor
enum ModelCheckCoverage {
    static var isOn = false
    static var counts: [String: Int] = [:]

    static func note(_ key: String, _ times: Int = 1) {
        guard isOn, times > 0 else { return }
        counts[key, default: 0] += times
    }

    /// The features of a window at the start of an episode or after a navigation.
    static func noteTree(_ window: TestWindow, prefix: String) {
        guard isOn else { return }
        for screen in ModelCheckWorld.allScreens(window) {
            switch screen {
            case let tabs as TestTabsContainer: note("\(prefix) tabs (\(tabs.tabScreens.count) tabs)")
            case let split as TestSplitContainer:
                note("\(prefix) split \(split.isCollapsed ? "collapsed" : "expanded")")
            case let menu as TestSideMenuContainer: note("\(prefix) sideMenu showing \(menu.shownPanel)")
            case is TestWrappingNavigationContainer: note("\(prefix) wrapping nav")
            case is TestNavigationContainer: note("\(prefix) nav")
            case is TestWrapperContainer: note("\(prefix) wrapper")
            default: break
            }
            if !screen.canBeDismissed { note("\(prefix) refusing screen") }
            if let hosted = screen.hostedPresentation as? TestScreen {
                note("\(prefix) presented \(hosted.modalStyle)")
                if screen.parentScreen != nil { note("\(prefix) presented \(hosted.modalStyle) by an inner screen") }
            }
        }
    }

    /// Per-shape outcomes and what a lone navigation changed.
    static func noteNavigation(
        _ spec: RouteSpec, result: Result<any Screen, RoutingError>, events: [String]?
    ) {
        guard isOn else { return }
        switch result {
        case .success:
            note("outcome \(spec.shape.rawValue): success")
            if let events, !events.contains("build dest"), spec.shape != .root, spec.shape != .previous {
                note("outcome success without building the destination (found)")
            }
        case .failure(let error):
            note("outcome \(spec.shape.rawValue): \(error.code)")
            note("error \(error.code)")
            if error.failingStep == nil { note("error \(error.code) names no failing step") }
        }
        if let events {
            if events.contains("login shown") { note("guard showed and dismissed the login screen") }
            if events.contains("plan guard") { note("plan guard ran") }
        }
    }

    /// What a lone navigation changed in panels and tab selections.
    struct Snapshot {
        var panels: [ObjectIdentifier: TestSideMenuContainer.Panel] = [:]
        var tabs: [ObjectIdentifier: Int?] = [:]
        var screens: Set<ObjectIdentifier> = []
    }

    static func snapshot(_ window: TestWindow) -> Snapshot {
        var result = Snapshot()
        guard isOn else { return result }
        for screen in ModelCheckWorld.allScreens(window) {
            result.screens.insert(ObjectIdentifier(screen))
            if let menu = screen as? TestSideMenuContainer { result.panels[ObjectIdentifier(menu)] = menu.shownPanel }
            if let tabs = screen as? TestTabsContainer { result.tabs[ObjectIdentifier(tabs)] = tabs.selectedTabIndex }
        }
        return result
    }

    static func noteChanges(from before: Snapshot, in window: TestWindow, succeeded: Bool) {
        guard isOn else { return }
        let after = snapshot(window)
        let how = succeeded ? "success" : "failure"
        for (key, panel) in before.panels where after.panels[key].map({ $0 != panel }) ?? false {
            note("navigation (\(how)) switched a side menu's panel")
        }
        for (key, tab) in before.tabs where after.tabs[key].map({ $0 != tab }) ?? false {
            note("navigation (\(how)) switched a tab")
        }
        if !before.screens.subtracting(after.screens).isEmpty { note("navigation (\(how)) removed screens") }
        for screen in ModelCheckWorld.allScreens(window) where !before.screens.contains(ObjectIdentifier(screen)) {
            if screen.presentingScreen != nil, screen.parentScreen == nil {
                note("navigation (\(how)) presented \(screen.modalStyle)")
                if let host = screen.presentingScreen as? TestScreen, host.hostedPresentation === screen,
                    host.parentScreen != nil
                {
                    note("navigation (\(how)) presented \(screen.modalStyle) by an inner screen")
                }
            }
        }
    }

    /// What the generator makes, counted from the specs alone.
    static func noteEpisode(_ episode: Episode) {
        func walk(_ node: TreeSpec) {
            note("spec kind \(node.kind)")
            if node.refusing { note("spec refusing") }
            if node.definesContext { note("spec definesContext") }
            for presented in node.presented { note("spec presents \(presented.style)") }
            node.children.forEach(walk)
            node.presented.forEach(walk)
        }
        walk(episode.tree)
        note("spec episodes")
        func noteRoute(_ route: RouteSpec) {
            note("route shape \(route.shape.rawValue)")
            note("route guards \(route.guards)")
            if route.taskRejects { note("route taskRejects") }
            if route.factoryFails { note("route factoryFails") }
            if route.gated { note("route gated") }
            note("route style \(route.style)")
        }
        for step in episode.steps {
            let (kind, routes): (String, [RouteSpec]) =
                switch step {
                case .navigate(let route): ("navigate", [route])
                case .queued(let first, let second): ("queued", [first, second])
                case .interrupt(let first, let second): ("interrupt", [first, second])
                case .cancelled(let route, _): ("cancelled", [route])
                case .user(let gesture): ("user \(gesture)", [])
                case .userDuringGuard(let route, let gesture): ("userDuringGuard \(gesture)", [route])
                case .navigateDuringGesture(let route, let gesture): ("navigateDuringGesture \(gesture)", [route])
                case .toggleRefusing: ("toggleRefusing", [])
                case .signOut: ("signOut", [])
                }
            note("step \(kind)")
            routes.forEach(noteRoute)
        }
    }
}

@MainActor
@Suite("Model check coverage (MODEL_CHECK_COVERAGE=1)")
struct ModelCheckCoverageTests {
    @Test(
        "How often the short run's seeds reach each feature",
        .enabled(if: ProcessInfo.processInfo.environment["MODEL_CHECK_COVERAGE"] != nil))
    func coverage() async {
        ModelCheckCoverage.isOn = true
        ModelCheckCoverage.counts = [:]
        defer { ModelCheckCoverage.isOn = false }
        let steps = ProcessInfo.processInfo.environment["MODEL_CHECK_COVERAGE_STEPS"].flatMap { Int($0) } ?? 300
        for seed in [11, 12, 13, 14] as [UInt64] {
            // The episodes as the run makes them, counted from the specs.
            var generator = EpisodeGenerator(seed: seed)
            var done = 0
            while done < steps {
                let episode = generator.episode(steps: min(40, steps - done))
                ModelCheckCoverage.noteEpisode(episode)
                done += episode.steps.count
            }
            let report = await runModelCheck(seed: seed, steps: steps)
            #expect(report == nil, "\(report ?? "")")
        }
        let lines = ModelCheckCoverage.counts.sorted { $0.key < $1.key }.map { "coverage | \($0.key) | \($0.value)" }
        print(lines.joined(separator: "\n"))
    }
}
