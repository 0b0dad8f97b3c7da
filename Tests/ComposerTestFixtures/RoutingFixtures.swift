import Composer
import ComposerTesting

/// A product page that knows which product it shows, so finders can look for "product 42".
package final class ProductScreen: TestScreen, ContextChecking {
    package var productID: Int

    package init(_ productID: Int) {
        self.productID = productID
        super.init("product \(productID)")
    }

    package func isTarget(for context: Int) -> Bool { productID == context }
}

package final class ListScreen: TestScreen {
    package init() { super.init("list") }
}

package final class LoginScreen: TestScreen {
    package init() { super.init("login") }
}

/// What ran during a navigation, in order: interceptors, factories, tasks.
@MainActor
package final class Journal {
    package var lines: [String] = []
    package init() {}
    package func record(_ line: String) { lines.append(line) }
    package func count(prefix: String) -> Int { lines.filter { $0.hasPrefix(prefix) }.count }
}

package struct RecordingInterceptor<Context>: RoutingInterceptor {
    package let journal: Journal
    package let name: String
    package init(journal: Journal, name: String) {
        self.journal = journal
        self.name = name
    }
    package func intercept(with context: Context) async throws { journal.record("intercept \(name) \(context)") }
}

package struct ProductContextTask: ContextTask {
    package let journal: Journal
    package init(journal: Journal) { self.journal = journal }
    package func prepare(_ screen: ProductScreen, with context: Int) throws {
        screen.productID = context
        journal.record("prepare \(screen.name)")
    }
}

package struct ProductPostTask: PostRoutingTask {
    package let journal: Journal
    package init(journal: Journal) { self.journal = journal }
    package func execute(on destination: ProductScreen, with context: Int, screens: [any Screen]) {
        journal.record("post \(destination.name) screens: \(screens.map { "\($0)" }.joined(separator: ", "))")
    }
}

package struct ProductFactoryError: Error, CustomStringConvertible {
    package let id: Int
    package init(id: Int) { self.id = id }
    package var description: String { "no product with id \(id)" }
}

/// Builds product screens, refusing negative ids.
package struct ProductFactory: Factory {
    package let journal: Journal
    package init(journal: Journal) { self.journal = journal }
    package func build(with context: Int) throws -> ProductScreen {
        journal.record("build product \(context)")
        guard context >= 0 else { throw ProductFactoryError(id: context) }
        return ProductScreen(context)
    }
}

/// The routes the tests navigate, built the way an app would write them.
@MainActor
package struct Routes {
    package let journal: Journal

    package init(journal: Journal) { self.journal = journal }

    /// Product in a new navigation stack presented over whatever is on top.
    package var productModal: DestinationStep<ProductScreen, Int> {
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
    package func tabs<Context>() -> DestinationStep<TestTabsContainer, Context> {
        StepAssembly(
            finder: ClassFinder<TestTabsContainer, Context>(),
            factory: TabsContainerFactory { _ in TestTabsContainer("main") }
        )
        .using(GeneralAction.replaceRoot())
        .from(GeneralStep.window())
        .assemble()
    }

    /// The shop's navigation stack, a tab of the tab container.
    package func shopStack<Context>() -> DestinationStep<TestNavigationContainer, Context> {
        StepAssembly(
            finder: PredicateFinder<TestNavigationContainer, Context> { screen, _ in screen.name == "shop-nav" },
            factory: NavigationContainerFactory { _ in TestNavigationContainer("shop-nav") }
        )
        .using(TestTabsContainer.addTab())
        .from(tabs())
        .assemble()
    }

    package func list<Context>() -> DestinationStep<ListScreen, Context> {
        StepAssembly(
            finder: ClassFinder<ListScreen, Context>(),
            factory: ClosureFactory { _ in ListScreen() }
        )
        .using(TestNavigationContainer.push())
        .from(shopStack())
        .assemble()
    }

    /// Product pushed onto the stack that holds the product list: tabs → stack → list → product.
    package var productInShop: DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(ProductContextTask(journal: journal))
            .using(TestNavigationContainer.push())
            .from(list().expectingContainer())
            .assemble()
    }

    /// Product pushed onto whatever navigation stack is around the current screen.
    package var productPushed: DestinationStep<ProductScreen, Int> {
        StepAssembly(finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal))
            .adding(ProductContextTask(journal: journal))
            .using(TestNavigationContainer.push())
            .from(GeneralStep.current().expectingContainer())
            .assemble()
    }
}

/// Holds every task that waits on it until the test opens it: a guard waiting for the network or
/// the user, a factory loading its data.
@MainActor
package final class WaitGate {
    private var waiters: [CheckedContinuation<Void, Never>] = []

    package init() {}

    /// Whether a task waits here now.
    package var isWaiting: Bool { !waiters.isEmpty }

    /// Returns once ``open()`` is called.
    package func wait() async { await withCheckedContinuation { waiters.append($0) } }

    /// Lets every waiting task go on.
    package func open() {
        let all = waiters
        waiters = []
        for waiter in all { waiter.resume() }
    }

    /// Lets other tasks run until one waits here, for at most `turns` turns and then at least
    /// `minimumSeconds` more (see `patientlyWait`); whether one does.
    package func waitUntilWaiting(turns: Int = 10_000, minimumSeconds: Double = 2) async -> Bool {
        await patientlyWait(turns: turns, minimumSeconds: minimumSeconds) { !waiters.isEmpty }
    }
}
