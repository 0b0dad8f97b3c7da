/// Finds the first screen of class `ViewController`.
public struct ClassFinder<ViewController, Context>: StackIteratingFinder {
    /// Which screens are looked at.
    public let options: SearchOptions
    /// Where the walk starts.
    public let searchStart: SearchStart

    /// A finder looking at `options` (every screen by default, so a deep link finds a screen in a
    /// background tab or under a modal; not a presentation made in the context of a tab that is
    /// not selected, which is off the presentation levels the search walks).
    public init(
        _ type: ViewController.Type = ViewController.self, options: SearchOptions = .all, start: SearchStart = .topmost
    ) {
        self.options = options
        self.searchStart = start
    }

    /// Any screen of the class matches.
    @inlinable public func isTarget(_ screen: ViewController, with context: Context) -> Bool { true }
}

/// Finds the first screen of class `ViewController` that shows the navigation's context.
public struct ClassWithContextFinder<ViewController: ContextChecking, Context>: StackIteratingFinder
where ViewController.Context == Context {
    /// Which screens are looked at.
    public let options: SearchOptions
    /// Where the walk starts.
    public let searchStart: SearchStart

    /// A finder looking at `options` (every screen by default).
    public init(options: SearchOptions = .all, start: SearchStart = .topmost) {
        self.options = options
        self.searchStart = start
    }

    /// The screen matches when it reports showing `context`.
    @inlinable public func isTarget(_ screen: ViewController, with context: Context) -> Bool {
        screen.isTarget(for: context)
    }
}

/// Finds one particular screen instance while it is in the tree (on one of its presentation levels,
/// ``ScreenTree/contains(_:)``); it does not keep it alive.
public struct InstanceFinder<ViewController: AnyObject, Context>: Finder {
    private weak var instance: ViewController?

    /// A finder for `instance`.
    public init(_ instance: ViewController) {
        self.instance = instance
    }

    /// The instance when it is still in `tree`.
    public func findScreen(with context: Context, in tree: ScreenTree) throws -> ViewController? {
        guard let instance, let screen = instance as? any Screen, tree.contains(screen) else { return nil }
        return instance
    }
}

/// Never finds anything, so its step is always built.
public struct NilFinder<ViewController, Context>: Finder {
    /// A finder that finds nothing.
    public init() {}

    /// Always `nil`.
    public func findScreen(with context: Context, in tree: ScreenTree) throws -> ViewController? { nil }
}

/// Finds the first screen of type `ViewController` for which a predicate holds.
public struct PredicateFinder<ViewController, Context>: StackIteratingFinder {
    /// Which screens are looked at.
    public let options: SearchOptions
    /// Where the walk starts.
    public let searchStart: SearchStart
    private let predicate: @MainActor (ViewController, Context) -> Bool

    /// A finder looking at `options` for a screen that satisfies `predicate`.
    public init(
        options: SearchOptions = .all, start: SearchStart = .topmost,
        _ predicate: @escaping @MainActor (ViewController, Context) -> Bool
    ) {
        self.options = options
        self.searchStart = start
        self.predicate = predicate
    }

    /// Whether `predicate` holds for `screen`.
    public func isTarget(_ screen: ViewController, with context: Context) -> Bool {
        predicate(screen, context)
    }
}
