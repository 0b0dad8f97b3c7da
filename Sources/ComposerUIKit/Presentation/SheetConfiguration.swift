#if canImport(UIKit) && !os(tvOS)
    import UIKit

    /// How a page or form sheet looks (iOS 15 and later): its detents, grabber and corner radius.
    ///
    /// Applied to `sheetPresentationController` by ``ModalPresentationAction``.
    public struct SheetConfiguration {
        /// A height a sheet can rest at.
        public enum Detent: Hashable, Sendable {
            /// About half the screen.
            case medium
            /// The full height.
            case large
            /// A fixed height in points (iOS 16+; on iOS 15, `.medium` up to half the screen's
            /// height, `.large` above it).
            case height(CGFloat)
            /// A fraction of the largest height (iOS 16+; `.medium` up to 0.5 and `.large` above on iOS 15).
            case fraction(CGFloat)
        }

        /// The heights the sheet can rest at, smallest first; UIKit's default (`[.large]`) when empty.
        public var detents: [Detent]
        /// The detent the sheet opens at; the smallest when `nil`.
        public var selectedDetent: Detent?
        /// The largest detent at which the screen behind stays undimmed and interactive; always dimmed when `nil`.
        public var largestUndimmedDetent: Detent?
        /// Whether the grabber is shown.
        public var prefersGrabberVisible: Bool
        /// The corner radius; UIKit's default when `nil`.
        public var preferredCornerRadius: CGFloat?
        /// Whether scrolling to the edge of a scroll view expands the sheet.
        public var prefersScrollingExpandsWhenScrolledToEdge: Bool
        /// Whether the sheet attaches to the bottom edge in compact height.
        public var prefersEdgeAttachedInCompactHeight: Bool

        /// A sheet configuration.
        public init(
            detents: [Detent] = [.medium, .large], selectedDetent: Detent? = nil, largestUndimmedDetent: Detent? = nil,
            prefersGrabberVisible: Bool = false, preferredCornerRadius: CGFloat? = nil,
            prefersScrollingExpandsWhenScrolledToEdge: Bool = true, prefersEdgeAttachedInCompactHeight: Bool = false
        ) {
            self.detents = detents
            self.selectedDetent = selectedDetent
            self.largestUndimmedDetent = largestUndimmedDetent
            self.prefersGrabberVisible = prefersGrabberVisible
            self.preferredCornerRadius = preferredCornerRadius
            self.prefersScrollingExpandsWhenScrolledToEdge = prefersScrollingExpandsWhenScrolledToEdge
            self.prefersEdgeAttachedInCompactHeight = prefersEdgeAttachedInCompactHeight
        }

        /// Applies the configuration to `sheet`.
        @MainActor
        public func apply(to sheet: UISheetPresentationController) {
            if !detents.isEmpty { sheet.detents = detents.map(\.uikitDetent) }
            sheet.selectedDetentIdentifier = selectedDetent?.uikitIdentifier
            sheet.largestUndimmedDetentIdentifier = largestUndimmedDetent?.uikitIdentifier
            sheet.prefersGrabberVisible = prefersGrabberVisible
            if let preferredCornerRadius { sheet.preferredCornerRadius = preferredCornerRadius }
            sheet.prefersScrollingExpandsWhenScrolledToEdge = prefersScrollingExpandsWhenScrolledToEdge
            sheet.prefersEdgeAttachedInCompactHeight = prefersEdgeAttachedInCompactHeight
        }
    }

    extension SheetConfiguration.Detent {
        @MainActor
        var uikitDetent: UISheetPresentationController.Detent {
            switch self {
            case .medium: return .medium()
            case .large: return .large()
            case .height(let points):
                if #available(iOS 16.0, *) {
                    return .custom(identifier: uikitIdentifier) { _ in points }
                }
                return points <= UIScreen.main.bounds.height / 2 ? .medium() : .large()
            case .fraction(let fraction):
                if #available(iOS 16.0, *) {
                    return .custom(identifier: uikitIdentifier) { context in context.maximumDetentValue * fraction }
                }
                return fraction <= 0.5 ? .medium() : .large()
            }
        }

        @MainActor
        var uikitIdentifier: UISheetPresentationController.Detent.Identifier {
            switch self {
            case .medium: return .medium
            case .large: return .large
            case .height(let points):
                if #available(iOS 16.0, *) { return .init("composer.height.\(points)") }
                return points <= UIScreen.main.bounds.height / 2 ? .medium : .large
            case .fraction(let fraction):
                if #available(iOS 16.0, *) { return .init("composer.fraction.\(fraction)") }
                return fraction <= 0.5 ? .medium : .large
            }
        }
    }
#endif
