#if canImport(SwiftUI)
    import ComposerSwiftUIModel
    import SwiftUI

    /// A ``/ComposerSwiftUIModel/StackNode`` as one `NavigationStack(path:)` with a single `navigationDestination`.
    ///
    /// The model's ``/ComposerSwiftUIModel/StackNode/path`` is the stack's path, so a pop of several screens or a push of
    /// several levels is one state change and one transition. A back tap, an edge swipe, the back
    /// menu or SwiftUI's `dismiss` on a pushed view write a shorter path, which goes to
    /// ``/ComposerSwiftUIModel/StackNode/userWrotePath(_:rendered:)`` with the path the binding
    /// showed; the model decides whether it applies.
    @available(iOS 17, macOS 14, *)
    struct StackHost: View {
        let stack: StackNode

        var body: some View {
            // The path as rendered now: the model matches a write to it by node identity, and a
            // write SwiftUI makes from it after the model has moved on is stale.
            let path = stack.path
            NavigationStack(path: Binding(get: { path }, set: { stack.userWrotePath($0, rendered: path) })) {
                Group {
                    if let root = stack.rootNode {
                        NodeView(root)
                    } else {
                        Color.clear
                    }
                }
                .navigationDestination(for: NavigationNode.self) { node in
                    PushedNodeView(stack: stack, node: node)
                }
            }
        }
    }

    /// A node pushed onto a stack: its back button (and with it the edge swipe) hidden while it is
    /// on top and refuses to leave.
    @available(iOS 17, macOS 14, *)
    private struct PushedNodeView: View {
        let stack: StackNode
        let node: NavigationNode

        var body: some View {
            NodeView(node)
                .navigationBarBackButtonHidden(stack.topNode === node && stack.refusesBackGesture)
        }
    }
#endif
