#if canImport(UIKit)
    import Composer
    import UIKit

    /// Builds a view controller from a storyboard: its initial view controller, or the scene with a
    /// storyboard identifier.
    ///
    /// ```swift
    /// StoryboardFactory<ProductViewController, ProductID>(name: "Shop", identifier: "product") { controller, id in
    ///     controller.productID = id
    /// }
    /// ```
    ///
    /// Where UIKit would raise an exception or the app would crash on a forced cast, this factory
    /// throws: a storyboard that is not in the bundle, an identifier that is not in the storyboard
    /// (checked in the compiled storyboard's index), no initial view controller, and a scene whose
    /// class is not `ViewController`.
    public struct StoryboardFactory<ViewController: UIViewController, Context>: Factory {
        private enum Source {
            case named(String, Bundle?)
            case provided(@MainActor () -> UIStoryboard, String)
        }

        private let source: Source
        /// The storyboard identifier of the scene; the initial view controller when `nil`.
        public let identifier: String?
        private let configure: (@MainActor (ViewController, Context) throws -> Void)?

        /// A factory instantiating from the storyboard `name` in `bundle` (the main bundle when `nil`).
        public init(
            name: String, bundle: Bundle? = nil, identifier: String? = nil,
            configure: (@MainActor (ViewController, Context) throws -> Void)? = nil
        ) {
            source = .named(name, bundle)
            self.identifier = identifier
            self.configure = configure
        }

        /// A factory instantiating from the storyboard `storyboard` returns, named `description` in errors.
        ///
        /// The identifier cannot be checked beforehand here: a storyboard without it raises UIKit's
        /// exception.
        public init(
            storyboard: @escaping @MainActor () -> UIStoryboard, description: String = "the given storyboard",
            identifier: String? = nil, configure: (@MainActor (ViewController, Context) throws -> Void)? = nil
        ) {
            source = .provided(storyboard, description)
            self.identifier = identifier
            self.configure = configure
        }

        /// Instantiates, checks the class and configures the controller.
        ///
        /// - Throws: ``UIKitRoutingError`` with ``UIKitRoutingError/Code/storyboardNotFound``,
        ///   ``UIKitRoutingError/Code/identifierNotFound``, ``UIKitRoutingError/Code/noInitialViewController``
        ///   or ``UIKitRoutingError/Code/wrongClass``, and whatever `configure` throws.
        public func build(with context: Context) throws -> ViewController {
            let storyboard: UIStoryboard
            let storyboardName: String
            switch source {
            case .named(let name, let bundle):
                storyboardName = "storyboard \"\(name)\""
                let searched = bundle ?? .main
                guard let path = searched.path(forResource: name, ofType: "storyboardc") else {
                    throw UIKitRoutingError(
                        .storyboardNotFound,
                        "cannot build \(ViewController.self): there is no storyboard named \"\(name)\" in bundle \(searched.bundleIdentifier ?? searched.bundlePath); check the name and the file's target membership"
                    )
                }
                if let identifier, let known = Self.identifiers(inCompiledStoryboardAt: path),
                    !known.contains(identifier)
                {
                    throw UIKitRoutingError(
                        .identifierNotFound,
                        "cannot build \(ViewController.self): \(storyboardName) has no scene with the storyboard ID \"\(identifier)\"; its IDs are \(known.sorted().map { "\"\($0)\"" }.joined(separator: ", "))"
                    )
                }
                storyboard = UIStoryboard(name: name, bundle: bundle)
            case .provided(let make, let description):
                storyboardName = description
                storyboard = make()
            }
            let instance: UIViewController
            let scene: String
            if let identifier {
                scene = "the scene \"\(identifier)\""
                instance = storyboard.instantiateViewController(withIdentifier: identifier)
            } else {
                scene = "the initial view controller"
                guard let initial = storyboard.instantiateInitialViewController() else {
                    throw UIKitRoutingError(
                        .noInitialViewController,
                        "cannot build \(ViewController.self): \(storyboardName) has no initial view controller; tick \"Is Initial View Controller\" on a scene or give an identifier"
                    )
                }
                instance = initial
            }
            guard let controller = instance as? ViewController else {
                throw UIKitRoutingError(
                    .wrongClass,
                    "cannot build \(ViewController.self): \(scene) of \(storyboardName) is a \(type(of: instance)); set the scene's custom class (and module) to \(ViewController.self) in the storyboard"
                )
            }
            try configure?(controller, context)
            return controller
        }

        /// The storyboard IDs listed in a compiled storyboard's `Info.plist`, or `nil` when it cannot be read.
        private static func identifiers(inCompiledStoryboardAt path: String) -> Set<String>? {
            let info = URL(fileURLWithPath: path).appendingPathComponent("Info.plist")
            guard let data = try? Data(contentsOf: info),
                let plist = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any],
                let map = plist["UIViewControllerIdentifiersToNibNames"] as? [String: Any]
            else { return nil }
            return Set(map.keys)
        }
    }
#endif
