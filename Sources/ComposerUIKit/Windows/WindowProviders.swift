#if canImport(UIKit)
    import Composer
    import UIKit

    /// Answers the key window of the foreground active scene: the window the user is looking at.
    ///
    /// Right for an app that shows a single window. An app with scenes (every iPad app that supports
    /// multiple windows) should give each scene its own router with ``SceneWindowProvider``, the
    /// recommended provider, so that a navigation runs in the scene that asked for it.
    ///
    /// Falls back to a foreground (inactive) scene, then to any connected scene, and within a scene
    /// from its key window to its first visible window. Not available in app extensions, which have
    /// no `UIApplication.shared`; use ``SceneWindowProvider`` or `FixedWindowProvider` there.
    @available(iOSApplicationExtension, unavailable)
    @available(tvOSApplicationExtension, unavailable)
    public struct KeyWindowProvider: WindowProvider {
        /// The provider.
        public init() {}

        /// The key window of the foreground active scene, or `nil` when no scene has a window yet.
        public var window: (any ScreenWindow)? {
            let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
            let ranked =
                scenes.filter { $0.activationState == .foregroundActive }
                + scenes.filter { $0.activationState == .foregroundInactive }
                + scenes.filter { $0.activationState != .foregroundActive && $0.activationState != .foregroundInactive }
            for scene in ranked {
                if let window = SceneWindowProvider.mainWindow(of: scene) { return window }
            }
            return nil
        }
    }

    /// Answers the window of one scene, so that an app with several windows navigates in the scene
    /// that asked: create it from the scene, or from any view, view controller or other responder of
    /// that scene. The recommended window provider: one router per scene, created in the scene
    /// delegate with this provider.
    ///
    /// Nothing is kept alive by the provider. A view that has left its window is answered with the
    /// window of the scene it was in when the provider was created.
    public struct SceneWindowProvider: WindowProvider {
        private let resolve: @MainActor () -> UIWindow?

        /// A provider for the key window of `scene` (its first visible window when none is key).
        public init(scene: UIWindowScene) {
            resolve = { [weak scene] in scene.flatMap(Self.mainWindow(of:)) }
        }

        /// A provider for the window `responder` is in: a window itself, a view's `window`, a view
        /// controller's view's window, a scene's key window, or the first of these found along the
        /// responder chain.
        public init(responder: UIResponder) {
            let initialScene = Self.window(of: responder)?.windowScene
            resolve = { [weak responder, weak initialScene] in
                if let responder, let window = Self.window(of: responder) { return window }
                return initialScene.flatMap(Self.mainWindow(of:))
            }
        }

        /// The window of the scene, or `nil` when it is gone or has none.
        public var window: (any ScreenWindow)? { resolve() }

        static func mainWindow(of scene: UIWindowScene) -> UIWindow? {
            if let key = scene.keyWindow { return key }
            return scene.windows.first { !$0.isHidden && $0.windowLevel == .normal }
        }

        private static func window(of responder: UIResponder) -> UIWindow? {
            var node: UIResponder? = responder
            var steps = 0
            while let current = node, steps < 1_000 {
                switch current {
                case let window as UIWindow: return window
                case let view as UIView: if let window = view.window { return window }
                case let controller as UIViewController:
                    if let window = controller.viewIfLoaded?.window { return window }
                case let scene as UIWindowScene: return mainWindow(of: scene)
                default: break
                }
                node = current.next
                steps += 1
            }
            return nil
        }
    }

    extension DefaultRouter {
        /// A router navigating in the key window of the foreground active scene (``KeyWindowProvider``),
        /// for apps with a single window; with scenes, prefer
        /// `DefaultRouter(windowProvider: SceneWindowProvider(scene:))`.
        @available(iOSApplicationExtension, unavailable)
        @available(tvOSApplicationExtension, unavailable)
        public convenience init(logger: any RoutingLogger = SilentRoutingLogger()) {
            self.init(windowProvider: KeyWindowProvider(), logger: logger)
        }
    }
#endif
