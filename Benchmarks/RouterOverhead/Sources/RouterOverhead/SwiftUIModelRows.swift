import Composer
import ComposerSwiftUIModel
import ComposerSwiftUITesting

/// A SwiftUI model product page that knows its product.
final class ProductNode: NavigationNode, ContextChecking, ProductIdentifying {
    let productID: Int

    init(_ productID: Int) {
        self.productID = productID
        super.init("product \(productID)")
    }

    func isTarget(for context: Int) -> Bool { productID == context }
}

/// A live SwiftUI navigation model of a ``Shape``, with the test kit's driver standing in for its
/// views (every change acknowledged at once) and its presented stack at hand.
@MainActor
struct SwiftUIModelScene {
    let model: NavigationModel
    let driver: NavigationModelDriver
    let modal: StackNode

    init(_ shape: Shape) async throws {
        let stacks = shape.tabProducts(ProductNode.init).enumerated().map { tab, products in
            StackNode("nav \(tab)", nodes: products)
        }
        let tabs = TabsNode("tabs", tabs: stacks, selectedIndex: 0)
        model = NavigationModel(root: tabs)
        driver = NavigationModelDriver(model: model)
        modal = StackNode("modal", nodes: [ProductNode(shape.currentID)])
        try await tabs.presentScreen(modal, animated: false)
    }
}

/// The routes over SwiftUI model nodes.
@MainActor
enum SwiftUIModelRoutes {
    static let existing = BenchRoutes.existing(ProductNode.self)
    static let built = BenchRoutes.built(
        stack: { StackNode("new") }, list: { NavigationNode("list") }, product: ProductNode.init)
}

extension RowGroup {
    /// The SwiftUI navigation model (`ComposerSwiftUIModel`): observable nodes whose every change
    /// waits for the view's acknowledgement, given at once by the test kit's driver.
    static let swiftUIModel = RowGroup(
        name: "swiftui-model",
        summary: "the SwiftUI navigation model (ComposerSwiftUIModel: observable nodes, acknowledged changes)",
        makeTree: { shape in
            let scene = try await SwiftUIModelScene(shape)
            let tree = BenchTree(
                window: scene.model, shape: shape, existing: SwiftUIModelRoutes.existing,
                built: SwiftUIModelRoutes.built)
            // The driver acknowledges the model's changes only while it lives: the tree keeps it.
            let driver = scene.driver
            return BenchTree(
                window: tree.window, walk: tree.walk, reveal: tree.reveal, revealGuarded: tree.revealGuarded,
                build: tree.build,
                fail: {
                    withExtendedLifetime(driver) {}
                    return await tree.fail()
                },
                toCurrent: tree.toCurrent)
        },
        extraColumns: [
            (
                "model push+pop",
                { shape, _ in
                    // One push and one pop on the presented stack, without the router.
                    let scene = try await SwiftUIModelScene(shape)
                    return try await Bench.measure {
                        let base = scene.modal.stack
                        let (ns, _) = try await Bench.time {
                            try await scene.modal.setStack(base + [ProductNode(-2)], animated: false)
                            try await scene.modal.setStack(base, animated: false)
                        }
                        precondition(scene.modal.stack.count == base.count)
                        return ns
                    }
                }
            )
        ])
}
