import Composer

extension DefaultRouter {
    /// Lets other tasks run (a navigation started in a task, a guard showing a login screen) until
    /// more than `count` callers wait for a screen's result (``/Composer/DefaultRouter/waitingResults``);
    /// returns whether they do. Gives up once `turns` turns of the main actor and then at least
    /// `minimumSeconds` more have passed, so a test whose navigation failed before its screen could
    /// answer fails its expectation instead of touching the wrong screen. Both limits count for the
    /// reason ``TransitionClock/waitForPendingTransition(turns:minimumSeconds:)`` gives; a test that
    /// expects no wait passes `minimumSeconds: 0`.
    ///
    /// ```swift
    /// let asking = Task { await model.chooseColour() }
    /// #expect(await router.waitForResultWait())
    /// try await #require(window.current).userSwipeDown()
    /// ```
    @discardableResult
    public func waitForResultWait(beyond count: Int = 0, turns: Int = 10_000, minimumSeconds: Double = 2) async
        -> Bool
    {
        await patientlyWait(turns: turns, minimumSeconds: minimumSeconds) { waitingResults > count }
    }
}
