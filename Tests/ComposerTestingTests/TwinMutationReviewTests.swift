import Composer
import ComposerTestFixtures
import ComposerTesting
import Testing

/// Tests written in a mutation review of `Sources/ComposerTesting`: each holds a rule of UIKit's
/// that the twin keeps and no other test held (a small change of the twin's code made it break
/// while every test still passed). Each test's comment names the rule and the change it catches.
@MainActor
@Suite("Twin: mutation review")
struct TwinMutationReviewTests {
    /// UIKit: a view controller whose dismissal is running is leaving the window, so asking it to
    /// present another one does nothing (UIKit logs that its view is not in the window hierarchy or
    /// that a dismissal is in progress). The twin refuses, changing nothing.
    ///
    /// Kills: `presentScreen` without its `isBeingDismissed` check (TestScreen.swift).
    @Test func aScreenWhoseDismissalIsRunningCannotPresent() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let home = try TwinFixtures.screen("home", in: window)
        let sheet = TestScreen("sheet")
        try await home.presentScreen(sheet, animated: false)
        let dismissal = Task { try await home.dismissPresentedScreen(animated: true) }
        #expect(await clock.waitForPendingTransition())
        let during = """
            window
              nav "main"
                screen "home"
              presented automatic (as pageSheet):
                screen "sheet" (dismissing)
            """
        #expect(window.render() == during)

        await #expect(throws: TestScreenError.dismissalInProgress(screen: #"screen "sheet""#)) {
            try await sheet.presentScreen(TestScreen("alert"), animated: false)
        }
        #expect(window.render() == during)

        clock.advanceAll()
        try await dismissal.value
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
        #expect(window.memory.liveNames == ["home", "main", "sheet"])
    }

    /// UIKit: dismissing a presented view controller dismisses every view controller presented
    /// above it as well, in the same transition; while it runs, each of them is leaving the window,
    /// so none of them can present (UIKit refuses a presentation from a view controller whose view
    /// is leaving the window hierarchy).
    ///
    /// Kills: `dismissPresentedScreen` marking only the first level of the chain as dismissing
    /// (TestScreen.swift: `chain.first?.isDismissing = true`).
    @Test func everyLevelAboveADismissedOneIsBeingDismissedUntilTheTransitionEnds() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let home = try TwinFixtures.screen("home", in: window)
        try await home.presentScreen(TestNavigationContainer("modal", stack: [TestScreen("login")]), animated: false)
        let terms = TestScreen("terms")
        try await TwinFixtures.screen("login", in: window).presentScreen(terms, animated: false)
        window.lifecycle.clear()

        let dismissal = Task { try await home.dismissPresentedScreen(animated: true) }
        #expect(await clock.waitForPendingTransition())
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                  presented automatic (as pageSheet):
                    nav "modal" (dismissing)
                      screen "login"
                    presented automatic (as pageSheet):
                      screen "terms" (dismissing)
                """)
        #expect(terms.isBeingDismissed)
        await #expect(throws: TestScreenError.dismissalInProgress(screen: #"screen "terms""#)) {
            try await terms.presentScreen(TestScreen("alert"), animated: false)
        }

        clock.advanceAll()
        try await dismissal.value
        #expect(!terms.isBeingDismissed)
        #expect(
            window.lifecycle.lines == [
                "modal: viewWillDisappear", "login: viewWillDisappear", "terms: viewWillDisappear",
                "modal: viewDidDisappear", "login: viewDidDisappear", "terms: viewDidDisappear",
            ])
    }

    /// UIKit: a full-screen presentation covers the whole window, and UIKit takes the views beneath
    /// it out of the window: every screen beneath it disappears, the tab bar controller and the
    /// screens of the tab that hosts the presentations below it included, wherever in the tree the
    /// chain of presentations under it started.
    ///
    /// Kills: the visible-screens walk going on to a container's other children after a child's
    /// subtree reported that a full-screen presentation covers everything (TwinTree.swift: without
    /// `if inside.covered { return inside }`).
    @Test func aFullScreenPresentationAboveAContextPresentationInATabHidesTheTabBarToo() async throws {
        let window = TwinFixtures.shopWindow()
        let picker = TestScreen("picker")
        picker.modalStyle = .overCurrentContext
        try await TwinFixtures.screen("product 42", in: window).presentScreen(picker, animated: false)
        let details = TestScreen("details")
        try await picker.presentScreen(details, animated: false)
        #expect(window.screensOnScreen.map(\.name) == ["main", "products", "product 42", "picker", "details"])
        window.lifecycle.clear()

        let cover = TestScreen("cover")
        cover.modalStyle = .fullScreen
        try await details.presentScreen(cover, animated: false)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "shop"
                      screen "home"
                    nav "products"
                      screen "list"
                      screen "product 42"
                    presented overCurrentContext:
                      screen "picker"
                      presented automatic (as pageSheet):
                        screen "details"
                        presented fullScreen:
                          screen "cover"
                """)
        #expect(window.screensOnScreen.map(\.name) == ["cover"])
        #expect(
            window.lifecycle.lines == [
                "main: viewWillDisappear", "products: viewWillDisappear", "product 42: viewWillDisappear",
                "picker: viewWillDisappear", "details: viewWillDisappear", "cover: viewWillAppear",
                "cover: viewDidAppear", "main: viewDidDisappear", "products: viewDidDisappear",
                "product 42: viewDidDisappear", "picker: viewDidDisappear", "details: viewDidDisappear",
            ])
    }

    /// The window's contract with the router (`TreeRevisioning`): its revision changes whenever a
    /// screen leaves the tree. An animated dismissal takes its screens out of the tree when its
    /// transition ends, as UIKit removes a dismissed view controller from the hierarchy only in the
    /// transition's completion; the router, which plans again after its guards only when the
    /// revision moved, must see that change.
    ///
    /// Kills: the transition's completion not counting as a change of the tree (TwinTransition.swift:
    /// without `if completion != nil { window.treeChanged() }`).
    @Test func theEndOfAnAnimatedDismissalChangesTheTreeRevision() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let home = try TwinFixtures.screen("home", in: window)
        try await home.presentScreen(TestScreen("sheet"), animated: false)
        let dismissal = Task { try await home.dismissPresentedScreen(animated: true) }
        #expect(await clock.waitForPendingTransition())
        let revisionDuringDismissal = window.treeRevision
        #expect(window.screen(named: "sheet") != nil)

        clock.advanceAll()
        try await dismissal.value

        #expect(window.screen(named: "sheet") == nil)
        #expect(window.treeRevision != revisionDuringDismissal)
    }

    /// UIKit holds a presented view controller only through the one that presents it, and a
    /// presentation whose host has left the window's hierarchy is no longer on screen. The twin
    /// documents that a screen leaving its container takes every presentation hosted inside it
    /// along (`TwinTree.removeFromContainer`), so the presented screens are released and do not
    /// come back when the container is shown again; this holds it for a host inside the container
    /// that leaves (a screen of a tab that defines the presentation context).
    ///
    /// Kills: `removeFromContainer` not cutting the presentations (TwinTree.swift: without
    /// `detachPresentations(hostedIn: child)`), and `detachPresentations` looking only at the
    /// removed screen's own presentation (TwinTree.swift: `if screen.presentedStorage == nil { return }`).
    @Test func aTabThatLeavesTakesThePresentationsHostedInsideItAlong() async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root as? TestTabsContainer)
        let shop = try TwinFixtures.navigation("shop", in: window)
        let products = try TwinFixtures.navigation("products", in: window)
        let home = try TwinFixtures.screen("home", in: window)
        shop.definesPresentationContext = false
        home.definesPresentationContext = true
        try await tabs.selectTab(at: 0)
        let filter = TestScreen("filter")
        filter.modalStyle = .currentContext
        try await home.presentScreen(filter, animated: false)
        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "shop"
                      screen "home"
                      presented currentContext:
                        screen "filter"
                    nav "products"
                      screen "list"
                      screen "product 42"
                """)

        try await tabs.setTabs([products], selectedIndex: 0, animated: false)
        #expect(home.presentedScreen == nil)
        #expect(filter.presentingScreen == nil)
        try await tabs.setTabs([shop, products], selectedIndex: 0, animated: false)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "shop"
                      screen "home"
                    nav "products"
                      screen "list"
                      screen "product 42"
                """)
        #expect(window.screensOnScreen.map(\.name) == ["main", "shop", "home"])
    }

    /// UIKit: `UITabBarController` ignores a selected index outside its tabs, so a tab bar controller
    /// given one keeps its first tab selected. The twin's initializer, which cannot throw, selects
    /// the first tab and records why.
    ///
    /// Kills: the initializer selecting the last tab for an index out of range (TestTabsContainer.swift).
    @Test func aTabContainerGivenAnIndexOutOfRangeSelectsItsFirstTab() async throws {
        let tabs = TestTabsContainer(
            "main", tabs: [TestScreen("home"), TestScreen("search"), TestScreen("account")], selectedIndex: 5)
        #expect(tabs.initializationErrors == [.tabIndexOutOfRange(index: 5, tabCount: 3, tabs: #"tabs "main""#)])
        let window = TestWindow(root: tabs)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    screen "home"
                    screen "search"
                    screen "account"
                """)
        #expect(
            window.lifecycle.lines == [
                "main: viewWillAppear", "home: viewWillAppear", "main: viewDidAppear", "home: viewDidAppear",
            ])
    }

    /// UIKit: a view controller taken out of a tab bar controller's `viewControllers` is no longer
    /// its child (`parent` is `nil`), so the app may present it or put it in another container.
    ///
    /// Kills: `setTabs` leaving the removed tabs attached to the tab container (TestTabsContainer.swift:
    /// without `removed.forEach(TwinTree.removeFromContainer)`).
    @Test func aTabTakenOutOfTheTabsIsFreeToBePresented() async throws {
        let window = TwinFixtures.shopWindow()
        let tabs = try #require(window.root as? TestTabsContainer)
        let shop = try TwinFixtures.navigation("shop", in: window)
        let products = try TwinFixtures.navigation("products", in: window)

        try await tabs.setTabs([products], selectedIndex: 0, animated: false)
        #expect(shop.parentScreen == nil)
        try await TwinFixtures.screen("product 42", in: window).presentScreen(shop, animated: false)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=0
                    nav "products"
                      screen "list"
                      screen "product 42"
                  presented automatic (as pageSheet):
                    nav "shop"
                      screen "home"
                """)
    }

    /// UIKit's column-style split view, expanding, moves every view controller pushed onto the
    /// collapsed primary column as a detail back into the secondary column, in their order, so the
    /// user finds the same detail stack in the wider layout. The twin gives several such screens a
    /// navigation container of their own, `<split name> detail`.
    ///
    /// Kills: expanding keeping only the first of several details (TestSplitContainer.swift:
    /// `moved.count >= 1` for `moved.count == 1`).
    @Test func expandingMovesEveryDetailShownWhileCollapsedIntoTheSecondaryColumn() async throws {
        let split = TestSplitContainer(
            "split", primary: TestNavigationContainer("nav", stack: [TestScreen("inbox")]), isCollapsed: true)
        let window = TestWindow(root: split)
        try await split.showDetail(TestScreen("message"), animated: false)
        try await split.showDetail(TestScreen("attachment"), animated: false)
        #expect(
            window.render() == """
                window
                  split "split" collapsed
                    nav "nav"
                      screen "inbox"
                      screen "message"
                      screen "attachment"
                """)
        window.lifecycle.clear()

        split.isCollapsed = false

        #expect(
            window.render() == """
                window
                  split "split" expanded
                    nav "nav"
                      screen "inbox"
                    nav "split detail"
                      screen "message"
                      screen "attachment"
                """)
        #expect(
            window.lifecycle.lines == [
                "inbox: viewWillAppear", "split detail: viewWillAppear", "inbox: viewDidAppear",
                "split detail: viewDidAppear",
            ])
    }

    /// The twin keeps UIKit's refusals without side effects: where UIKit would raise and do
    /// nothing, a refused operation changes nothing. A detail the collapsed split view refuses (a
    /// navigation container cannot be pushed) must not mark the primary stack as holding details,
    /// so a screen the app then pushes onto the primary column itself stays there on expanding.
    ///
    /// Kills: a refused `showDetail` keeping the index where details start (TestSplitContainer.swift:
    /// without `detailStartIndex = previousStart`).
    @Test func aDetailRefusedWhileCollapsedChangesNothingForExpanding() async throws {
        let primary = TestNavigationContainer("nav", stack: [TestScreen("inbox")])
        let split = TestSplitContainer("split", primary: primary, isCollapsed: true)
        let window = TestWindow(root: split)
        await #expect(
            throws: TestScreenError.navigationInsideNavigation(screen: #"nav "detail nav""#, navigation: #"nav "nav""#)
        ) {
            try await split.showDetail(TestNavigationContainer("detail nav"), animated: false)
        }
        try await primary.push(TestScreen("settings"), animated: false)

        split.isCollapsed = false

        #expect(
            window.render() == """
                window
                  split "split" expanded
                    nav "nav"
                      screen "inbox"
                      screen "settings"
                """)
    }

    /// UIKit: while a sheet is presented over a navigation controller, the screens beneath it are
    /// still on screen but cannot be touched (a page sheet on an iPhone takes the touches), so the
    /// back button of the stack under the sheet cannot be tapped.
    ///
    /// Kills: `userPop` without its check for a presentation covering the top screen
    /// (TestScreen+UserGestures.swift). A full-screen cover does not catch it: the stack is then
    /// not on screen at all.
    @Test func theBackButtonUnderASheetCannotBeTapped() async throws {
        let window = TwinFixtures.navigationWindow()
        let main = try TwinFixtures.navigation("main", in: window)
        try await main.push(TestScreen("list"), animated: false)
        try await TwinFixtures.screen("list", in: window).presentScreen(TestScreen("sheet"), animated: false)
        let before = window.render()
        window.lifecycle.clear()

        await #expect(throws: UserGestureError.covered(screen: #"screen "list""#, by: #"screen "sheet""#)) {
            try await main.userPop()
        }
        #expect(window.render() == before)
        #expect(window.lifecycle.lines.isEmpty)
    }

    /// UIKit: a sheet presented from a sheet lies over it; only the topmost sheet can be swiped
    /// down, the one beneath cannot be touched.
    ///
    /// Kills: `userSwipeDown` without its check for a presentation covering the sheet
    /// (TestScreen+UserGestures.swift). The sheet beneath stays on screen, so the on-screen check
    /// does not catch it.
    @Test func aSheetUnderAnotherSheetCannotBeSwipedDown() async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        let first = TestScreen("first")
        try await home.presentScreen(first, animated: false)
        try await first.presentScreen(TestScreen("second"), animated: false)
        let before = window.render()
        window.lifecycle.clear()

        await #expect(throws: UserGestureError.covered(screen: #"screen "first""#, by: #"screen "second""#)) {
            try await first.userSwipeDown()
        }
        #expect(window.render() == before)
        #expect(window.lifecycle.lines.isEmpty)
    }

    /// The test kit's contract: `waitUntilSettled()` returns once no animated transition runs. A
    /// transition that starts while the waiter is being woken by the end of the previous one keeps
    /// it waiting (as UIKit's transitions run one after another, a test that waits for the window
    /// to settle must not look at it in the middle of the next one).
    ///
    /// Kills: `waitUntilSettled` waiting for one wake only (TestWindow.swift: `if` for `while`).
    @Test func waitingUntilSettledOutlastsATransitionThatStartsAsThePreviousEnds() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.navigationWindow(clock: clock)
        let main = try TwinFixtures.navigation("main", in: window)
        let firstPush = Task { try await main.push(TestScreen("list"), animated: true) }
        #expect(await clock.waitForPendingTransition())
        var settled = false
        let settling = Task {
            await window.waitUntilSettled()
            settled = true
        }
        for _ in 0..<10 { await Task.yield() }
        #expect(!settled)

        clock.advance()
        let secondPush = Task { try await main.push(TestScreen("detail"), animated: true) }
        try await firstPush.value
        // The second push has started; then the turns let a waiter woken by the first one's end return.
        #expect(await clock.waitForPendingTransition())
        for _ in 0..<20 { await Task.yield() }
        #expect(clock.pendingTransitions == [#"push screen "detail" on nav "main""#])
        #expect(!window.isSettled)
        #expect(!settled)

        clock.advanceAll()
        try await secondPush.value
        await settling.value
        #expect(settled)
        #expect(window.isSettled)
    }

    /// The clock's contract: `advance()` finishes the oldest pending transition, so a test steps
    /// through transitions in the order they started, as UIKit runs them.
    ///
    /// Kills: `advance()` finishing the newest one (TransitionClock.swift: `removeLast` for `removeFirst`).
    @Test func advancingTheClockFinishesTheOldestTransitionFirst() async throws {
        let clock = TransitionClock(mode: .manual)
        let window = TwinFixtures.shopWindow(clock: clock)
        let products = try TwinFixtures.navigation("products", in: window)
        let home = try TwinFixtures.screen("home", in: window)
        window.lifecycle.clear()
        let push = Task { try await products.push(TestScreen("reviews"), animated: true) }
        #expect(await clock.waitForPendingTransition())
        let presentation = Task { try await home.presentScreen(TestScreen("sheet"), animated: true) }
        await patientlyWait(turns: 10_000, minimumSeconds: 2) { clock.pendingTransitions.count >= 2 }
        #expect(
            clock.pendingTransitions == [
                #"push screen "reviews" on nav "products""#, #"present screen "sheet" from tabs "main""#,
            ])

        #expect(clock.advance())
        await patientlyWait(turns: 10_000, minimumSeconds: 2) {
            window.lifecycle.lines.contains("reviews: viewDidAppear")
        }
        #expect(clock.pendingTransitions == [#"present screen "sheet" from tabs "main""#])
        #expect(window.lifecycle.lines.suffix(2) == ["product 42: viewDidDisappear", "reviews: viewDidAppear"])

        clock.advanceAll()
        try await push.value
        try await presentation.value
    }

    /// The `ScreenContainer` contract the router relies on: `revealing(_:)` answers `nil` for a
    /// child that is on screen already, so the router plans no reveal and changes nothing for it
    /// (an app's own container, like a UIKit drawer, shows a panel without asking the user).
    ///
    /// Kills: the side menu offering to reveal the panel it already shows (TestSideMenuContainer.swift).
    @Test func aSideMenuOffersNoRevealForThePanelItShows() async throws {
        let menu = TestScreen("menu")
        let content = TestScreen("content")
        let sideMenu = TestSideMenuContainer("drawer", menu: menu, content: content, shownPanel: .content)
        _ = TestWindow(root: sideMenu)

        #expect(try sideMenu.revealing(content) == nil)
        let reveal = try #require(try sideMenu.revealing(menu))
        #expect(reveal.summary == #"show menu of sidemenu "drawer""#)
    }

    /// `SeededRandom.chance(_:)` is true with probability `percent` in a hundred: never for 0,
    /// always for 100, so a randomized test that gives a step no chance never takes it.
    ///
    /// Kills: `chance` counting one percent too many (SeededRandom.swift: `<=` for `<`).
    @Test func aChanceOfZeroPercentNeverComesUpAndOneOfAHundredAlwaysDoes() {
        var random = SeededRandom(seed: 7)
        var zero = 0
        var hundred = 0
        var half = 0
        for _ in 0..<2_000 {
            if random.chance(0) { zero += 1 }
            if random.chance(100) { hundred += 1 }
            if random.chance(50) { half += 1 }
        }
        #expect(zero == 0)
        #expect(hundred == 2_000)
        #expect((900...1_100).contains(half))
    }

    /// UIKit raises when a view controller that is already a child of another container is pushed;
    /// the twin refuses and names the screen and the container it is in. A content screen wrapped
    /// in another wrapping stack is such a screen: it stands for its own wrapper only in the stack
    /// that holds that wrapper.
    ///
    /// Kills: a bare screen standing for its wrapper in any stack (TestWrappingNavigationContainer.swift:
    /// without `wrapper.parentStorage === self`), which refuses the wrapper instead, naming the other stack.
    @Test func aScreenWrappedInAnotherStackIsRefusedByName() async throws {
        let first = TestWrappingNavigationContainer("first", screens: [TestScreen("home"), TestScreen("article")])
        let second = TestWrappingNavigationContainer("second", screens: [TestScreen("feed")])
        let window = TestWindow(root: TestTabsContainer("tabs", tabs: [first, second]))
        let article = try TwinFixtures.screen("article", in: window)
        let before = window.render()

        await #expect(
            throws: TestScreenError.alreadyInContainer(screen: #"screen "article""#, container: #"wrapper "[article]""#)
        ) {
            try await second.push(article, animated: false)
        }
        #expect(window.render() == before)
    }

    /// UIKit: on an iPhone a form sheet (and a popover, which adapts to one) is a sheet like a page
    /// sheet, which the user can swipe down; the presenter beneath reappears.
    ///
    /// Kills: a form sheet not counting as a sheet (TestModalStyle.swift: `isSheet` false for `.formSheet`).
    @Test(arguments: [TestModalStyle.formSheet, .popover])
    func theUserCanSwipeDownAFormSheet(style: TestModalStyle) async throws {
        let window = TwinFixtures.navigationWindow()
        let home = try TwinFixtures.screen("home", in: window)
        let form = TestScreen("form")
        form.modalStyle = style
        try await home.presentScreen(form, animated: false)
        window.lifecycle.clear()

        try await form.userSwipeDown(animated: false)

        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                """)
        #expect(window.lifecycle.lines == ["form: viewWillDisappear", "form: viewDidDisappear"])
    }

    /// UIKit: an over-full-screen presentation covers the whole window, so a request for one from a
    /// screen presented over the current context (which covers only its context) is passed on to
    /// the level that covers the window: the presented screen lies over the tab bar too, and
    /// nothing beneath disappears.
    ///
    /// Kills: only `.fullScreen` walking out of context levels (TestModalStyle.swift: `coversWindow`
    /// false for `.overFullScreen`).
    @Test func anOverFullScreenPresentationFromAContextPresentationIsHostedByTheWindowsLevel() async throws {
        let window = TwinFixtures.shopWindow()
        let picker = TestScreen("picker")
        picker.modalStyle = .currentContext
        try await TwinFixtures.screen("product 42", in: window).presentScreen(picker, animated: false)
        window.lifecycle.clear()
        let overlay = TestScreen("overlay")
        overlay.modalStyle = .overFullScreen

        try await picker.presentScreen(overlay, animated: false)

        #expect(
            window.render() == """
                window
                  tabs "main" selected=1
                    nav "shop"
                      screen "home"
                    nav "products"
                      screen "list"
                      screen "product 42"
                    presented currentContext:
                      screen "picker"
                  presented overFullScreen:
                    screen "overlay"
                """)
        #expect(overlay.presentingScreen === window.root)
        #expect(window.lifecycle.lines == ["overlay: viewWillAppear", "overlay: viewDidAppear"])
    }
}
