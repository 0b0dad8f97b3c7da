/// What a finder that is a plain walk over ``ScreenSearch`` candidates asks of each candidate,
/// taken out of the finder so that planning can ask the finders of several steps in one walk.
///
/// A route that builds several screens asks a finder per step, and each finder that finds nothing
/// walks the whole tree. When consecutive steps search the same candidates (same options, same
/// start), one walk that asks each candidate every finder still waiting gives each finder the
/// first candidate it would have found alone.
@MainActor
struct CandidateTest {
    /// Which screens the finder looks at.
    let options: SearchOptions
    /// Where its walk starts.
    let start: SearchStart
    /// The finder's question about one candidate, for one step's context; throws what the finder's
    /// own search would throw for that context (a context of the wrong type).
    let forContext: @MainActor (Any) throws -> CandidateCheck

    /// Whether `other` walks the same candidates in the same order.
    func walksLike(_ other: CandidateTest) -> Bool {
        options == other.options && start == other.start
    }
}

/// A library finder whose ``Finder/findScreen(with:in:)`` is exactly the first candidate of its
/// search that ``StackIteratingFinder/isTarget(_:with:)`` accepts, and whose test only reads the
/// screen. A finder of an app's own type, which may search differently, is never assumed to.
@MainActor
protocol CandidateTesting: StackIteratingFinder {}

extension CandidateTesting {
    /// This finder's question, as ``ScreenSearch/firstScreen(of:with:in:)`` asks it:
    /// `compiled`, when given, makes it as the app's module compiles it for the finder's concrete
    /// type (the public entry points that take a ``StackIteratingFinder`` pass it).
    func candidateTest(finderName: String, compiled: (@MainActor (Any) throws -> CandidateCheck)?) -> CandidateTest {
        CandidateTest(options: options, start: searchStart) { context in
            if let compiled { return try compiled(context) }
            return makeCandidateCheck(
                self, of: ViewController.self,
                with: try castContext(context, to: Context.self, for: "finder \(finderName)"))
        }
    }
}

/// `finder`'s test with `context`. Its screen and context types are generic parameters here, so
/// that the test reads them from its captures rather than looking up the finder's associated types
/// each time it is asked; inlinable, so that an app's module compiles it for its own screen class.
/// A screen is typed as ``FinderMatch`` types it (``CandidateCast``).
@MainActor @inlinable
func makeCandidateCheck<F: StackIteratingFinder, Target, Context>(
    _ finder: F, of _: Target.Type, with context: Context
) -> CandidateCheck where F.ViewController == Target, F.Context == Context {
    if Target.self is AnyObject.Type { return candidateCheck(finder, with: context, typing: SameObjectCast.self) }
    return candidateCheck(finder, with: context, typing: DynamicCast.self)
}

/// ``makeCandidateCheck(_:of:with:)`` with the way a screen is typed chosen.
@MainActor @inlinable
func candidateCheck<F: StackIteratingFinder, Target, Context, Cast: CandidateCast>(
    _ finder: F, with context: Context, typing _: Cast.Type
) -> CandidateCheck where F.ViewController == Target, F.Context == Context {
    let test = FinderTest<F, Target, Context, Cast>(finder: finder, context: context)
    return CandidateCheck(
        castsToTarget: { $0 is Target },
        accepts: { screen in test.accepts(screen) },
        walkAskingFirst: { tests, tree, options, start in
            var walk = SharedWalk(first: test, tests)
            ScreenSearch.visitCandidates(in: tree, options: options, start: start, &walk)
            return walk.found.map { (walk.stillAsked, $0) }
        })
}

/// One finder's test of a candidate whose class casts to the finder's type, as a value whose
/// type the walk is compiled for: the search of one finder (``FinderMatch``) and the shared walk
/// of several ask it.
@MainActor @usableFromInline
struct FinderTest<F: StackIteratingFinder, Target, Context, Cast: CandidateCast>
where F.ViewController == Target, F.Context == Context {
    @usableFromInline let finder: F
    @usableFromInline let context: Context

    @inlinable init(finder: F, context: Context) {
        self.finder = finder
        self.context = context
    }

    /// `screen` typed as the finder's type, when the finder accepts it.
    @inlinable func accepted(_ screen: any Screen) -> Target? {
        guard let typed = Cast.typed(screen, as: Target.self), finder.isTarget(typed, with: context) else { return nil }
        return typed
    }

    @inlinable func accepts(_ screen: any Screen) -> Bool { accepted(screen) != nil }
}

/// One finder's question about a candidate, in two parts: whether the candidate's class casts to
/// the finder's type, which the walk asks once per class, and the finder's test of a candidate
/// whose class casts.
@usableFromInline
struct CandidateCheck {
    @usableFromInline let castsToTarget: @MainActor (any Screen) -> Bool
    @usableFromInline let accepts: @MainActor (any Screen) -> Bool
    /// ``ScreenSearch/firstAcceptingTest(_:in:options:start:)`` for tests whose first is this
    /// one, compiled with this test's types: the first test is asked of nearly every candidate of
    /// its class (the others only until it finds one), and through a closure each time it cost a
    /// call and a retain and release of the closure's context per screen.
    @usableFromInline let walkAskingFirst: Walk

    /// A walk asking `tests` (this one first) over the candidates of a tree that options and a
    /// start select: the position of the first test that accepts a candidate, and that candidate.
    @usableFromInline typealias Walk =
        @MainActor (
            _ tests: [CandidateCheck], _ tree: ScreenTree, _ options: SearchOptions, _ start: SearchStart
        ) -> (test: Int, screen: any Screen)?

    @usableFromInline
    init(
        castsToTarget: @escaping @MainActor (any Screen) -> Bool, accepts: @escaping @MainActor (any Screen) -> Bool,
        walkAskingFirst: @escaping Walk
    ) {
        self.castsToTarget = castsToTarget
        self.accepts = accepts
        self.walkAskingFirst = walkAskingFirst
    }
}

extension ClassFinder: CandidateTesting {}
extension ClassWithContextFinder: CandidateTesting {}

extension ScreenSearch {
    /// How many tests ``firstAcceptingTest(_:in:options:start:)`` asks in one walk.
    static let maximumSharedTests = 64

    /// One walk over the candidates `options` selects from `start`, asking each candidate the
    /// tests in order: the position of the first test that accepts a candidate, and the first
    /// candidate it accepts. The same answer as asking each test alone over its own walk, in order,
    /// and keeping the first that finds anything; the walk ends when the first test is answered.
    ///
    /// At most ``maximumSharedTests`` tests, one bit each.
    static func firstAcceptingTest(
        _ tests: [CandidateCheck], in tree: ScreenTree, options: SearchOptions, start: SearchStart
    ) -> (test: Int, screen: any Screen)? {
        guard let first = tests.first else { return nil }
        return first.walkAskingFirst(tests, tree, options, start)
    }
}

/// ``ScreenSearch/firstAcceptingTest(_:in:options:start:)``'s visitor, with the first test's type
/// known.
@MainActor @usableFromInline
struct SharedWalk<F: StackIteratingFinder, Target, Context, Cast: CandidateCast>: CandidateVisitor
where F.ViewController == Target, F.Context == Context {
    /// The first test, asked directly.
    @usableFromInline let first: FinderTest<F, Target, Context, Cast>
    /// Every test, the first included (for its class answer), asked through their closures.
    @usableFromInline let tests: [CandidateCheck]
    /// Only the tests before the best one found so far can still change the answer.
    @usableFromInline var stillAsked: Int
    @usableFromInline var found: (any Screen)?
    /// For each class met, the tests whose type it casts to, as bits: most classes of a tree cast
    /// to none, and are passed by after one lookup.
    @usableFromInline var classes = ClassAnswers<UInt64>()

    @inlinable init(first: FinderTest<F, Target, Context, Cast>, _ tests: [CandidateCheck]) {
        self.first = first
        self.tests = tests
        stillAsked = tests.count
    }

    /// Asks `screen` the tests still asked whose type its class casts to, in order; stops the walk
    /// when the first test accepts it.
    @inlinable mutating func visit(_ screen: any Screen) -> Bool {
        var castingTests = classes.cached(for: screen) ?? castingTestsOfNewClass(screen)
        if castingTests & 1 != 0 {
            if first.accepts(screen) {
                (stillAsked, found) = (0, screen)
                return true
            }
            castingTests &= ~1
        }
        while castingTests != 0 {
            let test = castingTests.trailingZeroBitCount
            guard test < stillAsked else { return false }
            if tests[test].accepts(screen) {
                (stillAsked, found) = (test, screen)
                return false
            }
            castingTests &= castingTests - 1
        }
        return false
    }

    /// The tests whose type the class of `screen`, not met before, casts to, one bit each. (Apart
    /// from `visit`, whose every call would otherwise copy the tests into this closure.)
    @usableFromInline mutating func castingTestsOfNewClass(_ screen: any Screen) -> UInt64 {
        let tests = tests
        return classes.answer(for: screen) { screen in
            var bits: UInt64 = 0
            for (position, test) in tests.enumerated() where test.castsToTarget(screen) {
                bits |= 1 << UInt64(position)
            }
            return bits
        }
    }
}
