/// One appearance callback of a screen, as UIKit would send it to a view controller.
public struct LifecycleEvent: Equatable, Sendable, CustomStringConvertible {
    /// Which callback.
    public enum Kind: Sendable, Hashable, CustomStringConvertible {
        /// `viewWillAppear`.
        case willAppear
        /// `viewDidAppear`.
        case didAppear
        /// `viewWillDisappear`.
        case willDisappear
        /// `viewDidDisappear`.
        case didDisappear

        /// UIKit's name of the callback, such as `viewWillAppear`.
        public var description: String {
            switch self {
            case .willAppear: "viewWillAppear"
            case .didAppear: "viewDidAppear"
            case .willDisappear: "viewWillDisappear"
            case .didDisappear: "viewDidDisappear"
            }
        }
    }

    /// The ``TestScreen/name`` of the screen that got the callback.
    public let screenName: String
    /// Which callback it got.
    public let kind: Kind

    /// Creates an event, for comparing with ``LifecycleLog/events``.
    public init(screenName: String, kind: Kind) {
        self.screenName = screenName
        self.kind = kind
    }

    /// `name: callback`, for example `home: viewWillAppear`.
    public var description: String { "\(screenName): \(kind)" }
}

/// The appearance callbacks of a ``TestWindow``'s screens, in the order UIKit sends them.
///
/// For every change, the screens on screen before and after are compared. When the transition
/// starts, the ones that disappear get `viewWillDisappear` and then the ones that appear get
/// `viewWillAppear`. When it finishes, the order depends on the kind of change, as in UIKit: after
/// a push, a pop, a tab switch, a split column change or a new window root, the disappeared
/// screens get `viewDidDisappear` before the appeared ones get `viewDidAppear`; after a modal
/// presentation or dismissal, the appeared screens get `viewDidAppear` first. Within each group a
/// container comes before its children and a presenting level before what it presents. A sheet or
/// an over-current-context presentation leaves its presenter on screen, so the presenter gets no
/// callback. The log stores names only.
@MainActor
public final class LifecycleLog {
    /// Every callback so far, oldest first.
    public private(set) var events: [LifecycleEvent] = []

    init() {}

    /// Every callback so far as `name: callback` lines, oldest first.
    public var lines: [String] { events.map(\.description) }

    /// Forgets every callback logged so far.
    public func clear() {
        events = []
    }

    /// Logs `kind` for each screen named in `names`, in order.
    func record(_ names: [String], _ kind: LifecycleEvent.Kind) {
        events += names.map { LifecycleEvent(screenName: $0, kind: kind) }
    }
}
