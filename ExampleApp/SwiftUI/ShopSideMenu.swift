import Composer
import ComposerSwiftUIModel
import Observation

/// The side menu on the SwiftUI navigation model: an app's own container, a node that adopts
/// `ScreenContainer` (the terminal's `--navigation swiftui` shop links this file). The menu panel
/// or the content panel shows, never both; a navigation to a screen in the hidden panel switches
/// panels through ``revealing(_:)``, which the router runs after its checks.
@Observable
final class ShopSideMenu: NavigationNode, ScreenContainer {
    /// The menu panel's node.
    let menu: NavigationNode
    /// The content panel's node.
    let content: NavigationNode
    /// Whether the menu panel shows (else the content panel).
    private(set) var showsMenu = true

    /// A side menu of `menu` and `content`, showing the menu. Both nodes are new, so adopting them
    /// cannot fail; should it, the panel stays out of the tree and the router reports it missing.
    init(menu: NavigationNode, content: NavigationNode) {
        self.menu = menu
        self.content = content
        super.init("sidemenu")
        try? adopt(menu)
        try? adopt(content)
    }

    /// `sidemenu`, as the test kit's side menu renders.
    override var kindName: String { "sidemenu" }

    /// The menu, then the content.
    override var childScreens: [any Screen] { [menu, content] }

    /// The panel that shows.
    var visibleChildScreens: [any Screen] { [showsMenu ? menu : content] }

    /// Shows the panel holding `child`; `nil` when it shows already or `child` is not a panel.
    func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? {
        guard child === menu || child === content else { return nil }
        let wantsMenu = child === menu
        guard wantsMenu != showsMenu else { return nil }
        return ContainerReveal(
            summary: { "show \(wantsMenu ? "menu" : "content") of \(self)" },
            perform: { animated in
                try await self.applyChange("show \(wantsMenu ? "menu" : "content") of \(self)", animated: animated) {
                    self.showsMenu = wantsMenu
                }
            })
    }
}
