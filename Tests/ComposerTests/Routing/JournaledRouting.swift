import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// What the suites that interleave navigations share: routes that journal what they build, and
/// bounded waits.
@MainActor
protocol JournaledRouting {
    /// Where the routes record what they build.
    var journal: Journal { get }
}

extension JournaledRouting {
    /// Yields until `condition` holds, at most `limit` times and then at least two seconds more
    /// (see `patientlyWait`): a hang becomes a failed expectation.
    func waitUntil(_ limit: Int = 2000, _ condition: @MainActor () -> Bool) async {
        await patientlyWait(turns: limit, minimumSeconds: 2) { condition() }
    }

    /// Lets whatever is ready run: a hundred turns of the main actor.
    func settle() async {
        for _ in 0..<100 { await Task.yield() }
    }

    /// `name`, pushed onto the stack around the current screen, journaled when built.
    func pushed(_ name: String) -> DestinationStep<TestScreen, Void> {
        StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { [journal] in
                journal.record("build \(name)")
                return TestScreen(name)
            }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
    }

    /// `name`, presented as a page sheet over the current screen, journaled when built.
    func sheet(_ name: String) -> DestinationStep<TestScreen, Void> {
        StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { [journal] in
                journal.record("build \(name)")
                let screen = TestScreen(name)
                screen.modalStyle = .pageSheet
                return screen
            }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
    }

    /// The screen "account" pushed onto the stack on screen, its build written to the journal,
    /// behind a guard that runs `intercept`.
    func journaledAccount(_ intercept: @escaping @MainActor () async throws -> Void) -> DestinationStep<
        TestScreen, Void
    > {
        StepAssembly(
            finder: NilFinder<TestScreen, Void>(),
            factory: ClosureFactory { [journal] in
                journal.record("build account")
                return TestScreen("account")
            }
        )
        .adding(ClosureInterceptor<Void> { _ in try await intercept() })
        .using(TestNavigationContainer.push())
        .from(GeneralStep.custom(ClassFinder<TestNavigationContainer, Void>()))
        .assemble()
    }

    /// Navigates with `router` to "account" behind a guard that shows `login`, then waits for the
    /// user at a door before dismissing it. Showing the login has started a navigation to the sheet
    /// "promo" (`started()` returns it; `starter` names what started it, for the messages): it must
    /// wait while the guard waits, then run after the guarded navigation, over the account.
    func expectLoginStartedPromoWaitsForTheGuard(
        router: DefaultRouter, window: TestWindow, login: DestinationStep<LoginScreen, Void>, starter: String,
        started: @MainActor () -> TaskOutcome<TestScreen>?
    ) async {
        let door = HeldDoor()
        let account = journaledAccount {
            let screen = try await router.navigate(to: login, animated: false)
            await door.pass()
            try await (screen.presentingScreen as? any ModalPresenting)?.dismissPresentedScreen(animated: false)
        }

        let navigation = TaskOutcome { try await router.navigate(to: account, animated: false) }
        await waitUntil { door.isWaiting }
        await waitUntil { router.waitingNavigations == 1 }
        await settle()

        #expect(started() != nil, "\(starter) started the promo")
        #expect(router.waitingNavigations == 1, "the navigation \(starter) started waits for the guarded one")
        #expect(!window.render().contains("promo"), "nothing runs while the guard waits for the user")

        door.open()
        await waitUntil { navigation.isDone && started()?.isDone == true }
        #expect(journal.lines == ["build account", "build promo"])
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "list"
                    screen "account"
                  presented pageSheet:
                    screen "promo"
                """)
    }
}
