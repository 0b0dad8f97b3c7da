import Composer

/// What the terminal runs: a shop that takes one command at a time. The executable's shop runs on
/// the UIKit twin; ``makeSwiftUIModelShop()`` makes the same shop on the SwiftUI navigation model.
@MainActor
public protocol TerminalShop: AnyObject {
    /// Runs one command and prints the tree, or what went wrong; `false` after `quit` (or `exit`).
    @discardableResult
    func run(_ line: String) async -> Bool
    /// Prints the shop's route map as Mermaid, or as Graphviz DOT.
    func printMap(asDOT: Bool)
}

/// The shop on the SwiftUI navigation model: the same routes, links and commands as the twin's,
/// with the views stood in for by the test kit's driver (which acknowledges every change at once).
@MainActor
public func makeSwiftUIModelShop() throws -> any TerminalShop {
    try ShopApp()
}
