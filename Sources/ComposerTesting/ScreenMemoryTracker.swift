/// Remembers, weakly, every screen that ever entered a ``TestWindow``'s tree, so a test can check
/// that each popped, removed or dismissed screen has been deallocated.
///
/// The twin keeps no strong reference to a screen that has left the tree, so a screen stays alive
/// afterwards only if the test (or the code under test) still holds it.
@MainActor
public final class ScreenMemoryTracker {
    private struct Entry {
        let name: String
        /// Gone once the screen is deallocated (the screen itself is not weakly referenced).
        weak var lifetime: ScreenLifetime?
    }

    private var entries: [Entry] = []
    /// The entry of each tracked screen, by identity. An identifier can be reused once its screen is
    /// deallocated, so an entry whose screen is gone or another one does not count as tracking it.
    private var entryIndex: [ObjectIdentifier: Int] = [:]

    init() {}

    /// The names of the tracked screens still alive, sorted; a name appears once per screen.
    public var liveNames: [String] {
        entries.filter { $0.lifetime != nil }.map(\.name).sorted()
    }

    /// The names of the tracked screens that have been deallocated, sorted; a name appears once per screen.
    public var releasedNames: [String] {
        entries.filter { $0.lifetime == nil }.map(\.name).sorted()
    }

    /// Whether a screen called `name` entered the tree and every screen of that name has since been
    /// deallocated. `false` for a name never seen.
    public func isReleased(_ name: String) -> Bool {
        let matching = entries.filter { $0.name == name }
        return !matching.isEmpty && matching.allSatisfy { $0.lifetime == nil }
    }

    /// A screen given a parent, a presenter or a window since the last transition that looked:
    /// only those (and what they hold) can have entered a tree, so a transition never walks the
    /// whole tree to find newcomers.
    private struct Attachment {
        weak var lifetime: ScreenLifetime?
    }

    private static var attachments: [Attachment] = []

    /// Notes that `screen` was just attached somewhere; the next transition of its window tracks it.
    static func noteAttached(_ screen: TestScreen) {
        attachments.append(Attachment(lifetime: screen.lifetime))
    }

    /// Starts tracking every screen attached since the last look that is now in `window`'s tree,
    /// with everything it contains and presents. Other attachments wait: outside any window, their
    /// container may enter one later (or is tracked already and gained a child offline); in another
    /// window, that window's next transition takes them. Released ones are dropped.
    func recordScreensAttached(in window: TestWindow) {
        var waiting: [Attachment] = []
        for attachment in Self.attachments {
            guard let screen = attachment.lifetime?.screen else { continue }
            guard screen.containingWindow === window else {
                waiting.append(attachment)
                continue
            }
            if isTracking(screen) { continue }
            record(TwinTree.allScreens(from: screen))
        }
        Self.attachments = waiting
    }

    private func isTracking(_ screen: TestScreen) -> Bool {
        guard let index = entryIndex[ObjectIdentifier(screen)] else { return false }
        return entries[index].lifetime === screen.lifetime
    }

    /// Starts tracking each of `screens` not tracked yet.
    func record(_ screens: [TestScreen]) {
        for screen in screens {
            if isTracking(screen) { continue }
            entryIndex[ObjectIdentifier(screen)] = entries.count
            entries.append(Entry(name: screen.name, lifetime: screen.lifetime))
        }
    }
}
