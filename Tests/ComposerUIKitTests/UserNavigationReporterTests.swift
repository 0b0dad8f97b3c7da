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
    }
#endif
