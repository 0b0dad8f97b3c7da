import Composer
import ComposerTesting

// One table per run: for each tree size, the median time of each operation and its ratio to one
// bare depth-first walk of the same tree through the public `Screen` API, measured in this run.

/// A leaf screen that knows its product, so a finder can look for "product 42".
final class ProductScreen: TestScreen, ContextChecking {
    let productID: Int

    init(_ productID: Int) {
        self.productID = productID
        super.init("product \(productID)")
    }

    func isTarget(for context: Int) -> Bool { productID == context }
}

/// The screen the 4-step chain builds between its new stack and the product.
final class ListScreen: TestScreen {
    init() { super.init("list") }
}

/// A tree shape: `tabs` navigation stacks of `depth` products each, under a tab container, with a
/// presented stack of one product on top.
struct Shape {
    let tabs: Int
    let depth: Int

    /// Tab container, its stacks and products, the presented stack and its product.
    var screenCount: Int { 1 + tabs * (1 + depth) + 2 }
    /// The product on top of the presented stack: the current screen.
    var currentID: Int { 0 }
    /// A product in the middle of the last stack, a background tab.
    var hiddenID: Int { (tabs - 1) * depth + depth / 2 + 1 }
}

/// A live tree in its own window, with a router over it.
@MainActor
struct Scene {
    let window: TestWindow
    let router: DefaultRouter
    let modal: TestNavigationContainer

    init(_ shape: Shape) async throws {
        var stacks: [TestScreen] = []
        var nextID = 1
        for tab in 0..<shape.tabs {
            var products: [TestScreen] = []
            for _ in 0..<shape.depth {
                products.append(ProductScreen(nextID))
                nextID += 1
            }
            stacks.append(TestNavigationContainer("nav \(tab)", stack: products))
        }
        let tabs = TestTabsContainer("tabs", tabs: stacks, selectedIndex: 0)
        window = TestWindow(root: tabs)
        modal = TestNavigationContainer("modal", stack: [ProductScreen(shape.currentID)])
        try await tabs.presentScreen(modal, animated: false)
        router = DefaultRouter(window: window)
    }
}

enum Bench {
    /// Nanoseconds in `duration`.
    static func nanoseconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) * 1e9 + Double(duration.components.attoseconds) / 1e9
    }

    /// The median of `values`.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// Runs `body` at least once and at most `maxRuns` times, stopping once `budget` seconds of
    /// measured time have passed; `body` returns the nanoseconds it measured. Returns the median.
    @MainActor
    static func measure(maxRuns: Int = 15, budget: Double = 1.5, _ body: () async throws -> Double) async rethrows
        -> Double
    {
        var samples: [Double] = []
        var spent = 0.0
        while samples.count < maxRuns, samples.isEmpty || spent < budget * 1e9 {
            let sample = try await body()
            samples.append(sample)
            spent += sample
        }
        return median(samples)
    }
}

/// `value` rounded to a whole number (without the C library's `round`, which would need linking).
func whole(_ value: Double) -> Int { Int(value + 0.5) }

/// One bare depth-first walk: contained screens, and a presentation where the screen presents.
@MainActor
func walk(_ screen: any Screen) -> Int {
    var count = 1
    for child in screen.childScreens { count += walk(child) }
    if let presented = screen.presentedScreen, presented.presentingScreen === screen { count += walk(presented) }
    return count
}

/// The routes of the benchmark.
@MainActor
enum Routes {
    /// A product wherever it is in the tree: found, then revealed; no factory, so none is built.
    static let existing = GeneralStep.custom(ClassWithContextFinder<ProductScreen, Int>())

    /// A product in a list in a new stack presented over the current screen: four steps, of which
    /// three build (product, list, stack) and the last is the current screen.
    static var built: DestinationStep<ProductScreen, Int> {
        let newStack = StepAssembly(
            finder: NilFinder<TestNavigationContainer, Int>(),
            factory: NavigationContainerFactory { _ in TestNavigationContainer("new") }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        let list = StepAssembly(
            finder: ClassFinder<ListScreen, Int>(),
            factory: ClosureFactory { _ in ListScreen() }
        )
        .using(TestNavigationContainer.push())
        .from(newStack)
        .assemble()
        return StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(),
            factory: ClosureFactory { id in ProductScreen(id) }
        )
        .using(TestNavigationContainer.push())
        .from(list.expectingContainer())
        .assemble()
    }
}

let shapes = [
    Shape(tabs: 2, depth: 3), Shape(tabs: 4, depth: 23), Shape(tabs: 10, depth: 98), Shape(tabs: 20, depth: 498),
]

@MainActor
func run() async throws {
    let clock = ContinuousClock()
    print("RouterOverhead: median ns per operation (ratio to one bare walk of the same tree)")
    print(
        "screens | walk ns | reveal | 4-step build | failing nav | to current (fixed) | kit push+pop | tree build ns/screen"
    )
    for shape in shapes {
        let scene = try await Scene(shape)
        guard let root = scene.window.root else { continue }
        let walked = walk(root)
        precondition(walked == shape.screenCount, "walked \(walked) screens, expected \(shape.screenCount)")

        // The walk: repeated until it takes 5 ms, per walk.
        let walkNS = await Bench.measure(maxRuns: 11) {
            var rounds = 0
            var total = 0
            let start = clock.now
            repeat {
                total &+= walk(root)
                rounds += 1
            } while clock.now - start < .milliseconds(5)
            let elapsed = Bench.nanoseconds(clock.now - start)
            precondition(total > 0)
            return elapsed / Double(rounds)
        }

        // Reveal a product in a background tab under the presented stack; a fresh tree each time.
        let revealNS = try await Bench.measure {
            let fresh = try await Scene(shape)
            let start = clock.now
            let found = try await fresh.router.navigate(to: Routes.existing, with: shape.hiddenID, animated: false)
            let elapsed = Bench.nanoseconds(clock.now - start)
            precondition(found.productID == shape.hiddenID && fresh.window.current === found)
            return elapsed
        }

        // Build product, list and stack over the current screen; a fresh tree each time.
        let buildNS = try await Bench.measure {
            let fresh = try await Scene(shape)
            let start = clock.now
            let built = try await fresh.router.navigate(to: Routes.built, with: -7, animated: false)
            let elapsed = Bench.nanoseconds(clock.now - start)
            precondition(built.productID == -7 && fresh.window.current === built)
            return elapsed
        }

        // A product that is nowhere, with no factory: the navigation fails without changing anything.
        let failNS = await Bench.measure {
            let start = clock.now
            let failed: Bool
            do {
                _ = try await scene.router.navigate(to: Routes.existing, with: -1, animated: false)
                failed = false
            } catch {
                failed = true
            }
            let elapsed = Bench.nanoseconds(clock.now - start)
            precondition(failed)
            return elapsed
        }

        // The product already on screen: nothing to do but find it; 50 in a row, per navigation.
        let currentNS = try await Bench.measure(maxRuns: 9) {
            let start = clock.now
            for _ in 0..<50 {
                _ = try await scene.router.navigate(to: Routes.existing, with: shape.currentID, animated: false)
            }
            return Bench.nanoseconds(clock.now - start) / 50
        }

        // One push and one pop on the presented in-memory stack.
        let kitNS = try await Bench.measure {
            let base = scene.modal.stack
            let start = clock.now
            try await scene.modal.setStack(base + [ProductScreen(-2)], animated: false)
            try await scene.modal.setStack(base, animated: false)
            let elapsed = Bench.nanoseconds(clock.now - start)
            precondition(scene.modal.stack.count == base.count)
            return elapsed
        }

        // Building the tree (containers validate their children), per screen.
        let buildTreeNS = try await Bench.measure(maxRuns: 5) {
            let start = clock.now
            _ = try await Scene(shape)
            return Bench.nanoseconds(clock.now - start)
        }

        func cell(_ ns: Double) -> String {
            let tenths = whole(ns / walkNS * 10)
            return "\(whole(ns)) (\(tenths / 10).\(tenths % 10)x)"
        }
        print(
            [
                "\(shape.screenCount)", "\(whole(walkNS))", cell(revealNS), cell(buildNS), cell(failNS),
                "\(whole(currentNS))", cell(kitNS),
                "\(whole(buildTreeNS / Double(shape.screenCount)))",
            ].joined(separator: " | "))
    }
}

/// One operation many times, for a profiler (`perf record -g .build/release/RouterOverhead
/// --profile <operation> [count] [screens]`): `fixed-cost` navigates to the current screen of the
/// smallest tree; `reveal`, `build` and `fail` run those navigations on the largest tree of at most
/// `screens` screens (a fresh one for each reveal and build, all built first; the profile includes
/// their construction).
@MainActor
func profile(_ operation: String, count: Int, shape: Shape) async throws {
    switch operation {
    case "fixed-cost":
        let scene = try await Scene(shapes[0])
        for _ in 0..<count {
            _ = try await scene.router.navigate(to: Routes.existing, with: shapes[0].currentID, animated: false)
        }
    case "reveal", "build":
        var scenes: [Scene] = []
        for _ in 0..<count { scenes.append(try await Scene(shape)) }
        for fresh in scenes {
            if operation == "reveal" {
                _ = try await fresh.router.navigate(to: Routes.existing, with: shape.hiddenID, animated: false)
            } else {
                _ = try await fresh.router.navigate(to: Routes.built, with: -7, animated: false)
            }
        }
    case "fail":
        let scene = try await Scene(shape)
        for _ in 0..<count {
            _ = try? await scene.router.navigate(to: Routes.existing, with: -1, animated: false)
        }
    default:
        print("unknown operation \(operation): use fixed-cost, reveal, build or fail")
    }
}

let arguments = CommandLine.arguments
if let flag = arguments.firstIndex(of: "--profile"), flag + 1 < arguments.count {
    let count = flag + 2 < arguments.count ? Int(arguments[flag + 2]) ?? 2_000 : 2_000
    // The tree of the size asked for (the largest by default), for the operations that take one.
    let size = flag + 3 < arguments.count ? Int(arguments[flag + 3]) ?? Int.max : Int.max
    let shape = shapes.last { $0.screenCount <= size } ?? shapes[0]
    let clock = ContinuousClock()
    let start = clock.now
    try await profile(arguments[flag + 1], count: count, shape: shape)
    print(
        "\(arguments[flag + 1]): \(count) runs, \(whole(Bench.nanoseconds(clock.now - start) / Double(count))) ns each")
} else {
    try await run()
}
