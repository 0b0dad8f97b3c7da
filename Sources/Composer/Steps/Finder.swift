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
        var found: ViewController?
        var classes = CastableClasses()
        // Made once: a closure written inside the search's closures would look its type up anew.
        let castsToTarget: (any Screen) -> Bool = { $0 is ViewController }
        // A screen of a class that casts to a class type is that very object: once its class has
        // cast, its screens need no cast of their own, which the runtime makes slowly to a
        // generic type.
        let isClassType = ViewController.self is AnyObject.Type
        // Screens of a class that does not cast are turned away before they are batched; the rest
        // are tested in batches, because this generic code looks its types up at each call of the
        // closure, which would cost more than testing the candidate itself.
        ScreenSearch.visitCandidateBatches(
            in: tree, options: options, start: searchStart, admitting: { classes.mayCast($0, castsToTarget) },
            visit: { batch in
                for index in batch.indices {
                    let typed: ViewController
                    if isClassType {
                        typed = unsafeBitCast(batch[index] as AnyObject, to: ViewController.self)
                    } else {
                        guard let cast = batch[index] as? ViewController else { continue }
                        typed = cast
                    }
                    guard isTarget(typed, with: context) else { continue }
                    found = typed
                    return true
                }
                return false
            })
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
