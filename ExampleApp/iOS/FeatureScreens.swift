import ComposerUIKit
import UIKit

// The iOS screens of what the articles promise (ExampleApp/Shared/ShopFeatures.swift has the routes):
// the size picker that answers with a typed result, the review editor that refuses to close with
// unsaved edits, and the side menu, a container view controller of the app's own.

/// Answers with a size for its product (`ResultReturning`). A size button finishes with that size,
/// Cancel with none; the router removes the sheet and hands the answer to whoever awaits it. A
/// swipe down answers nothing as well, once UIKit reports it.
final class SizePickerScreen: UIViewController, ResultReturning {
    /// The product whose size is asked.
    let productID: ProductID
    /// Set by the router while someone awaits the answer.
    var resultHandle: ResultHandle<ProductSize>?

    /// A picker for `productID`'s size, in a sheet that rests at half height.
    init(for productID: ProductID) {
        self.productID = productID
        super.init(nibName: nil, bundle: nil)
        modalPresentationStyle = .pageSheet
        if let sheet = sheetPresentationController {
            SheetConfiguration(detents: [.medium], prefersGrabberVisible: true).apply(to: sheet)
        }
    }

    /// Not used: the app builds its screens in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) {
        return nil
    }

    /// One button per size, and Cancel.
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        let sizes = ProductSize.allCases.map { size in
            makeButton("Size \(size)", symbol: "tshirt", prominent: true) { [weak self] in
                self?.resultHandle?.finish(with: size)
            }
        }
        installContent(
            [makeLabel("Which size of \(SampleProduct.name(of: productID))?", style: .title2)] + sizes + [
                makeButton("Cancel", symbol: "xmark") { [weak self] in self?.resultHandle?.finish() }
            ])
    }
}

/// A product's review being written. With unsaved edits it refuses to close: the router asks it
/// (`DismissalVetoing`) before any navigation that would remove it, and the app's
/// `UserNavigationReporter` asks it before UIKit lets the user swipe its sheet down, which springs
/// back. Discard and Save, in its own bar, clear the edits and close.
final class ReviewEditorScreen: UIViewController, ContextChecking, DismissalVetoing, DraftHolding,
    NavigationBarConfiguring
{
    /// The product reviewed.
    let productID: ProductID
    private var savedText: String
    private let textView = UITextView()

    /// An editor of `productID`'s review, starting from the review saved before, if any.
    init(for productID: ProductID, saved: String?) {
        self.productID = productID
        savedText = saved ?? ""
        super.init(nibName: nil, bundle: nil)
        title = "Review"
    }

    /// Not used: the app builds its screens in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) {
        return nil
    }

    /// Whether this editor is the one for `context`, so the router shows it again rather than a second one.
    func isTarget(for context: ProductID) -> Bool { productID == context }

    /// Whether the text differs from the review saved.
    var hasUnsavedEdits: Bool { isViewLoaded && textView.text != savedText }

    /// `false` while there are unsaved edits: the router then refuses to remove this screen.
    var canBeDismissed: Bool { !hasUnsavedEdits }

    /// Purple Discard and Save, on a standard bar (`ShopBar.reviewEditor`).
    var navigationBarConfiguration: NavigationBarConfiguration { NavigationBarConfiguration(ShopBar.of(self)) }

    /// The text view and the bar's buttons.
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        textView.text = savedText
        textView.font = .preferredFont(forTextStyle: .body)
        textView.adjustsFontForContentSizeCategory = true
        textView.frame = view.bounds
        textView.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(textView)
        navigationItem.leftBarButtonItem = UIBarButtonItem(
            title: "Discard", primaryAction: UIAction { [weak self] _ in self?.close(saving: false) })
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            title: "Save", primaryAction: UIAction { [weak self] _ in self?.close(saving: true) })
    }

    /// Puts the saved review back (a forced sign-out), so the editor accepts being closed.
    func dropDraft() {
        textView.text = savedText
    }

    /// Saves the text in the session (or drops it), so the editor accepts leaving, and closes it.
    private func close(saving: Bool) {
        if saving {
            shopEnvironment?.session.reviews[productID] = textView.text
            savedText = textView.text
        } else {
            dropDraft()
        }
        runNavigation("closing the review editor") { try await $0.router.navigate(to: $0.routes.back) }
    }
}

/// The side menu's menu panel: the sections, each reached through the router.
final class MenuScreen: UIViewController {
    /// The sections and Close.
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .secondarySystemBackground
        installContent([
            makeLabel("Menu", style: .title1),
            makeButton("Help", symbol: "questionmark.circle", prominent: true) { [weak self] in
                self?.runNavigation("showing help") { try await $0.router.navigate(to: $0.routes.help) }
            },
            makeButton("Close", symbol: "xmark") { [weak self] in
                self?.runNavigation("closing the side menu") { try await $0.router.navigate(to: $0.routes.back) }
            },
        ])
    }
}

/// The side menu's content panel: help, and the way back to the menu.
final class HelpScreen: UIViewController {
    /// The help text and the menu button.
    override func viewDidLoad() {
        super.viewDidLoad()
        view.backgroundColor = .systemBackground
        installContent([
            makeLabel("Help", style: .title1),
            makeLabel("Every screen of the shop is a destination; the router gets you to each one.", style: .body),
            makeButton("Menu", symbol: "line.3.horizontal") { [weak self] in
                self?.runNavigation("showing the menu") { try await $0.router.navigate(to: $0.routes.menu) }
            },
        ])
    }
}

/// A side menu: a container view controller of the app's own, showing its menu panel or its
/// content panel. The router sees it through `ScreenContainer`: which panel is on screen, and what
/// showing the other one takes (a cross-dissolve with UIKit's containment transition, so both
/// panels get their appearance callbacks).
final class ShopSideMenu: UIViewController, ScreenContainer {
    /// The menu panel.
    let menu: UIViewController
    /// The content panel.
    let content: UIViewController
    private(set) var showsMenu = true

    /// A side menu of `menu` and `content`, showing the menu, over the screen it is presented on.
    init(menu: UIViewController, content: UIViewController) {
        self.menu = menu
        self.content = content
        super.init(nibName: nil, bundle: nil)
        title = "sidemenu"
        modalPresentationStyle = .overFullScreen
        addChild(menu)
        addChild(content)
    }

    /// Not used: the app builds its screens in code.
    @available(*, unavailable)
    required init?(coder: NSCoder) {
        return nil
    }

    /// Shows the panel on screen; both panels are children from the start.
    override func viewDidLoad() {
        super.viewDidLoad()
        let shown = showsMenu ? menu : content
        shown.view.frame = view.bounds
        shown.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        view.addSubview(shown.view)
        menu.didMove(toParent: self)
        content.didMove(toParent: self)
    }

    /// The panel on screen.
    var visibleChildScreens: [any Screen] { [showsMenu ? menu : content] }

    /// Shows the panel holding `child`; `nil` when it shows already, or `child` is not a panel.
    func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? {
        guard child === menu || child === content else { return nil }
        let wantsMenu = child === menu
        guard wantsMenu != showsMenu else { return nil }
        return ContainerReveal(
            summary: { "show the \(wantsMenu ? "menu" : "content") of the side menu" },
            perform: { animated in await self.show(menu: wantsMenu, animated: animated) })
    }

    /// Switches panels and returns when UIKit's transition has ended.
    private func show(menu wantsMenu: Bool, animated: Bool) async {
        guard wantsMenu != showsMenu else { return }
        showsMenu = wantsMenu
        guard isViewLoaded else { return }
        let (from, to) = wantsMenu ? (content, menu) : (menu, content)
        to.view.frame = view.bounds
        to.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            transition(
                from: from, to: to, duration: animated ? 0.25 : 0, options: .transitionCrossDissolve,
                animations: nil, completion: { _ in done.resume() })
        }
    }
}

extension ShopScreens {
    /// The size picker of product `id`.
    static func makeSizePicker(for id: ProductID) -> SizePickerScreen { SizePickerScreen(for: id) }

    /// The review editor of product `id`, starting from its saved review.
    static func makeReviewEditor(for id: ProductID, saved: String?) -> ReviewEditorScreen {
        ReviewEditorScreen(for: id, saved: saved)
    }

    /// The side menu, showing its menu.
    static func makeSideMenu() -> ShopSideMenu { ShopSideMenu(menu: MenuScreen(), content: HelpScreen()) }
}

extension NavigationBarConfiguration {
    /// The UIKit bar for the bar a shop screen asks for (`ShopBar`, shared with the terminal).
    @MainActor
    init(_ bar: ShopBar) {
        let appearance = UINavigationBarAppearance()
        switch bar.background {
        case .standard: appearance.configureWithDefaultBackground()
        case .transparent: appearance.configureWithTransparentBackground()
        }
        let tint: UIColor? =
            switch bar.tint {
            case "orange": .systemOrange
            case "purple": .systemPurple
            default: nil
            }
        self.init(standardAppearance: appearance, scrollEdgeAppearance: appearance, tintColor: tint)
    }
}
