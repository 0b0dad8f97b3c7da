#if canImport(UIKit)
    import UIKit

    /// How a window's root screen is replaced: at once, or with one of UIKit's view transitions.
    ///
    /// ```swift
    /// .using(UIWindow.replaceRoot(transition: .flipFromRight()))
    /// ```
    public struct RootTransition: Sendable {
        /// The `UIView.transition` options; should include one `.transition…` option.
        public var options: UIView.AnimationOptions
        /// The duration in seconds.
        public var duration: TimeInterval

        /// A transition with `options` lasting `duration` seconds.
        public init(options: UIView.AnimationOptions, duration: TimeInterval) {
            self.options = options
            self.duration = duration
        }

        /// No animation: the root is replaced at once.
        public static let none = RootTransition(options: [], duration: 0)

        /// The old root fades into the new one.
        public static func crossDissolve(duration: TimeInterval = 0.3) -> RootTransition {
            RootTransition(options: [.transitionCrossDissolve, .allowAnimatedContent], duration: duration)
        }

        /// The window flips around its vertical axis, left edge first.
        public static func flipFromLeft(duration: TimeInterval = 0.5) -> RootTransition {
            RootTransition(options: [.transitionFlipFromLeft], duration: duration)
        }

        /// The window flips around its vertical axis, right edge first.
        public static func flipFromRight(duration: TimeInterval = 0.5) -> RootTransition {
            RootTransition(options: [.transitionFlipFromRight], duration: duration)
        }

        /// Whether the replacement is animated.
        public var isAnimated: Bool { duration > 0 }
    }
#endif
