/// A tree shape: `tabs` navigation stacks of `depth` products each, under a tab container, with a
/// presented stack of one product on top. Products are numbered from 1 in the tabs; the presented
/// one is product 0.
struct Shape {
    let tabs: Int
    let depth: Int

    /// Tab container, its stacks and products, the presented stack and its product.
    var screenCount: Int { 1 + tabs * (1 + depth) + 2 }
    /// The product on top of the presented stack: the current screen.
    var currentID: Int { 0 }
    /// A product in the middle of the last stack, a background tab.
    var hiddenID: Int { (tabs - 1) * depth + depth / 2 + 1 }
    /// A product that is nowhere.
    var missingID: Int { -1 }
    /// The product the 4-step chain builds.
    var builtID: Int { -7 }

    /// The products of each tab, made by `product` from their numbers.
    func tabProducts<Product>(_ product: (Int) -> Product) -> [[Product]] {
        (0..<tabs).map { tab in (0..<depth).map { product(tab * depth + $0 + 1) } }
    }

    /// The sizes every row group measures: about 10, 100, 1,000 and 10,000 screens.
    static let all = [
        Shape(tabs: 2, depth: 3), Shape(tabs: 4, depth: 23), Shape(tabs: 10, depth: 98), Shape(tabs: 20, depth: 498),
    ]
}
