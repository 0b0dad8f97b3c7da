import Composer

/// Saves where the user is as links, so the next launch can put the same screens back with
/// ``ComposerLinks/Composer/Router/restore(_:using:animated:queueing:)``.
///
/// A link is saved for each presentation level of the window (the root level, then each modal
/// above it): the innermost screen of the level that has a link, looking from what the user sees
/// outwards: the visible screen, the screens below it in its navigation stack (the way back), the
/// stack itself, and so on up to the level's outermost container. Hidden tabs are not looked at. Whether a screen has a link is said here
/// explicitly, per screen type: ``register(_:for:parameters:)`` names the destination of the
/// ``LinkMap`` and reads its link's values back from the screen. A screen is saved only when the
/// link built from it leads back to it: the link's destination finder, asked with the link's
/// context, finds that very screen. So a saved link never opens a different screen than the one
/// the user left.
///
/// ```swift
/// var restoration = LinkRestoration(links: links)
/// try restoration.register("Product", for: ProductScreen.self) { ["id": $0.productID] }
/// let saved = restoration.savedLinks(in: window).urls
/// ```
///
/// Links are plain text, so they survive an app update that changes the screens, and a saved link
/// that the new version redirects or no longer has is handled by the map like any other link.
@MainActor
public struct LinkRestoration {
    /// How a screen of one registered type gives back the values of its destination's link.
    private struct Reader {
        let name: String
        /// The values for the link, `.some(nil)` when the screen has no link now, `nil` when the
        /// screen is not of the registered type.
        let read: @MainActor (any Screen) -> [String: any LinkParameterValue]??
    }

    /// What trying one registration on one screen gave: its link, or why it has none.
    private enum Attempt {
        case saved(String)
        case passed(String)
    }

    /// The map whose destinations the saved links open.
    public let links: LinkMap
    private var readers: [Reader] = []

    /// A restoration that builds its links with `links`, with no screen registered yet.
    public init(links: LinkMap) {
        self.links = links
    }

    /// Says that a screen of type `type` on the tree is the destination registered in the map as
    /// `name`, with the link values `parameters` reads from it (`nil` when this screen has no link
    /// now, a draft say).
    ///
    /// Registrations are tried in order, so register a subclass before its superclass.
    ///
    /// - Throws: ``LinkError/unknownDestination(name:)`` when the map has no pattern named `name`.
    public mutating func register<S>(
        _ name: String, for type: S.Type = S.self,
        parameters: @escaping @MainActor (S) -> [String: any LinkParameterValue]?
    ) throws(LinkError) {
        guard links.catalog.contains(where: { $0.name == name }) else { throw .unknownDestination(name: name) }
        readers.append(
            Reader(name: name) { screen in
                guard let typed = screen as? S else { return nil }
                return .some(parameters(typed))
            })
    }

    /// The links that rebuild `tree`, one per presentation level that has one, bottom level first.
    public func savedLinks(in tree: ScreenTree) -> LinkSnapshot {
        let levels = tree.presentationLevels.enumerated().map { index, levelRoot in
            savedLevel(index, root: levelRoot, in: tree)
        }
        return LinkSnapshot(levels: levels)
    }

    /// The links that rebuild the tree of `window`; see ``savedLinks(in:)-(ScreenTree)``.
    public func savedLinks(in window: any ScreenWindow) -> LinkSnapshot {
        savedLinks(in: ScreenTree(window: window))
    }

    private func savedLevel(_ index: Int, root levelRoot: any Screen, in tree: ScreenTree) -> LinkSnapshot.Level {
        let leaf = ScreenTree.visibleLeaf(of: levelRoot)
        var notes: [String] = []
        for screen in Self.candidates(from: leaf) {
            for reader in readers {
                guard let read = reader.read(screen) else { continue }
                switch link(reader.name, values: read, for: screen, in: tree) {
                case .saved(let url):
                    return LinkSnapshot.Level(index: index, url: url, screen: "\(screen)", notes: notes)
                case .passed(let note):
                    notes.append(note)
                }
            }
        }
        if notes.isEmpty {
            notes.append("no screen from \(leaf) up to \(levelRoot) is registered for restoration")
        }
        return LinkSnapshot.Level(index: index, url: nil, screen: nil, notes: notes)
    }

    /// The screens a level's link may lead back to, nearest the user first: the visible leaf, then,
    /// going outwards, the screens below it in each navigation stack (the way back), then each
    /// container itself. Hidden tabs and columns are not on the way, so they are not saved.
    private static func candidates(from leaf: any Screen) -> [any Screen] {
        var result = [leaf]
        var inner = leaf
        for container in ScreenTree.ancestors(of: leaf) {
            if let stack = container as? any NavigationStackContainer,
                let position = stack.stack.firstIndex(where: { $0 === inner })
            {
                result += stack.stack[..<position].reversed()
            }
            result.append(container)
            inner = container
        }
        return result
    }

    /// The link to `name` built from `values`, if it leads back to `screen`; otherwise why not.
    private func link(
        _ name: String, values: [String: any LinkParameterValue]?, for screen: any Screen, in tree: ScreenTree
    ) -> Attempt {
        guard let values else { return .passed("\(screen) has no '\(name)' link now (its values are nil)") }
        let url: String
        let found: (any Screen)?
        do {
            url = try links.url(for: name, parameters: values)
            let resolved = try links.resolveLink(url)
            guard !resolved.isFallback else {
                return .passed("'\(name)' link \(url) for \(screen) goes to the map's fallback")
            }
            found = try resolved.target.existingScreen(in: tree)
        } catch {
            return .passed("no '\(name)' link for \(screen): \(error)")
        }
        guard let found, found === screen else {
            let what = found.map { "finds \($0)" } ?? "finds nothing, so the link would build a new screen"
            return .passed("'\(name)' link \(url) does not lead back to \(screen): its finder \(what)")
        }
        return .saved(url)
    }
}
