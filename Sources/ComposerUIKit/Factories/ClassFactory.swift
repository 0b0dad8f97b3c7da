#if canImport(UIKit)
    import Composer
    import UIKit

    /// Builds a view controller of class `ViewController` with `init(nibName:bundle:)`, then lets you
    /// configure it with the context.
    ///
    /// ```swift
    /// ClassFactory<ProductViewController, ProductID> { controller, id in controller.productID = id }
    /// ```
    ///
    /// A nib that is not in its bundle is a thrown error rather than UIKit's exception when the
    /// view loads.
    public struct ClassFactory<ViewController: UIViewController, Context>: Factory {
        /// The nib to load the view from; UIKit looks for one named after the class when `nil`.
        public let nibName: String?
        /// The bundle of the nib; the main bundle when `nil`.
        public let bundle: Bundle?
        private let configure: (@MainActor (ViewController, Context) throws -> Void)?

        /// A factory creating `ViewController(nibName: nibName, bundle: bundle)` and passing it to
        /// `configure` with the context.
        public init(
            nibName: String? = nil, bundle: Bundle? = nil,
            configure: (@MainActor (ViewController, Context) throws -> Void)? = nil
        ) {
            self.nibName = nibName
            self.bundle = bundle
            self.configure = configure
        }

        /// Creates and configures the controller.
        ///
        /// - Throws: ``UIKitRoutingError/Code/nibNotFound`` when `nibName` is not in the bundle, and
        ///   whatever `configure` throws.
        public func build(with context: Context) throws -> ViewController {
            if let nibName {
                let searched = bundle ?? .main
                guard searched.path(forResource: nibName, ofType: "nib") != nil else {
                    throw UIKitRoutingError(
                        .nibNotFound,
                        "cannot build \(ViewController.self): there is no nib named \"\(nibName)\" in bundle \(searched.bundleIdentifier ?? searched.bundlePath); check the name and the file's target membership"
                    )
                }
            }
            let controller = ViewController(nibName: nibName, bundle: bundle)
            try configure?(controller, context)
            return controller
        }
    }
#endif
