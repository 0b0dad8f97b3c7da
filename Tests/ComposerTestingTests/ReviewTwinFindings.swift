import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// Defects an adversarial review found in the twin: each test fails on the twin as it is and
/// passes once the twin follows UIKit (or its own rules) there.
@MainActor
@Suite("Review: twin findings")
struct ReviewTwinFindings {
    // MARK: - The twin departs from UIKit

    // MARK: - The twin's own invariants

    /// A transition logs its did-callbacks for the screens it computed when it began, whatever
    /// happened meanwhile: a stack changed while an animated push runs ends with the pushed screen,
    /// which has left the tree, last told `viewDidAppear`, and the screen on screen last told
    /// `viewDidDisappear`.
    @Test func didCallbacksOfARunningPushFollowTheTreeAsItIsWhenItEnds() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let main = try TwinFixtures.navigation("main", in: window)
        let home = try TwinFixtures.screen("home", in: window)

        let push = Task { try await main.push(TestScreen("pushed"), animated: true) }
        await clock.waitForPendingTransition()
        try await main.setStack([home], animated: false)
        #expect(clock.advance())
        try await push.value

        #expect(window.current === home)
        #expect(lastEvent(of: "pushed", in: window) == "pushed: viewDidDisappear")
        #expect(lastEvent(of: "home", in: window) == "home: viewDidAppear")
    }

    private func lastEvent(of name: String, in window: TestWindow) -> String? {
        window.lifecycle.lines.last { $0.hasPrefix("\(name): ") }
    }
}
