#if canImport(UIKit)
    import Composer
    import UIKit

    /// Presents a screen modally with UIKit's options: presentation and transition style, a
    /// transitioning delegate or custom animations, preferred content size, `isModalInPresentation`,
    /// a sheet configuration (detents) and a popover anchor; from the previous step's screen, its
    /// outermost container, or a screen you give.
    ///
    /// ```swift
    /// .using(UIViewController.presentModally(
    ///     style: .pageSheet, sheet: SheetConfiguration(detents: [.medium, .large], prefersGrabberVisible: true)))
    /// .from(GeneralStep.current())
    /// ```
    ///
    /// A screen that already presents something refuses with ``UIKitRoutingError/Code/alreadyPresenting``;
    /// dismiss first (Composer's `GeneralAction.dismissAndPresent()`) to swap modals.
    public struct ModalPresentationAction: Action {
        /// Where the presentation starts.
        public var source: PresentationSource
        /// `modalPresentationStyle`; the screen's own when `nil` (`.pageSheet` when a sheet is configured,
        /// `.popover` when a popover is).
        public var presentationStyle: UIModalPresentationStyle?
        /// `modalTransitionStyle`; the screen's own when `nil`.
        public var transitionStyle: UIModalTransitionStyle?
        /// Creates the transitioning delegate for each presentation; kept alive with the presented screen.
        public var transitioningDelegate: (@MainActor () -> any UIViewControllerTransitioningDelegate)?
        /// `preferredContentSize` (form sheets, popovers); unchanged when `nil`.
        public var preferredContentSize: CGSize?
        /// `isModalInPresentation`: `true` stops interactive dismissal; unchanged when `nil`.
        public var isModalInPresentation: Bool?
        #if !os(tvOS)
            /// The sheet's detents and looks, for page and form sheets.
            public var sheet: SheetConfiguration?
            /// What a popover points at.
            public var popover: PopoverConfiguration?
        #endif

        #if !os(tvOS)
            /// An action presenting with the given options; `nil` leaves the screen's own setting.
            public init(
                from source: PresentationSource = .presenter, style presentationStyle: UIModalPresentationStyle? = nil,
                transitionStyle: UIModalTransitionStyle? = nil,
                transitioningDelegate: (@MainActor () -> any UIViewControllerTransitioningDelegate)? = nil,
                preferredContentSize: CGSize? = nil, isModalInPresentation: Bool? = nil,
                sheet: SheetConfiguration? = nil, popover: PopoverConfiguration? = nil
            ) {
                self.source = source
                self.presentationStyle = presentationStyle
                self.transitionStyle = transitionStyle
                self.transitioningDelegate = transitioningDelegate
                self.preferredContentSize = preferredContentSize
                self.isModalInPresentation = isModalInPresentation
                self.sheet = sheet
                self.popover = popover
            }
        #else
            /// An action presenting with the given options; `nil` leaves the screen's own setting.
            public init(
                from source: PresentationSource = .presenter, style presentationStyle: UIModalPresentationStyle? = nil,
                transitionStyle: UIModalTransitionStyle? = nil,
                transitioningDelegate: (@MainActor () -> any UIViewControllerTransitioningDelegate)? = nil,
                preferredContentSize: CGSize? = nil, isModalInPresentation: Bool? = nil
            ) {
                self.source = source
                self.presentationStyle = presentationStyle
                self.transitionStyle = transitionStyle
                self.transitioningDelegate = transitioningDelegate
                self.preferredContentSize = preferredContentSize
                self.isModalInPresentation = isModalInPresentation
            }
        #endif

        /// The same action with presentation and dismissal animations of your own (a
        /// ``TransitionAnimationDelegate``); `dismissing` returning `nil` keeps UIKit's dismissal.
        public func animated(
            presenting: @escaping @MainActor () -> any UIViewControllerAnimatedTransitioning,
            dismissing: @escaping @MainActor () -> (any UIViewControllerAnimatedTransitioning)? = { nil }
        ) -> ModalPresentationAction {
            var copy = self
            copy.transitioningDelegate = { TransitionAnimationDelegate(presenting: presenting, dismissing: dismissing) }
            return copy
        }

        /// Configures `screen` and presents it from ``source``, returning when the presentation has finished.
        ///
        /// - Throws: ``/Composer/NotModalPresentingError`` when the source is not `ModalPresenting`;
        ///   ``UIKitRoutingError`` when `screen` is not a view controller, the source cannot present
        ///   (already presents, not in a window), a sheet is configured for a style that is not a
        ///   sheet, or a popover's anchor no longer exists.
        public func perform(_ screen: any Screen, on presenter: any Screen, animated: Bool) async throws {
            let controller = try requireViewController(screen, for: "presenting modally")
            let origin = try source.resolve(presenter)
            let host = try ScreenTree.modalPresenter(origin, toDo: "present \(describe(controller))")
            // Refused before it is configured: a screen already in the tree (a sheet on screen)
            // keeps its style, detents and delegates when the presentation fails.
            try requireDetached(controller, for: "presenting \(describe(controller)) modally")
            try configure(controller, presentingFrom: origin as? UIViewController)
            try await host.presentScreen(controller, animated: animated)
        }

        private func configure(_ controller: UIViewController, presentingFrom origin: UIViewController?) throws {
            var style = presentationStyle
            #if !os(tvOS)
                if style == nil, sheet != nil { style = .pageSheet }
                if style == nil, popover != nil { style = .popover }
            #endif
            if let style { controller.modalPresentationStyle = style }
            if let transitionStyle { controller.modalTransitionStyle = transitionStyle }
            if let preferredContentSize { controller.preferredContentSize = preferredContentSize }
            if let isModalInPresentation { controller.isModalInPresentation = isModalInPresentation }
            if let transitioningDelegate {
                let delegate = transitioningDelegate()
                controller.transitioningDelegate = delegate
                retain(delegate, by: controller)
            }
            #if !os(tvOS)
                if let sheet {
                    guard let sheetController = controller.sheetPresentationController else {
                        throw UIKitRoutingError(
                            .invalidConfiguration,
                            "\(describe(controller)) has a sheet configuration but is presented as \(describeStyle(controller.modalPresentationStyle)); use .pageSheet or .formSheet"
                        )
                    }
                    sheet.apply(to: sheetController)
                }
                if let popover {
                    guard let popoverController = controller.popoverPresentationController else {
                        throw UIKitRoutingError(
                            .invalidConfiguration,
                            "\(describe(controller)) has a popover anchor but is presented as \(describeStyle(controller.modalPresentationStyle)); use .popover"
                        )
                    }
                    let presentingFrom = origin ?? controller
                    switch popover.anchor.resolve(presentingFrom) {
                    case .view(let view, let rect)?:
                        popoverController.sourceView = view
                        popoverController.sourceRect = rect
                    case .barButtonItem(let item)?:
                        popoverController.barButtonItem = item
                    case nil:
                        throw UIKitRoutingError(
                            .popoverAnchorMissing,
                            "the popover anchor of \(describe(controller)) no longer exists (its view or bar button item was released)"
                        )
                    }
                    popoverController.permittedArrowDirections = popover.permittedArrowDirections
                    if let delegate = popover.delegate { popoverController.delegate = delegate }
                }
            #endif
        }

        private func describeStyle(_ style: UIModalPresentationStyle) -> String {
            switch style {
            case .fullScreen: return ".fullScreen"
            case .pageSheet: return ".pageSheet"
            case .formSheet: return ".formSheet"
            case .currentContext: return ".currentContext"
            case .custom: return ".custom"
            case .overFullScreen: return ".overFullScreen"
            case .overCurrentContext: return ".overCurrentContext"
            case .none: return ".none"
            case .automatic: return ".automatic"
            #if !os(tvOS)
                case .popover: return ".popover"
            #endif
            default: return "style \(style.rawValue)"
            }
        }
    }

    extension UIViewController {
        #if !os(tvOS)
            /// An action presenting the screen modally with UIKit's options; see ``ModalPresentationAction``.
            public static func presentModally(
                from source: PresentationSource = .presenter, style: UIModalPresentationStyle? = nil,
                transitionStyle: UIModalTransitionStyle? = nil,
                transitioningDelegate: (@MainActor () -> any UIViewControllerTransitioningDelegate)? = nil,
                preferredContentSize: CGSize? = nil, isModalInPresentation: Bool? = nil,
                sheet: SheetConfiguration? = nil, popover: PopoverConfiguration? = nil
            ) -> ModalPresentationAction {
                ModalPresentationAction(
                    from: source, style: style, transitionStyle: transitionStyle,
                    transitioningDelegate: transitioningDelegate, preferredContentSize: preferredContentSize,
                    isModalInPresentation: isModalInPresentation, sheet: sheet, popover: popover)
            }
        #else
            /// An action presenting the screen modally with UIKit's options; see ``ModalPresentationAction``.
            public static func presentModally(
                from source: PresentationSource = .presenter, style: UIModalPresentationStyle? = nil,
                transitionStyle: UIModalTransitionStyle? = nil,
                transitioningDelegate: (@MainActor () -> any UIViewControllerTransitioningDelegate)? = nil,
                preferredContentSize: CGSize? = nil, isModalInPresentation: Bool? = nil
            ) -> ModalPresentationAction {
                ModalPresentationAction(
                    from: source, style: style, transitionStyle: transitionStyle,
                    transitioningDelegate: transitioningDelegate, preferredContentSize: preferredContentSize,
                    isModalInPresentation: isModalInPresentation)
            }
        #endif
    }

    @MainActor private var retainedTransitioningDelegateKey: UInt8 = 0

    /// Keeps `delegate` alive as long as `controller`: UIKit holds `transitioningDelegate` weakly.
    @MainActor
    private func retain(_ delegate: any UIViewControllerTransitioningDelegate, by controller: UIViewController) {
        objc_setAssociatedObject(
            controller, &retainedTransitioningDelegateKey, delegate, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
    }
#endif
