#if canImport(UIKit)
    import Composer
    import ComposerUIKit
    import SwiftUI
    import Testing
    import UIKit

    /// A storyboard made in code, returning whatever `make` returns, to test the factory's checks.
    private final class FakeStoryboard: UIStoryboard {
        private let make: () -> UIViewController?

        init(make: @escaping () -> UIViewController?) {
            self.make = make
            super.init()
        }

        override func instantiateInitialViewController() -> UIViewController? { make() }

        override func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
            make() ?? UIViewController()
        }
    }

    private struct ProductView: View {
        let id: String
        var body: some View { Text("Product \(id)") }
    }

    @MainActor
    @Suite("UIKit factories and the hosting finder", .serialized)
    struct FactoryTests {
        @Test("the class factory creates the controller and configures it with the context")
        func classFactory() throws {
            let factory = ClassFactory<ProductScreen, String> { controller, id in controller.productID = id }
            let product = try factory.build(with: "42")
            #expect(product.productID == "42")
        }

        @Test("a split view factory of the classic style builds one, rather than asking init(style:) for it")
        func classicSplitFactory() async throws {
            let classic = SplitContainerFactory<UISplitViewController, Void>(style: .unspecified)
            let split = try await classic.build(with: (), children: ContainerChildren([]))
            #expect(split.style == .unspecified)
            let columns = SplitContainerFactory<UISplitViewController, Void>()
            #expect(try await columns.build(with: (), children: ContainerChildren([])).style == .doubleColumn)
        }

        @Test("a missing nib is an error, not an exception when the view loads")
        func missingNib() {
            let factory = ClassFactory<ProductScreen, Void>(nibName: "NoSuchNib")
            let error = #expect(throws: UIKitRoutingError.self) { try factory.build(with: ()) }
            #expect(error?.code == .nibNotFound)
            #expect(error?.message.contains("NoSuchNib") == true)
        }

        @Test("a missing storyboard is an error, not an exception")
        func missingStoryboard() {
            let factory = StoryboardFactory<ProductScreen, Void>(name: "NoSuchStoryboard", identifier: "product")
            let error = #expect(throws: UIKitRoutingError.self) { try factory.build(with: ()) }
            #expect(error?.code == .storyboardNotFound)
        }

        @Test("a storyboard scene of the wrong class is an error naming both classes")
        func wrongClass() {
            let factory = StoryboardFactory<ProductScreen, Void>(
                storyboard: { FakeStoryboard { ListScreen("wrong") } }, description: "the shop storyboard",
                identifier: "product")
            let error = #expect(throws: UIKitRoutingError.self) { try factory.build(with: ()) }
            #expect(error?.code == .wrongClass)
            #expect(error?.message.contains("ListScreen") == true)
            #expect(error?.message.contains("ProductScreen") == true)
        }

        @Test("a storyboard without an initial view controller is an error")
        func noInitialViewController() {
            let factory = StoryboardFactory<ProductScreen, Void>(storyboard: { FakeStoryboard { nil } })
            let error = #expect(throws: UIKitRoutingError.self) { try factory.build(with: ()) }
            #expect(error?.code == .noInitialViewController)
        }

        @Test("a storyboard scene of the right class is configured with the context")
        func storyboardRightClass() throws {
            let factory = StoryboardFactory<ProductScreen, String>(
                storyboard: { FakeStoryboard { ProductScreen() } },
                configure: { controller, id in controller.productID = id })
            #expect(try factory.build(with: "9").productID == "9")
        }

        @Test("the hosting factory passes the context to the view, and the finder finds it by context")
        func hostingFactoryAndFinder() throws {
            let factory = HostingFactory { (id: String) in ProductView(id: id) }
            let hosting = try factory.build(with: "42")
            #expect(hosting.context == "42")
            #expect(hosting.rootView.id == "42")
            let stack = UINavigationController(rootViewController: ListScreen("list"))
            stack.pushViewController(hosting, animated: false)
            let window = makeKeyWindow(root: stack)
            defer { window.close() }
            let tree = ScreenTree(window: window)

            let finder = HostingControllerFinder<ProductView, String>()
            #expect(try finder.findScreen(with: "42", in: tree) === hosting)
            #expect(try finder.findScreen(with: "43", in: tree) == nil)
            let byContext = ClassWithContextFinder<ContextualHostingController<ProductView, String>, String>()
            #expect(try byContext.findScreen(with: "42", in: tree) === hosting)
        }

        @Test("the hosting context task rebuilds the view with the new context")
        func hostingContextUpdate() throws {
            let hosting = try HostingFactory { (id: String) in ProductView(id: id) }.build(with: "1")
            try HostingContextUpdateTask<ProductView, String>().prepare(hosting, with: "2")
            #expect(hosting.context == "2")
            #expect(hosting.rootView.id == "2")
        }

        @Test("container factories build UIKit containers holding their children")
        func containerFactories() async throws {
            let list = ListScreen("list")
            let product = ProductScreen("1")
            let stack = try await NavigationContainerFactory<UINavigationController, Void>()
                .build(with: (), children: ContainerChildren([list, product]))
            #expect(stack.viewControllers == [list, product])

            let home = TitledScreen("home")
            let search = TitledScreen("search")
            let tabs = try await TabsContainerFactory<UITabBarController, Void>()
                .build(with: (), children: ContainerChildren([home, search], selectedIndex: 1))
            #expect(tabs.selectedViewController === search)
        }
    }
#endif
