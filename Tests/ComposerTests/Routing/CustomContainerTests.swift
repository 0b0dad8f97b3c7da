import Composer
import ComposerTesting
import Testing

// An app's own screen types, written without ComposerTesting's help: a card stack that conforms to
// `NavigationStackContainer` by extension, the way an app would adopt Composer for its own container.

@MainActor
class CardScreen: Screen, CustomStringConvertible {
    let name: String
    weak var parent: CardScreen?
    init(_ name: String) { self.name = name }
    var parentScreen: (any Screen)? { parent }
    var childScreens: [any Screen] { [] }
    var presentedScreen: (any Screen)? { nil }
    var presentingScreen: (any Screen)? { nil }
    var isBeingDismissed: Bool { false }
    nonisolated var description: String { "card \"\(name)\"" }
}

@MainActor
final class CardStack: CardScreen {
    var cards: [CardScreen] = []
    override var childScreens: [any Screen] { cards }
}

extension CardStack: NavigationStackContainer {
    var stack: [any Screen] { cards }

    func setStack(_ screens: [any Screen], animated: Bool) async throws {
        let newCards = try screens.map { screen in
            guard let card = screen as? CardScreen else { throw ContainerActionError("\(screen) is not a card") }
            return card
        }
        for card in cards where !newCards.contains(where: { $0 === card }) { card.parent = nil }
        for card in newCards { card.parent = self }
        cards = newCards
    }
}

/// An app's own tab container with a list of its own that can show instead of any tab (as
/// UIKit's "More" list does): then it reports no selected tab.
@MainActor
final class CardTabs: CardScreen, TabsContainer {
    var tabs: [CardScreen] = []
    var selected: Int?
    var selections: [Int] = []
    override var childScreens: [any Screen] { tabs }
    var tabScreens: [any Screen] { tabs }
    var selectedTabIndex: Int? { selected }

    func setTabs(_ screens: [any Screen], selectedIndex: Int?, animated: Bool) async throws {
        tabs = screens.compactMap { $0 as? CardScreen }
        for tab in tabs { tab.parent = self }
        selected = selectedIndex ?? 0
    }

    func selectTab(at index: Int) async throws {
        selections.append(index)
        selected = index
    }
}

@MainActor
final class CardWindow: ScreenWindow {
    var rootScreen: (any Screen)?
    init(root: any Screen) { rootScreen = root }
    func setRootScreen(_ screen: any Screen, animated: Bool) async throws { rootScreen = screen }
}

@MainActor
@Suite("An app's own container")
struct CustomContainerTests {
    @Test("A container conforming by extension works with the built-in finders and actions")
    func customContainerWorksWithBuiltins() async throws {
        let deck = CardStack("deck")
        try await deck.setStack([CardScreen("welcome")], animated: false)
        let router = DefaultRouter(window: CardWindow(root: deck))
        let offer = StepAssembly(
            finder: PredicateFinder<CardScreen, String> { card, name in card.name == name },
            factory: ClosureFactory { name in CardScreen(name) }
        )
        .using(CardStack.push())
        .from(GeneralStep.custom(ClassFinder<CardStack, String>()))
        .assemble()

        try await router.navigate(to: offer, with: "offer")
        try await router.navigate(to: offer, with: "terms")
        #expect(deck.cards.map(\.name) == ["welcome", "offer", "terms"])

        let revealed = try await router.navigate(to: offer, with: "offer")

        #expect(revealed === deck.cards.last)
        #expect(deck.cards.map(\.name) == ["welcome", "offer"])
        #expect(ScreenTreeRenderer().render(deck) == "card \"deck\"\n  card \"welcome\"\n  card \"offer\"")
    }

    @Test("A tab container showing its own list (no tab selected) shows no tab's screen; a navigation selects the tab")
    func tabsShowingNoTab() async throws {
        let tabs = CardTabs("tabs")
        let home = CardScreen("home")
        try await tabs.setTabs([home, CardScreen("more")], selectedIndex: nil, animated: false)
        tabs.selected = nil
        let window = CardWindow(root: tabs)
        let router = DefaultRouter(window: window)
        let card = GeneralStep.custom(PredicateFinder<CardScreen, String> { card, name in card.name == name })

        #expect(ScreenTree(window: window).current === tabs, "no tab is on screen")
        let shown = try await router.navigate(to: card, with: "home")

        #expect(shown === home)
        #expect(tabs.selections == [0], "the first tab, taken for shown, was not selected")
        #expect(ScreenTree(window: window).current === home)
    }

    @Test(
        "A step pushing onto a stack on screen runs its own action's perform, so what the action adds (a transition, say) takes part"
    )
    func aStepAloneRunsItsActionsPerform() async throws {
        let deck = CardStack("deck")
        try await deck.setStack([CardScreen("welcome")], animated: false)
        let router = DefaultRouter(window: CardWindow(root: deck))
        let performed = PerformLog()
        let card = StepAssembly(
            finder: PredicateFinder<CardScreen, String> { card, name in card.name == name },
            factory: ClosureFactory { name in CardScreen(name) }
        )
        .using(SlidingPushAction(log: performed))
        .from(GeneralStep.custom(ClassFinder<CardStack, String>()))
        .assemble()

        try await router.navigate(to: card, with: "offer")

        #expect(performed.lines == ["slide in card \"offer\""])
        #expect(deck.cards.map(\.name) == ["welcome", "offer"])
    }
}

/// What an app's own push action did.
@MainActor
final class PerformLog {
    var lines: [String] = []
}

/// An app's own push onto a ``CardStack`` that does more than the merge: it records the slide it
/// would animate, then sets the stack as the built-in push does.
struct SlidingPushAction: ContainerAction {
    let log: PerformLog

    func merge(_ screen: any Screen, into children: inout ContainerChildren) throws {
        children.screens.append(screen)
    }

    func perform(_ screen: any Screen, on container: CardStack, animated: Bool) async throws {
        log.lines.append("slide in \(screen)")
        try await container.setStack(container.stack + [screen], animated: animated)
    }
}

/// A container that shows many of its children at once (a grid of cards), and hides the rest.
@MainActor
final class CardWall: CardScreen, ScreenContainer {
    var shown: [CardScreen] = []
    var hidden: [CardScreen] = []
    override var childScreens: [any Screen] { shown + hidden }
    var visibleChildScreens: [any Screen] { shown }
    func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? { nil }
}

@MainActor
@Suite("The search over an app's own container")
struct CustomContainerSearchTests {
    @Test("A search that offers more than 32 screens before its contained pass offers each screen once")
    func manyVisibleScreensAreOfferedOnce() {
        let wall = CardWall("wall")
        wall.shown = (0..<40).map { CardScreen("shown \($0)") }
        wall.hidden = (0..<3).map { CardScreen("hidden \($0)") }

        let candidates = ScreenSearch.candidates(in: ScreenTree(window: CardWindow(root: wall)), options: .all)

        // The current screen (the last one shown) comes first, then the visible pass from the wall;
        // both remember what they offered (past 32 screens in a set), so the contained pass, which
        // meets every screen again, adds only the hidden ones.
        let names = candidates.compactMap { ($0 as? CardScreen)?.name }
        #expect(
            names == ["shown 39", "wall"] + (0..<39).map { "shown \($0)" } + (0..<3).map { "hidden \($0)" })
    }
}

/// A plain card of a class of its own per `Tag`, and a container card likewise: many screen classes.
@MainActor
final class TaggedCard<Tag>: CardScreen {}

@MainActor
final class TaggedWall<Tag>: CardScreen, ScreenContainer {
    var visibleChildScreens: [any Screen] { [] }
    func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? { nil }
}

/// A card that presents, subclassing one that does not.
@MainActor
final class PresentingCard: CardScreen, ModalPresenting {
    func presentScreen(_ screen: any Screen, animated: Bool) async throws {}
    func dismissPresentedScreen(animated: Bool) async throws {}
}

/// One plain card and one container card of new classes per level, `levels` deep: `Tag`, `[Tag]`,
/// `[[Tag]]` and so on, each a class of its own at run time.
@MainActor
func cardsOfNewClasses<Tag>(_: Tag.Type, levels: Int) -> [CardScreen] {
    guard levels > 0 else { return [] }
    return [TaggedCard<Tag>("plain \(levels)"), TaggedWall<Tag>("wall \(levels)")]
        + cardsOfNewClasses([Tag].self, levels: levels - 1)
}

@MainActor
@Suite("What a screen's class adopts, asked of many classes")
struct ScreenClassAnswerTests {
    @Test("asContainer tells containers from plain screens of 80 classes, asked in any order and again")
    func asContainerAnswersPerClass() {
        let cards = cardsOfNewClasses(Int.self, levels: 40)
        // A subclass that is a container after its plain superclass, and the reverse.
        let mixed: [CardScreen] =
            [CardScreen("plain"), CardWall("wall"), CardScreen("plain again")] + cards
            + cards.reversed()
        for card in mixed {
            let expectedContainer = card is CardWall || card.name.hasPrefix("wall")
            #expect((card.asContainer != nil) == expectedContainer, "\(card)")
            #expect(card.asContainer.map { $0 === card } ?? true, "\(card) came back as another object")
        }
    }

    @Test("modalPresenter gives the screen itself when its class presents, and names the one that cannot")
    func modalPresenterAnswersPerClass() throws {
        let plain = CardScreen("plain")
        let presenting = PresentingCard("presenting")
        for _ in 0..<2 {
            #expect(try ScreenTree.modalPresenter(presenting, toDo: "present") === presenting)
            #expect(throws: NotModalPresentingError.self) { try ScreenTree.modalPresenter(plain, toDo: "present") }
        }
        do {
            _ = try ScreenTree.modalPresenter(plain, toDo: "present a sheet")
        } catch {
            #expect(
                error.description
                    == "card \"plain\" cannot present a sheet: it does not conform to ModalPresenting")
        }
    }
}

/// A card with unsaved edits: the only class of card that refuses to leave.
final class UnsavedCard: CardScreen, DismissalVetoing {
    var canBeDismissed: Bool { false }
}

@MainActor
@Suite("The veto check over screens of several classes")
struct VetoAcrossClassesTests {
    @Test(
        "a pop over plain cards and a refusing card of another class is refused, whichever class comes first, and the deck stays",
        arguments: [["plain", "unsaved"], ["unsaved", "plain"], ["plain", "plain", "unsaved"]])
    func popAskedOfEveryClass(order: [String]) async throws {
        let target = CardScreen("target")
        let above: [CardScreen] = order.enumerated().map { index, kind in
            kind == "unsaved" ? UnsavedCard("unsaved \(index)") : CardScreen("plain \(index)")
        }
        let deck = CardStack("deck")
        try await deck.setStack([target] + above, animated: false)
        let router = DefaultRouter(window: CardWindow(root: deck))
        let before = ScreenTreeRenderer().render(deck)
        let toTarget = GeneralStep.custom(PredicateFinder<CardScreen, String> { card, name in card.name == name })

        let error = await #expect(throws: RoutingError.self) {
            try await router.navigate(to: toTarget, with: "target", animated: false)
        }

        #expect(error?.code == .dismissalRefused)
        #expect(error?.description.contains("card \"unsaved") == true)
        #expect(ScreenTreeRenderer().render(deck) == before)
        #expect(deck.cards.count == order.count + 1)
    }
}

@MainActor
@Suite("What a container's reveal says it removes")
struct ContainerRevealListTests {
    @Test("a stack's reveal lists the screens above the child, bottom first, without changing the stack")
    func stackRevealListsWhatItPops() async throws {
        let deck = CardStack("deck")
        let cards = ["a", "b", "c", "d"].map { CardScreen($0) }
        try await deck.setStack(cards, animated: false)

        var reveal = try #require(try deck.revealing(cards[1]))

        #expect(reveal.removedScreens.compactMap { ($0 as? CardScreen)?.name } == ["c", "d"])
        #expect(reveal.summary == "pop card \"deck\" back to card \"b\"")
        #expect(deck.cards.map(\.name) == ["a", "b", "c", "d"], "asking changed the stack")
        reveal.removedScreens = [cards[3]]
        #expect(reveal.removedScreens.count == 1 && reveal.removedScreens.first === cards[3])
        #expect(try deck.revealing(cards[3]) == nil, "the top is visible already")

        let custom = ContainerReveal(removing: [cards[0]], summary: { "custom" }, perform: { _ in })
        #expect(custom.removedScreens.count == 1 && custom.removedScreens.first === cards[0])
    }
}
