#if canImport(UIKit)
    import UIKit

    /// A screen that owns how the navigation bar looks while it is on top of a stack: hidden or not,
    /// its appearances and tint. Applied by ``NavigationBarCoordinator`` (and so by
    /// ``ScreenBarNavigationController``) as the screen is shown, alongside the push or pop animation.
    ///
    /// ```swift
    /// final class ProfileViewController: UIViewController, NavigationBarConfiguring {
    ///     var navigationBarConfiguration: NavigationBarConfiguration { .hidden }
    /// }
    /// ```
    @MainActor
    public protocol NavigationBarConfiguring: AnyObject {
        /// How the bar looks while this screen is on top.
        var navigationBarConfiguration: NavigationBarConfiguration { get }
    }

    /// How the navigation bar looks for one screen.
    ///
    /// Appearances go on the screen's `navigationItem`, which UIKit already switches per screen during
    /// transitions; `nil` leaves the item's own. Hiding and the tint are properties of the shared bar,
    /// so they are changed alongside the transition and restored if an interactive pop is cancelled.
    public struct NavigationBarConfiguration {
        /// Whether the bar is hidden.
        public var isHidden: Bool
        /// The bar's appearance at standard height.
        public var standardAppearance: UINavigationBarAppearance?
        /// The appearance at compact height (landscape iPhone); `nil` leaves the item's own, and
        /// UIKit then falls back to the bar's compact and standard appearances.
        public var compactAppearance: UINavigationBarAppearance?
        /// The appearance while content is scrolled to the bar's edge.
        public var scrollEdgeAppearance: UINavigationBarAppearance?
        /// The bar's tint (bar button items); the coordinator's default, or the inherited tint, when `nil`.
        public var tintColor: UIColor?

        /// A configuration; by default a visible bar that keeps the item's appearances.
        public init(
            isHidden: Bool = false, standardAppearance: UINavigationBarAppearance? = nil,
            compactAppearance: UINavigationBarAppearance? = nil, scrollEdgeAppearance: UINavigationBarAppearance? = nil,
            tintColor: UIColor? = nil
        ) {
            self.isHidden = isHidden
            self.standardAppearance = standardAppearance
            self.compactAppearance = compactAppearance
            self.scrollEdgeAppearance = scrollEdgeAppearance
            self.tintColor = tintColor
        }

        /// A visible bar with the item's own appearances.
        public static var visible: NavigationBarConfiguration { NavigationBarConfiguration() }

        /// A hidden bar.
        public static var hidden: NavigationBarConfiguration { NavigationBarConfiguration(isHidden: true) }
    }
#endif
