#if canImport(UIKit)
    import Composer
    import UIKit

    /// Makes a screen the root of the window with a ``RootTransition`` (a cross-dissolve, a flip),
    /// returning when the animation has ended. Follows `GeneralStep.window()`:
    ///
    /// ```swift
    /// StepAssembly(finder: NilFinder<HomeViewController, Void>(), factory: ClassFactory())
    ///     .using(UIWindow.replaceRoot(transition: .crossDissolve()))
    ///     .from(GeneralStep.window())
    ///     .assemble()
    /// ```
    ///
    /// Like Composer's `ReplaceRootAction`, it asks every screen of the current tree that adopts
    /// `DismissalVetoing` before any guard runs (``screensRemoved(on:)``), and the navigation stops
    /// when one refuses.
    public struct WindowRootAction: Action {
        /// The transition used when the navigation is animated.
        public let transition: RootTransition

        /// An action replacing the root with `transition` (none when the navigation is not animated).
        public init(transition: RootTransition = .crossDissolve()) {
            self.transition = transition
        }

        /// Replaces the root of `presenter`'s window with `screen`.
        ///
        /// - Throws: ``UIKitRoutingError`` when the window is not a `UIWindow` or `screen` is not a
        ///   view controller; `DismissalRefusedError` when a screen of the current tree refuses to leave,
        ///   which the router reports as `dismissalRefused`.
        public func perform(_ screen: any Screen, on presenter: WindowAnchor, animated: Bool) async throws {
            guard let window = presenter.window as? UIWindow else {
                throw UIKitRoutingError(
                    .notAWindow,
                    "replacing the root with \(describe(screen)): the router's window is a \(type(of: presenter.window)), not a UIWindow"
                )
            }
            let controller = try requireViewController(screen, for: "replacing the root of a window")
            if let root = window.rootViewController {
                try ScreenTree.checkDismissal(of: [root])
            }
            try await window.setRootViewController(controller, transition: animated ? transition : .none)
        }

        /// The window's root screen, which the new one replaces: asked before any guard runs, as
        /// `ReplaceRootAction` asks it.
        public func screensRemoved(on presenter: WindowAnchor) -> [any Screen] {
            ReplaceRootAction().screensRemoved(on: presenter)
        }
    }

    extension UIWindow {
        /// An action making the screen the window's root with `transition`; use it after
        /// `GeneralStep.window()`.
        public static func replaceRoot(transition: RootTransition = .crossDissolve()) -> WindowRootAction {
            WindowRootAction(transition: transition)
        }
    }
#endif
