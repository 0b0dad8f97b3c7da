#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import Testing
    import UIKit

    private final class HiddenBarScreen: TitledScreen, NavigationBarConfiguring {
        let appearance = UINavigationBarAppearance()
        var navigationBarConfiguration: NavigationBarConfiguration {
            NavigationBarConfiguration(isHidden: true, standardAppearance: appearance)
        }
    }

    private final class RecordingDelegate: NSObject, UINavigationControllerDelegate {
        var shown: [UIViewController] = []

        func navigationController(
            _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
        ) {
            shown.append(viewController)
        }
    }

    @MainActor
    @Suite("Per-screen navigation bars and custom push animations", .serialized)
    struct NavigationBarAndPushAnimationTests {
        @Test("each pushed screen owns its bar, and popping back restores the previous one")
        func screenOwnsItsBar() async throws {
            let list = ListScreen("list")
            let stack = ScreenBarNavigationController(rootViewController: list)
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            #expect(stack.isNavigationBarHidden == false)
            let profile = HiddenBarScreen("profile")

            try await stack.push(profile, animated: true)
            #expect(stack.isNavigationBarHidden)
            #expect(profile.navigationItem.standardAppearance === profile.appearance)

            try await stack.setStack([list], animated: true)
            #expect(stack.isNavigationBarHidden == false)
        }

        @Test("the app's own delegate still gets the callbacks")
        func delegateIsForwarded() async throws {
            let stack = ScreenBarNavigationController(rootViewController: ListScreen("list"))
            let recording = RecordingDelegate()
            stack.navigationDelegate = recording
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let product = ProductScreen("1")

            try await stack.push(product, animated: false)

            #expect(recording.shown.last === product)
        }

        @Test("a push with its own animation ends with the screen on top, the original delegate behind the pop relay")
        func animatedPush() async throws {
            let stack = UINavigationController(rootViewController: ListScreen("list"))
            let recording = RecordingDelegate()
            stack.delegate = recording
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let product = ProductScreen("modal-style")
            let action = UINavigationController.push(animatedBy: {
                SlideTransitionAnimator(from: .bottom, duration: 0.05)
            })

            try await action.perform(product, on: stack, animated: true)

            #expect(stack.topViewController === product)
            #expect((stack.delegate as? NavigationDelegateForwarder)?.forwardingDelegate === recording)
            #expect(recording.shown.last === product)

            // The pop of that screen runs the same slide in reverse, whoever pops it.
            let root = stack.viewControllers[0]
            let pop = stack.delegate?.navigationController?(
                stack, animationControllerFor: .pop, from: product, to: root)
            #expect((pop as? SlideTransitionAnimator)?.isAppearing == false)
            #expect((pop as? SlideTransitionAnimator)?.edge == .bottom)
            let otherPop = stack.delegate?.navigationController?(
                stack, animationControllerFor: .pop, from: root, to: product)
            #expect(otherPop == nil, "a screen pushed without a transition pops with UIKit's slide")
            try await stack.setStack([root], animated: true)
            #expect(stack.viewControllers.count == 1)
        }

        @Test("in a wrapping navigation controller, the wrapper of a screen pushed with a transition pops it reversed")
        func animatedPushInWrappingStack() async throws {
            let stack = WrappingNavigationController(rootViewController: ListScreen("list"))
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let product = ProductScreen("reviews")
            let action = UINavigationController.push(animatedBy: {
                SlideTransitionAnimator(from: .bottom, duration: 0.05)
            })

            try await action.perform(product, on: stack, animated: true)

            // UIKit pops the wrapper, not the screen: the wrapper answers for what it holds.
            let wrapper = try #require(stack.topViewController as? ScreenWrapperController)
            #expect(wrapper.content === product)
            let pop = stack.delegate?.navigationController?(
                stack, animationControllerFor: .pop, from: wrapper, to: stack.viewControllers[0])
            #expect((pop as? SlideTransitionAnimator)?.edge == .bottom)
            #expect((pop as? SlideTransitionAnimator)?.isAppearing == false)
        }

        @Test("a tab bar given a transition animates every tab switch and keeps its delegate, also given a second one")
        func animatedTabSwitches() throws {
            let tabs = UITabBarController()
            tabs.viewControllers = [ListScreen("home"), ListScreen("account")]
            let recording = RecordingTabsDelegate()
            tabs.delegate = recording

            tabs.animateTabSwitches { SlideTransitionAnimator(from: .trailing, duration: 0.05) }
            let first = try #require(tabs.viewControllers?[0])
            let second = try #require(tabs.viewControllers?[1])
            let animator = tabs.delegate?.tabBarController?(
                tabs, animationControllerForTransitionFrom: first, to: second)
            tabs.delegate?.tabBarController?(tabs, didSelect: second)

            #expect((animator as? SlideTransitionAnimator)?.edge == .trailing)
            #expect(recording.selected == ["account"])

            // A second transition replaces the first; the app's delegate still hears the taps.
            tabs.animateTabSwitches { SlideTransitionAnimator(from: .leading, duration: 0.05) }
            let replaced = tabs.delegate?.tabBarController?(
                tabs, animationControllerForTransitionFrom: second, to: first)
            tabs.delegate?.tabBarController?(tabs, didSelect: first)
            #expect((replaced as? SlideTransitionAnimator)?.edge == .leading)
            #expect(recording.selected == ["account", "home"])
        }

        @Test("merging an animated push into a new stack appends the screen")
        func animatedPushMerge() throws {
            let action = UINavigationController.push(animatedBy: { SlideTransitionAnimator() })
            var children = ContainerChildren([ListScreen("list")])
            try action.merge(ProductScreen("1"), into: &children)
            #expect(children.screens.count == 2)
            #expect(throws: UIKitRoutingError.self) { try action.merge(UINavigationController(), into: &children) }
        }
    }
    /// A tab bar delegate of the app's, recording the tabs selected.
    private final class RecordingTabsDelegate: NSObject, UITabBarControllerDelegate {
        var selected: [String] = []

        func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
            selected.append(viewController.title ?? "?")
        }
    }
#endif
