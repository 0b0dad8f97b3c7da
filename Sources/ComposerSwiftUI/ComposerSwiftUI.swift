#if canImport(SwiftUI)
    // ComposerSwiftUI renders a ComposerSwiftUIModel navigation model with SwiftUI's own navigation
    // views (NavigationStack, sheets, covers, popovers, TabView, NavigationSplitView) and reports
    // what the user does back to the model. The model makes every decision; these views only show
    // it. The views need iOS 17 or macOS 14.
    //
    // It re-exports Composer, ComposerLinks and ComposerSwiftUIModel, so a SwiftUI app writes
    // `import ComposerSwiftUI` alone.
    //
    // On platforms without SwiftUI (Linux) the module is empty.
    @_exported import Composer
    @_exported import ComposerLinks
    @_exported import ComposerSwiftUIModel
#endif
