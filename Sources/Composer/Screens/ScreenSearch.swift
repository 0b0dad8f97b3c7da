/// Lists candidate screens in the order a finder should try them.
@MainActor
public enum ScreenSearch {
    /// The screens `options` selects in `tree`, starting at `start`, each at most once, nearest
    /// to the user first.
    public static func candidates(in tree: ScreenTree, options: SearchOptions, start: SearchStart = .topmost)
        -> [any Screen]
    {
        collecting { visit in visitCandidates(in: tree, options: options, start: start, visit) }
    }

    /// Every screen `walk` offers to the visitor it is given, in order, as a list.
    static func collecting(_ walk: (_ visit: (any Screen) -> Bool) -> Void) -> [any Screen] {
        var result: [any Screen] = []
        walk { screen in
            result.append(screen)
            return false
        }
        return result
    }

    /// Offers `visit` the screens ``candidates(in:options:start:)`` would list, in the same order,
    /// and stops as soon as `visit` returns `true`. Returns whether it stopped.
    ///
    /// A finder that needs the first match only uses this rather than the list: the walk ends at
    /// the match, and no list of the whole tree is built first.
    @discardableResult @inlinable
    public static func visitCandidates(
        in tree: ScreenTree, options: SearchOptions, start: SearchStart = .topmost,
        _ visit: (any Screen) -> Bool
    ) -> Bool {
        withoutActuallyEscaping(visit) { visit in
            var visitor = ClosureVisitor(visit)
            return visitCandidates(in: tree, options: options, start: start, &visitor)
        }
    }

    /// ``visitCandidates(in:options:start:_:)`` for a visitor whose type the walk is compiled for.
    @discardableResult @inlinable
    static func visitCandidates<Visitor: CandidateVisitor>(
        in tree: ScreenTree, options: SearchOptions, start: SearchStart, _ visitor: inout Visitor
    ) -> Bool {
        let levels = tree.levelsWithLeaves
        guard !levels.isEmpty else { return false }
        let startIndex = start == .root ? 0 : levels.count - 1
        let (startLevel, startLeaf) = levels[startIndex]
        return visitCandidates(
            levels: levels, startIndex: startIndex, start: startLevel, startLeaf: startLeaf,
            options: options, &visitor)
    }

    /// The search both entry points share: from `start` (a level's outermost screen, or any screen
    /// of the level at `startIndex`) and `startLeaf`, the screen visible inside it, then the other
    /// levels; lazily, so the walk ends at the first match.
    @inlinable
    static func visitCandidates<Visitor: CandidateVisitor>(
        levels: [(level: any Screen, leaf: any Screen)], startIndex: Int, start: any Screen, startLeaf: any Screen,
        options: SearchOptions, _ visitor: inout Visitor
    ) -> Bool {
        // Only the current, parent and visible passes can offer a screen twice, and the contained
        // passes can offer again what those offered: a few screens (the visible path), remembered
        // so that the contained passes, which cover the whole tree, only look them up. The passes
        // are functions of their own that take the visitor and the remembered screens `inout`:
        // nested functions capturing them had each capture checked for exclusive access at run
        // time, at every pass.
        var early = OfferedScreens()
        if options.contains(.current), offer(startLeaf, &early, &visitor) { return true }
        if options.contains(.parent) {
            for ancestor in ScreenTree.ancestors(of: startLeaf) where offer(ancestor, &early, &visitor) { return true }
        }
        if options.contains(.visible), offerVisible(from: start, &early, &visitor) { return true }
        if options.contains(.contained), offerContained(in: start, &early, &visitor) { return true }
        if options.contains(.presented) {
            for (level, _) in levels[(startIndex + 1)...] where offerLevel(level, options, &early, &visitor) {
                return true
            }
        }
        if options.contains(.presenting) {
            for (level, _) in levels[..<startIndex].reversed() where offerLevel(level, options, &early, &visitor) {
                return true
            }
        }
        return false
    }

    /// Offers `screen` unless `early` has it, and remembers it there.
    @inlinable
    static func offer<Visitor: CandidateVisitor>(
        _ screen: any Screen, _ early: inout OfferedScreens, _ visitor: inout Visitor
    ) -> Bool {
        guard early.insert(ObjectIdentifier(screen)) else { return false }
        return visitor.visit(screen)
    }

    /// Offers `levelRoot` and the visible screens inside it, depth first.
    @inlinable
    static func offerVisible<Visitor: CandidateVisitor>(
        from levelRoot: any Screen, _ early: inout OfferedScreens, _ visitor: inout Visitor
    ) -> Bool {
        var pending: [any Screen] = [levelRoot]
        var visited = 0
        while let next = pending.popLast(), visited < 100_000 {
            visited += 1
            if offer(next, &early, &visitor) { return true }
            pending.append(contentsOf: ScreenTree.visibleChildren(of: next).reversed())
        }
        return false
    }

    /// Offers `levelRoot` and every screen inside it that `early` does not have, in the order of
    /// `ScreenTree.containedScreens(of:)`, without building its list. A level is a tree, so this
    /// pass meets each of its screens once. The walk keeps one entry per container it is inside
    /// (its children and the next one to offer) rather than a list of the screens still to
    /// offer: copying every screen into such a list cost more than offering it.
    @inlinable
    static func offerContained<Visitor: CandidateVisitor>(
        in levelRoot: any Screen, _ early: inout OfferedScreens, _ visitor: inout Visitor
    ) -> Bool {
        if !early.contains(ObjectIdentifier(levelRoot)), visitor.visit(levelRoot) { return true }
        var outer: [(children: [any Screen], next: Int)] = []
        var children = levelRoot.childScreens
        var next = 0
        var offered = 1
        while offered < 100_000 {
            guard next < children.count else {
                guard let container = outer.popLast() else { return false }
                (children, next) = container
                continue
            }
            let screen = children[next]
            next += 1
            offered += 1
            if !early.contains(ObjectIdentifier(screen)), visitor.visit(screen) { return true }
            let inner = screen.childScreens
            if !inner.isEmpty {
                outer.append((children, next))
                (children, next) = (inner, 0)
            }
        }
        return false
    }

    /// Offers a level other than the start's: its visible screens, its contained ones, or both.
    @inlinable
    static func offerLevel<Visitor: CandidateVisitor>(
        _ levelRoot: any Screen, _ options: SearchOptions, _ early: inout OfferedScreens, _ visitor: inout Visitor
    ) -> Bool {
        if options.contains(.visible) || !options.contains(.contained),
            offerVisible(from: levelRoot, &early, &visitor)
        {
            return true
        }
        return options.contains(.contained) && offerContained(in: levelRoot, &early, &visitor)
    }
}

/// What a walk over candidates asks of each one. The walk is generic over it, so that a question
/// known where the walk is compiled (a finder's, in the app's module) is compiled into the walk:
/// through a closure the walk captures, each candidate cost a call and a copy of the screen.
@MainActor @usableFromInline
protocol CandidateVisitor {
    /// Whether the walk stops at `screen`.
    mutating func visit(_ screen: any Screen) -> Bool
}

/// The public entry points' visitor, a closure.
@usableFromInline
struct ClosureVisitor: CandidateVisitor {
    @usableFromInline let body: (any Screen) -> Bool

    @inlinable init(_ body: @escaping (any Screen) -> Bool) {
        self.body = body
    }

    @inlinable func visit(_ screen: any Screen) -> Bool {
        body(screen)
    }
}

extension ScreenSearch {
    /// The first candidate of `finder`'s search that its ``StackIteratingFinder/isTarget(_:with:)``
    /// accepts with `context`.
    ///
    /// Screens of a class that does not cast to the finder's type are turned away by their class,
    /// asked once per class; a screen of a class that casts to a class type is that very object, so
    /// it is bit-cast rather than cast again (the runtime casts slowly to a generic type), and only
    /// a protocol type is cast screen by screen. The two are two visitor types rather than a branch
    /// in one, which the optimizer does not remove from the walk.
    @inlinable static func firstScreen<F: StackIteratingFinder, Target, Context>(
        of finder: F, with context: Context, in tree: ScreenTree
    ) -> Target? where F.ViewController == Target, F.Context == Context {
        if Target.self is AnyObject.Type {
            var match = FinderMatch<F, Target, Context, SameObjectCast>(finder: finder, context: context)
            visitCandidates(in: tree, options: finder.options, start: finder.searchStart, &match)
            return match.found
        }
        var match = FinderMatch<F, Target, Context, DynamicCast>(finder: finder, context: context)
        visitCandidates(in: tree, options: finder.options, start: finder.searchStart, &match)
        return match.found
    }
}

/// How ``FinderMatch`` gets a finder's typed screen from a screen whose class casts to that type.
@usableFromInline
protocol CandidateCast {
    static func typed<Target>(_ screen: any Screen, as _: Target.Type) -> Target?
}

/// For a class type: the screen is that very object.
@usableFromInline
enum SameObjectCast: CandidateCast {
    @inlinable static func typed<Target>(_ screen: any Screen, as _: Target.Type) -> Target? {
        unsafeBitCast(screen as AnyObject, to: Target.self)
    }
}

/// For a protocol type: the runtime's cast.
@usableFromInline
enum DynamicCast: CandidateCast {
    @inlinable static func typed<Target>(_ screen: any Screen, as _: Target.Type) -> Target? {
        screen as? Target
    }
}

/// ``ScreenSearch/firstScreen(of:with:in:)``'s visitor. `Target` and `Context` are plain generic
/// parameters, so that a walk the app's module did not compile reads them directly rather than
/// looking up the finder's associated types at each screen.
@MainActor @usableFromInline
struct FinderMatch<F: StackIteratingFinder, Target, Context, Cast: CandidateCast>: CandidateVisitor
where F.ViewController == Target, F.Context == Context {
    @usableFromInline let test: FinderTest<F, Target, Context, Cast>
    @usableFromInline var classes = CastableClasses()
    @usableFromInline var found: Target?

    @inlinable init(finder: F, context: Context) {
        test = FinderTest(finder: finder, context: context)
    }

    @inlinable mutating func visit(_ screen: any Screen) -> Bool {
        guard classes.mayCast(screen, { $0 is Target }), let typed = test.accepted(screen) else { return false }
        found = typed
        return true
    }
}

/// Which screen classes cast to a finder's type, asked once per class: a tree holds a few classes
/// and thousands of screens, and a failing dynamic cast to a generic type costs far more than
/// reading a screen's class. Whether a class instance casts depends on its class alone.
@usableFromInline
typealias CastableClasses = ClassAnswers<Bool>

extension ClassAnswers where Answer == Bool {
    /// `false` when `screen` certainly does not cast; `casts` answers for a class not seen yet.
    @inlinable mutating func mayCast(_ screen: any Screen, _ casts: (any Screen) -> Bool) -> Bool {
        answer(for: screen, casts)
    }
}

/// An answer that depends on a screen's class alone, asked once per class and then read back by
/// the class's identity: what a walk over thousands of screens of a few classes asks of each.
@usableFromInline
struct ClassAnswers<Answer> {
    /// The first class met, kept without allocating: a search that ends at its first candidate
    /// meets only one.
    @usableFromInline var first: (type: ObjectIdentifier, answer: Answer)?
    @usableFromInline var others: [(type: ObjectIdentifier, answer: Answer)] = []

    @inlinable init() {}

    /// The answer for `screen`'s class, if it was asked before.
    @inlinable func cached(for screen: any Screen) -> Answer? {
        let type = ObjectIdentifier(Swift.type(of: screen))
        if let first, first.type == type { return first.answer }
        for entry in others where entry.type == type { return entry.answer }
        return nil
    }

    /// The answer for `screen`'s class; `compute` answers for a class not seen yet.
    @inlinable mutating func answer(for screen: any Screen, _ compute: (any Screen) -> Answer) -> Answer {
        if let known = cached(for: screen) { return known }
        let type = ObjectIdentifier(Swift.type(of: screen))
        let answer = compute(screen)
        if first == nil {
            first = (type, answer)
        } else if others.count < 64 {
            // A tree with more classes than this is asked again for the rest.
            others.append((type, answer))
        }
        return answer
    }
}

/// The screens a search has offered before its contained passes: usually a handful, kept in a list
/// that a linear scan reads faster than a set is hashed (the first without allocating, as it is
/// often the match); a set takes over past a few dozen. One bit per screen in a 64-bit mask, by its
/// address, turns away almost every screen the contained passes ask about without reading the list:
/// they ask about every screen of the tree, and all but a few were not offered.
@usableFromInline
struct OfferedScreens {
    @usableFromInline var mask: UInt64 = 0
    @usableFromInline var first: ObjectIdentifier?
    @usableFromInline var others: [ObjectIdentifier] = []
    @usableFromInline var set: Set<ObjectIdentifier>?

    @inlinable init() {}

    /// The bit of `id` in ``mask``: objects are 16-byte aligned, so the address from its fifth bit.
    @inlinable static func bit(_ id: ObjectIdentifier) -> UInt64 {
        1 << UInt64((UInt(bitPattern: id) >> 4) & 63)
    }

    @inlinable func contains(_ id: ObjectIdentifier) -> Bool {
        guard mask & Self.bit(id) != 0 else { return false }
        if let set { return set.contains(id) }
        return id == first || others.contains(id)
    }

    /// Adds `id`; `false` if it was there already.
    @inlinable mutating func insert(_ id: ObjectIdentifier) -> Bool {
        if contains(id) { return false }
        mask |= Self.bit(id)
        if set != nil {
            set?.insert(id)
        } else if first == nil {
            first = id
        } else {
            // Room for a visible path at once: growing one screen at a time reallocated twice.
            if others.isEmpty { others.reserveCapacity(8) }
            others.append(id)
            if others.count > 32, let first { set = Set(others + [first]) }
        }
        return true
    }
}
