/// The identity of a ``NavigationNode``: made once when the node is created, never reused, and the
/// same for as long as the node lives, so a view keyed by it (a `NavigationStack` path, a
/// `sheet(item:)`, a `TabView` tag) is built once per node, however often SwiftUI evaluates a body.
public struct NodeID: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The number behind the identity, in creation order.
    public let rawValue: Int

    /// `#<number>`.
    public var description: String { "#\(rawValue)" }

    /// Creation order.
    public static func < (lhs: NodeID, rhs: NodeID) -> Bool { lhs.rawValue < rhs.rawValue }

    @MainActor private static var last = 0

    /// A new identity, never given before in this process.
    @MainActor static func next() -> NodeID {
        last += 1
        return NodeID(rawValue: last)
    }
}

/// A height a sheet can rest at, as SwiftUI's `PresentationDetent` offers them.
public enum SheetDetent: Hashable, Sendable, CustomStringConvertible {
    /// About half the screen.
    case medium
    /// The whole height a sheet can take.
    case large
    /// A fraction of the height a sheet can take (0...1).
    case fraction(Double)
    /// A fixed height in points.
    case height(Double)

    /// `medium`, `large`, `fraction 0.3`, `height 200`.
    public var description: String {
        switch self {
        case .medium: "medium"
        case .large: "large"
        case .fraction(let value): "fraction \(value)"
        case .height(let value): "height \(Self.points(value))"
        }
    }

    /// `value` as a person writes it: `200`, not `200.0`; `200.5` as it is.
    private static func points(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? "\(Int(value))" : "\(value)"
    }
}

/// How a node is presented over another: the three presentations SwiftUI has.
///
/// Every style can be dismissed by the router and by SwiftUI's `dismiss` action; only a sheet and a
/// popover can also be swiped down by the user, and only while nothing in them refuses
/// (``NavigationNode/refusesInteractiveDismissal``).
public enum NodePresentationStyle: Hashable, Sendable, CustomStringConvertible {
    /// `sheet(item:)`, resting at `detents` (`presentationDetents`); the first is where it opens.
    case sheet(detents: [SheetDetent] = [.large])
    /// `fullScreenCover(item:)`: covers everything and cannot be swiped down.
    case fullScreenCover
    /// `popover(item:)`: anchored to the node that asked for it (see
    /// ``NavigationNode/popoverAnchor``); shown as a sheet in a compact width.
    case popover

    /// Whether the user can swipe the presentation down (a sheet, a popover).
    public var canBeSwipedDown: Bool {
        if case .fullScreenCover = self { return false }
        return true
    }

    /// `sheet`, `sheet [medium, large]` (when other than the default), `fullScreenCover`, `popover`:
    /// the name a rendered tree shows after `presented`.
    public var description: String {
        switch self {
        case .sheet(let detents):
            detents == [.large] ? "sheet" : "sheet [\(detents.map(\.description).joined(separator: ", "))]"
        case .fullScreenCover: "fullScreenCover"
        case .popover: "popover"
        }
    }
}

/// What the model did with a write the user made through a SwiftUI binding (a back swipe, a sheet
/// swiped down, a tab tapped, a split view collapsing).
///
/// A view does not need to act on it: the model's state is what the view renders next. Tests read
/// it to see why a write changed nothing.
public enum UserWriteOutcome: CustomStringConvertible {
    /// The model changed as the user asked and reported the change to the routers as the user's.
    case applied(String)
    /// The write changed nothing because it is stale (its node is no longer in the tree, or it is
    /// based on a state the model has left) or a second write of a change already applied.
    case ignored(String)
    /// A screen that would leave refuses (``NavigationNode/canBeDismissed`` is `false`): the model
    /// keeps its state and publishes it again, so the view shows the screen again.
    case refused(String)
    /// The tapped tab asks for a navigation first (``NavigationNode/userSelectionNavigation``): the
    /// selection stays until that navigation selects the tab; the task ends with the navigation.
    case navigating(Task<Void, any Error>)

    /// Whether the model changed.
    public var isApplied: Bool {
        if case .applied = self { return true }
        return false
    }

    /// `applied: <change>`, `ignored: <why>`, `refused: <why>`, `navigating: the tab's navigation runs`.
    public var description: String {
        switch self {
        case .applied(let change): "applied: \(change)"
        case .ignored(let reason): "ignored: \(reason)"
        case .refused(let reason): "refused: \(reason)"
        case .navigating: "navigating: the tab's navigation runs"
        }
    }
}
