/// A change the navigation model refuses because SwiftUI could not show it; nothing changes.
///
/// The router wraps it in a `RoutingError` that names the step that asked for the change.
public enum NodeError: Error, Equatable, CustomStringConvertible {
    /// The screen is not a ``NavigationNode``: the model shows nothing else.
    case notANode(type: String)
    /// The node is already shown somewhere (in a container, presented, or the model's root).
    case alreadyInTree(node: String, place: String)
    /// The same node twice in one list of children.
    case duplicateChild(node: String, container: String)
    /// A navigation stack or split view pushed onto a stack, or a container holding one at any
    /// depth (tabs of stacks): SwiftUI cannot nest them in a path.
    case notPushable(node: String, stack: String)
    /// A container that would contain itself.
    case wouldContainItself(node: String, container: String)
    /// The node is not in a model's tree, so it cannot present or dismiss anything.
    case notInModel(node: String)
    /// Its level already presents something: SwiftUI shows one presentation per level.
    case alreadyPresenting(host: String, presented: String, refused: String)
    /// Nothing is presented over the node.
    case nothingPresented(node: String)
    /// No tab at that index.
    case tabIndexOutOfRange(index: Int, tabCount: Int, tabs: String)

    /// What was refused and why.
    public var description: String {
        switch self {
        case .notANode(let type): "\(type) is not a NavigationNode, so the SwiftUI model cannot show it"
        case .alreadyInTree(let node, let place): "\(node) is already \(place)"
        case .duplicateChild(let node, let container): "\(node) is given twice to \(container)"
        case .notPushable(let node, let stack):
            "\(node) cannot be pushed onto \(stack): SwiftUI cannot nest a navigation stack or split view in a path"
        case .wouldContainItself(let node, let container): "\(container) cannot contain \(node), which contains it"
        case .notInModel(let node): "\(node) is not in a navigation model's tree"
        case .alreadyPresenting(let host, let presented, let refused):
            "\(host) already presents \(presented), so it cannot present \(refused)"
        case .nothingPresented(let node): "nothing is presented over \(node)"
        case .tabIndexOutOfRange(let index, let count, let tabs): "\(tabs) has no tab \(index) (it has \(count))"
        }
    }
}

/// Thrown to a change that waits for the view when the view did not acknowledge it within
/// ``NavigationModel/acknowledgementTimeout``: the view never showed (or never removed) the node.
/// The router reports it as a `RoutingError` naming the step whose change it was.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, *)
public struct AcknowledgementTimeoutError: Error, CustomStringConvertible {
    /// What the model waited for, such as `appearance of screen "product 42" (push ...)`.
    public let expected: [String]
    /// How long it waited.
    public let timeout: Duration
    /// What stands in for the views in a test (the test kit's driver, with its mode), `nil` when
    /// the views acknowledge: the message then says where to look.
    let standIn: String?

    init(expected: [String], timeout: Duration, standIn: String?) {
        self.expected = expected
        self.timeout = timeout
        self.standIn = standIn
    }

    /// `the view did not acknowledge the <expected> within <timeout>: ...`, or, in a test, what
    /// stands in for the views (the test kit's driver and its mode) in place of the view.
    public var description: String {
        let what = "the \(expected.joined(separator: ", ")) within \(timeout)"
        if let standIn { return "\(standIn) did not acknowledge \(what)" }
        return "the view did not acknowledge \(what): "
            + "a view shows a node only when it calls didAppear() from onAppear, and didDisappear() from onDisappear"
    }
}

/// Thrown to a change that waits for the view when the user's own move (a back swipe, a sheet
/// swiped down, a tab tap) took away the node it waited to see.
public struct InterruptedByUserError: Error, CustomStringConvertible {
    /// What the change waited for.
    public let expected: String
    /// The user's change that made it impossible.
    public let userChange: String

    /// `the user's change (<change>) took away what the view was to show: <expected>`.
    public var description: String {
        "the user's change (\(userChange)) took away what the view was to show: \(expected)"
    }
}
