import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting
import Testing

/// A review of the doc comments of `ComposerSwiftUIModel`'s public symbols (what Quick Help and
/// the DocC reference show) against the code. The first tests quote a claim the review found
/// untrue; the code was fixed, and each test pins what the claim says. The others pin documented
/// promises no other test pins.
@MainActor
@Suite("ComposerSwiftUIModel: the API reference against the code")
struct ModelAPIReferenceReviewTests {
    /// A model showing a stack holding `home`, driven by `mode`.
    func stackModel(
        mode: NavigationModelDriver.AcknowledgementMode = .automatic, timeout: Duration = .seconds(2)
    ) -> (NavigationModel, NavigationModelDriver, StackNode) {
        let stack = StackNode("nav", nodes: [NavigationNode("home")])
        let model = NavigationModel(root: stack)
        model.acknowledgementTimeout = timeout
        return (model, NavigationModelDriver(model: model, mode: mode), stack)
    }

    // MARK: - Claims that do not hold

    /// `NavigationNode.swift:386`: ``NavigationNode/hidesWindowWhenPresented`` is "Whether this node is
    /// presented as a full-screen cover, which hides the whole window." It reads
    /// ``NavigationNode/presentationStyle``, the style for the next presentation ("read when the
    /// presentation starts", `:61`), not ``NavigationNode/activePresentationStyle``: a sheet whose
    /// style is changed while it is shown says it hides the window, and a cover says it does not.
    /// The router's `ScreenTree` asks it to decide what a presentation covers.
    @Test("a node presented as a sheet hides nothing, and a cover hides the window, whatever its style says now")
    func hidesWindowFollowsThePresentationShown() async throws {
        let (_, driver, stack) = stackModel()
        let sheet = NavigationNode("sheet")
        try await stack.presentScreen(sheet, animated: false)

        sheet.presentationStyle = .fullScreenCover

        #expect(sheet.activePresentationStyle == .sheet())
        #expect(stack.sheetNode === sheet)
        #expect(driver.render().contains("presented sheet:"))
        #expect(!sheet.hidesWindowWhenPresented, "a sheet says it hides the window")

        try await stack.dismissPresentedScreen(animated: false)
        let cover = NavigationNode("cover")
        cover.presentationStyle = .fullScreenCover
        try await stack.presentScreen(cover, animated: false)
        #expect(cover.hidesWindowWhenPresented)

        cover.presentationStyle = .sheet()

        #expect(stack.fullScreenCoverNode === cover)
        #expect(cover.hidesWindowWhenPresented, "a full-screen cover says it does not hide the window")
    }

    /// `NavigationModel.swift:236-237`: ``NavigationModel/waitUntilChangesShown()`` "Returns once the
    /// view acknowledged every change, and throws what that wait threw: an
    /// ``AcknowledgementTimeoutError``". When another wait times out first (a change of the router
    /// waiting for the same appearance), the timeout gives up every pending acknowledgement but
    /// throws only to that other wait; this one returns as if the view had acknowledged, though
    /// nothing appeared.
    @Test("waiting for changes the view never showed throws, even when another wait timed out first")
    func waitUntilChangesShownThrowsWhenNothingWasShown() async throws {
        let (model, driver, stack) = stackModel(mode: .manual, timeout: .milliseconds(500))
        let home = try #require(stack.rootNode)
        let pushing = Task { try await stack.setStack([home, NavigationNode("product")], animated: true) }
        // The push waits first, so its wait times out first.
        #expect(await driver.waitForPendingAcknowledgement())

        await #expect(throws: AcknowledgementTimeoutError.self, "returned as if the view had shown the product") {
            try await model.waitUntilChangesShown()
        }

        await #expect(throws: AcknowledgementTimeoutError.self) { try await pushing.value }
        #expect(driver.log.isEmpty, "the view acknowledged nothing")
    }

    /// `NodeValues.swift:34`: ``SheetDetent``'s description is "`medium`, `large`, `fraction 0.3`,
    /// `height 200`". A height is written as a `Double`, `height 200.0`, and so is the
    /// `presented sheet [height 200.0]:` line of a rendered tree.
    @Test("a sheet's height detent is described as documented")
    func heightDetentDescription() {
        #expect(SheetDetent.medium.description == "medium")
        #expect(SheetDetent.large.description == "large")
        #expect(SheetDetent.fraction(0.3).description == "fraction 0.3")
        #expect(SheetDetent.height(200).description == "height 200")
        #expect(
            NodePresentationStyle.sheet(detents: [.height(200), .large]).description == "sheet [height 200, large]")
    }

    // MARK: - Claims that hold, pinned

    /// `NavigationModel.swift:226-227`: ``NavigationModel/waitUntilSettled()`` "Returns once the view
    /// acknowledged every change, or after ``NavigationModel/acknowledgementTimeout``, when what was
    /// not acknowledged is given up (the change that waited for it has failed already)"; and, waited
    /// alone, ``NavigationModel/waitUntilChangesShown()`` throws the timeout.
    @Test("waiting until settled never throws and gives up what the view never acknowledged")
    func waitUntilSettledGivesUp() async throws {
        let (model, driver, stack) = stackModel(mode: .manual, timeout: .milliseconds(50))
        let home = try #require(stack.rootNode)
        let pushing = Task { try await stack.setStack([home, NavigationNode("product")], animated: true) }
        #expect(await driver.waitForPendingAcknowledgement())
        #expect(!model.isSettled)

        await model.waitUntilSettled()

        #expect(model.isSettled)
        #expect(model.pendingAcknowledgements.isEmpty)
        await #expect(throws: AcknowledgementTimeoutError.self) { try await pushing.value }
        #expect(stack.topNode?.name == "product", "the change stays applied; only the wait failed")

        let tabs = TabsNode("tabs", tabs: [NavigationNode("one"), NavigationNode("two")])
        driver.mode = .automatic
        try await model.setRootScreen(tabs, animated: false)
        driver.mode = .manual
        try await tabs.selectTab(at: 1)
        #expect(
            model.pendingAcknowledgements.map(\.description) == [
                #"appearance of screen "two" (select tab 1 of tabs "tabs")"#
            ])
        await #expect(throws: AcknowledgementTimeoutError.self) { try await model.waitUntilChangesShown() }
        #expect(model.isSettled)
    }

    /// ``NavigationModelDriver/waitForPendingAcknowledgement(turns:minimumSeconds:)`` waits for a change
    /// that comes after its turns have passed (a busy test process keeps it from the main actor),
    /// and with `minimumSeconds: 0` gives up after the turns.
    @Test("waiting for an acknowledgement outlasts its turns until the minimum wait has passed")
    func waitingForAnAcknowledgementOutlastsTheTurns() async throws {
        let (_, driver, stack) = stackModel(mode: .manual)
        let home = try #require(stack.rootNode)
        #expect(await driver.waitForPendingAcknowledgement(turns: 10, minimumSeconds: 0) == false)

        let pushing = Task {
            try await Task.sleep(for: .milliseconds(50))
            try await stack.setStack([home, NavigationNode("product")], animated: true)
        }
        let start = ContinuousClock.now
        #expect(await driver.waitForPendingAcknowledgement(turns: 10))
        #expect(ContinuousClock.now - start >= .milliseconds(50))
        // Acknowledges the push whether or not it was waited for, so a driver that gave up too early
        // fails the expectations above instead of leaving the push waiting until it times out.
        driver.mode = .automatic
        driver.acknowledgeAll()
        try await pushing.value
        #expect(stack.topNode?.name == "product")
    }
}
