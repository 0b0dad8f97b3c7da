import Composer
import ComposerTesting

/// A product page that knows which product it shows, so finders can look for "product 42".
final class ProductScreen: TestScreen, ContextChecking {
    var productID: Int

    init(_ productID: Int) {
        self.productID = productID
        super.init("product \(productID)")
    }

    func isTarget(for context: Int) -> Bool { productID == context }
}

final class ListScreen: TestScreen {
    init() { super.init("list") }
}

final class LoginScreen: TestScreen {
    init() { super.init("login") }
}

/// What ran during a navigation, in order: interceptors, factories, tasks.
@MainActor
final class Journal {
    var lines: [String] = []
    func record(_ line: String) { lines.append(line) }
    func count(prefix: String) -> Int { lines.filter { $0.hasPrefix(prefix) }.count }
}

struct RecordingInterceptor<Context>: RoutingInterceptor {
    let journal: Journal
    let name: String
    func intercept(with context: Context) async throws { journal.record("intercept \(name) \(context)") }
}

struct ProductContextTask: ContextTask {
    let journal: Journal
    func prepare(_ screen: ProductScreen, with context: Int) throws {
        screen.productID = context
        journal.record("prepare \(screen.name)")
    }
}

struct ProductPostTask: PostRoutingTask {
    let journal: Journal
    func execute(on destination: ProductScreen, with context: Int, screens: [any Screen]) {
        journal.record("post \(destination.name) screens: \(screens.map { "\($0)" }.joined(separator: ", "))")
    }
}

struct ProductFactoryError: Error, CustomStringConvertible {
    let id: Int
    var description: String { "no product with id \(id)" }
}

/// Builds product screens, refusing negative ids.
struct ProductFactory: Factory {
    let journal: Journal
    func build(with context: Int) throws -> ProductScreen {
        journal.record("build product \(context)")
        guard context >= 0 else { throw ProductFactoryError(id: context) }
        return ProductScreen(context)
    }
}

/// The routes the tests navigate, built the way an app would write them.
@MainActor
struct Routes {
    let journal: Journal

    /// Product in a new navigation stack presented over whatever is on top.
    var productModal: DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(RecordingInterceptor<Int>(journal: journal, name: "product"))
            .adding(ProductContextTask(journal: journal))
            .adding(ProductPostTask(journal: journal))
            .using(TestNavigationContainer.push())
            .from(
                StepAssembly(
                    finder: NilFinder<TestNavigationContainer, Int>(),
                    factory: NavigationContainerFactory { _ in TestNavigationContainer("product-nav") })
            )
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }

    /// The tab container, made the window's root on a cold start.
    func tabs<Context>() -> DestinationStep<TestTabsContainer, Context> {
        StepAssembly(
            finder: ClassFinder<TestTabsContainer, Context>(),
            factory: TabsContainerFactory { _ in TestTabsContainer("main") }
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    /// The shop's navigation stack, a tab of the tab container.
    func shopStack<Context>() -> DestinationStep<TestNavigationContainer, Context> {
        StepAssembly(
            finder: PredicateFinder<TestNavigationContainer, Context> { screen, _ in screen.name == "shop-nav" },
            factory: NavigationContainerFactory { _ in TestNavigationContainer("shop-nav") }
        )
        .using(TestTabsContainer.addTab())
        .from(tabs())
        .assemble()
    }

    func list<Context>() -> DestinationStep<ListScreen, Context> {
        StepAssembly(
            finder: ClassFinder<ListScreen, Context>(),
            factory: ClosureFactory { _ in ListScreen() }
        )
        .using(TestNavigationContainer.push())
        .from(shopStack())
        .assemble()
    }

    /// Product pushed onto the stack that holds the product list: tabs → stack → list → product.
    var productInShop: DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(ProductContextTask(journal: journal))
            .using(TestNavigationContainer.push())
            .from(list().expectingContainer())
            .assemble()
    }

    /// Product pushed onto whatever navigation stack is around the current screen.
    var productPushed: DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(ProductContextTask(journal: journal))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }
}
