import Composer

extension DefaultRouter {
    /// Lets other tasks run (a navigation started in a task, a guard showing a login screen) until
    /// more than `count` callers wait for a screen's result (``/Composer/DefaultRouter/waitingResults``);
    /// returns whether they do. Gives up once `turns` turns of the main actor have passed and
    /// `minimumWait` has elapsed since the call, so a test whose navigation failed before its
    /// screen could answer fails its expectation instead of touching the wrong screen. Both limits
    /// count for the reason ``TransitionClock/waitForPendingTransition(turns:minimumWait:)`` gives; a
    /// test that expects no wait passes `minimumWait: .zero`.
    ///
    /// ```swift
    /// let asking = Task { await model.chooseColour() }
    /// #expect(await router.waitForResultWait())
    /// try await #require(window.current).userSwipeDown()
    /// ```
    @discardableResult
    public func waitForResultWait(
        beyond count: Int = 0, turns: Int = 10_000, minimumWait: Duration = .seconds(2)
    ) async -> Bool {
        let deadline = ContinuousClock.now.advanced(by: minimumWait)
        for _ in 0..<turns where waitingResults <= count { await Task.yield() }
        while waitingResults <= count, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return waitingResults > count
    }
}
