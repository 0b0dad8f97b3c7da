#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import Testing
    import UIKit

    @MainActor
    @Suite("DefaultRouter over real UIKit controllers", .serialized)
    struct RouterIntegrationTests {
        private var productInStack: DestinationStep<ProductScreen, String> {
            StepAssembly(
                finder: PredicateFinder<ProductScreen, String> { screen, id in screen.productID == id },
                factory: ClassFactory<ProductScreen, String> { controller, id in
                    controller.productID = id
                    controller.title = id
                }
            )
            .using(UINavigationController.push())
            .from(GeneralStep.custom(ClassFinder<UINavigationController, String>()))
            .assemble()
        }

        @Test("a product is pushed onto the existing stack, and found the second time")
        func pushThenFind() async throws {
            let stack = UINavigationController(rootViewController: ListScreen("list"))
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let router = DefaultRouter(window: window)

            let first = try await router.navigate(to: productInStack, with: "42", animated: true)
            let second = try await router.navigate(to: productInStack, with: "42", animated: true)

            #expect(first === second)
            #expect(
                render(window) == """
                    UINavigationController
                      ListScreen list
                      ProductScreen 42
                    """)
        }

        @Test("a modal above the stack is dismissed before the push")
        func dismissesModalFirst() async throws {
            let list = ListScreen("list")
            let stack = UINavigationController(rootViewController: list)
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            try await list.presentScreen(ModalScreen("modal") as any Screen, animated: false)
            let router = DefaultRouter(window: window)

            _ = try await router.navigate(to: productInStack, with: "7", animated: true)

            #expect(
                render(window) == """
                    UINavigationController
                      ListScreen list
                      ProductScreen 7
                    """)
        }

        @Test("a sheet is presented over the current screen with UIKit's options")
        func presentSheet() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let step = StepAssembly(
                finder: ClassFinder<ModalScreen, Void>(), factory: ClassFactory<ModalScreen, Void>()
            )
            .using(UIViewController.presentModally(sheet: SheetConfiguration(detents: [.medium])))
            .from(GeneralStep.current())
            .assemble()

            let modal = try await DefaultRouter(window: window).navigate(to: step, animated: true)

            #expect(modal.presentingViewController === root)
            #expect(modal.sheetPresentationController?.detents.count == 1)
        }

        @Test("the window's root is replaced with a flip")
        func replaceRoot() async throws {
            let window = makeKeyWindow(root: ListScreen("old"))
            defer { window.close() }
            let step = StepAssembly(finder: NilFinder<ListScreen, Void>(), factory: ClassFactory<ListScreen, Void>())
                .using(UIWindow.replaceRoot(transition: .flipFromRight(duration: 0.05)))
                .from(GeneralStep.window())
                .assemble()

            let new = try await DefaultRouter(window: window).navigate(to: step, animated: true)

            #expect(window.rootViewController === new)
        }

        @Test("a UIKit refusal reaches the caller inside the router's error")
        func refusalIsReported() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let step = StepAssembly(finder: NilFinder<ModalScreen, Void>(), factory: ClassFactory<ModalScreen, Void>())
                .using(UIViewController.presentModally(style: .fullScreen, sheet: SheetConfiguration()))
                .from(GeneralStep.current())
                .assemble()

            let error = await #expect(throws: RoutingError.self) {
                try await DefaultRouter(window: window).navigate(to: step, animated: false)
            }

            #expect((error?.underlyingError as? UIKitRoutingError)?.code == .invalidConfiguration)
            #expect(root.presentedViewController == nil)
        }
    }
#endif
