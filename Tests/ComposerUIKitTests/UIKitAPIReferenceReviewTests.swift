#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import Testing
    import UIKit

    /// A window root with unsaved edits: it refuses to leave.
    private final class EditingRootScreen: TitledScreen, DismissalVetoing {
        var canBeDismissed: Bool { false }
    }

    /// How many times the router-wide guard ran.
    @MainActor
    private final class GuardRuns {
        var count = 0
    }

    /// A router-wide guard that lets every navigation through and counts its runs.
    private struct CountingGuard: RoutingInterceptor {
        let runs: GuardRuns

        func intercept(with context: Any) async throws {
            runs.count += 1
        }
    }

    /// Claims of the API reference of ComposerUIKit (its `///` comments and articles), checked on
    /// UIKit. Written during a review on Linux: type-checked against the iOS SDK
    /// (`scripts/ios-typecheck`), never run there. Each test states the claim it holds the code to:
    /// the root's veto asked before the guards (fixed since), and whether an iOS 18 `UITab` tap
    /// reaches the router (not known without a device).
    @MainActor
    @Suite("The API reference of ComposerUIKit: claims about behaviour", .serialized)
    struct UIKitAPIReferenceReviewTests {
        /// WindowRootAction.swift: "Like Composer's `ReplaceRootAction`, it first asks every screen
        /// of the current tree that adopts `DismissalVetoing`". `ReplaceRootAction` names the root
        /// in `screensRemoved(on:)`, so the router asks it before any guard runs;
        /// `WindowRootAction` asked only in `perform`, after the guards had run (the review's finding).
        @Test("a window root that refuses to leave stops UIWindow.replaceRoot before any guard runs")
        func windowRootVetoIsAskedBeforeTheGuards() async throws {
            let window = makeKeyWindow(root: EditingRootScreen("editing"))
            defer { window.close() }
            let router = DefaultRouter(window: window)
            let runs = GuardRuns()
            router.add(CountingGuard(runs: runs))
            func newRoot<A: Action>(using action: A) -> DestinationStep<ListScreen, Void>
            where A.Presenter == WindowAnchor {
                StepAssembly(finder: NilFinder<ListScreen, Void>(), factory: ClosureFactory { _ in ListScreen("new") })
                    .using(action)
                    .from(GeneralStep.window())
                    .assemble()
            }

            let general = await #expect(throws: RoutingError.self) {
                try await router.navigate(to: newRoot(using: GeneralAction.replaceRoot()), animated: false)
            }
            #expect(general?.code == .dismissalRefused)
            #expect(runs.count == 0, "ReplaceRootAction: the veto is asked before the guards")

            let uikit = await #expect(throws: RoutingError.self) {
                try await router.navigate(to: newRoot(using: UIWindow.replaceRoot(transition: .none)), animated: false)
            }
            #expect(uikit?.code == .dismissalRefused)
            #expect(runs.count == 0, "WindowRootAction: the veto should be asked before the guards too")
            #expect(window.rootViewController is EditingRootScreen)
        }

        /// UserNavigationReporter.swift: "From iOS 18, the same for `tabBarController(_:shouldSelectTab:)`
        /// ... a tab's guards must run either way". The reporter finds the tapped tab by its view
        /// controller in `viewControllers`, and the tab container reads `viewControllers` and sets
        /// `selectedIndex`; UITabBarController.h says of `tabs`: "Once set,
        /// `UITabBarController.viewControllers` and related properties and methods will not be
        /// called". This checks that a tab bar built from `UITab`s is still guarded and selected.
        @available(iOS 18.0, *)
        @Test("a tap on a UITab of a tab bar built from tabs is handed to the router, which selects it")
        func uiTabTapIsHandedToTheRouter() async throws {
            let home = ListScreen("home")
            let account = ListScreen("account")
            let tabs = UITabBarController(tabs: [
                UITab(title: "Home", image: nil, identifier: "home") { _ in home },
                UITab(title: "Account", image: nil, identifier: "account") { _ in account },
            ])
            let window = makeKeyWindow(root: tabs)
            defer { window.close() }
            let router = DefaultRouter(window: window)
            let runs = GuardRuns()
            router.add(CountingGuard(runs: runs))
            let reporter = UserNavigationReporter()
            router.reportUserNavigation(with: reporter)
            let accountTab = try #require(tabs.tabs.last)

            #expect(tabs.tabScreens.count == 2, "the tab container sees the tabs' view controllers")
            #expect(reporter.tabBarController(tabs, shouldSelectTab: accountTab) == false, "handed to the router")
            for _ in 0..<100 where tabs.selectedTab !== accountTab {
                try await Task.sleep(for: .milliseconds(20))
            }

            #expect(runs.count == 1)
            #expect(tabs.selectedTab === accountTab)
            #expect(ScreenTree(window: window).current === account)
        }
    }
#endif
