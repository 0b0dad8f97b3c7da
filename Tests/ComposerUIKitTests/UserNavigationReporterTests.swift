#if canImport(UIKit)
    import Composer
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
            for _ in 0..<50 where causes.count < 2 { await Task.yield() }

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
            for _ in 0..<50 where causes.count < 2 { await Task.yield() }

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
            for _ in 0..<50 where refusals == 0 { await Task.yield() }

            #expect(allowed == false, "UIKit must not select it before the guards ran")
            #expect(refusals == 1)
            #expect(tabs.selectedIndex == 0)
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
