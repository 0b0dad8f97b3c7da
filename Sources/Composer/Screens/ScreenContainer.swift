/// A screen that holds other screens and shows some of them: what the tree walk, the finders'
/// search options and the reveal of a found screen need to know about any container.
///
/// The built-in kinds (``NavigationStackContainer``, ``TabsContainer``, ``SplitContainer``) conform
/// through their own protocols. An app's own container (a side menu, a pager, a card stack, or an
/// invisible wrapper that holds one screen) conforms directly, and the router then sees through it:
/// ``ScreenTree/current`` descends into it, `.visible` searches enter its visible children, and a
/// screen found in a hidden child is made visible before the navigation ends.
@MainActor
public protocol ScreenContainer: Screen {
    /// The children on screen now, in the container's order: a subset of ``Screen/childScreens``.
    var visibleChildScreens: [any Screen] { get }

    /// The visible child that ``ScreenTree/current`` descends into when several are visible (the
    /// detail column of an expanded split view). The default is the last visible child.
    var focusedChildScreen: (any Screen)? { get }

    /// What making `child` (one of ``Screen/childScreens``) visible takes, without doing it: `nil`
    /// when it is visible already.
    ///
    /// The router asks this while it plans, before any guard runs, so it must not change anything.
    /// - Throws: ``ContainerRevealError`` when this container cannot show `child`.
    func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal?
}

extension ScreenContainer {
    /// The last visible child.
    public var focusedChildScreen: (any Screen)? { visibleChildScreens.last }
}

extension Screen {
    /// A dynamic cast to ``ScreenContainer``, made once per screen class and then remembered.
    public var asContainer: (any ScreenContainer)? { ScreenClassConformances.container(self) }

    /// `false`: a screen type that does not say otherwise is not taken for a full-screen modal.
    public var hidesWindowWhenPresented: Bool { false }

    /// What ``Screen/presentedScreen`` answers, when this screen is its presenting screen.
    public var hostedPresentation: (any Screen)? {
        guard let presented = presentedScreen, presented.presentingScreen === self else { return nil }
        return presented
    }
}

/// What the default ``Screen/asContainer``, ``ScreenTree/modalPresenter(_:toDo:)``, the router's
/// veto check and a build's container questions learn from the runtime's conformance tables,
/// remembered per screen class (or per declared screen type).
///
/// Whether a class instance casts to a protocol depends on its class alone. The router asks it of
/// the screens on a navigation's path several times each, and the runtime's look-up (hashing, a
/// shared table read under atomic counters) cost more than the rest of those questions: about a
/// tenth of the instructions of revealing a screen in a small tree.
@MainActor
package enum ScreenClassConformances {
    // Read at every question, by the main actor only, never overlapping: unchecked, as the
    // router's own state is (the dynamic check's thread-local look-up cost as much as the table).
    /// Per screen class: the class as a container type, or `nil` for one that is not a container.
    @exclusivity(unchecked) private static var containerTypes = ClassTable<(any ScreenContainer.Type)?>()
    /// Per screen class: the class as a ``ModalPresenting`` type, or `nil`.
    @exclusivity(unchecked) private static var presenterTypes = ClassTable<(any ModalPresenting.Type)?>()
    /// Per screen class: the class as a ``DismissalVetoing`` type, or `nil`.
    @exclusivity(unchecked) private static var vetoingTypes = ClassTable<(any DismissalVetoing.Type)?>()
    /// Per screen class: the class as a ``ChildListContainer`` type, or `nil`.
    @exclusivity(unchecked) private static var childListTypes = ClassTable<(any ChildListContainer.Type)?>()
    /// Per type (a screen's class, or a step's declared screen type): whether it is a navigation
    /// stack or a split view, which no navigation stack takes as a child.
    @exclusivity(unchecked) private static var containerKinds = ClassTable<(isStack: Bool, isSplit: Bool)>()

    /// `screen` as a ``ScreenContainer``, as `screen as? any ScreenContainer` answers.
    package static func container(_ screen: any Screen) -> (any ScreenContainer)? {
        containerTypes.value(forClassOf: screen) { type(of: $0) as? any ScreenContainer.Type }?.sameScreen(screen)
    }

    /// `screen` as a ``ModalPresenting`` screen, as `screen as? any ModalPresenting` answers.
    static func modalPresenter(_ screen: any Screen) -> (any ModalPresenting)? {
        presenterTypes.value(forClassOf: screen) { type(of: $0) as? any ModalPresenting.Type }?.sameScreen(screen)
    }

    /// `screen`'s class as a ``DismissalVetoing`` type, or `nil` for a class that never refuses.
    static func vetoingType(of screen: any Screen) -> (any DismissalVetoing.Type)? {
        vetoingTypes.value(forClassOf: screen) { type(of: $0) as? any DismissalVetoing.Type }
    }

    /// `screen` as a ``ChildListContainer``, as `screen as? any ChildListContainer` answers.
    static func childList(_ screen: any Screen) -> (any ChildListContainer)? {
        childListTypes.value(forClassOf: screen) { type(of: $0) as? any ChildListContainer.Type }?.sameScreen(screen)
    }

    /// Whether `screen` is a ``NavigationStackContainer``, as `screen is any NavigationStackContainer`
    /// answers.
    static func isNavigationStack(_ screen: any Screen) -> Bool {
        containerKinds(of: type(of: screen)).isStack
    }

    /// Whether `type` is a ``NavigationStackContainer`` type and whether it is a ``SplitContainer``
    /// type, as `is any NavigationStackContainer.Type` and `is any SplitContainer.Type` answer.
    static func containerKinds(of type: Any.Type) -> (isStack: Bool, isSplit: Bool) {
        containerKinds.value(for: ObjectIdentifier(type)) {
            (type is any NavigationStackContainer.Type, type is any SplitContainer.Type)
        }
    }
}

/// Whether screens of each class are of type `Target` (a class or a protocol that an app's generic
/// code names), asked of the runtime once per class: a cast to a type that only generic code
/// knows is the runtime's slowest (a failed one tries every other kind of value first), and a route
/// asks it of the same few classes at every navigation. One per route step that asks, made as the
/// route is assembled; asked on the main actor only.
final class ClassMatch<Target> {
    @exclusivity(unchecked) private var answers = ClassTable<Bool>()

    /// Whether `screen` is a `Target`, as `screen is Target` answers.
    @MainActor
    func matches(_ screen: any Screen) -> Bool {
        answers.value(forClassOf: screen) { $0 is Target }
    }
}

/// Values by class (or by any type): the first few in a list read in order (an app's screens are of
/// a few dozen classes, and comparing a few identities costs less than hashing one), the rest in a
/// dictionary.
struct ClassTable<Value> {
    private var listed: [(screenClass: ObjectIdentifier, value: Value)] = []
    private var hashed: [ObjectIdentifier: Value] = [:]

    /// The value held for `screenClass`, or the one `compute` gives, then held.
    mutating func value(for screenClass: ObjectIdentifier, _ compute: () -> Value) -> Value {
        for entry in listed where entry.screenClass == screenClass { return entry.value }
        if !hashed.isEmpty, let known = hashed[screenClass] { return known }
        let value = compute()
        if listed.count < 32 {
            listed.append((screenClass, value))
        } else {
            hashed[screenClass] = value
        }
        return value
    }

    /// The value held for `screen`'s class, or the one `compute` gives for `screen`, then held.
    /// Inlined into each question: left as a call, it cost about 270 instructions per reveal.
    @inline(__always)
    mutating func value(forClassOf screen: any Screen, _ compute: (any Screen) -> Value) -> Value {
        value(for: ObjectIdentifier(type(of: screen))) { compute(screen) }
    }
}

// `screen` below is an instance of this type or of a subclass (its class was cast to this type):
// the same object, which needs no cast.
extension ScreenContainer {
    fileprivate static func sameScreen(_ screen: any Screen) -> any ScreenContainer {
        unsafeDowncast(screen as AnyObject, to: Self.self)
    }
}

extension ChildListContainer {
    fileprivate static func sameScreen(_ screen: any Screen) -> any ChildListContainer {
        unsafeDowncast(screen as AnyObject, to: Self.self)
    }
}

extension ModalPresenting {
    fileprivate static func sameScreen(_ screen: any Screen) -> any ModalPresenting {
        unsafeDowncast(screen as AnyObject, to: Self.self)
    }
}

extension DismissalVetoing {
    /// Whether `screen`, of this type, refuses to leave, asked of it as it is: making it a
    /// `any DismissalVetoing` first retained and released every screen a pop removes.
    static func refusesToLeave(_ screen: any Screen) -> Bool {
        !unsafeDowncast(screen as AnyObject, to: Self.self).canBeDismissed
    }
}

/// The change that makes a hidden child of a container visible, described before it runs so the
/// router can ask every screen it removes first.
public struct ContainerReveal {
    /// Screens the change takes out of the tree (popped off a stack, say); each is asked whether
    /// it accepts leaving (``DismissalVetoing``) before any guard runs.
    public var removedScreens: [any Screen] {
        get { Array(removedRange) }
        set { removedRange = newValue[...] }
    }
    /// The removed screens as the container's own list holds them: a pop names the top of its
    /// stack without copying it (a retain and a release for each screen it pops).
    var removedRange: ArraySlice<any Screen>
    /// Makes the child visible and returns when the transition has finished.
    public var perform: @MainActor (_ animated: Bool) async throws -> Void
    /// Writes ``summary``; the router hands it on as it is rather than wrapping it in a closure of
    /// its own.
    let describe: @MainActor () -> String

    /// Creates a reveal that removes `removedScreens`, described by `summary` (written only when
    /// an error or a logger reads it), done by `perform`.
    public init(
        removing removedScreens: [any Screen] = [], summary: @escaping @MainActor () -> String,
        perform: @escaping @MainActor (_ animated: Bool) async throws -> Void
    ) {
        self.init(removingRange: removedScreens[...], summary: summary, perform: perform)
    }

    /// A reveal that removes the screens of `removedRange`.
    package init(
        removingRange removedRange: ArraySlice<any Screen>, summary: @escaping @MainActor () -> String,
        perform: @escaping @MainActor (_ animated: Bool) async throws -> Void
    ) {
        self.removedRange = removedRange
        self.describe = summary
        self.perform = perform
    }

    /// What the change does, as text: "select tab 2 of tabs", "pop nav back to product".
    @MainActor public var summary: String { describe() }
}

/// Thrown by ``ScreenContainer/revealing(_:)`` when a container cannot show one of its children,
/// such as the hidden secondary column of a collapsed split view whose primary column is no stack.
public struct ContainerRevealError: Error, CustomStringConvertible, Sendable {
    /// The container, as text.
    public let container: String
    /// The child that cannot be shown, as text.
    public let child: String
    /// Why, in words a person can act on.
    public let reason: String

    /// Creates the error for `child` of `container`.
    @MainActor
    public init(container: any Screen, child: any Screen, reason: String) {
        self.container = "\(container)"
        self.child = "\(child)"
        self.reason = reason
    }

    /// `<container> cannot show <child>: <reason>`.
    public var description: String { "\(container) cannot show \(child): \(reason)" }
}
