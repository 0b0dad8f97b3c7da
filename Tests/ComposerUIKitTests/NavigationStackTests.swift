#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import Testing
    import UIKit

    @MainActor
    @Suite("UINavigationController as a navigation stack", .serialized)
    struct NavigationStackTests {
        @Test("an animated push returns when the transition has finished")
        func animatedPush() async throws {
            let list = ListScreen("list")
            let stack = UINavigationController(rootViewController: list)
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let product = ProductScreen("42")

            try await stack.push(product, animated: true)

            #expect(
                render(window) == """
                    UINavigationController
                      ListScreen list
                      ProductScreen 42
                    """)
            #expect(stack.transitionCoordinator == nil)
            #expect(stack.topViewController === product)
        }

        @Test("setting a shorter stack pops back")
        func popBySettingTheStack() async throws {
            let list = ListScreen("list")
            let product = ProductScreen("42")
            let stack = UINavigationController()
            stack.viewControllers = [list, product]
            let window = makeKeyWindow(root: stack)
            defer { window.close() }

            try await stack.setStack([list], animated: true)

            #expect(render(window) == "UINavigationController\n  ListScreen list")
            #expect(product.parent == nil)
        }

        @Test("Composer's push action works on a UIKit navigation controller")
        func enginePushAction() async throws {
            let stack = UINavigationController(rootViewController: ListScreen("list"))
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let product = ProductScreen("7")

            try await UINavigationController.push().perform(product, on: stack, animated: false)

            #expect(stack.viewControllers.last === product)
        }

        @Test("pushing a navigation controller is refused instead of raising UIKit's exception")
        func pushingANavigationControllerIsRefused() async throws {
            let stack = UINavigationController(rootViewController: ListScreen("list"))
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let before = render(window)

            let error = await #expect(throws: UIKitRoutingError.self) {
                try await stack.push(UINavigationController(), animated: false)
            }

            #expect(error?.code == .invalidStack)
            #expect(render(window) == before)
        }

        @Test("a screen cannot appear twice in a stack")
        func duplicateIsRefused() async throws {
            let list = ListScreen("list")
            let stack = UINavigationController(rootViewController: list)
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let error = await #expect(throws: UIKitRoutingError.self) {
                try await stack.setStack([list, ProductScreen("1"), list], animated: false)
            }
            #expect(error?.code == .invalidStack)
            #expect(stack.viewControllers == [list])
        }

        @Test("a screen of another stack is refused")
        func screenOfAnotherStackIsRefused() async throws {
            let elsewhere = ProductScreen("elsewhere")
            let other = UINavigationController(rootViewController: elsewhere)
            let stack = UINavigationController(rootViewController: ListScreen("list"))
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let error = await #expect(throws: UIKitRoutingError.self) {
                try await stack.push(elsewhere, animated: false)
            }
            #expect(error?.code == .alreadyInTree)
            #expect(elsewhere.parent === other)
        }

        @Test("a screen that is not a view controller is refused by name")
        func foreignScreenIsRefused() async throws {
            let stack = UINavigationController(rootViewController: ListScreen("list"))
            let error = await #expect(throws: UIKitRoutingError.self) {
                try await stack.push(ForeignScreen(), animated: false)
            }
            #expect(error?.code == .notAViewController)
            #expect(error?.message.contains("ForeignScreen") == true)
        }
    }
#endif
