/// A stand-in window around a screen that is not on screen yet, so finders can search inside a
/// container the router has just built.
@MainActor
final class DetachedWindow: ScreenWindow {
    let rootScreen: (any Screen)?

    init(root: any Screen) {
        rootScreen = root
    }

    func setRootScreen(_ screen: any Screen, animated: Bool) async throws {
        throw ContainerActionError("a detached window cannot change its root")
    }
}
