#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import Testing
    import UIKit

    @MainActor
    @Suite("UIViewController as a Composer screen", .serialized)
    struct ScreenConformanceTests {
        @Test("containment is read from the containers, in their order")
        func containment() throws {
            let list = ListScreen("list")
            let product = ProductScreen("42")
            let stack = UINavigationController()
            stack.viewControllers = [list, product]
            let settings = TitledScreen("settings")
            let tabs = UITabBarController()
            tabs.viewControllers = [stack, settings]
            let window = makeKeyWindow(root: tabs)
            defer { window.close() }

            #expect(
                render(window) == """
                    UITabBarController
                      UINavigationController
                        ListScreen list
                        ProductScreen 42
                      TitledScreen settings
                    """)
            #expect(product.parentScreen === stack)
            #expect(stack.parentScreen === tabs)
            #expect(
                tabs.childScreens.map { ObjectIdentifier($0) } == [ObjectIdentifier(stack), ObjectIdentifier(settings)])
            #expect(ScreenTree(window: window).current === product)
        }

        @Test("a presentation returns once finished; children report what their container presents")
        func presentFromChild() async throws {
            let list = ListScreen("list")
            let stack = UINavigationController(rootViewController: list)
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let modal = ModalScreen("modal")

            try await list.presentScreen(modal as any Screen, animated: true)

            #expect(
                render(window) == """
                    UINavigationController
                      ListScreen list
                    presents:
                      ModalScreen modal
                    """)
            #expect(modal.isBeingPresented == false)
            #expect(list.presentedScreen === modal)
            #expect(modal.presentingScreen === stack)
            #expect(ScreenTree(window: window).current === modal)
        }

        @Test("a screen that already presents refuses to present another, and nothing changes")
        func presentingTwiceIsRefused() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let first = ModalScreen("first")
            try await root.presentScreen(first as any Screen, animated: false)
            let before = render(window)

            let error = await #expect(throws: UIKitRoutingError.self) {
                try await root.presentScreen(ModalScreen("second") as any Screen, animated: false)
            }

            #expect(error?.code == .alreadyPresenting)
            #expect(error?.message.contains("ModalScreen \"first\"") == true)
            #expect(render(window) == before)
        }

        @Test("a screen that is not in a window refuses to present")
        func presentingOffScreenIsRefused() async throws {
            let detached = ListScreen("detached")
            let error = await #expect(throws: UIKitRoutingError.self) {
                try await detached.presentScreen(ModalScreen("modal") as any Screen, animated: false)
            }
            #expect(error?.code == .notInWindow)
        }

        @Test("only view controllers can be presented")
        func presentingAForeignScreenIsRefused() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let error = await #expect(throws: UIKitRoutingError.self) {
                try await root.presentScreen(ForeignScreen(), animated: false)
            }
            #expect(error?.code == .notAViewController)
            #expect(root.presentedViewController == nil)
        }

        @Test("dismissing what a screen presents removes the whole chain above it")
        func dismissChain() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let first = ModalScreen("first")
            let second = ModalScreen("second")
            try await root.presentScreen(first as any Screen, animated: false)
            try await first.presentScreen(second as any Screen, animated: false)
            #expect(
                render(window) == """
                    ListScreen root
                    presents:
                      ModalScreen first
                      presents:
                        ModalScreen second
                    """)

            try await root.dismissPresentedScreen(animated: true)

            #expect(render(window) == "ListScreen root")
            #expect(second.presentingViewController == nil)
        }

        @Test("dismissing when nothing is presented does nothing")
        func dismissNothing() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            try await root.dismissPresentedScreen(animated: true)
            #expect(window.rootViewController === root)
        }
    }
#endif
