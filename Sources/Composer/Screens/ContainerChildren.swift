/// The children of a container as one editable value: used to build a new container with all
/// of its children at once and to apply several changes to an existing one in a single step.
public struct ContainerChildren {
    /// The child screens, in the container's order.
    public var screens: [any Screen]
    /// The index of the visible child for containers that show one at a time (tabs), if any.
    public var selectedIndex: Int?

    /// Creates a list of children.
    public init(_ screens: [any Screen] = [], selectedIndex: Int? = nil) {
        self.screens = screens
        self.selectedIndex = selectedIndex
    }

    /// Whether the list holds no screen.
    public var isEmpty: Bool { screens.isEmpty }
}

/// A container whose children can be read and replaced as one list.
///
/// The router uses this to turn several integrations into the same existing container (two
/// pushes onto one stack, say) into one change, so only one transition runs.
@MainActor
public protocol ChildListContainer: Screen {
    /// The children as the container holds them now.
    var containerChildren: ContainerChildren { get }

    /// Replaces the children and returns when the transition has finished.
    func setContainerChildren(_ children: ContainerChildren, animated: Bool) async throws
}
