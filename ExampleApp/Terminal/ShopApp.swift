import Composer
import ComposerLinks
import ComposerTesting

/// The terminal shop: a window of in-memory screens, the shared routes, and the commands.
///
/// The same file runs on the UIKit twin (the executable's own `ShopWindow`, a `TestWindow`) and on
/// the SwiftUI navigation model (`ComposerShopSwiftUI`'s, a `NavigationModel`); each platform file
/// says how its window is made, rendered and swiped.
@MainActor
final class ShopApp {
    private(set) var window = ShopWindow.makeForShop()
    let session = ShopSession()
    let routes: ShopRoutes
    private(set) var router: DefaultRouter
    let links: LinkMap
    private(set) var analytics: ShopAnalytics
    let restoration: LinkRestoration
    /// The links `save` kept, which `relaunch` restores.
    private var savedLinks: [String] = []
    private var running: Task<Void, Never>?
    /// The command being run, when it started a navigation.
    private var command: PendingCommand?
    /// Whether the command being run started a navigation.
    private var startedNavigation = false
    /// Whether that navigation goes before the others (so it never waits its turn behind a sign-in).
    private var startedInterruptingNavigation = false

    init() throws {
        routes = ShopRoutes(session: session)
        router = DefaultRouter(window: window)
        routes.attach(to: router)
        analytics = ShopAnalytics(router: router)
        links = try routes.makeLinks()
        restoration = try routes.makeRestoration(links: links)
    }

    /// Runs one command and prints the tree, or what went wrong; the interactive prompt and
    /// `--script` both run every command through here. Returns `false` for `quit` (or `exit`),
    /// after which no more commands should be run.
    @discardableResult
    func run(_ line: String) async -> Bool {
        let words = line.split(separator: " ").map(String.init)
        guard let command = words.first else { return true }
        let argument = words.dropFirst().joined(separator: " ")
        let signInWasWaiting = session.isWaitingForSignIn
        startedNavigation = false
        startedInterruptingNavigation = false
        self.command = PendingCommand(line: line)
        switch command {
        case "quit", "exit":
            print("bye")
            return false
        case "home": navigate { try await $0.router.navigate(to: $0.routes.home) }
        case "products": navigate { try await $0.router.navigate(to: $0.routes.productList(), with: ()) }
        case "product":
            guard !argument.isEmpty else { return say("usage: product ID") }
            navigate { try await $0.router.navigate(to: $0.routes.product, with: ProductID(argument)) }
        case "cart": navigate { try await $0.router.navigate(to: $0.routes.cart) }
        case "account": navigate { try await $0.router.navigate(to: $0.routes.account) }
        case "back":
            navigate { app in
                do throws(RoutingError) {
                    try await app.router.navigate(to: app.routes.back)
                } catch {
                    // Nothing behind the current screen: a sentence, not the routing report.
                    guard error.code == .noAnchor else { throw error }
                    print(app.nothingBehindMessage())
                }
            }
        case "open":
            guard !argument.isEmpty else { return say("usage: open URL") }
            navigate {
                do throws(LinkOpenError) {
                    let opened = try await $0.router.open(argument, using: $0.links)
                    if let fallback = opened.fallback { print("the shop has no screen for this link: \(fallback)") }
                } catch {
                    // The same messages as for the other commands.
                    throw error.underlyingError
                }
            }
        case "catalog":
            for (index, entry) in routes.makeCatalog(links: links).entries.enumerated() {
                print("\(index + 1). \(entry)")
            }
            return true
        case "map":
            guard argument.isEmpty || argument == "dot" else { return say("usage: map [dot]") }
            printMap(asDOT: argument == "dot")
            return true
        case "save":
            let snapshot = restoration.savedLinks(in: window)
            savedLinks = snapshot.urls
            print(snapshot.levels.isEmpty ? "nothing on screen to save" : snapshot)
            return true
        case "relaunch":
            // A new launch: a fresh window and router, the session kept (as a keychain would).
            window = ShopWindow.makeForShop()
            router = DefaultRouter(window: window)
            routes.attach(to: router)
            analytics = ShopAnalytics(router: router)
            navigate { app in
                if app.savedLinks.isEmpty {
                    print("nothing was saved, so the shop starts at home")
                } else {
                    let result = await app.router.restore(app.savedLinks, using: app.links)
                    print("restored \(result.opened.count) of \(app.savedLinks.count) saved link(s)")
                    if let failure = result.failure { print(failure) }
                }
                // A launch always ends on a screen: home, when nothing (or nothing more) came back.
                if app.window.root == nil { try await app.router.navigate(to: app.routes.home, animated: false) }
            }
        case "add":
            guard !argument.isEmpty else { return say("usage: add ID") }
            session.cart.append(ProductID(argument))
            // A cart already built shows the new count at once, as a screen observing the cart would.
            (window.screen(named: "cart") as? CartScreen)?.show(items: session.cart)
            print("added product \(argument) to the cart (\(session.cart.count) item(s))")
        case "login":
            if !session.answerSignIn(approved: true) {
                session.isSignedIn = true
                print("signed in")
            }
        case "cancel":
            if !session.answerSignIn(approved: false) { print("nothing is waiting for sign-in") }
        case "logout":
            session.isSignedIn = false
            print("signed out")
            navigate(interrupting: true) { try await $0.routes.leaveSignedInScreens() }
        case "experiment":
            switch argument {
            case "a", "A": session.productsAsSheet = false
            case "b", "B": session.productsAsSheet = true
            default:
                let given = argument.isEmpty ? "no group" : "'\(argument)'"
                return say(
                    "unknown experiment group: \(given); the groups are a (products in the list) and b (products in a sheet)"
                )
            }
            print("experiment group \(session.productsAsSheet ? "B: products in a sheet" : "A: products in the list")")
        case "user":
            navigate { try await $0.window.performUserGesture(argument) }
        case "analytics":
            let events = analytics.flush()
            print(events.isEmpty ? "no analytics events" : events.joined(separator: "\n"))
            return true
        case "tree": break
        case "help":
            print(Self.help)
            return true
        default:
            print("unknown command '\(command)'; type 'help'")
            return true
        }
        let finished = await settle()
        if !finished, session.isWaitingForSignIn {
            print(signInMessage(for: line, queued: startedNavigation && signInWasWaiting))
            // It ends after a later command (the answer): it says then how it ended.
            if startedNavigation { self.command?.isWaiting = true }
        }
        if let cart = window.current as? CartScreen {
            print("the cart shows \(cart.items.count) item(s)")
        }
        print(window.render())
        return true
    }

    static let help = """
        commands:
          home | products | account     show a tab (account needs sign-in)
          product ID                    show a product (needs sign-in)
          cart                          show the cart in a modal
          add ID                        put a product in the cart
          back                          pop or close the top screen
          open URL                      open a link (shop://product/42, https://shop.example.com/products/7)
          catalog                       list every destination the app can open
          map [dot]                     print every destination as a Mermaid flowchart (or Graphviz DOT)
          save | relaunch               save the links of the screens shown; start again and restore them
          login | cancel                answer the login screen, or sign in directly
          logout                        sign out: closes every screen that needs sign-in
          experiment a|b                switch the A/B group (b: products in a sheet)
          user back | user swipe        the user taps the back button, or swipes the top sheet down
          user tab N                    the user taps tab N (0: home, 1: products, 2: account)
          analytics                     print the screen views observed since the last time
          tree                          print the screen tree
          quit | exit                   leave the shop (in a script: skip the rest)
        """

    /// Prints the shop's route map as Mermaid, or as Graphviz DOT (what `scripts/render-map` draws).
    func printMap(asDOT: Bool) {
        do {
            let map = try routes.makeMap(links: links)
            print(asDOT ? map.dot : map.mermaid, terminator: "")
        } catch {
            print(error)
        }
    }

    private func navigate(interrupting: Bool = false, _ body: @escaping @MainActor (ShopApp) async throws -> Void) {
        startedNavigation = true
        startedInterruptingNavigation = interrupting
        let command = command ?? PendingCommand(line: "")
        running = Task { [unowned self] in
            do {
                try await body(self)
                if command.isWaiting {
                    let shown = window.current.map { "\($0)" } ?? "nothing"
                    print("'\(command.line)', which waited for the sign-in: done, \(shown) is on screen")
                }
            } catch {
                let outcome = Self.outcome(of: error)
                print(command.isWaiting ? "'\(command.line)', which waited for the sign-in: \(outcome)" : outcome)
            }
        }
    }

    /// How a command's navigation failed, as a sentence.
    private static func outcome(of error: any Error) -> String {
        switch error {
        case let error as RoutingError where error.code == .interceptorRejected:
            "navigation stopped: \(error.underlyingError.map { "\($0)" } ?? error.found)"
        case let error as RoutingError: "\(error)"
        case let error as UserGestureError: "the gesture did nothing: \(error)"
        case let error as LinkError: "cannot open the link: \(error)"
        default: "navigation failed: \(error)"
        }
    }

    /// What a command says while a navigation waits for the user to sign in. A navigation asked for
    /// meanwhile (`queued`) waits its turn behind the one that asked, so it says so.
    private func signInMessage(for line: String, queued: Bool) -> String {
        if queued {
            return "a sign-in is waiting, so '\(line)' waits its turn: it runs once you type 'login' or 'cancel'"
        }
        if startedNavigation { return "'\(line)' needs sign-in: type 'login' to sign in, or 'cancel' to give up" }
        return "a sign-in is waiting: type 'login' to sign in, or 'cancel' to give up"
    }

    /// What `back` says when nothing is behind the current screen.
    private func nothingBehindMessage() -> String {
        let current = window.current.map { "'\($0.name)'" } ?? "the current screen"
        return "nothing to go back to: \(current) is the first screen of its tab and nothing is presented over it"
    }

    /// Waits until the running navigation ends, or until it cannot end before the user answers a
    /// sign-in: a navigation asked for sign-in during this command, this command started no
    /// navigation while a sign-in waits, or its navigation is queued behind the one that waits.
    /// Returns whether it ended (true when nothing was running).
    @discardableResult
    private func settle() async -> Bool {
        guard let running else { return true }
        var finished = false
        let watcher = Task {
            await running.value
            finished = true
        }
        let requestsBefore = session.signInRequests
        let queuedBefore = router.waitingNavigations
        var turns = 0
        while !finished && turns < 100_000 {
            if session.isWaitingForSignIn {
                if session.signInRequests != requestsBefore || !startedNavigation { break }
                if !startedInterruptingNavigation && router.waitingNavigations > queuedBefore { break }
            }
            await Task.yield()
            turns += 1
        }
        watcher.cancel()
        if finished { self.running = nil }
        return finished
    }
}

/// A command whose navigation may outlive it: one that waits for a sign-in ends after a later
/// command, and says then how it ended.
@MainActor
private final class PendingCommand {
    let line: String
    var isWaiting = false

    init(line: String) {
        self.line = line
    }
}

/// Prints `text` and lets a command go on with the next one (`return say("usage: …")`).
@MainActor
private func say(_ text: String) -> Bool {
    print(text)
    return true
}
