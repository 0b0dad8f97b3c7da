#if canImport(UIKit)
    import Composer
    import UIKit

    /// A short, readable name for a screen in error messages: its type, and its title when it has one.
    @MainActor
    func describe(_ screen: any Screen) -> String {
        let typeName = String(describing: type(of: screen))
        if let controller = screen as? UIViewController, let title = controller.title, !title.isEmpty {
            return "\(typeName) \"\(title)\""
        }
        return typeName
    }

    /// `screen` as a view controller, or an error saying what `purpose` needed.
    @MainActor
    func requireViewController(_ screen: any Screen, for purpose: @autoclosure () -> String) throws -> UIViewController
    {
        guard let controller = screen as? UIViewController else {
            throw UIKitRoutingError(
                .notAViewController,
                "\(purpose()): \(describe(screen)) is not a UIViewController; UIKit containers and windows only hold view controllers"
            )
        }
        return controller
    }

    /// Throws when `controller` is already somewhere UIKit would refuse to move it from: in another
    /// container than `allowedParent`, presented, or the root of a window.
    @MainActor
    func requireDetached(
        _ controller: UIViewController, allowedParent: UIViewController? = nil, for purpose: @autoclosure () -> String
    ) throws {
        if let parent = controller.parent, parent !== allowedParent {
            throw UIKitRoutingError(
                .alreadyInTree,
                "\(purpose()): \(describe(controller)) is already a child of \(describe(parent)); remove it from there first"
            )
        }
        if controller.parent == nil, let presenting = controller.presentingViewController {
            throw UIKitRoutingError(
                .alreadyInTree,
                "\(purpose()): \(describe(controller)) is already presented by \(describe(presenting)); dismiss it first"
            )
        }
        if controller.parent == nil, let window = controller.viewIfLoaded?.window,
            window.rootViewController === controller
        {
            throw UIKitRoutingError(
                .alreadyInTree, "\(purpose()): \(describe(controller)) is the root of a window; it cannot be moved")
        }
    }

    /// The outermost container of `controller` (following `parent`), itself when it has none.
    @MainActor
    func outermostParent(of controller: UIViewController) -> UIViewController {
        ScreenTree.levelRoot(of: controller) as? UIViewController ?? controller
    }
#endif
