import Composer

/// Renders a screen tree as indented text, for tests that state the tree before and after a
/// navigation.
///
/// It reads any `Screen` through Composer's protocols only, so it renders a UIKit tree as well as
/// the twin's. Each screen is one line: its `description`, then ` selected=<index>` for a
/// `TabsContainer` (`selected=none` without tabs), ` collapsed` or ` expanded` for a
/// `SplitContainer`, ` visible=<indices>` for any other `ScreenContainer` that hides some of its
/// children (the side menu's hidden panel; a wrapper shows its one child and gets no marker), and
/// ` (dismissing)` for the outermost screen of a level being dismissed.
/// Children follow, indented two spaces more. What a screen presents (a screen whose
/// `presentedScreen` names it as `presentingScreen`) follows its children as a line
/// `presented <style>:` at the screen's own indentation, then the presented level indented two
/// spaces more:
///
/// ```
/// window
///   tabs "main" selected=1
///     nav "shop"
///       screen "home"
///     nav "products"
///       screen "list"
///   presented automatic (as pageSheet):
///     nav "modal"
///       screen "login"
/// ```
@MainActor
public struct ScreenTreeRenderer {
    /// Names the style a presented screen was presented with, for the `presented <style>:` line.
    public let presentationStyleName: (any Screen) -> String

    /// Creates a renderer. `presentationStyleName` names the style of a presented screen; by
    /// default a ``TestScreen`` answers its ``TestModalStyle/renderedName`` (the style, and the one
    /// an iPhone shows it as when they differ: `automatic (as pageSheet)`), and any other screen
    /// `modal`.
    public init(presentationStyleName: ((any Screen) -> String)? = nil) {
        self.presentationStyleName =
            presentationStyleName ?? { screen in
                (screen as? TestScreen)?.presentationStyle?.renderedName ?? "modal"
            }
    }

    /// `window`, then its tree indented two spaces, or `  (no root)` when it has no root.
    public func render(window: any ScreenWindow) -> String {
        var lines = ["window"]
        if let root = window.rootScreen {
            var visited = Set<ObjectIdentifier>()
            append(root, indent: 2, to: &lines, visited: &visited)
        } else {
            lines.append("  (no root)")
        }
        return lines.joined(separator: "\n")
    }

    /// `screen`, its children and what it presents, starting at column 0.
    public func render(_ screen: any Screen) -> String {
        var lines: [String] = []
        var visited = Set<ObjectIdentifier>()
        append(screen, indent: 0, to: &lines, visited: &visited)
        return lines.joined(separator: "\n")
    }

    /// The line for `screen` alone, without indentation.
    public func line(for screen: any Screen) -> String {
        var line = String(describing: screen)
        if let tabs = screen as? any TabsContainer {
            line += " selected=\(tabs.selectedTabIndex.map(String.init) ?? "none")"
        }
        if let split = screen as? any SplitContainer {
            line += split.isCollapsed ? " collapsed" : " expanded"
        }
        line += Self.visibleMarker(of: screen)
        if screen.isBeingDismissed, !(screen.parentScreen?.isBeingDismissed ?? false) {
            line += " (dismissing)"
        }
        return line
    }

    private func append(
        _ screen: any Screen, indent: Int, to lines: inout [String], visited: inout Set<ObjectIdentifier>
    ) {
        let padding = String(repeating: " ", count: indent)
        guard visited.insert(ObjectIdentifier(screen)).inserted, visited.count < 100_000 else {
            lines.append(padding + String(describing: screen) + " (cycle)")
            return
        }
        lines.append(padding + line(for: screen))
        for child in screen.childScreens {
            append(child, indent: indent + 2, to: &lines, visited: &visited)
        }
        if let presented = screen.presentedScreen, presented.presentingScreen === screen {
            lines.append(padding + "presented \(presentationStyleName(presented)):")
            append(presented, indent: indent + 2, to: &lines, visited: &visited)
        }
    }
}

extension ScreenTreeRenderer {
    /// ` visible=<indices>` for an app's own container that hides some of its children (a side
    /// menu's hidden panel), `visible=none` when it shows none; empty for the built-in kinds, whose
    /// own markers or order already say it, and for a container showing every child (a wrapper).
    static func visibleMarker(of screen: any Screen) -> String {
        guard let container = screen.asContainer,
            !(container is any NavigationStackContainer || container is any TabsContainer
                || container is any SplitContainer)
        else { return "" }
        let children = screen.childScreens
        let visible = container.visibleChildScreens
        let indices = children.indices.filter { index in visible.contains { $0 === children[index] } }
        guard indices.count != children.count else { return "" }
        return " visible=" + (indices.isEmpty ? "none" : indices.map(String.init).joined(separator: ","))
    }
}

extension ScreenTreeRenderer {
    /// Where a rendering differs from the tree a test expects: `nil` when they are equal, else the
    /// first line that differs (numbered from 1) in both, and the line counts when they differ.
    /// A failing expectation then names the line instead of printing two whole trees to compare by
    /// eye:
    ///
    /// ```swift
    /// #expect(ScreenTreeRenderer.difference(window.render(), expected: tree) == nil)
    /// // line 5: expected `      screen "cart"`, rendered `      screen "home"`
    /// ```
    public nonisolated static func difference(_ rendered: String, expected: String) -> String? {
        guard rendered != expected else { return nil }
        let renderedLines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        func shown(_ lines: [Substring], _ index: Int) -> String {
            lines.indices.contains(index) ? "`\(lines[index])`" : "nothing (the text ends)"
        }
        let shared = min(renderedLines.count, expectedLines.count)
        let first = (0..<shared).first { renderedLines[$0] != expectedLines[$0] } ?? shared
        var message =
            "line \(first + 1): expected \(shown(expectedLines, first)), rendered \(shown(renderedLines, first))"
        if renderedLines.count != expectedLines.count {
            message += "; \(renderedLines.count) lines rendered, \(expectedLines.count) expected"
        }
        return message
    }
}
