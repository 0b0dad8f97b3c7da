/// Answers whether a step's screen already exists in the live tree.
///
/// The router asks the finders of a chain from the destination back towards its origin; the first
/// one that finds its screen is the anchor, and only the steps closer to the destination are built.
@MainActor
public protocol Finder {
    /// The type of screen this finder finds.
    associatedtype ViewController
    /// The context the finder compares screens against.
    associatedtype Context

    /// The matching screen in `tree`, or `nil` when it is not there.
    func findScreen(with context: Context, in tree: ScreenTree) throws -> ViewController?
}

/// A finder that walks the tree in a fixed order and asks only "is this the one?".
@MainActor
public protocol StackIteratingFinder: Finder {
    /// Which screens are looked at.
    var options: SearchOptions { get }

    /// Where the walk starts; the top presentation level unless overridden.
    var searchStart: SearchStart { get }

    /// Whether `screen` is the screen this finder looks for.
    func isTarget(_ screen: ViewController, with context: Context) -> Bool
}

extension StackIteratingFinder {
    /// The top presentation level.
    public var searchStart: SearchStart { .topmost }

    /// The first candidate of type ``Finder/ViewController`` for which ``isTarget(_:with:)`` holds.
    public func findScreen(with context: Context, in tree: ScreenTree) throws -> ViewController? {
        ScreenSearch.firstScreen(of: ViewController.self, in: tree, options: options, start: searchStart) {
            isTarget($0, with: context)
        }
    }
}

extension ScreenSearch {
    /// The first candidate of type `Target` that `isMatch` accepts.
    ///
    /// `Target` is a plain generic parameter here, so the walk reads its type directly rather than
    /// looking up a finder's associated type at each screen. Screens of a class that does not cast
    /// are turned away by their class, asked once per class; a screen of a class that casts to a
    /// class type is that very object, so it is bit-cast rather than cast again (the runtime casts
    /// slowly to a generic type), and only a protocol type is cast screen by screen.
    static func firstScreen<Target>(
        of _: Target.Type, in tree: ScreenTree, options: SearchOptions, start: SearchStart,
        matching isMatch: (Target) -> Bool
    ) -> Target? {
        var classes = CastableClasses()
        let castsToTarget: (any Screen) -> Bool = { $0 is Target }
        var found: Target?
        // Two walks rather than a test per screen: a branch inside one closure keeps the class
        // case from being compiled as plainly as it is alone.
        if Target.self is AnyObject.Type {
            visitCandidates(in: tree, options: options, start: start) { screen in
                guard classes.mayCast(screen, castsToTarget) else { return false }
                let typed = unsafeBitCast(screen as AnyObject, to: Target.self)
                guard isMatch(typed) else { return false }
                found = typed
                return true
            }
        } else {
            visitCandidates(in: tree, options: options, start: start) { screen in
                guard classes.mayCast(screen, castsToTarget), let typed = screen as? Target, isMatch(typed) else {
                    return false
                }
                found = typed
                return true
            }
        }
        return found
    }
}

/// Which screen classes cast to a finder's type, asked once per class: a tree holds a few classes
/// and thousands of screens, and a failing dynamic cast to a generic type costs far more than
/// reading a screen's class. Whether a class instance casts depends on its class alone.
struct CastableClasses {
    /// The first class met, kept without allocating: a search that ends at its first candidate
    /// meets only one.
    private var first: (type: ObjectIdentifier, casts: Bool)?
    private var others: [(type: ObjectIdentifier, casts: Bool)] = []

    /// `false` when `screen` certainly does not cast; `casts` answers for a class not seen yet.
    mutating func mayCast(_ screen: any Screen, _ casts: (any Screen) -> Bool) -> Bool {
        let type = ObjectIdentifier(Swift.type(of: screen))
        if let first, first.type == type { return first.casts }
        for entry in others where entry.type == type { return entry.casts }
        let answer = casts(screen)
        if first == nil {
            first = (type, answer)
        } else if others.count < 64 {
            // A tree with more classes than this is searched with a plain cast for the rest.
            others.append((type, answer))
        }
        return answer
    }
}
