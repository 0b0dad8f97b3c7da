#if canImport(SwiftUI)
    import ComposerSwiftUIModel
    import SwiftUI

    /// A ``/ComposerSwiftUIModel/TabsNode`` as a `TabView(selection:)`, each tab tagged with its node's identity.
    ///
    /// A tab tap writes the selection, which goes to ``/ComposerSwiftUIModel/TabsNode/userSelectedTab(_:)``: the model
    /// selects the tab, or runs the navigation of a tab that needs one first (a tab behind sign-in),
    /// and the tab bar shows whatever the model then holds.
    @available(iOS 17, macOS 14, *)
    struct TabsHost: View {
        let tabs: TabsNode
        @Environment(\.nodeViewRegistry) private var registry

        var body: some View {
            // The selection as rendered now: the model ignores a write of it (a duplicate).
            let selection = tabs.selection
            TabView(selection: Binding(get: { selection }, set: { tabs.userSelectedTab($0) })) {
                ForEach(tabs.tabs) { tab in
                    NodeView(tab)
                        .tabItem { registry?.label(forTab: tab) ?? AnyView(Text(tab.title)) }
                        .tag(Optional(tab.id))
                }
            }
        }
    }
#endif
