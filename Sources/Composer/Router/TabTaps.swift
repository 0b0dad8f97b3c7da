/// A tab the user taps is a navigation: the guards of the screens it would show run first, and a
/// refusal leaves the selected tab as it was.
///
/// UIKit selects a tapped tab before any app code can object, so a tab whose screens need
/// sign-in would show them to a signed-out user. The platform adapters (`ComposerUIKit`'s
/// `UserNavigationReporter`, the twin's ``TabsContainer`` gestures) instead hand the tap to the
/// router of the window, which selects the tab through a navigation of its own.
extension DefaultRouter {
    /// Guards the tab that holds the screen `step` leads to: when the user taps that tab, `step`'s
    /// own interceptors run (after the router-wide interceptors and plan interceptors, as in every
    /// navigation) before the tab is selected, and a refusal keeps the selected tab.
    ///
    /// ```swift
    /// router.guardTabTaps(with: routes.account)  // the account tab asks for sign-in when tapped
    /// ```
    ///
    /// A tap on a tab no registered step leads into still runs the router-wide guards. The tab is
    /// matched when the user taps it, with the step's finder: the tab holds the screen the finder
    /// finds (or is that screen).
    ///
    /// The UIKit adapter asks the window's router about every tap. The SwiftUI navigation model
    /// does not: there a tab that needs a guard runs the navigation its tab node's
    /// `userSelectionNavigation` holds.
    public func guardTabTaps<ViewController>(with step: DestinationStep<ViewController, Void>) {
        tabTapGuards.append(step.chain)
        // A router that guards tabs must be found from its window when the user taps one.
        observation.startListening(self)
    }

    /// The router of `window` that handles its tab taps: the first one that guards tabs
    /// (``guardTabTaps(with:)``), else the first with a router-wide or plan interceptor, else the
    /// first that listens to the window (one with an observer, or a caller waiting for a screen's
    /// result). `nil` when no router of the window has any of these, and the adapter selects the
    /// tab itself.
    public static func tabTapRouter(in window: any ScreenWindow) -> DefaultRouter? {
        let listening = RouterObservation.listeningRouters(in: window)
        return listening.first { !$0.tabTapGuards.isEmpty } ?? RouterObservation.guardedRouters(in: window).first
            ?? listening.first
    }

    /// Handles the user's tap on the tab at `index` of `tabs` as a navigation to that tab: the
    /// router-wide guards and the guards of the steps registered with ``guardTabTaps(with:)`` that
    /// lead into the tab run, then the tab is selected. Observers see the change as the user's.
    /// The tab shows again as the user left it: its stack is not popped, and what is presented in
    /// its own context (`overCurrentContext` under a screen of the tab that defines the context)
    /// stays, as UIKit keeps it while another tab is selected.
    ///
    /// Platform adapters call this instead of selecting the tab; a tap on the selected tab is not a
    /// navigation, and adapters leave it to the platform (UIKit pops the tab's stack to its root).
    ///
    /// - Throws: a ``RoutingError``: ``RoutingError/Code/interceptorRejected`` when a guard refused
    ///   (the selected tab stays), ``RoutingError/Code/screenNotFound`` when `tabs` has no tab at
    ///   `index`, or what else a navigation throws.
    public func userTapsTab(at index: Int, in tabs: any TabsContainer) async throws(RoutingError) {
        let tabScreens = tabs.tabScreens
        guard tabScreens.indices.contains(index) else {
            throw logged(
                RoutingError(
                    code: .screenNotFound, step: "tab tap", expected: "a tab at index \(index) of \(tabs)",
                    found: "\(tabScreens.count) tab(s)"))
        }
        let tab = tabScreens[index]
        var node = StepNode(
            screenTypeName: "\(type(of: tab))", declaredType: (any Screen).self,
            finderName: "tab \(index) the user tapped")
        node.find = { [weak tab] _, _ in tab }
        node.revealKeepsPresentationsInside = true
        if let window = windowProvider.window {
            let tree = ScreenTree(window: window)
            for chain in tabTapGuards {
                guard let destination = try? chain.resolve((), tree).first, let find = destination.find,
                    let found = try? find(destination.contextAdapter(()), tree),
                    found === tab || ScreenTree.ancestors(of: found).contains(where: { $0 === tab })
                else { continue }
                node.interceptors += destination.interceptors
            }
        }
        let step = DestinationStep<any Screen, Void>(chain: .fixed([node]))
        let outcome: Result<Void, RoutingError> = await Self.runningAsUserTabTap(in: windowProvider.window) {
            do throws(RoutingError) {
                _ = try await navigate(to: step, with: (), animated: false)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
    }
}

extension DefaultRouter {
    /// Runs `navigation`, the route a tab the user tapped asks for (the SwiftUI model's tab node
    /// `userSelectionNavigation`), as that tap: the router it navigates with reports its change as
    /// the user's, as ``userTapsTab(at:in:)`` does, and the other routers of `window` hear of it
    /// as of any change the user makes.
    package static func runUserTabTap(
        in window: (any ScreenWindow)?, _ navigation: @MainActor () async throws -> Void
    ) async throws {
        let outcome: Result<Void, any Error> = await runningAsUserTabTap(in: window) {
            do {
                try await navigation()
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
    }

    /// Runs `tap`, the navigation of a tab the user tapped, marked as the user's (the router that
    /// navigates reports it so), then tells each router listening to `window` that made no report
    /// meanwhile, as of any change the user makes.
    private static func runningAsUserTabTap<Outcome>(
        in window: (any ScreenWindow)?, _ tap: @MainActor () async -> Outcome
    ) async -> Outcome {
        let routers = window.map { RouterObservation.listeningRouters(in: $0) } ?? []
        let leaving = routers.isEmpty ? nil : window.flatMap { ScreenTree(window: $0).current }
        let reportsBefore = routers.map(\.observation.reportsMade)
        defer {
            // A router that reported meanwhile made the navigation (or heard of it) itself.
            for (router, reports) in zip(routers, reportsBefore) where router.observation.reportsMade == reports {
                router.userDidChangeScreens(leaving: leaving)
            }
        }
        return await TabTap.$isRunning.withValue(true) { await tap() }
    }
}

/// Marks the navigation of a tab tap, so that the router reports its change as the user's.
enum TabTap {
    @TaskLocal static var isRunning = false
}
