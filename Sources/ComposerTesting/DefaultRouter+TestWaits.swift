import Composer

extension DefaultRouter {
    /// Lets other tasks run (a navigation started in a task, a guard showing a login screen) until
    /// more than `count` callers wait for a screen's result (``/Composer/DefaultRouter/waitingResults``);
    /// returns whether they do. Gives up after `turns` turns of the main actor, so a test whose
    /// navigation failed before its screen could answer fails its expectation instead of touching
    /// the wrong screen.
    ///
    /// ```swift
    /// let asking = Task { await model.chooseColour() }
    /// #expect(await router.waitForResultWait())
    /// try await #require(window.current).userSwipeDown()
    /// ```
    @discardableResult
    public func waitForResultWait(beyond count: Int = 0, turns: Int = 10_000) async -> Bool {
        for _ in 0..<turns where waitingResults <= count { await Task.yield() }
        return waitingResults > count
    }
}
