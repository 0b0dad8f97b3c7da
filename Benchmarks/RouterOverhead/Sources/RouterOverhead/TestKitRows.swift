import Composer
import ComposerTesting

/// A test-kit product page that knows its product, so a finder can look for "product 42".
final class ProductScreen: TestScreen, ContextChecking, ProductIdentifying {
    let productID: Int

    init(_ productID: Int) {
        self.productID = productID
        super.init("product \(productID)")
    }

    func isTarget(for context: Int) -> Bool { productID == context }
}

/// The test-kit screen the 4-step chain builds between its new stack and the product.
final class ListScreen: TestScreen {
    init() { super.init("list") }
}

/// A live test-kit tree in its own window (which counts revisions and settles), with its presented
/// stack at hand.
@MainActor
struct TestKitScene {
    let window: TestWindow
    let modal: TestNavigationContainer

    init(_ shape: Shape) async throws {
        let stacks = shape.tabProducts(ProductScreen.init).enumerated().map { tab, products in
            TestNavigationContainer("nav \(tab)", stack: products)
        }
        let tabs = TestTabsContainer("tabs", tabs: stacks, selectedIndex: 0)
        window = TestWindow(root: tabs)
        modal = TestNavigationContainer("modal", stack: [ProductScreen(shape.currentID)])
        try await tabs.presentScreen(modal, animated: false)
    }
}

/// The routes over test-kit screens.
@MainActor
enum TestKitRoutes {
    static let existing = BenchRoutes.existing(ProductScreen.self)
    static let built = BenchRoutes.built(
        stack: { TestNavigationContainer("new") }, list: { ListScreen() }, product: ProductScreen.init)
}

extension RowGroup {
    /// The test kit's twin of UIKit (`ComposerTesting`): screens that check every change, log their
    /// lifecycle and count the window's revisions, so the router keeps its levels between searches.
    static let testKit = RowGroup(
        name: "test-kit",
        summary: "the test kit's screens (ComposerTesting: checked transitions, lifecycle log, revision counter)",
        makeTree: { shape in
            let scene = try await TestKitScene(shape)
            return BenchTree(
                window: scene.window, shape: shape, existing: TestKitRoutes.existing, built: TestKitRoutes.built)
        },
        extraColumns: [
            (
                "kit push+pop",
                { shape, _ in
                    // One push and one pop on the presented stack, without the router.
                    let scene = try await TestKitScene(shape)
                    return try await Bench.measure {
                        let base = scene.modal.stack
                        let (ns, _) = try await Bench.time {
                            try await scene.modal.setStack(base + [ProductScreen(-2)], animated: false)
                            try await scene.modal.setStack(base, animated: false)
                        }
                        precondition(scene.modal.stack.count == base.count)
                        return ns
                    }
                }
            ),
            (
                "tree build per screen",
                { shape, _ in
                    // Building the tree (containers validate their children), per screen.
                    try await Bench.measure(maxRuns: 5) {
                        try await Bench.time { try await TestKitScene(shape) }.ns
                    } / Double(shape.screenCount)
                }
            ),
        ])
}
