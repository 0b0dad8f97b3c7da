import ComposerUIKit
import UIKit

/// The debug menu: every destination of the catalog (`routes.makeCatalog(links:)`), each row
/// opening its sample link, so a tester reaches any screen without knowing its URL.
final class DebugMenuScreen: UITableViewController {
    private static let cellIdentifier = "destination"
    /// The destinations listed, links first, then those reached by name.
    private(set) var entries: [DestinationCatalog.Entry] = []

    /// Lists `entries`.
    func show(entries: [DestinationCatalog.Entry]) {
        self.entries = entries
        if isViewLoaded { tableView.reloadData() }
    }

    /// Registers the cell and adds Done.
    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Destinations"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.cellIdentifier)
        navigationItem.rightBarButtonItem = UIBarButtonItem(
            systemItem: .done,
            primaryAction: UIAction { [weak self] _ in
                self?.runNavigation("closing the debug menu") { try await $0.router.navigate(to: $0.routes.back) }
            })
    }

    /// One row per destination.
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        entries.count
    }

    /// The destination's name, its sample URL (or "by name") and the screen it opens.
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: Self.cellIdentifier, for: indexPath)
        var content = UIListContentConfiguration.subtitleCell()
        if entries.indices.contains(indexPath.row) {
            let entry = entries[indexPath.row]
            content.text = entry.name
            let target = entry.destinationName.map { "\($0)(\(entry.contextTypeName ?? "?"))" } ?? "no sample"
            content.secondaryText = "\(entry.sampleURL ?? "by name")  → \(target)"
            content.secondaryTextProperties.color = .secondaryLabel
        }
        cell.contentConfiguration = content
        cell.accessoryType = .disclosureIndicator
        return cell
    }

    /// Closes the menu, then opens the row's sample link through the router (one navigation after
    /// the other, so the destination is not presented over the menu).
    override func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        guard entries.indices.contains(indexPath.row) else { return }
        let entry = entries[indexPath.row]
        guard let link = entry.sample else {
            ShopEnvironment.log.error("the debug menu cannot open \(entry.name): it has no sample link")
            return
        }
        runNavigation("opening \(entry.name) from the debug menu") {
            try await $0.router.navigate(to: $0.routes.back)
            try await $0.router.navigate(to: link)
        }
    }
}

/// The iOS app's own destination, kept beside the screen it shows rather than in the shared routes.
extension ShopRoutes {
    /// The debug menu, in a sheet over the current screen that rests at half height and can be
    /// pulled up (ComposerUIKit's `ModalPresentationAction` with a `SheetConfiguration`). An
    /// iOS-only destination: the terminal app prints the same catalog with its `catalog` command.
    func debugMenu(links: LinkMap) -> DestinationStep<DebugMenuScreen, Void> {
        StepAssembly(
            finder: ClassFinder<DebugMenuScreen, Void>(),
            factory: ClosureFactory { [unowned self] _ in
                let menu = DebugMenuScreen(style: .insetGrouped)
                menu.show(entries: makeCatalog(links: links).entries)
                return menu
            }
        )
        .using(ShopNavigationController.push())
        .from(
            StepAssembly(
                finder: NilFinder<ShopNavigationController, Void>(),
                factory: NavigationContainerFactory { _ in
                    ShopScreens.makeModalNavigation(named: "debug-nav", asSheet: false)
                })
        )
        .using(
            UIViewController.presentModally(
                sheet: SheetConfiguration(detents: [.medium, .large], prefersGrabberVisible: true))
        )
        .from(GeneralStep.current())
        .assemble()
    }
}
