#if canImport(UIKit) && !os(tvOS)
    import UIKit

    /// What a popover points at and how: used by ``ModalPresentationAction``.
    public struct PopoverConfiguration {
        /// What the popover points at.
        public var anchor: PopoverAnchor
        /// The directions the arrow may point.
        public var permittedArrowDirections: UIPopoverArrowDirection
        /// The popover's delegate (to adapt it on compact width, say). Held weakly, as UIKit holds it:
        /// keep your own reference.
        public weak var delegate: (any UIPopoverPresentationControllerDelegate)?

        /// A popover pointing at `anchor`.
        public init(
            anchor: PopoverAnchor, permittedArrowDirections: UIPopoverArrowDirection = .any,
            delegate: (any UIPopoverPresentationControllerDelegate)? = nil
        ) {
            self.anchor = anchor
            self.permittedArrowDirections = permittedArrowDirections
            self.delegate = delegate
        }
    }

    /// What a popover points at. Views and bar button items are held weakly, so a route stored for the
    /// app's lifetime does not keep them alive; one that no longer exists is an error at presentation.
    public struct PopoverAnchor {
        enum Resolved {
            case view(UIView, CGRect)
            case barButtonItem(UIBarButtonItem)
        }

        let resolve: @MainActor (_ presenter: UIViewController) -> Resolved?

        /// A view, pointing at `rect` in its coordinates (its bounds when `nil`).
        public static func view(_ view: UIView, rect: CGRect? = nil) -> PopoverAnchor {
            PopoverAnchor { [weak view] _ in view.map { .view($0, rect ?? $0.bounds) } }
        }

        /// A bar button item.
        public static func barButtonItem(_ item: UIBarButtonItem) -> PopoverAnchor {
            PopoverAnchor { [weak item] _ in item.map { .barButtonItem($0) } }
        }

        /// The view of the screen that presents, pointing at `rect` (its bounds when `nil`).
        public static func presenterView(rect: CGRect? = nil) -> PopoverAnchor {
            PopoverAnchor { presenter in presenter.viewIfLoaded.map { .view($0, rect ?? $0.bounds) } }
        }

        /// A view found at presentation time from the screen that presents.
        public static func custom(_ view: @escaping @MainActor (_ presenter: UIViewController) -> UIView?)
            -> PopoverAnchor
        {
            PopoverAnchor { presenter in view(presenter).map { .view($0, $0.bounds) } }
        }
    }
#endif
