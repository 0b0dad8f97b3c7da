import Composer

extension Router {
    /// Opens saved links one after the other, bottom level first, to put back the screens the user
    /// left (the links ``ComposerLinks/LinkRestoration/savedLinks(in:)-(ScreenTree)`` made).
    ///
    /// Each link goes through the router exactly as a tap would, with every guard: a product that
    /// needs sign-in asks for it again. Restoring stops at the first link that fails, because every
    /// later link was saved over the screen the failed one would have shown; the result names
    /// the links opened, the failure and the links not tried, and the screens stay as the failed
    /// navigation left them (consistent, as after any failed navigation). A saved link that the
    /// map now sends to its fallback (the pattern is gone, or redirected there) is a failure too:
    /// restoring never shows a screen the user did not leave. Redirects to another pattern are
    /// followed, so links saved by an older version open where the new one says.
    ///
    /// Restore without animation (the default) at launch, onto the app's first screen. Each link
    /// navigates as a tap would, so on a tree that already shows some of the screens, revealing a
    /// lower level dismisses the modals above it before the next link presents them again.
    ///
    /// Each link joins the router's queue as `queueing` says; with
    /// ``/Composer/NavigationQueueing/interrupt`` every link goes before the navigations waiting.
    public func restore(
        _ urls: [String], using links: LinkMap, animated: Bool = false, queueing: NavigationQueueing = .waitTurn
    ) async -> LinkRestorationResult {
        var opened: [OpenedLink] = []
        for (index, url) in urls.enumerated() {
            func failed(_ error: LinkOpenError, wentToFallback: Bool = false) -> LinkRestorationResult {
                LinkRestorationResult(
                    opened: opened,
                    failure: LinkRestorationError(url: url, error: error, wentToFallback: wentToFallback),
                    notAttempted: Array(urls[(index + 1)...]))
            }
            let resolved: ResolvedLink<Link>
            do {
                resolved = try links.resolveLink(url)
            } catch {
                return failed(.link(error))
            }
            guard !resolved.isFallback else {
                // No reason is kept when a redirect chose the fallback: say so, not that nothing matched.
                let reason =
                    resolved.fallbackReason ?? .redirectedToFallback(url: url, redirectedFrom: resolved.redirectedFrom)
                return failed(.link(reason), wentToFallback: true)
            }
            do {
                let screen = try await navigate(to: resolved.target, animated: animated, queueing: queueing)
                opened.append(
                    OpenedLink(
                        screen: screen, url: url, name: resolved.name, pattern: resolved.pattern,
                        redirectedFrom: resolved.redirectedFrom, fallback: nil))
            } catch {
                return failed(.routing(error))
            }
        }
        return LinkRestorationResult(opened: opened, failure: nil, notAttempted: [])
    }
}
