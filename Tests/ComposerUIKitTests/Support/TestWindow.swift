#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import UIKit

    /// A key window holding `root`, attached to the test host's scene when there is one.
    @MainActor
    func makeKeyWindow(root: UIViewController, size: CGSize = CGSize(width: 390, height: 844)) -> UIWindow {
        let window: UIWindow
        if let scene = UIApplication.shared.connectedScenes.compactMap({ $0 as? UIWindowScene }).first {
            window = UIWindow(windowScene: scene)
            window.frame = CGRect(origin: .zero, size: size)
        } else {
            window = UIWindow(frame: CGRect(origin: .zero, size: size))
        }
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        return window
    }

    extension UIWindow {
        /// Takes the window off screen at the end of a test.
        func close() {
            rootViewController?.presentedViewController?.dismiss(animated: false)
            isHidden = true
            rootViewController = nil
        }
    }

    /// The window's tree as text: containment indented under each container, and what a screen
    /// really presents under "presents".
    @MainActor
    func render(_ window: UIWindow) -> String {
        guard let root = window.rootViewController else { return "(empty window)" }
        var lines: [String] = []
        func visit(_ controller: UIViewController, depth: Int) {
            let indent = String(repeating: "  ", count: depth)
            lines.append(indent + name(of: controller))
            for child in controller.childScreens {
                if let child = child as? UIViewController { visit(child, depth: depth + 1) }
            }
            if let presented = controller.presentedViewController, presented.presentingViewController === controller {
                lines.append(indent + "presents:")
                visit(presented, depth: depth + 1)
            }
        }
        visit(root, depth: 0)
        return lines.joined(separator: "\n")
    }

    @MainActor
    private func name(of controller: UIViewController) -> String {
        let typeName = String(describing: type(of: controller))
        if let title = controller.title, !title.isEmpty { return "\(typeName) \(title)" }
        return typeName
    }

    /// Plain screens of the tests; the title shows in ``render(_:)``.
    class TitledScreen: UIViewController {
        convenience init(_ title: String) {
            self.init(nibName: nil, bundle: nil)
            self.title = title
        }
    }

    final class ListScreen: TitledScreen {}
    final class ProductScreen: TitledScreen {
        var productID: String?
    }
    final class ModalScreen: TitledScreen {}

    /// A screen that is not a view controller, for the errors UIKit containers give.
    @MainActor
    final class ForeignScreen: Screen {
        var parentScreen: (any Screen)? { nil }
        var childScreens: [any Screen] { [] }
        var presentedScreen: (any Screen)? { nil }
        var presentingScreen: (any Screen)? { nil }
        var isBeingDismissed: Bool { false }
    }
#endif
