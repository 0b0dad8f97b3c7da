import Composer
import ComposerTesting

/// A screen of the model check: it knows its number, so finders can look for "screen 7".
class CheckedScreen: TestScreen, ContextChecking {
    let number: Int

    init(_ number: Int, name: String? = nil) {
        self.number = number
        super.init(name ?? "s\(number)")
    }

    func isTarget(for context: Int) -> Bool { number == context }
}

/// A screen only a signed-in user may see, wherever it appears.
final class GatedScreen: CheckedScreen, RequiresSignIn {
    init(_ number: Int) { super.init(number, name: "gated\(number)") }
}

/// The login screen a signing-in guard shows and dismisses.
final class CheckLoginScreen: TestScreen {
    init() { super.init("login") }
}

/// A screen tree as a value: what the model check generates, shrinks and prints as Swift.
///
/// Each node is one screen; containers hold `children` (a stack, the tabs, the two columns of a
/// split view, the content of a wrapper, the menu and the content of a side menu), and any node may
/// present one more tree in a style.
struct TreeSpec: CustomStringConvertible, Sendable {
    enum Kind: Sendable, Equatable, CustomStringConvertible {
        case screen
        case gated
        case nav
        case tabs(selected: Int)
        case split(collapsed: Bool)
        case wrapper
        case sideMenu(showsMenu: Bool)

        var description: String {
            switch self {
            case .screen: ".screen"
            case .gated: ".gated"
            case .nav: ".nav"
            case .tabs(let selected): ".tabs(selected: \(selected))"
            case .split(let collapsed): ".split(collapsed: \(collapsed))"
            case .wrapper: ".wrapper"
            case .sideMenu(let showsMenu): ".sideMenu(showsMenu: \(showsMenu))"
            }
        }
    }

    var kind: Kind
    var number: Int
    var children: [TreeSpec] = []
    var refusing = false
    /// Sets `definesPresentationContext` to `true`; unset, the screen keeps its type's default.
    var definesContext = false
    /// Zero or one tree presented from this screen.
    var presented: [TreeSpec] = []
    var style: TestModalStyle = .automatic

    /// The spec as the Swift expression that recreates it.
    var description: String {
        var parts = ["\(kind)", "\(number)"]
        if !children.isEmpty { parts.append("children: [\(children.map(\.description).joined(separator: ", "))]") }
        if refusing { parts.append("refusing: true") }
        if definesContext { parts.append("definesContext: true") }
        if !presented.isEmpty { parts.append("presented: [\(presented.map(\.description).joined(separator: ", "))]") }
        if style != .automatic { parts.append("style: .\(style)") }
        return "TreeSpec(\(parts.joined(separator: ", ")))"
    }

    init(
        _ kind: Kind, _ number: Int, children: [TreeSpec] = [], refusing: Bool = false, definesContext: Bool = false,
        presented: [TreeSpec] = [], style: TestModalStyle = .automatic
    ) {
        self.kind = kind
        self.number = number
        self.children = children
        self.refusing = refusing
        self.definesContext = definesContext
        self.presented = presented
        self.style = style
    }

    /// How many nodes the tree has, presentations included: what shrinking makes smaller.
    var size: Int { 1 + children.reduce(0) { $0 + $1.size } + presented.reduce(0) { $0 + $1.size } }

    /// Every tree one simplification away: a node replaced by a plain screen, a child or a
    /// presentation dropped, a flag cleared. Shrinking keeps the first that still fails.
    var simplifications: [TreeSpec] {
        var result: [TreeSpec] = []
        if !presented.isEmpty {
            var copy = self
            copy.presented = []
            result.append(copy)
        }
        if kind != .screen || !children.isEmpty {
            result += children
            var plain = self
            plain.kind = .screen
            plain.children = []
            result.append(plain)
        }
        for index in children.indices where children.count > 1 {
            var copy = self
            copy.children.remove(at: index)
            if case .tabs(let selected) = copy.kind {
                copy.kind = .tabs(selected: min(selected, copy.children.count - 1))
            }
            result.append(copy)
        }
        if refusing || definesContext || style != .automatic {
            var copy = self
            (copy.refusing, copy.definesContext, copy.style) = (false, false, .automatic)
            result.append(copy)
        }
        for index in children.indices {
            for simpler in children[index].simplifications {
                var copy = self
                copy.children[index] = simpler
                result.append(copy)
            }
        }
        for simpler in presented.first?.simplifications ?? [] {
            var copy = self
            copy.presented = [simpler]
            result.append(copy)
        }
        return result
    }
}

@MainActor
extension TreeSpec {
    /// The screens of the spec, without presentations; `presentations` collects, parents first,
    /// each screen that presents with the tree it presents.
    func makeScreen(presentations: inout [(host: TestScreen, spec: TreeSpec)]) -> TestScreen {
        let screen: TestScreen
        func made(_ index: Int) -> TestScreen? {
            children.indices.contains(index) ? children[index].makeScreen(presentations: &presentations) : nil
        }
        switch kind {
        case .screen:
            screen = CheckedScreen(number)
        case .gated:
            screen = GatedScreen(number)
        case .nav:
            screen = TestNavigationContainer("n\(number)", stack: children.indices.compactMap(made))
        case .tabs(let selected):
            let tabs = children.indices.compactMap(made)
            screen = TestTabsContainer("t\(number)", tabs: tabs, selectedIndex: tabs.isEmpty ? nil : selected)
        case .split(let collapsed):
            screen = TestSplitContainer("p\(number)", primary: made(0), secondary: made(1), isCollapsed: collapsed)
        case .wrapper:
            screen = TestWrapperContainer("w\(number)", content: made(0) ?? CheckedScreen(number + 500))
        case .sideMenu(let showsMenu):
            screen = TestSideMenuContainer(
                "m\(number)", menu: made(0), content: made(1), shownPanel: showsMenu ? .menu : .content)
        }
        screen.canBeDismissed = !refusing
        // Unflagged, a screen keeps its type's default, as in an app: a navigation container
        // defines the context (as UINavigationController does), any other screen does not.
        if definesContext { screen.definesPresentationContext = true }
        screen.modalStyle = style
        if let presented = presented.first { presentations.append((screen, presented)) }
        return screen
    }

    /// A window showing the spec, with its presentations made the way an app makes them; a
    /// presentation the twin refuses is left out, the same way on every replay.
    func makeWindow(clock: TransitionClock) async -> TestWindow {
        var presentations: [(host: TestScreen, spec: TreeSpec)] = []
        let window = TestWindow(root: makeScreen(presentations: &presentations), clock: clock)
        var index = 0
        while index < presentations.count {
            let (host, spec) = presentations[index]
            index += 1
            var nested: [(host: TestScreen, spec: TreeSpec)] = []
            let screen = spec.makeScreen(presentations: &nested)
            do {
                try await host.presentScreen(screen, animated: false)
                presentations += nested
            } catch {
                continue
            }
        }
        return window
    }
}
