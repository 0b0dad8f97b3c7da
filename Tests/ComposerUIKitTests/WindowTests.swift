#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import Testing
    import UIKit

    @MainActor
    @Suite("UIWindow as the screen window", .serialized)
    struct WindowTests {
        @Test("replacing the root with a cross-dissolve returns when the animation has ended")
        func replaceRootAnimated() async throws {
            let window = makeKeyWindow(root: ListScreen("old"))
            defer { window.close() }
            let new = ListScreen("new")

            try await window.setRootScreen(new, animated: true)

            #expect(window.rootScreen === new)
            #expect(render(window) == "ListScreen new")
        }

        @Test("replacing the root first dismisses what the old root presents")
        func replaceRootDismissesModals() async throws {
            let old = ListScreen("old")
            let window = makeKeyWindow(root: old)
            defer { window.close() }
            try await old.presentScreen(ModalScreen("modal") as any Screen, animated: false)

            try await window.setRootViewController(ListScreen("new"), transition: .flipFromLeft(duration: 0.05))

            #expect(old.presentedViewController == nil)
            #expect(render(window) == "ListScreen new")
        }

        @Test("a screen of another container cannot become the root")
        func rootMustBeDetached() async throws {
            let window = makeKeyWindow(root: ListScreen("root"))
            defer { window.close() }
            let child = ProductScreen("child")
            _ = UINavigationController(rootViewController: child)
            let error = await #expect(throws: UIKitRoutingError.self) {
                try await window.setRootScreen(child, animated: false)
            }
            #expect(error?.code == .alreadyInTree)
        }

        @Test("settling waits for a presentation UIKit is running")
        func settleWaitsForPresentation() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let modal = ModalScreen("modal")
            root.present(modal, animated: true, completion: nil)

            await window.waitUntilSettled()

            #expect(modal.isBeingPresented == false)
            #expect(root.transitionCoordinator == nil)
            #expect(root.presentedViewController === modal)
        }

        @Test("settling waits for a push UIKit is running")
        func settleWaitsForPush() async throws {
            let stack = UINavigationController(rootViewController: ListScreen("list"))
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let product = ProductScreen("1")
            stack.pushViewController(product, animated: true)

            await window.waitUntilSettled()

            #expect(stack.transitionCoordinator == nil)
            #expect(stack.topViewController === product)
        }

        @Test("settling returns at once when nothing runs")
        func settleWhenIdle() async {
            let window = makeKeyWindow(root: ListScreen("root"))
            defer { window.close() }
            await window.waitUntilSettled()
            #expect(window.rootViewController != nil)
        }

        @Test("a scene-aware provider answers the window of the view it was made from")
        func sceneWindowProvider() {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }

            let fromView = SceneWindowProvider(responder: root.view)
            let fromController = SceneWindowProvider(responder: root)

            #expect(fromView.window === window)
            #expect(fromController.window === window)
            if let scene = window.windowScene {
                #expect(SceneWindowProvider(scene: scene).window != nil)
            }
        }
    }
#endif
