#if canImport(UIKit)
    import Composer
    import UIKit

    /// Which screen a ``ModalPresentationAction`` presents from.
    public struct PresentationSource {
        let resolve: @MainActor (any Screen) throws -> any Screen

        /// The screen of the previous step (UIKit then presents from its presentation context).
        public static var presenter: PresentationSource { PresentationSource { $0 } }

        /// The outermost container of the previous step's screen: its tab bar controller rather than
        /// the screen inside one of its tabs.
        public static var topmostParent: PresentationSource {
            PresentationSource { ScreenTree.levelRoot(of: $0) ?? $0 }
        }

        /// A screen you give, whatever the previous step. It is held weakly; a screen that no longer
        /// exists is an error.
        public static func screen(_ controller: UIViewController) -> PresentationSource {
            PresentationSource { [weak controller] presenter in
                guard let controller else {
                    throw UIKitRoutingError(
                        .screenGone,
                        "the screen given to present from no longer exists (the previous step's screen was \(describe(presenter)))"
                    )
                }
                return controller
            }
        }
    }
#endif
