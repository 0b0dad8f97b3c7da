/// Picks one of several routes when the navigation starts: by feature flag, A/B group, by what is
/// on screen, or by the context itself. The first case that answers wins; then the default. A case
/// whose route leads back through the switch itself fails the navigation with
/// ``RoutingError/Code/noMatchingCase``, before anything runs.
///
/// ```swift
/// let checkout = SwitchAssembly<CheckoutScreen, CartID>()
///     .addCase(if: { flags.newCheckout }, newCheckoutRoute)
///     .assemble(default: classicCheckoutRoute)
/// ```
@MainActor
public struct SwitchAssembly<ViewController, Context> {
    private var cases: [(Context, ScreenTree) throws -> DestinationStep<ViewController, Context>?] = []

    /// An assembly with no case yet.
    public init() {}

    /// A case decided by the context: return a route to take it, `nil` to pass.
    public func addCase(_ pick: @escaping @MainActor (Context) -> DestinationStep<ViewController, Context>?) -> Self {
        var copy = self
        copy.cases.append { context, _ in pick(context) }
        return copy
    }

    /// A case taken when `finder` finds a screen in the live tree.
    ///
    /// A finder that throws, or answers with a screen that is not in the window (one the app kept
    /// after it left), fails the navigation with ``RoutingError/Code/screenNotFound`` naming this
    /// case and the finder, as a step's finder does; a ``RoutingError`` it throws passes as it is.
    public func addCase<F: Finder>(when finder: F, from step: DestinationStep<ViewController, Context>) -> Self
    where F.Context == Context {
        var copy = self
        let name =
            "case \(cases.count + 1) of SwitchAssembly<\(ViewController.self), \(Context.self)> (finder \(F.self))"
        copy.cases.append { context, tree in
            let found: F.ViewController?
            do {
                found = try finder.findScreen(with: context, in: tree)
            } catch let error as RoutingError {
                throw error
            } catch {
                // The switch stands where the branch it picks will: at the head of its own chain.
                throw StepNode.finderFailure(error, step: name, position: 0, finderName: "\(F.self)")
            }
            guard let found else { return nil }
            // Taken for a screen outside the window, the case would lead somewhere the user left.
            if let screen = found as? any Screen, !tree.holds(screen) {
                throw StepNode.answerOutsideWindow(screen, step: name, position: 0, finderName: "\(F.self)")
            }
            return step
        }
        return copy
    }

    /// A case taken while `condition` is true: a feature flag or an A/B group read at navigation time.
    public func addCase(if condition: @escaping @MainActor () -> Bool, _ step: DestinationStep<ViewController, Context>)
        -> Self
    {
        var copy = self
        copy.cases.append { _, _ in condition() ? step : nil }
        return copy
    }

    /// The route, falling back to `defaultStep` when no case answers.
    public func assemble(default defaultStep: DestinationStep<ViewController, Context>) -> DestinationStep<
        ViewController, Context
    > {
        route(fallback: defaultStep)
    }

    /// The route; when no case answers, the navigation fails with ``RoutingError/Code/noMatchingCase``.
    public func assemble() -> DestinationStep<ViewController, Context> {
        route(fallback: nil)
    }

    private func route(fallback: DestinationStep<ViewController, Context>?) -> DestinationStep<ViewController, Context>
    {
        let cases = self.cases
        let count = cases.count
        return DestinationStep(
            chain: StepChain { context, tree in
                // A case whose route leads back through this switch would resolve until the stack
                // overflows: refused past a depth no route's nesting reaches, before anything runs.
                guard SwitchPicks.nesting < SwitchPicks.maximumNesting else {
                    throw RoutingError(
                        code: .noMatchingCase, step: "SwitchAssembly<\(ViewController.self), \(Context.self)>",
                        expected: "its cases to lead to a route that ends",
                        found: "\(SwitchPicks.maximumNesting) switches resolved one inside another: a case whose"
                            + " route leads back through the switch itself?")
                }
                SwitchPicks.nesting += 1
                defer { SwitchPicks.nesting -= 1 }
                let typed = try castContext(context, to: Context.self, for: "SwitchAssembly<\(ViewController.self)>")
                for (index, pick) in cases.enumerated() {
                    if let step = try pick(typed, tree) {
                        SwitchPicks.record(index)
                        return try step.chain.resolve(context, tree)
                    }
                }
                if let fallback {
                    SwitchPicks.record(count)
                    return try fallback.chain.resolve(context, tree)
                }
                throw RoutingError(
                    code: .noMatchingCase, step: "SwitchAssembly<\(ViewController.self), \(Context.self)>",
                    expected: "one of \(count) case(s) to match, or a default",
                    found: "no case matched \(contextText(typed))")
            })
    }
}

/// The cases the ``SwitchAssembly`` routes of a chain took while it resolved, in the order they
/// took them (the default counts as the case after the last). Two resolutions of one route can
/// give steps of the same types whose closures differ (two cases built alike), or new copies of
/// the same steps (a route made anew on each access, as a computed property makes it): only the
/// cases taken tell the first from the second.
@MainActor
enum SwitchPicks {
    /// `nil` outside ``resolving(_:)``: a switch resolved elsewhere records nothing. Main actor
    /// only, so not checked for exclusive access: the check, made on every navigation, cost more
    /// than the rest of the recording.
    @exclusivity(unchecked) private static var recording: [Int]?

    /// The switches resolving now, one inside another (a case whose route holds a switch).
    @exclusivity(unchecked) static var nesting = 0
    /// More switches than this inside one another is taken for a route that leads back to itself.
    static let maximumNesting = 64

    static func record(_ index: Int) {
        recording?.append(index)
    }

    /// What `resolve` returns, and the cases the switches it resolved took.
    static func resolving<T>(_ resolve: () throws -> T) rethrows -> (value: T, picks: [Int]) {
        let outer = recording
        recording = []
        defer { recording = outer }
        let value = try resolve()
        return (value, recording ?? [])
    }
}
