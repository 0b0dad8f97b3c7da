#if canImport(UIKit)
    import Composer
    import UIKit

    /// A small container that holds one screen of a ``WrappingNavigationController`` and owns that
    /// screen's navigation bar, so the bar is part of the screen's view: it slides in and out with
    /// the screen, an interactive back swipe moves both bars with their screens, and one screen's
    /// hidden or transparent bar never shows on the next.
    ///
    /// The bar is a standalone `UINavigationBar` holding the content's own `navigationItem` (its
    /// title and buttons work as usual) and, below it, an item standing for the previous screen, so
    /// the bar shows a back button that pops the navigation controller. Its look comes from the
    /// content's ``NavigationBarConfiguring`` conformance, or the navigation controller's
    /// ``WrappingNavigationController/defaultConfiguration``, each time the screen appears. The
    /// content's view fills the wrapper, under the bar, with the bar's height added to its safe area
    /// (the wrapper owns the content's `additionalSafeAreaInsets.top`).
    ///
    /// For Composer the wrapper is a ``/Composer/ScreenContainer`` whose single child, the content, is always
    /// visible: the current screen, `.visible` searches and the reveal of a found screen all go
    /// through it. Status bar, home indicator, toolbar items, title and `hidesBottomBarWhenPushed`
    /// are the content's.
    @MainActor
    open class ScreenWrapperController: UIViewController, ScreenContainer, UINavigationBarDelegate {
        /// The wrapped screen, a child of this controller from the start.
        public let content: UIViewController

        /// This screen's own bar. The navigation controller's shared bar stays hidden.
        public let navigationBar = UINavigationBar()

        /// Stands for the previous screen in ``navigationBar``, so the bar draws a back button.
        private let backItem = UINavigationItem()

        /// Wraps `content`, adding it as a child at once (its view is added when this controller's
        /// view loads), so the tree holds `content` under the wrapper before anything is on screen.
        /// A content screen still inside a wrapper that left its navigation controller is taken
        /// out of it first.
        public init(content: UIViewController) {
            self.content = content
            super.init(nibName: nil, bundle: nil)
            if let previous = content.parent as? ScreenWrapperController, previous.parent == nil {
                previous.releaseContent()
            }
            addChild(content)
        }

        /// Not supported: a wrapper is created by ``WrappingNavigationController`` around a screen,
        /// never loaded from a storyboard.
        public required init?(coder: NSCoder) {
            return nil
        }

        // MARK: - ScreenContainer

        /// The content: it is on screen whenever the wrapper is.
        public var visibleChildScreens: [any Screen] { [content] }

        /// Nothing to do: the content is always visible.
        public func revealing(_ child: any Screen) throws(ContainerRevealError) -> ContainerReveal? { nil }

        // MARK: - View

        /// Lays out the content under its bar and finishes the containment of the content.
        open override func viewDidLoad() {
            super.viewDidLoad()
            content.view.frame = view.bounds
            content.view.autoresizingMask = [.flexibleWidth, .flexibleHeight]
            view.addSubview(content.view)
            navigationBar.delegate = self
            navigationBar.translatesAutoresizingMaskIntoConstraints = false
            view.addSubview(navigationBar)
            NSLayoutConstraint.activate([
                navigationBar.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                navigationBar.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                navigationBar.topAnchor.constraint(equalTo: view.safeAreaLayoutGuide.topAnchor),
            ])
            content.didMove(toParent: self)
            updateBar()
        }

        /// Refreshes the bar (back button and configuration) each time the screen appears, since
        /// the stack below it or the content's configuration may have changed.
        open override func viewWillAppear(_ animated: Bool) {
            super.viewWillAppear(animated)
            updateBar()
        }

        /// Keeps the content's safe area below the bar.
        open override func viewDidLayoutSubviews() {
            super.viewDidLayoutSubviews()
            let barHeight = navigationBar.isHidden ? 0 : navigationBar.frame.height
            if content.additionalSafeAreaInsets.top != barHeight {
                content.additionalSafeAreaInsets.top = barHeight
            }
        }

        /// Rebuilds the bar's items (a back item when a screen is below this one) and applies the
        /// content's ``NavigationBarConfiguration``.
        public func updateBar() {
            let configuration =
                (content as? any NavigationBarConfiguring)?.navigationBarConfiguration ?? defaultConfiguration
            navigationBar.isHidden = configuration.isHidden
            if let standard = configuration.standardAppearance { navigationBar.standardAppearance = standard }
            if let compact = configuration.compactAppearance { navigationBar.compactAppearance = compact }
            if let scrollEdge = configuration.scrollEdgeAppearance { navigationBar.scrollEdgeAppearance = scrollEdge }
            navigationBar.tintColor = configuration.tintColor ?? defaultConfiguration.tintColor
            var items = [content.navigationItem]
            if let previous = previousContent {
                let item = previous.navigationItem
                backItem.title = item.backButtonTitle ?? item.title ?? previous.title
                backItem.backBarButtonItem = item.backBarButtonItem
                backItem.backButtonDisplayMode = item.backButtonDisplayMode
                items.insert(backItem, at: 0)
            }
            if navigationBar.items?.count != items.count || !zip(navigationBar.items ?? [], items).allSatisfy(===) {
                navigationBar.setItems(items, animated: false)
            }
            view.setNeedsLayout()
        }

        /// The configuration for a content screen without its own: the navigation controller's.
        private var defaultConfiguration: NavigationBarConfiguration {
            (parent as? WrappingNavigationController)?.defaultConfiguration ?? .visible
        }

        /// The content of the screen below this one in the navigation controller, if any.
        private var previousContent: UIViewController? {
            guard let stack = navigationController?.viewControllers,
                let index = stack.firstIndex(where: { $0 === self }), index > 0
            else { return nil }
            let below = stack[index - 1]
            return (below as? ScreenWrapperController)?.content ?? below
        }

        /// Takes the content out of this wrapper (its item out of the bar, its view and its
        /// containment), for a wrapper that has left its navigation controller.
        func releaseContent() {
            guard content.parent === self else { return }
            navigationBar.setItems([], animated: false)
            content.willMove(toParent: nil)
            content.viewIfLoaded?.removeFromSuperview()
            content.removeFromParent()
        }

        // MARK: - UINavigationBarDelegate

        /// The bar's background extends under the status bar.
        public func position(for bar: any UIBarPositioning) -> UIBarPosition { .topAttached }

        /// The back button pops the navigation controller instead of the bar's own item.
        public func navigationBar(_ navigationBar: UINavigationBar, shouldPop item: UINavigationItem) -> Bool {
            navigationController?.popViewController(animated: true)
            return false
        }

        // MARK: - What the content decides

        /// The content's title, so descriptions and the back button name the screen.
        open override var title: String? {
            get { content.title }
            set { content.title = newValue }
        }

        /// The content's, which the navigation controller reads when pushing the wrapper.
        open override var hidesBottomBarWhenPushed: Bool {
            get { content.hidesBottomBarWhenPushed }
            set { content.hidesBottomBarWhenPushed = newValue }
        }

        /// The content's, which the navigation controller's toolbar shows.
        open override var toolbarItems: [UIBarButtonItem]? {
            get { content.toolbarItems }
            set { content.toolbarItems = newValue }
        }

        /// The content decides the status bar's style.
        open override var childForStatusBarStyle: UIViewController? { content }

        /// The content decides whether the status bar is hidden.
        open override var childForStatusBarHidden: UIViewController? { content }

        /// The content decides whether the home indicator hides.
        open override var childForHomeIndicatorAutoHidden: UIViewController? { content }
    }
#endif
