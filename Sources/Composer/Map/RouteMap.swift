/// Every destination of an app drawn as one graph, as Graphviz DOT or Mermaid text.
///
/// Each step is a node named by its screen type, finder and factory; each action is an edge from
/// the step a screen joins to the step it builds, labelled with the action. A step that appears in
/// several destinations (the tab container, a shared navigation stack) is drawn once, so the map
/// shows where routes meet. Guards (interceptors) and context tasks are written on their step, and a
/// guarded step is drawn bold; each named destination is an extra node with its context type and
/// any link patterns that open it, pointing at its screen's step.
///
/// Types are written short, for a person to read: a generic argument that repeats the step's
/// screen type or the destination's context type is left out (`ClassFinder<List, Int>` is drawn
/// `ClassFinder`, `TabStackFinder<HomeScreen, ()>` is drawn `TabStackFinder<HomeScreen>`). Steps
/// are told apart by those short names, so a generic step reached by destinations of several
/// context types (the tab bar every tab goes through) is drawn once, and two finders of the same
/// type with different closures are one step.
/// A ``SwitchAssembly`` is drawn as the branch it picks for the sample context and tree.
///
/// ```swift
/// var map = RouteMap()
/// try map.add("Product", routes.product, sampleContext: ProductID("42"), links: ["shop://product/<id>"])
/// try map.add("Cart", routes.cart)
/// print(map.mermaid)
/// ```
@MainActor
public struct RouteMap {
    /// A step as the map draws it.
    public struct Step: Equatable, Sendable {
        /// The type of screen the step yields (`ProductScreen`, `any Screen` for an anchor).
        public let screenType: String
        /// How an existing screen is found; `nil` for a step that is never looked for.
        public let finder: String?
        /// How a missing screen is built; `nil` for an anchor that cannot be built.
        public let factory: String?
        /// The interceptors of every destination that goes through this step, in first-seen order.
        public internal(set) var guards: [String]
        /// The context tasks of every destination that goes through this step, in first-seen order.
        public internal(set) var contextTasks: [String]
    }

    /// An action joining one step's screen to another's.
    public struct Edge: Equatable, Sendable {
        /// The index in ``steps`` of the step whose screen the action works on.
        public let from: Int
        /// The index in ``steps`` of the step whose screen the action shows.
        public let to: Int
        /// The action, named by its type, with `(expecting container …)` when it works on the
        /// container around the step's screen. For a screen its container builds itself, the
        /// action that makes it visible in the container (`SelectTabAction` for a tab).
        public let action: String
    }

    /// A named destination and where it leads.
    public struct Destination: Equatable, Sendable {
        /// The name the app gave it (`Product`).
        public let name: String
        /// The type of context a navigation to it needs; `Void` for none.
        public let contextType: String
        /// The link patterns that open it, as written when registered.
        public let links: [String]
        /// The index in ``steps`` of its screen's step.
        public let step: Int
    }

    /// Every step, in the order first reached walking each destination from its anchor.
    public private(set) var steps: [Step] = []
    /// Every action, once per distinct (from, to, action).
    public private(set) var edges: [Edge] = []
    /// The destinations, in the order added.
    public private(set) var destinations: [Destination] = []

    /// An empty map.
    public init() {}

    /// Adds `step` under `name`, resolving it for `sampleContext` against `tree` (an empty window
    /// when `nil`), with the link patterns that open it.
    ///
    /// - Throws: the ``RoutingError`` the chain throws while resolving, for example a
    ///   ``SwitchAssembly`` with no case for the sample context.
    public mutating func add<ViewController, Context>(
        _ name: String, _ step: DestinationStep<ViewController, Context>, sampleContext: Context,
        tree: ScreenTree? = nil, links: [String] = []
    ) throws(RoutingError) {
        let nodes: [StepNode]
        do {
            nodes = try step.chain.resolve(sampleContext, tree ?? ScreenTree(window: EmptyMapWindow()))
        } catch let error as RoutingError {
            throw error
        } catch {
            throw RoutingError(
                code: .noMatchingCase, step: "map entry \(name)",
                expected: "the chain to resolve for the sample context",
                found: "\(sampleContext)", underlyingError: error)
        }
        let contextName = String(describing: Context.self)
        var previous: (index: Int, node: StepNode)?
        for node in nodes.reversed() {
            let redundant: Set<String> = ["()", contextName, node.screenTypeName]
            let index = stepIndex(for: node, dropping: redundant)
            if let previous {
                // An action's type argument is the screen it works on: the previous step's.
                let target = redundant.union([previous.node.screenTypeName])
                var action = node.integration.map { Self.shortName($0.name, dropping: target) } ?? ""
                if let adapter = previous.node.targetAdapter { action += " (\(adapter.name))" }
                let edge = Edge(from: previous.index, to: index, action: action)
                if !edges.contains(edge) { edges.append(edge) }
            }
            previous = (index, node)
        }
        guard let last = previous?.index else { return }
        let contextType = Context.self == Void.self ? "Void" : String(describing: Context.self)
        destinations.append(Destination(name: name, contextType: contextType, links: links, step: last))
    }

    /// Adds a step that needs no context.
    public mutating func add<ViewController>(
        _ name: String, _ step: DestinationStep<ViewController, Void>, tree: ScreenTree? = nil, links: [String] = []
    ) throws(RoutingError) {
        try add(name, step, sampleContext: (), tree: tree, links: links)
    }

    private mutating func stepIndex(for node: StepNode, dropping redundant: Set<String>) -> Int {
        let guards = node.interceptors.map { Self.shortName($0.name, dropping: redundant) }
        let tasks = node.contextTasks.map { Self.shortName($0.name, dropping: redundant) }
        let finder = node.finderName.map { Self.shortName($0, dropping: redundant) }
        let factory = node.buildName.map { Self.shortName($0, dropping: redundant) }
        if let index = steps.firstIndex(where: {
            $0.screenType == node.screenTypeName && $0.finder == finder && $0.factory == factory
        }) {
            for name in guards where !steps[index].guards.contains(name) { steps[index].guards.append(name) }
            for name in tasks where !steps[index].contextTasks.contains(name) { steps[index].contextTasks.append(name) }
            return index
        }
        steps.append(
            Step(
                screenType: node.screenTypeName, finder: finder, factory: factory, guards: guards,
                contextTasks: tasks))
        return steps.count - 1
    }

    /// `name` without the generic arguments in `redundant`, at any depth:
    /// `PredefinedChildrenFactory<TabsContainerFactory<Tabs, ()>>` without `Tabs` and `()` is
    /// `PredefinedChildrenFactory<TabsContainerFactory>`.
    static func shortName(_ name: String, dropping redundant: Set<String>) -> String {
        guard let open = name.firstIndex(of: "<"), name.last == ">" else { return name }
        var arguments: [String] = []
        var depth = 0
        var current = ""
        for character in name[name.index(after: open)..<name.index(before: name.endIndex)] {
            switch character {
            case "<", "(", "[": depth += 1
            case ">", ")", "]": depth -= 1
            case "," where depth == 0:
                arguments.append(current.trimmingSpaces)
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        arguments.append(current.trimmingSpaces)
        let kept = arguments.filter { !redundant.contains($0) }.map { shortName($0, dropping: redundant) }
        let base = String(name[..<open])
        return kept.isEmpty ? base : "\(base)<\(kept.joined(separator: ", "))>"
    }

    private func lines(of step: Step) -> [String] {
        var lines = [step.screenType]
        if let finder = step.finder { lines.append("finder: \(finder)") }
        if let factory = step.factory { lines.append("factory: \(factory)") }
        if !step.guards.isEmpty { lines.append("guards: \(step.guards.joined(separator: ", "))") }
        if !step.contextTasks.isEmpty { lines.append("tasks: \(step.contextTasks.joined(separator: ", "))") }
        return lines
    }

    private func lines(of destination: Destination) -> [String] {
        ["\(destination.name) (context: \(destination.contextType))"] + destination.links.map { "link: \($0)" }
    }

    /// The map as a Graphviz digraph: steps are boxes (bold when guarded), destinations are
    /// ellipses with a dashed arrow to their step. Render it with `dot -Tsvg`.
    public var dot: String {
        func quoted(_ lines: [String]) -> String {
            let escaped = lines.map { line in
                line.reduce(into: "") { text, character in
                    if character == "\"" || character == "\\" { text.append("\\") }
                    text.append(character)
                }
            }
            return "\"" + escaped.joined(separator: "\\n") + "\""
        }
        var out = ["digraph routes {", "  rankdir=TB;", "  node [shape=box];"]
        for (index, step) in steps.enumerated() {
            let bold = step.guards.isEmpty ? "" : ", style=bold"
            out.append("  s\(index) [label=\(quoted(lines(of: step)))\(bold)];")
        }
        for edge in edges {
            out.append("  s\(edge.from) -> s\(edge.to) [label=\(quoted([edge.action]))];")
        }
        for (index, destination) in destinations.enumerated() {
            out.append("  d\(index) [shape=ellipse, label=\(quoted(lines(of: destination)))];")
            out.append("  d\(index) -> s\(destination.step) [style=dashed];")
        }
        out.append("}")
        return out.joined(separator: "\n") + "\n"
    }

    /// The map as a Mermaid flowchart, for Markdown that renders Mermaid (GitHub, DocC articles
    /// through an image). Guarded steps get the `guarded` class.
    public var mermaid: String {
        func quoted(_ lines: [String]) -> String {
            let escaped = lines.map { line in
                line.reduce(into: "") { text, character in
                    switch character {
                    case "\"": text.append("#quot;")
                    case "<": text.append("#lt;")
                    case ">": text.append("#gt;")
                    default: text.append(character)
                    }
                }
            }
            return "\"" + escaped.joined(separator: "<br/>") + "\""
        }
        var out = ["flowchart TD"]
        for (index, step) in steps.enumerated() {
            out.append("  s\(index)[\(quoted(lines(of: step)))]")
        }
        for edge in edges {
            let label = edge.action.isEmpty ? "" : "|\(quoted([edge.action]))|"
            out.append("  s\(edge.from) -->\(label) s\(edge.to)")
        }
        for (index, destination) in destinations.enumerated() {
            out.append("  d\(index)([\(quoted(lines(of: destination)))])")
            out.append("  d\(index) -.-> s\(destination.step)")
        }
        let guarded = steps.indices.filter { !steps[$0].guards.isEmpty }
        if !guarded.isEmpty {
            out.append("  classDef guarded stroke-width:3px")
            out.append("  class \(guarded.map { "s\($0)" }.joined(separator: ",")) guarded")
        }
        return out.joined(separator: "\n") + "\n"
    }
}

/// The window a map resolves chains against when the app gives none: nothing on screen, so every
/// ``SwitchAssembly`` sees a cold start.
@MainActor
private final class EmptyMapWindow: ScreenWindow {
    var rootScreen: (any Screen)? { nil }

    func setRootScreen(_ screen: any Screen, animated: Bool) async throws {
        throw ContainerActionError("the route map's window only stands in for an empty screen")
    }
}

extension String {
    /// The text without leading and trailing spaces.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
