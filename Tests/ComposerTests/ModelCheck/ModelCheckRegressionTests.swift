import Composer
import ComposerTesting
import Testing

/// Runs the long model check found broken, each shrunk to its smallest tree and steps, as the
/// check printed it.
@MainActor
@Suite("Model check regressions")
struct ModelCheckRegressionTests {
    @Test(
        "A reveal lists for the plan guards the sheet another column shows: a gated screen there needs sign-in (seed 2117)"
    )
    func presentationInTheOtherColumnIsInThePlan() async {
        // Tab 0, hidden, is a split view whose detail column presents a gated screen in its own
        // context. Pushing onto the sidebar selects tab 0, which shows the gated screen beside it:
        // the plan the sign-in guard reads must list it.
        let violation = await ModelCheckWorld.run(
            tree: TreeSpec(
                .tabs(selected: 1), 1,
                children: [
                    TreeSpec(
                        .split(collapsed: false), 3,
                        children: [
                            TreeSpec(.screen, 5),
                            TreeSpec(
                                .screen, 6, definesContext: true,
                                presented: [TreeSpec(.gated, 10, style: .currentContext)]),
                        ]),
                    TreeSpec(.screen, 11),
                ]),
            signedIn: false,
            steps: [.navigate(RouteSpec(.push, 5, other: 7))])
        #expect(violation == nil, "\(violation.map(String.init(describing:)) ?? "")")
    }
}
