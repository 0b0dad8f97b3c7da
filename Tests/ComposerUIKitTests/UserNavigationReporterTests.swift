#if canImport(UIKit)
    import Composer
    import ComposerTesting
    import ComposerUIKit
    import Testing
    import UIKit

    @MainActor
    @Suite("The user's changes reach the router's observers", .serialized)
    struct UserNavigationReporterTests {
        /// A new product screen on the first stack found.
        private var anotherProduct: DestinationStep<ProductScreen, Void> {
            StepAssembly(finder: NilFinder<ProductScreen, Void>(), factory: ClassFactory<ProductScreen, Void>())
                .using(UINavigationController.push())
                .from(GeneralStep.custom(ClassFinder<UINavigationController, Void>()))
                .assemble()
        }

        @Test("a router push is reported once as the router's; a pop made outside the router as the user's")
        func pushThenUserPop() async throws {
            let stack = UINavigationController(rootViewController: ListScreen("list"))
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let router = DefaultRouter(window: window)
            let reporter = UserNavigationReporter()
            router.reportUserNavigation(with: reporter)
            var causes: [NavigationEvent.Cause] = []
            router.addObserver { causes.append($0.cause) }

            _ = try await router.navigate(to: anotherProduct, animated: true)
            #expect(stack.delegate === reporter)
            stack.popViewController(animated: false)
            await patientlyWait(turns: 1_000, minimumSeconds: 2) { causes.count >= 2 }

            #expect(causes == [.router, .user])
        }

        @Test("a delegate of the app's keeps every callback, and the user's pop is still reported")
        func aDelegateOfTheAppsKeepsItsCallbacks() async throws {
            let stack = UINavigationController(rootViewController: ListScreen("list"))
            let appDelegate = AppNavigationDelegate()
            stack.delegate = appDelegate
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let router = DefaultRouter(window: window)
            let reporter = UserNavigationReporter()
            router.reportUserNavigation(with: reporter)
            var causes: [NavigationEvent.Cause] = []
            router.addObserver { causes.append($0.cause) }

            _ = try await router.navigate(to: anotherProduct, animated: true)
            stack.popViewController(animated: false)
            await patientlyWait(turns: 1_000, minimumSeconds: 2) { causes.count >= 2 }

            #expect(causes == [.router, .user])
            #expect(appDelegate.shown.last == "list", "the app's delegate still hears didShow")
            #expect(
                stack.delegate?.responds(
                    to: #selector(AppNavigationDelegate.navigationController(_:willShow:animated:))) == true)
            #expect(stack.delegate?.navigationControllerSupportedInterfaceOrientations?(stack) == .portrait)
        }

        @Test("a tap on a guarded tab goes through the router: refused, the selected tab stays")
        func guardedTabTapIsRefused() async throws {
            let tabs = UITabBarController()
            tabs.viewControllers = [ListScreen("home"), ProductScreen("account")]
            let window = makeKeyWindow(root: tabs)
            defer { window.close() }
            let router = DefaultRouter(window: window)
            let reporter = UserNavigationReporter()
            router.reportUserNavigation(with: reporter)
            var refusals = 0
            router.guardTabTaps(
                with: StepAssembly(
                    finder: ClassFinder<ProductScreen, Void>(), factory: ClassFactory<ProductScreen, Void>()
                )
                .adding(
                    ClosureInterceptor<Void> { _ in
                        refusals += 1
                        throw CancellationError()
                    }
                )
                .using(UITabBarController.addTab())
                .from(GeneralStep.custom(ClassFinder<UITabBarController, Void>()))
                .assemble())

            let allowed = tabs.delegate?.tabBarController?(tabs, shouldSelect: try #require(tabs.viewControllers?[1]))
            await patientlyWait(turns: 1_000, minimumSeconds: 2) { refusals != 0 }

            #expect(allowed == false, "UIKit must not select it before the guards ran")
            #expect(refusals == 1)
            #expect(tabs.selectedIndex == 0)
        }
    }

    extension UserNavigationReporterTests {
        @Test("installed without a delegate of the app's, the reporter leaves the stack's orientations to UIKit")
        func orientationsStayUIKits() async throws {
            let stack = UINavigationController(rootViewController: ListScreen("list"))
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let reporter = UserNavigationReporter()
            reporter.watch(stack)
            #expect(stack.delegate === reporter)
            // Answering would replace UIKit's own choice, which does not ask the top screen.
            #expect(
                !reporter.responds(
                    to: #selector(UINavigationControllerDelegate.navigationControllerSupportedInterfaceOrientations(_:))
                ))
        }

        @Test("a sheet whose screen refuses to leave springs back when swiped; once it consents, the swipe goes ahead")
        func swipeDownOfARefusingSheet() async throws {
            let root = ListScreen("home")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let form = EditingForm("review")
            let sheet = UINavigationController(rootViewController: form)
            root.present(sheet, animated: false)
            let reporter = UserNavigationReporter()
            reporter.watch(root)
            let presentation = try #require(sheet.presentationController)
            let delegate = try #require(presentation.delegate)

            // The screen inside the sheet's stack answers for the whole sheet.
            form.canBeDismissed = false
            #expect(delegate.presentationControllerShouldDismiss?(presentation) == false)
            form.canBeDismissed = true
            #expect(delegate.presentationControllerShouldDismiss?(presentation) == true)
        }

        @Test("with the app's own delegate on the sheet, the app is asked first, then the screens' vetoes")
        func swipeDownWithTheAppsDelegate() async throws {
            let root = ListScreen("home")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let form = EditingForm("review")
            root.present(form, animated: false)
            let presentation = try #require(form.presentationController)
            let appDelegate = AppPresentationDelegate()
            presentation.delegate = appDelegate
            let reporter = UserNavigationReporter()
            reporter.watch(root)
            let relay = try #require(presentation.delegate)
            #expect(relay !== appDelegate, "the reporter relays the app's delegate")

            form.canBeDismissed = false
            #expect(relay.presentationControllerShouldDismiss?(presentation) == false)
            form.canBeDismissed = true
            #expect(relay.presentationControllerShouldDismiss?(presentation) == true)
            appDelegate.allows = false
            #expect(relay.presentationControllerShouldDismiss?(presentation) == false)
            #expect(appDelegate.asked == 3)
        }
    }

    extension UserNavigationReporterTests {
        @Test("a tap the router lets through selects the tab, and the app's tab bar delegate hears of it")
        func allowedTabTapReachesTheAppsDelegate() async throws {
            let tabs = UITabBarController()
            tabs.viewControllers = [ListScreen("home"), ProductScreen("account")]
            let appDelegate = AppTabsDelegate()
            tabs.delegate = appDelegate
            let window = makeKeyWindow(root: tabs)
            defer { window.close() }
            let router = DefaultRouter(window: window)
            router.reportUserNavigation(with: UserNavigationReporter())
            router.guardTabTaps(
                with: StepAssembly(
                    finder: ClassFinder<ProductScreen, Void>(), factory: ClassFactory<ProductScreen, Void>()
                )
                .adding(ClosureInterceptor<Void> { _ in })
                .using(UITabBarController.addTab())
                .from(GeneralStep.custom(ClassFinder<UITabBarController, Void>()))
                .assemble())

            let account = try #require(tabs.viewControllers?[1])
            #expect(tabs.delegate?.tabBarController?(tabs, shouldSelect: account) == false)
            await patientlyWait(turns: 1_000, minimumSeconds: 2) { !appDelegate.selected.isEmpty }

            #expect(tabs.selectedIndex == 1)
            #expect(appDelegate.selected == ["account"], "UIKit sends no didSelect for a selection made in code")
        }
    }

    /// A key window whose root is a tab bar of a home and an account tab, with a router that reports
    /// the user's changes and guards the account tab with a guard that refuses every tap and counts
    /// them; `UITab` stands for the account tab as a tab bar of iOS 18 passes it to its delegate.
    @available(iOS 18.0, *)
    @MainActor
    private final class GuardedAccountTab {
        let tabs = UITabBarController()
        let account = ProductScreen("account")
        let tab: UITab
        let window: UIWindow
        let router: DefaultRouter
        private(set) var refusals = 0

        init(appDelegate: (any UITabBarControllerDelegate)? = nil) {
            tabs.viewControllers = [ListScreen("home"), account]
            tabs.delegate = appDelegate
            tab = UITab(title: "account", image: nil, identifier: "account") { [account] _ in account }
            window = makeKeyWindow(root: tabs)
            router = DefaultRouter(window: window)
            router.reportUserNavigation(with: UserNavigationReporter())
            router.guardTabTaps(
                with: StepAssembly(
                    finder: ClassFinder<ProductScreen, Void>(), factory: ClassFactory<ProductScreen, Void>()
                )
                .adding(
                    ClosureInterceptor<Void> { [weak self] _ in
                        self?.refusals += 1
                        throw CancellationError()
                    }
                )
                .using(UITabBarController.addTab())
                .from(GeneralStep.custom(ClassFinder<UITabBarController, Void>()))
                .assemble())
        }

        /// Lets the main actor run the tap's navigation until the guard refused `count` taps (for a
        /// thousand turns, then at least two seconds more: a loaded simulator can hold UIKit's
        /// callback back longer than the turns take).
        func waitForRefusals(_ count: Int) async {
            await patientlyWait(turns: 1_000, minimumSeconds: 2) { refusals >= count }
        }
    }

    extension UserNavigationReporterTests {
        @Test("a tap asked through the tab's callback (iOS 18) runs the tab's guards as the view controller's does")
        func guardedTapThroughTheTabsCallback() async throws {
            guard #available(iOS 18.0, *) else { return }
            let scene = GuardedAccountTab()
            defer { scene.window.close() }

            let allowed = scene.tabs.delegate?.tabBarController?(scene.tabs, shouldSelectTab: scene.tab)
            await scene.waitForRefusals(1)

            #expect(allowed == false, "UIKit must not select it before the guards ran")
            #expect(scene.refusals == 1)
            #expect(scene.tabs.selectedIndex == 0)
        }

        @Test("UIKit asking both callbacks for one tap runs the tab's guards once")
        func bothCallbacksForOneTap() async throws {
            guard #available(iOS 18.0, *) else { return }
            let appDelegate = AppTabsDelegate()
            let scene = GuardedAccountTab(appDelegate: appDelegate)
            defer { scene.window.close() }
            let delegate = try #require(scene.tabs.delegate)

            #expect(delegate.tabBarController?(scene.tabs, shouldSelectTab: scene.tab) == false)
            #expect(delegate.tabBarController?(scene.tabs, shouldSelect: scene.account) == false)
            await scene.waitForRefusals(1)
            // Then the turns in which a second run of the guards would show.
            for _ in 0..<100 { await Task.yield() }

            #expect(scene.refusals == 1, "one tap, one run of the guards")
            #expect(appDelegate.asked == ["account", "account"], "the app's delegate is asked at each callback")
            // Once that navigation ended, the next tap runs them again.
            #expect(delegate.tabBarController?(scene.tabs, shouldSelect: scene.account) == false)
            await scene.waitForRefusals(2)
            #expect(scene.refusals == 2)
        }

        @Test("a delegate of the app's written before iOS 18 still refuses a tap UIKit asks through the tab's callback")
        func theAppsOlderDelegateRefusesATabTap() async throws {
            guard #available(iOS 18.0, *) else { return }
            let appDelegate = AppTabsDelegate()
            appDelegate.allows = false
            let scene = GuardedAccountTab(appDelegate: appDelegate)
            defer { scene.window.close() }

            #expect(scene.tabs.delegate?.tabBarController?(scene.tabs, shouldSelectTab: scene.tab) == false)
            await scene.waitForRefusals(1)

            #expect(appDelegate.asked == ["account"])
            #expect(scene.refusals == 0, "the app refused first: the router never saw the tap")
        }
    }

    /// A tab bar delegate of the app's, written before iOS 18: it answers and hears of taps through
    /// the view controllers' callbacks only, recording the tabs it was asked about and those selected.
    private final class AppTabsDelegate: NSObject, UITabBarControllerDelegate {
        var selected: [String] = []
        var asked: [String] = []
        var allows = true

        func tabBarController(_ tabBarController: UITabBarController, shouldSelect viewController: UIViewController)
            -> Bool
        {
            asked.append(viewController.title ?? "?")
            return allows
        }

        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
            selected.append(viewController.title ?? "?")
        }
    }

    /// A form with unsaved edits: it refuses to leave while `canBeDismissed` is `false`.
    private final class EditingForm: TitledScreen, DismissalVetoing {
        var canBeDismissed = true
    }

    /// A presentation delegate an app sets on its own sheet.
    private final class AppPresentationDelegate: NSObject, UIAdaptivePresentationControllerDelegate {
        var allows = true
        var asked = 0

        func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
            asked += 1
            return allows
        }
    }

    /// A delegate an app sets on its own navigation controller.
    private final class AppNavigationDelegate: NSObject, UINavigationControllerDelegate {
        var shown: [String] = []

        func navigationController(
            _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
        ) {}

        func navigationController(
            _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
        ) {
            shown.append(viewController.title ?? "?")
        }

        func navigationControllerSupportedInterfaceOrientations(_ navigationController: UINavigationController)
            -> UIInterfaceOrientationMask
        {
            .portrait
        }
    }
#endif
