#if canImport(SwiftUI)
    import ComposerSwiftUIModel
    import SwiftUI

    /// A ``/ComposerSwiftUIModel/SplitNode`` as a `NavigationSplitView` with a sidebar and a detail column.
    ///
    /// The column shown in a compact width is the model's ``/ComposerSwiftUIModel/SplitNode/compactColumn``; a back tap
    /// from the detail writes it, which goes to
    /// ``/ComposerSwiftUIModel/SplitNode/userWroteCompactColumn(_:renderedColumn:renderedDetail:)``
    /// with the column and detail the binding showed. On iOS, a
    /// change of the horizontal size class (a rotation, a multitasking resize) is reported with
    /// ``/ComposerSwiftUIModel/SplitNode/userWroteCollapsed(_:)``, so the model knows which columns are on screen.
    @available(iOS 17, macOS 14, *)
    struct SplitHost: View {
        let split: SplitNode
        #if os(iOS)
            @Environment(\.horizontalSizeClass) private var horizontalSizeClass
        #endif

        var body: some View {
            // The column and detail as rendered now: the model ignores a write of the column (a
            // duplicate), or one SwiftUI makes from them after the model has moved on (stale).
            let renderedColumn = split.compactColumn
            let renderedDetail = split.secondary
            let compactColumn: NavigationSplitViewColumn = renderedColumn == .secondary ? .detail : .sidebar
            let view = NavigationSplitView(
                preferredCompactColumn: Binding(
                    get: { compactColumn },
                    set: {
                        split.userWroteCompactColumn(
                            $0 == .detail ? .secondary : .primary, renderedColumn: renderedColumn,
                            renderedDetail: renderedDetail)
                    })
            ) {
                column(split.primary)
            } detail: {
                // Collapsed, the detail's back button shows the sidebar: hidden while the detail
                // refuses to leave, as a stack hides it for its top node.
                column(split.secondary)
                    .navigationBarBackButtonHidden(
                        split.isCollapsed && (split.secondary?.refusesInteractiveDismissal ?? false))
            }
            #if os(iOS)
                view.onChange(of: horizontalSizeClass, initial: true) { _, sizeClass in
                    split.userWroteCollapsed(sizeClass == .compact)
                }
            #else
                view
            #endif
        }

        @ViewBuilder private func column(_ node: NavigationNode?) -> some View {
            if let node {
                NodeView(node)
            } else {
                Color.clear
            }
        }
    }
#endif
