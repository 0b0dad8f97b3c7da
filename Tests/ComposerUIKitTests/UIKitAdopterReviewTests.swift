#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import Testing
    import UIKit

    /// A popover delegate of the app's: keeps the popover a popover on compact width.
    private final class KeepPopoverDelegate: NSObject, UIPopoverPresentationControllerDelegate {
        func adaptivePresentationStyle(
            for controller: UIPresentationController, traitCollection: UITraitCollection
        ) -> UIModalPresentationStyle {
            .none
        }
    }

    /// Claims of BuildingAUIKitApp.md and UIKitBehaviour.md about the adapter, checked on UIKit.
    /// Written during a review on Linux: type-checked against the iOS SDK (`scripts/ios-typecheck`),
    /// never run there.
    @MainActor
    @Suite("A UIKit adopter's review: the adapter's claims", .serialized)
    struct UIKitAdopterReviewTests {
        /// BuildingAUIKitApp.md: "Every UIKit call Composer makes returns when UIKit reports the end
        /// of the transition", and a tab bar with `animateTabSwitches` "takes a transition for every
        /// tab switch, tapped or routed". `selectTab(at:)` returned as soon as it set
        /// `selectedIndex`, even when the switch was animated; it now waits for the transition.
        @Test("a routed tab switch with an animator returns once the switch has finished")
        func animatedTabSwitchIsAwaited() async throws {
            let tabs = UITabBarController()
            tabs.setViewControllers([ListScreen("home"), ListScreen("account")], animated: false)
            tabs.animateTabSwitches { SlideTransitionAnimator(from: .trailing, duration: 0.4) }
            let window = makeKeyWindow(root: tabs)
            defer { window.close() }

            try await tabs.selectTab(at: 1)

            #expect(tabs.transitionCoordinator == nil)
            #expect(window.isSettled)
        }

        /// BuildingAUIKitApp.md:243-244: "give `PopoverConfiguration` a `delegate` to choose" the
        /// adaptation. After the navigation, `reportUserNavigation(with:)` puts a relay in front of
        /// the presentation controller's delegate; the app's popover delegate must still answer.
        @Test("the user navigation reporter keeps the app's popover delegate answering")
        func popoverDelegateSurvivesTheReporter() async throws {
            let home = ListScreen("home")
            let window = makeKeyWindow(root: home)
            defer { window.close() }
            let router = DefaultRouter(window: window)
            let reporter = UserNavigationReporter()
            router.reportUserNavigation(with: reporter)
            let delegate = KeepPopoverDelegate()
            let filters = StepAssembly(
                finder: ClassFinder<ModalScreen, Void>(), factory: ClosureFactory { _ in ModalScreen("filters") }
            )
            .using(
                UIViewController.presentModally(
                    popover: PopoverConfiguration(anchor: .presenterView(), delegate: delegate))
            )
            .from(GeneralStep.current())
            .assemble()

            let shown = try await router.navigate(to: filters, animated: false)

            let presentation = try #require(shown.popoverPresentationController)
            let answer = presentation.delegate?.adaptivePresentationStyle?(
                for: presentation, traitCollection: UITraitCollection(horizontalSizeClass: .compact))
            #expect(answer == UIModalPresentationStyle.none)
            withExtendedLifetime(delegate) {}
        }

        /// UIKitBehaviour.md: on compact width a popover "behaves as `.formSheet` ... a sheet over
        /// the presenter". `hidesWindowWhenPresented` reads `adaptivePresentationStyle(for:)`, which
        /// UIPresentationController.h says a popover answers with `.fullScreen` when no delegate
        /// implements the adaptation, while UIPopoverPresentationController.h says it adapts to a
        /// sheet: which one UIKit does is for a device to tell.
        @Test("a popover on compact width does not hide the window")
        func popoverOnCompactWidthHidesNothing() async throws {
            let home = ListScreen("home")
            let window = makeKeyWindow(root: home)
            defer { window.close() }
            let router = DefaultRouter(window: window)
            let filters = StepAssembly(
                finder: ClassFinder<ModalScreen, Void>(), factory: ClosureFactory { _ in ModalScreen("filters") }
            )
            .using(UIViewController.presentModally(popover: PopoverConfiguration(anchor: .presenterView())))
            .from(GeneralStep.current())
            .assemble()

            let shown = try await router.navigate(to: filters, animated: false)

            #expect(shown.hidesWindowWhenPresented == false)
        }
    }
#endif
