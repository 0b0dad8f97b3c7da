import Composer

/// One live tree of a ``Shape`` with routers over it, and the operations a row times on it. Each
/// row group makes its own, with its own screen classes and routes.
@MainActor
struct BenchTree {
    let window: any ScreenWindow
    /// The reference: one bare walk of the whole tree for a product that is nowhere (see
    /// ``bareWalk(in:for:_:)``); returns the number of screens it visited.
    let walk: @MainActor () -> Int
    /// Navigates to the product in a background tab under the presented stack: found, then revealed
    /// (the modal dismissed, the tab selected, the stack popped); returns the destination.
    let reveal: @MainActor () async throws -> any Screen
    /// The same navigation through a router with one global interceptor that lets everything pass.
    let revealGuarded: @MainActor () async throws -> any Screen
    /// Builds a product, a list and a stack and presents them over the current screen.
    let build: @MainActor () async throws -> any Screen
    /// Navigates to a product that is nowhere, through a route with no factory: it must fail.
    let fail: @MainActor () async -> RoutingError?
    /// Navigates to the product already on screen.
    let toCurrent: @MainActor () async throws -> any Screen
}

extension BenchTree {
    /// The operations on `window` for product pages of type `Product`, which `existing` finds
    /// wherever they are and `built` builds in a new stack, through a router of its own (and a
    /// guarded one for ``revealGuarded``).
    init<Product: ContextChecking & Screen>(
        window: any ScreenWindow, shape: Shape, existing: DestinationStep<Product, Int>,
        built: DestinationStep<Product, Int>
    ) where Product.Context == Int {
        let router = DefaultRouter(window: window)
        let guarded = guardedRouter(window)
        self.init(
            window: window,
            walk: { bareWalk(in: window, for: shape.missingID, Product.self).visited },
            reveal: { try await router.navigate(to: existing, with: shape.hiddenID, animated: false) },
            revealGuarded: { try await guarded.navigate(to: existing, with: shape.hiddenID, animated: false) },
            build: { try await router.navigate(to: built, with: shape.builtID, animated: false) },
            fail: {
                do throws(RoutingError) {
                    _ = try await router.navigate(to: existing, with: shape.missingID, animated: false)
                    return nil
                } catch {
                    return error
                }
            },
            toCurrent: { try await router.navigate(to: existing, with: shape.currentID, animated: false) })
    }
}

/// The routes every row group times, for its own screen classes.
@MainActor
enum BenchRoutes {
    /// A product wherever it is in the tree: found, then revealed; no factory, so none is built.
    static func existing<Product: ContextChecking & Screen>(_: Product.Type) -> DestinationStep<Product, Int>
    where Product.Context == Int {
        GeneralStep.custom(ClassWithContextFinder<Product, Int>())
    }

    /// A product in a list in a new stack presented over the current screen: four steps, of which
    /// three build (product, list, stack) and the last is the current screen.
    static func built<Stack: NavigationStackContainer, List: Screen, Product: ContextChecking & Screen>(
        stack: @escaping @MainActor () -> Stack, list: @escaping @MainActor () -> List,
        product: @escaping @MainActor (Int) -> Product
    ) -> DestinationStep<Product, Int> where Product.Context == Int {
        let newStack = StepAssembly(
            finder: NilFinder<Stack, Int>(),
            factory: NavigationContainerFactory { _ in stack() }
        )
        .using(GeneralAction.presentModally())
        .from(GeneralStep.current())
        .assemble()
        let list = StepAssembly(
            finder: ClassFinder<List, Int>(),
            factory: ClosureFactory { _ in list() }
        )
        .using(Stack.push())
        .from(newStack)
        .assemble()
        return StepAssembly(
            finder: ClassWithContextFinder<Product, Int>(),
            factory: ClosureFactory(product)
        )
        .using(Stack.push())
        .from(list.expectingContainer())
        .assemble()
    }
}

/// A set of rows: the same operations on trees of one kind of screen, each against the bare walk
/// of its own tree. To add one, write a `RowGroup` in a file of its own and list it in `main.swift`.
@MainActor
struct RowGroup {
    /// The name `--group` selects it by.
    let name: String
    /// What its screens are, printed above its table.
    let summary: String
    /// A fresh tree of `shape`.
    let makeTree: @MainActor (Shape) async throws -> BenchTree
    /// More columns of the group's own (name, nanoseconds on the tree of the row).
    var extraColumns: [(name: String, measure: @MainActor (Shape, BenchTree) async throws -> Double)] = []
}

/// The reference every ratio divides by: the leanest search the public `Screen` API allows. The
/// level roots are the window's root and then each `presentedScreen`; each level is walked depth
/// first over `childScreens`, and every screen gets one dynamic cast to `Target` and, if it casts,
/// one `isTarget(for:)`. Nothing else: no visibility, no options, no remembered screens. Returns
/// the first match and the number of screens visited.
@MainActor
func bareWalk<Target: ContextChecking>(in window: any ScreenWindow, for context: Int, _: Target.Type)
    -> (found: Target?, visited: Int) where Target.Context == Int
{
    var visited = 0
    func visit(_ screen: any Screen) -> Target? {
        visited += 1
        if let target = screen as? Target, target.isTarget(for: context) { return target }
        for child in screen.childScreens {
            if let found = visit(child) { return found }
        }
        return nil
    }
    var levelRoot = window.rootScreen
    var levels = 0
    while let root = levelRoot, levels < 100 {
        if let found = visit(root) { return (found, visited) }
        levelRoot = root.presentedScreen
        levels += 1
    }
    return (nil, visited)
}

/// With `--keep-removed`, each tree made for a timed reveal or build has all its screens held
/// until that operation's timing has ended, so that the screens a reveal pops are freed after it
/// rather than inside it. The figures the project quotes are taken without it: it is there to
/// measure, as the difference between a run with it and one without, what freeing them costs.
let keepsRemovedScreens = CommandLine.arguments.contains("--keep-removed")

/// A router with one global interceptor that lets every navigation go ahead.
@MainActor
func guardedRouter(_ window: any ScreenWindow) -> DefaultRouter {
    let router = DefaultRouter(window: window)
    router.add(AllowEverything())
    return router
}

/// Lets every navigation go ahead, without suspending.
struct AllowEverything: RoutingInterceptor {
    func intercept(with context: Any) async throws {}
}

extension RowGroup {
    /// Times every operation on each of `shapes` and prints one table: absolute nanoseconds
    /// (medians) and ratios. Each sample of an operation is taken right after a sample of the walk
    /// on the same tree, so both see the same machine load and the same warm tree; an operation's
    /// ratio is the median of its samples' ratios to those walks, and the walk column the median
    /// of all of them. A guard round is a guarded reveal less the reveal timed next to it, in the
    /// same sample. A navigation to the current screen is paired the same way with one on the
    /// smallest tree (the first of `shapes`): the machine's speed can change between two rows.
    func run(_ shapes: [Shape]) async throws {
        print("\n\(name): \(summary)")
        if keepsRemovedScreens { print("(--keep-removed: the screens a reveal pops are freed after its timing)") }
        let extraHeader = extraColumns.map { " | \($0.name) ns" }.joined()
        print(
            "screens | walk ns | reveal ns (x walk) | failing nav ns (x walk) | 4-step build ns (x walk)"
                + " | guarded reveal ns | guard round ns (x reveal) | to current ns (x smallest tree)" + extraHeader)
        // The first (smallest) tree, kept for the navigation to the current screen: each sample on a
        // larger tree is paired with one on it, as the other operations are with a walk.
        var smallest: (tree: BenchTree, shape: Shape)?
        for shape in shapes {
            let tree = try await makeTree(shape)
            let visited = tree.walk()
            precondition(visited == shape.screenCount, "walked \(visited) screens, expected \(shape.screenCount)")

            // The guarded reveal is timed in the same samples as the reveal, each on its own fresh
            // tree, one right after the other (which goes first alternates), and a guard round is
            // the difference within a sample: two medians taken apart can straddle a change in the
            // machine's speed and show a round dearer than the reveal when its instructions are fewer.
            var guardedWalks: [Double] = []
            var guardedSamples: [Double] = []
            var roundSamples: [Double] = []
            var roundRatios: [Double] = []
            let reveal = try await Bench.measurePaired {
                let revealed: (ns: Double, walk: Double)
                let guarded: (ns: Double, walk: Double)
                if guardedSamples.count % 2 == 1 {
                    guarded = try await timeOnFreshTree(shape, \.revealGuarded, id: shape.hiddenID)
                    revealed = try await timeOnFreshTree(shape, \.reveal, id: shape.hiddenID)
                } else {
                    revealed = try await timeOnFreshTree(shape, \.reveal, id: shape.hiddenID)
                    guarded = try await timeOnFreshTree(shape, \.revealGuarded, id: shape.hiddenID)
                }
                guardedWalks.append(guarded.walk)
                guardedSamples.append(guarded.ns)
                roundSamples.append(guarded.ns - revealed.ns)
                // Each normalized by its own walk: the two operations ran on different trees.
                let revealRatio = Bench.ratio(ns: revealed.ns, walk: revealed.walk)
                roundRatios.append((Bench.ratio(ns: guarded.ns, walk: guarded.walk) - revealRatio) / revealRatio)
                return revealed
            }
            let build = try await Bench.measurePaired {
                try await timeOnFreshTree(shape, \.build, id: shape.builtID)
            }
            let fail = await Bench.measurePaired {
                let walk = Bench.timeSynchronous(tree.walk).ns
                let (ns, error) = await Bench.time(tree.fail)
                precondition(error?.code == .noAnchor, "the navigation to a missing product did not fail as expected")
                return (ns, walk)
            }
            let reference = smallest ?? (tree, shape)
            smallest = reference
            let current = try await Bench.measurePaired {
                let smallestNS = try await timeToCurrent(on: reference.tree, reference.shape)
                return (try await timeToCurrent(on: tree, shape), smallestNS)
            }
            let walkNS = Bench.median(reveal.walks + guardedWalks + build.walks + fail.walks)
            var extras: [String] = []
            for column in extraColumns { extras.append("\(whole(try await column.measure(shape, tree)))") }

            func versus(_ ns: Double, _ ratio: Double) -> String { "\(whole(ns)) (\(oneDecimal(ratio))x)" }
            print(
                ([
                    "\(shape.screenCount)", "\(whole(walkNS))", versus(reveal.ns, reveal.ratio),
                    versus(fail.ns, fail.ratio), versus(build.ns, build.ratio),
                    "\(whole(Bench.median(guardedSamples)))",
                    versus(Bench.median(roundSamples), Bench.median(roundRatios)),
                    versus(current.ns, current.ratio),
                ] + extras).joined(separator: " | "))
        }
    }

    /// The nanoseconds one navigation to the current screen takes on `tree` (of `shape`), the
    /// average of 20 in a row on the same tree, after checking where each ended.
    private func timeToCurrent(on tree: BenchTree, _ shape: Shape) async throws -> Double {
        let start = Bench.clock.now
        for _ in 0..<20 {
            let found = try await tree.toCurrent()
            precondition((found as? any ProductIdentifying)?.productID == shape.currentID)
        }
        return Bench.nanoseconds(Bench.clock.now - start) / 20
    }

    /// The nanoseconds `operation` takes on a tree of `shape` made for it, after checking that it
    /// ended on the product `id`, on screen, and those of a walk of that tree taken just before.
    private func timeOnFreshTree(
        _ shape: Shape, _ operation: KeyPath<BenchTree, @MainActor () async throws -> any Screen>, id: Int
    ) async throws -> (ns: Double, walk: Double) {
        let fresh = try await makeTree(shape)
        let held =
            keepsRemovedScreens
            ? ScreenTree(window: fresh.window).presentationLevels.flatMap(ScreenTree.containedScreens(of:)) : []
        precondition(
            !keepsRemovedScreens || held.count == shape.screenCount, "--keep-removed held \(held.count) screens")
        let walk = Bench.timeSynchronous(fresh.walk).ns
        let (ns, destination) = try await Bench.time(fresh[keyPath: operation])
        withExtendedLifetime(held) {}
        precondition(
            (destination as? any ProductIdentifying)?.productID == id
                && ScreenTree(window: fresh.window).current === destination,
            "the navigation did not end on product \(id)")
        return (ns, walk)
    }
}

/// A product page of any row group, for checking where a navigation ended.
@MainActor
protocol ProductIdentifying: AnyObject {
    var productID: Int { get }
}
