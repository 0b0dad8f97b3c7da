/// Remembers, weakly, every screen that ever entered a ``TestWindow``'s tree, so a test can check
/// that each popped, removed or dismissed screen has been deallocated.
///
/// The twin keeps no strong reference to a screen that has left the tree, so a screen stays alive
/// afterwards only if the test (or the code under test) still holds it.
@MainActor
public final class ScreenMemoryTracker {
    private struct Entry {
        let name: String
        weak var screen: TestScreen?
    }

    private var entries: [Entry] = []
    /// The entry of each tracked screen, by identity. An identifier can be reused once its screen is
    /// deallocated, so an entry whose screen is gone or another one does not count as tracking it.
    private var entryIndex: [ObjectIdentifier: Int] = [:]

    init() {}

    /// The names of the tracked screens still alive, sorted; a name appears once per screen.
    public var liveNames: [String] {
        entries.filter { $0.screen != nil }.map(\.name).sorted()
    }

    /// The names of the tracked screens that have been deallocated, sorted; a name appears once per screen.
    public var releasedNames: [String] {
        entries.filter { $0.screen == nil }.map(\.name).sorted()
    }

    /// Whether a screen called `name` entered the tree and every screen of that name has since been
    /// deallocated. `false` for a name never seen.
    public func isReleased(_ name: String) -> Bool {
        let matching = entries.filter { $0.name == name }
        return !matching.isEmpty && matching.allSatisfy { $0.screen == nil }
    }

    /// Starts tracking each of `screens` not tracked yet.
    func record(_ screens: [TestScreen]) {
        for screen in screens {
            let identifier = ObjectIdentifier(screen)
            if let index = entryIndex[identifier], entries[index].screen === screen { continue }
            entryIndex[identifier] = entries.count
            entries.append(Entry(name: screen.name, screen: screen))
        }
    }
}
