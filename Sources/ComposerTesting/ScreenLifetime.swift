/// An object that lives exactly as long as its ``TestScreen``, so that what must notice a screen's
/// deallocation (the memory tracker) holds this weakly instead of the screen: see
/// `TestScreen.parentPointer` for why a screen is never weakly referenced.
@MainActor
final class ScreenLifetime {
    /// The screen, set by its initializer. Only the screen holds this object strongly, so while
    /// this object can be reached through a weak reference, the screen is alive.
    unowned(unsafe) var screen: TestScreen?

    nonisolated init() {}
}
