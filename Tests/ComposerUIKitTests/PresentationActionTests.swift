#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import Testing
    import UIKit

    @MainActor
    @Suite("Modal presentation with UIKit's options", .serialized)
    struct PresentationActionTests {
        @Test("styles, size and modality are applied before presenting")
        func stylesAreApplied() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let modal = ModalScreen("modal")
            let action = UIViewController.presentModally(
                style: .formSheet, transitionStyle: .crossDissolve,
                preferredContentSize: CGSize(width: 320, height: 480),
                isModalInPresentation: true)

            try await action.perform(modal, on: root, animated: false)

            #expect(modal.presentingViewController === root)
            #expect(modal.modalPresentationStyle == .formSheet)
            #expect(modal.modalTransitionStyle == .crossDissolve)
            #expect(modal.preferredContentSize == CGSize(width: 320, height: 480))
            #expect(modal.isModalInPresentation)
        }

        @Test("a sheet configuration sets the detents and the grabber")
        func sheetDetents() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let modal = ModalScreen("sheet")
            let action = UIViewController.presentModally(
                sheet: SheetConfiguration(detents: [.medium, .large], prefersGrabberVisible: true))

            try await action.perform(modal, on: root, animated: false)

            let sheet = try #require(modal.sheetPresentationController)
            #expect(modal.modalPresentationStyle == .pageSheet)
            #expect(sheet.detents.count == 2)
            #expect(sheet.prefersGrabberVisible)
        }

        @Test("a sheet configuration with a full-screen style is refused before anything is presented")
        func sheetWithFullScreenIsRefused() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let action = UIViewController.presentModally(style: .fullScreen, sheet: SheetConfiguration())
            let error = await #expect(throws: UIKitRoutingError.self) {
                try await action.perform(ModalScreen("modal"), on: root, animated: false)
            }
            #expect(error?.code == .invalidConfiguration)
            #expect(root.presentedViewController == nil)
        }

        @Test("a popover points at the presenting screen's view")
        func popoverAnchor() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let modal = ModalScreen("popover")
            let action = UIViewController.presentModally(popover: PopoverConfiguration(anchor: .presenterView()))

            try await action.perform(modal, on: root, animated: false)

            #expect(modal.modalPresentationStyle == .popover)
            #expect(modal.popoverPresentationController?.sourceView === root.view)
        }

        @Test("the presenter refuses clearly when it already presents something")
        func alreadyPresenting() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            try await UIViewController.presentModally().perform(ModalScreen("first"), on: root, animated: false)
            let error = await #expect(throws: UIKitRoutingError.self) {
                try await UIViewController.presentModally().perform(ModalScreen("second"), on: root, animated: false)
            }
            #expect(error?.code == .alreadyPresenting)
        }

        @Test("presenting from a given screen, whatever the previous step")
        func fromGivenScreen() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let first = ModalScreen("first")
            try await root.presentScreen(first as any Screen, animated: false)
            let second = ModalScreen("second")

            try await UIViewController.presentModally(from: .screen(first)).perform(second, on: root, animated: false)

            #expect(second.presentingViewController === first)
        }

        @Test("presenting from the topmost parent of a screen inside containers")
        func fromTopmostParent() async throws {
            let list = ListScreen("list")
            let stack = UINavigationController(rootViewController: list)
            let tabs = UITabBarController()
            tabs.viewControllers = [stack]
            let window = makeKeyWindow(root: tabs)
            defer { window.close() }
            let modal = ModalScreen("modal")

            try await UIViewController.presentModally(from: .topmostParent).perform(modal, on: list, animated: false)

            #expect(modal.presentingViewController === tabs)
        }

        @Test("custom animations are kept alive with the presented screen")
        func customAnimation() async throws {
            let root = ListScreen("root")
            let window = makeKeyWindow(root: root)
            defer { window.close() }
            let modal = ModalScreen("modal")
            let action = UIViewController.presentModally(style: .fullScreen)
                .animated(presenting: { SlideTransitionAnimator(from: .bottom, duration: 0.05) })

            try await action.perform(modal, on: root, animated: true)

            #expect(modal.transitioningDelegate is TransitionAnimationDelegate)
            #expect(root.presentedViewController === modal)
        }
    }
#endif
