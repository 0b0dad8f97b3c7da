#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import Testing
    import UIKit

    private final class TransparentBarScreen: TitledScreen, NavigationBarConfiguring {
        var navigationBarConfiguration: NavigationBarConfiguration { .hidden }
    }

    @MainActor
    @Suite("A navigation stack that wraps every screen with its own bar", .serialized)
    struct WrappingNavigationTests {
        private var productPushed: DestinationStep<ProductScreen, String> {
            StepAssembly(
                finder: PredicateFinder<ProductScreen, String> { screen, id in screen.productID == id },
                factory: ClassFactory<ProductScreen, String> { controller, id in
                    controller.productID = id
                    controller.title = id
                }
            )
            .using(UINavigationController.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
        }

        @Test("the root and every pushed screen are wrapped; the current screen is the content")
        func pushesAreWrapped() async throws {
            let list = ListScreen("list")
            let stack = WrappingNavigationController(rootViewController: list)
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let router = DefaultRouter(window: window)

            let product = try await router.navigate(to: productPushed, with: "42", animated: true)

            #expect(ScreenTree(window: window).current === product)
            #expect(stack.contentViewControllers == [list, product])
            #expect(stack.isNavigationBarHidden)
            #expect(
                render(window) == """
                    WrappingNavigationController
                      ScreenWrapperController list
                        ListScreen list
                      ScreenWrapperController 42
                        ProductScreen 42
                    """)
        }

        @Test("each wrapper's bar shows its screen's item with a back item, and follows its configuration")
        func eachScreenOwnsItsBar() async throws {
            let list = ListScreen("list")
            let stack = WrappingNavigationController(rootViewController: list)
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let hidden = TransparentBarScreen("hidden")
            let product = ProductScreen("7")

            try await stack.push(hidden, animated: true)
            try await stack.push(product, animated: true)

            let wrappers = stack.viewControllers.compactMap { $0 as? ScreenWrapperController }
            #expect(wrappers.count == 3)
            #expect(wrappers[0].navigationBar.items == [list.navigationItem])
            #expect(wrappers[1].navigationBar.isHidden)
            #expect(wrappers[2].navigationBar.isHidden == false)
            #expect(wrappers[2].navigationBar.topItem === product.navigationItem)
            #expect(wrappers[2].navigationBar.backItem?.title == "hidden")
        }

        @Test("navigating to a screen lower in the stack pops back to its wrapper")
        func revealPopsToWrapper() async throws {
            let list = ListScreen("list")
            let stack = WrappingNavigationController(rootViewController: list)
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let router = DefaultRouter(window: window)
            let first = try await router.navigate(to: productPushed, with: "1", animated: false)
            try await router.navigate(to: productPushed, with: "2", animated: false)

            let revealed = try await router.navigate(to: productPushed, with: "1", animated: true)

            #expect(revealed === first)
            #expect(stack.contentViewControllers == [list, first])
            #expect(stack.topViewController === first.parent)
        }

        @Test("setting the stack with a wrapped screen keeps its wrapper; a navigation controller is refused")
        func setStackWithContentScreens() async throws {
            let list = ListScreen("list")
            let stack = WrappingNavigationController(rootViewController: list)
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let listWrapper = try #require(stack.viewControllers.first)
            let product = ProductScreen("3")

            try await stack.setStack([list, product], animated: false)

            #expect(stack.viewControllers.first === listWrapper)
            #expect(stack.contentViewControllers == [list, product])
            let error = await #expect(throws: UIKitRoutingError.self) {
                try await stack.setStack([list, UINavigationController()], animated: false)
            }
            #expect(error?.code == .invalidStack)
            #expect(stack.contentViewControllers == [list, product])
        }
    }
#endif
