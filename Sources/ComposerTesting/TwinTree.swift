import Composer

/// Walks and edits the twin's tree: which screens are in it, which are on screen, and how
/// presentations are cut when screens leave.
@MainActor
enum TwinTree {
    /// `screen` as a ``TestScreen``; anything else is refused, naming its type, as UIKit refuses
    /// an object that is not a view controller.
    static func testScreen(_ screen: any Screen) throws(TestScreenError) -> TestScreen {
        guard let testScreen = screen as? TestScreen else {
            throw .notATestScreen(type: String(describing: type(of: screen)))
        }
        return testScreen
    }

    /// `screen` and every ``TestScreen`` it contains, parents first.
    static func contained(in screen: TestScreen) -> [TestScreen] {
        ScreenTree.containedScreens(of: screen).compactMap { $0 as? TestScreen }
    }

    /// The outermost screens of `level` and of every level presented from inside it, directly or
    /// not, `level` first.
    static func presentationChain(from level: TestScreen) -> [TestScreen] {
        var chain: [TestScreen] = [level]
        var index = 0
        // A chain holds a few levels: a linear check costs less than hashing (this runs for every
        // screen a stack drops).
        while index < chain.count, chain.count < 10_000 {
            for screen in contained(in: chain[index]) {
                if let presented = screen.presentedStorage, !chain.contains(where: { $0 === presented }) {
                    chain.append(presented)
                }
            }
            index += 1
        }
        return chain
    }

    /// Every screen of the tree whose root level is `root`, presented levels included.
    ///
    /// The same screens, in the same order, as the contained screens of each level of
    /// ``presentationChain(from:)``, but each level is walked once, not once for the chain and
    /// again for the list: every transition asks for this list.
    static func allScreens(from root: TestScreen) -> [TestScreen] {
        var chain: [TestScreen] = [root]
        var inChain: Set<ObjectIdentifier> = [ObjectIdentifier(root)]
        var screens: [TestScreen] = []
        var index = 0
        while index < chain.count, chain.count < 10_000 {
            for screen in contained(in: chain[index]) {
                screens.append(screen)
                if let presented = screen.presentedStorage, inChain.insert(ObjectIdentifier(presented)).inserted {
                    chain.append(presented)
                }
            }
            index += 1
        }
        for level in chain[index...] { screens += contained(in: level) }
        return screens
    }

    /// The screens on screen in the tree whose root level is `root`, parents before children and
    /// presenting screens before presented ones.
    ///
    /// A screen is on screen when it is on the visible path of its level (a container's visible
    /// child, both columns of an expanded split view) and no presentation hides it. A full-screen
    /// presentation hides everything beneath it, wherever its host is (when it is presented from a
    /// sheet, what the sheet was shown over as well). A current-context presentation hides only its
    /// host and what the host contains. Every other style hides nothing: the sheets (an automatic
    /// presentation and a popover are sheets on an iPhone), over-full-screen and
    /// over-current-context presentations (see ``TestModalStyle/coverage``). A level that is being
    /// dismissed is not on screen.
    static func visibleScreens(from root: TestScreen) -> [TestScreen] {
        var budget = 100_000
        return region(of: root, budget: &budget).screens
    }

    /// The screens on screen in `screen`'s subtree and what it presents, and whether a full-screen
    /// presentation among them hides everything beneath it (then only the screens above it count).
    private static func region(of screen: TestScreen, budget: inout Int) -> (screens: [TestScreen], covered: Bool) {
        budget -= 1
        guard budget > 0 else { return ([], false) }
        var screens: [TestScreen] = [screen]
        for child in ScreenTree.visibleChildren(of: screen) {
            guard let child = child as? TestScreen else { continue }
            let inside = region(of: child, budget: &budget)
            if inside.covered { return inside }
            screens += inside.screens
        }
        guard let presented = screen.presentedStorage, !presented.isDismissing else { return (screens, false) }
        let above = region(of: presented, budget: &budget)
        if above.covered { return above }
        switch (presented.presentationStyle ?? .fullScreen).coverage {
        case .window:
            return (above.screens, true)
        case .context:
            return (above.screens, false)
        case .nothing:
            return (screens + above.screens, false)
        }
    }

    /// Ends the presentation of the level whose outermost screen is `level`: its host forgets it
    /// and it forgets its host.
    static func detachPresentation(_ level: TestScreen) {
        if let presenter = level.presenterStorage, presenter.presentedStorage === level {
            presenter.presentedStorage = nil
        }
        level.presenterStorage = nil
        level.presentationStyle = nil
        level.isDismissing = false
    }

    /// Cuts every presentation hosted inside `screen`'s subtree, so the presented screens leave the
    /// tree with it and are released.
    static func detachPresentations(hostedIn screen: TestScreen) {
        // A plain screen that presents nothing (most of what a stack drops) hosts nothing.
        if screen.presentedStorage == nil, screen.childScreens.isEmpty { return }
        for level in presentationChain(from: screen).dropFirst().reversed() {
            detachPresentation(level)
        }
    }

    /// Takes `child` out of its container: no parent, and nothing it hosted stays presented.
    static func removeFromContainer(_ child: TestScreen) {
        child.parentStorage = nil
        detachPresentations(hostedIn: child)
    }
}
