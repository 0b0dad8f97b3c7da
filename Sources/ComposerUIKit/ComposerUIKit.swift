#if canImport(UIKit)
    // ComposerUIKit makes UIKit's view controllers, containers and windows Composer screens, and adds
    // the UIKit-only pieces of routing: factories (class, nib, storyboard, SwiftUI hosting), modal
    // presentation with styles, custom transition animations, per-screen navigation bars, window
    // providers and an os.Logger-based routing logger.
    //
    // It re-exports Composer and ComposerLinks, so an iOS app writes `import ComposerUIKit` alone.
    //
    // On platforms without UIKit (Linux) the module is empty.
    @_exported import Composer
    @_exported import ComposerLinks
#endif
