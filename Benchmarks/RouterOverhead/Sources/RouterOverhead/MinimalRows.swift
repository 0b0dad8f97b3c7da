import Composer

extension MinimalProduct: ProductIdentifying {}

/// The routes over minimal screens.
@MainActor
enum MinimalRoutes {
    static let existing = BenchRoutes.existing(MinimalProduct.self)
    static let built = BenchRoutes.built(
        stack: { MinimalStack() }, list: { MinimalList() }, product: MinimalProduct.init)
}

extension RowGroup {
    /// Minimal screens (`MinimalScreens.swift`): what the goals are stated for.
    static let minimal = RowGroup(
        name: "minimal",
        summary:
            "minimal screens (Screen and container protocols only; the window counts no revisions and never waits)",
        makeTree: { shape in
            let stacks = shape.tabProducts(MinimalProduct.init).map { MinimalStack($0) }
            let tabs = MinimalTabs(stacks)
            try await tabs.presentScreen(MinimalStack([MinimalProduct(shape.currentID)]), animated: false)
            return BenchTree(
                window: MinimalWindow(root: tabs), shape: shape, existing: MinimalRoutes.existing,
                built: MinimalRoutes.built)
        })
}
