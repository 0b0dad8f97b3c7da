import Composer

// What the articles promise, shown by the shop on every platform: a screen that answers with a
// typed result (the size picker), a screen that refuses to close with unsaved edits (the review
// editor), the side menu as an app's own container, the bar each screen asks for, and a forced
// sign-out that goes before every waiting navigation. The screen classes are per platform, under
// the same names, as for the other routes.

/// A size a product comes in: what the size picker answers with.
enum ProductSize: String, CaseIterable, Sendable, CustomStringConvertible {
    case small = "S"
    case medium = "M"
    case large = "L"

    /// `S`, `M` or `L`.
    var description: String { rawValue }

    /// The size a person typed (`m` or `M`), or `nil`.
    init?(typed: String) {
        self.init(rawValue: typed.uppercased())
    }

    /// What a product screen says about its size: the one picked, or why there is none.
    static func note(for size: ProductSize?) -> String {
        size.map { "size \($0)" } ?? "no size picked: the picker was closed without an answer"
    }
}

/// The navigation bar a shop screen asks for. The iOS app's `ScreenBarNavigationController` applies
/// it while the screen is on top and puts the previous screen's bar back when it leaves; the
/// terminal's `bars` lists it, since neither the twin nor the model draws bars.
struct ShopBar: CustomStringConvertible, Equatable, Sendable {
    /// Whether the bar has a background.
    enum Background: String, Sendable {
        case standard
        case transparent
    }

    let background: Background
    /// The colour of the bar's buttons, by name; `nil` for the system's.
    let tint: String?
    /// The buttons the screen puts in the bar.
    let buttons: [String]

    /// The stack's own bar: nothing asked.
    static let standard = ShopBar(background: .standard, tint: nil, buttons: [])
    /// A product: no background, orange buttons.
    static let product = ShopBar(background: .transparent, tint: "orange", buttons: [])
    /// The review editor: purple Discard and Save.
    static let reviewEditor = ShopBar(background: .standard, tint: "purple", buttons: ["Discard", "Save"])

    /// `transparent, orange buttons`.
    var description: String {
        var parts = ["\(background.rawValue) background"]
        if let tint { parts.append("\(tint) buttons") }
        if !buttons.isEmpty { parts.append("buttons \(buttons.joined(separator: " and "))") }
        return parts.joined(separator: ", ")
    }

    /// The bar `screen` asks for; every shop screen asks through this one place, so the iOS screens
    /// and the terminal's `bars` cannot disagree.
    @MainActor
    static func of(_ screen: any Screen) -> ShopBar {
        switch screen {
        case is ProductScreen: .product
        case is ReviewEditorScreen: .reviewEditor
        default: .standard
        }
    }
}

/// A screen holding edits that a forced sign-out drops: a revoked session keeps no drafts, and an
/// editor's refusal to close must not keep the screens that need sign-in on show.
@MainActor
protocol DraftHolding: AnyObject {
    /// Whether there are edits to drop.
    var hasUnsavedEdits: Bool { get }
    /// Drops the edits, so the screen accepts being closed.
    func dropDraft()
}

/// A review editor that keeps its text in properties (the terminal's and the SwiftUI app's; the
/// UIKit one keeps it in its text view). With unsaved edits it refuses to close: `canBeDismissed`,
/// which the router asks (`DismissalVetoing`), is false until the review is saved or discarded.
@MainActor
protocol ReviewDrafting: DraftHolding {
    /// The product reviewed.
    var productID: ProductID { get }
    /// The review as saved.
    var savedText: String { get set }
    /// The text being written.
    var text: String { get set }
    /// `false` while the editor must stay on screen.
    var canBeDismissed: Bool { get set }
}

extension ReviewDrafting {
    /// Whether the text differs from the review saved.
    var hasUnsavedEdits: Bool { text != savedText }

    /// Replaces the text; the editor refuses to close while it differs from the saved review.
    func edit(_ newText: String) {
        text = newText
        canBeDismissed = !hasUnsavedEdits
    }

    /// Keeps the text in `session` and lets the editor close.
    func save(in session: ShopSession) {
        session.reviews[productID] = text
        savedText = text
        canBeDismissed = true
    }

    /// Drops the edits and lets the editor close.
    func discard() { edit(savedText) }

    /// Drops the edits (a forced sign-out).
    func dropDraft() { discard() }
}

extension ShopRoutes {
    // MARK: A screen that answers

    /// The size picker of a product, presented over that product (which is shown first, through its
    /// sign-in guard). It answers with a ``ProductSize``: ask with ``pickSize(for:)``.
    var sizePicker: DestinationStep<SizePickerScreen, ProductID> {
        StepAssembly(
            finder: NilFinder<SizePickerScreen, ProductID>(),
            factory: ClosureFactory { id in ShopScreens.makeSizePicker(for: id) }
        )
        .using(GeneralAction.presentModally())
        .from(product)
        .assemble()
    }

    /// Shows product `id`, asks its size picker, waits for the answer and shows it on the product:
    /// a size, or `nil` when the user closed the picker (swipe, back) or another navigation took it
    /// away. The wait does not hold the router's queue. A second ask of the same picker is not
    /// possible: each ask presents a new one.
    func pickSize(for id: ProductID) async throws -> ProductSize? {
        guard let router else { return nil }
        let product = try await router.navigate(to: product, with: id)
        let size = try await router.navigate(to: sizePicker, with: id, awaitingResult: ProductSize.self)
        product.show(size: size)
        return size
    }

    // MARK: A screen that refuses to close

    /// The review editor of a product, in its own stack in a sheet over the product. While it has
    /// unsaved edits it refuses to close (`DismissalVetoing`): the router's back, a navigation
    /// elsewhere and the user's swipe are refused until the review is saved or discarded.
    var reviewEditor: DestinationStep<ReviewEditorScreen, ProductID> {
        StepAssembly(
            finder: ClassWithContextFinder<ReviewEditorScreen, ProductID>(),
            factory: ClosureFactory { [session] id in ShopScreens.makeReviewEditor(for: id, saved: session.reviews[id])
            }
        )
        .using(ShopNavigationController.push())
        .from(modalNavigation(named: "review-nav", asSheet: true))
        .using(GeneralAction.presentModally())
        .from(product)
        .assemble()
    }

    // MARK: The side menu

    /// The side menu's menu panel; the side menu is presented over the current screen first when it
    /// is not on screen, and shows this panel.
    var menu: DestinationStep<MenuScreen, Void> { inSideMenu(MenuScreen.self) }

    /// The side menu's help panel, beside the menu: navigating to it when the menu panel shows asks
    /// the side menu (an app's own `ScreenContainer`) to switch panels.
    var help: DestinationStep<HelpScreen, Void> { inSideMenu(HelpScreen.self) }

    private func inSideMenu<Panel: ShopScreenBase>(_ panel: Panel.Type) -> DestinationStep<Panel, Void> {
        StepAssembly(finder: ClassFinder<Panel, Void>(), factory: BuiltByContainerFactory<Panel, Void>())
            .using(GeneralAction.nothing())
            .from(
                StepAssembly(
                    finder: ClassFinder<ShopSideMenu, Void>(),
                    factory: ClosureFactory { _ in ShopScreens.makeSideMenu() })
            )
            .using(GeneralAction.presentModally())
            .from(GeneralStep.current())
            .assemble()
    }

    // MARK: A forced sign-out

    /// The link a push notification carries to sign the user out (a revoked session). It is not a
    /// destination, so it is not in the link map: the apps check for it before opening a link.
    static let signOutLink = "shop://sign-out"

    /// Signs out and leaves every screen that needs sign-in at once: both navigations interrupt
    /// (`queueing: .interrupt`), so a navigation waiting for a sign-in is cancelled and its login
    /// screen closes, and whatever waited its turn runs after them. Unsaved edits on screen are
    /// dropped first, since a screen refusing to close would keep the signed-in screens on show.
    /// Returns the screens whose edits were dropped.
    @discardableResult
    func forceSignOut() async throws -> [any Screen] {
        session.isSignedIn = false
        var dropped: [any Screen] = []
        func dropDrafts(under screen: any Screen) {
            if let holder = screen as? any DraftHolding, holder.hasUnsavedEdits {
                holder.dropDraft()
                dropped.append(screen)
            }
            screen.childScreens.forEach(dropDrafts)
            if let presented = screen.presentedScreen, presented.presentingScreen === screen {
                dropDrafts(under: presented)
            }
        }
        if let root = router?.windowProvider.window?.rootScreen { dropDrafts(under: root) }
        try await leaveSignedInScreens()
        return dropped
    }
}
