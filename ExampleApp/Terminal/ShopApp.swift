import Composer
import ComposerLinks
import ComposerTesting
import Foundation

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
    /// Every URL the shop opens; `redirects load` and `redirects add` change its redirects.
    private(set) var links: LinkMap
    private(set) var analytics: ShopAnalytics
    let restoration: LinkRestoration
    /// The links `save` kept, which `relaunch` restores.
    private var savedLinks: [String] = []
    private var running: Task<Void, Never>?
    /// The wait for the size picker's answer (`pick`), which outlives the command that asked.
    private var sizeAnswer: Task<Void, Never>?
    /// The command being run, when it started a navigation.
    private var command: PendingCommand?
    /// Whether the command being run started a navigation.
    private var startedNavigation = false
    /// Whether that navigation goes before the others (so it never waits its turn behind a sign-in).
    private var startedInterruptingNavigation = false
    /// The navigations of earlier commands that wait for a sign-in.
    private var signInWaiters: [Task<Void, Never>] = []
    /// Counts the launches (`relaunch`): a navigation of an earlier launch says nothing when it ends.
    private var launch = 0

    /// The login screen a sign-in guard awaits, when one is on screen.
    private var waitingLogin: LoginScreen? {
        (window.screen(named: "login") as? LoginScreen).flatMap { $0.isAsked ? $0 : nil }
    }

    init() throws {
        routes = ShopRoutes(session: session)
        router = DefaultRouter(window: window)
        routes.attach(to: router)
        analytics = ShopAnalytics(router: router)
        links = try routes.makeLinks()
        restoration = try routes.makeRestoration(links: links)
        observeTransitions()
    }

    /// Prints the transition of the reviews' push, and of their pop, which runs it in reverse
    /// whoever pops them: the reviews remember the transition they were pushed with.
    private func observeTransitions() {
        router.addObserver { event in
            if let reviews = event.to as? ReviewsScreen, !reviews.pushWasReported {
                reviews.pushWasReported = true
                print(
                    reviews.pushTransition.map { "transition: \(reviews) \($0.push)" }
                        ?? "transition: \(reviews) is pushed with the platform's own animation (\(ShopScreens.noCustomTransition))"
                )
            }
            guard let reviews = event.from as? ReviewsScreen, reviews.parentScreen == nil else { return }
            if let transition = reviews.pushTransition {
                print("transition: \(reviews) \(transition.pop), popped by the \(event.cause)")
            } else {
                print("transition: \(reviews) is popped with the platform's own animation, by the \(event.cause)")
            }
        }
    }

    /// Runs one command and prints the tree, or what went wrong; the interactive prompt and
    /// `--script` both run every command through here. Returns `false` for `quit` (or `exit`),
    /// after which no more commands should be run.
    @discardableResult
    func run(_ line: String) async -> Bool {
        let words = line.split(separator: " ").map(String.init)
        guard let command = words.first else { return true }
        let argument = words.dropFirst().joined(separator: " ")
        let signInWasWaiting = waitingLogin != nil
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
        case "open" where argument == ShopRoutes.signOutLink:
            // A revoked session, as a push notification would bring it: not a destination.
            print("signed out by \(argument)")
            navigate(interrupting: true) { try await $0.signOut() }
        case "open":
            guard !argument.isEmpty else { return say("usage: open URL") }
            navigate {
                do throws(LinkOpenError) {
                    let opened = try await $0.router.open(argument, using: $0.links)
                    if !opened.redirectedFrom.isEmpty {
                        print(
                            "redirected from \(opened.redirectedFrom.joined(separator: " and ")) to \(opened.pattern ?? "the fallback")"
                        )
                    }
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
        case "save" where argument == "review":
            guard let editor = window.current as? ReviewEditorScreen else { return say(Self.noEditorMessage) }
            editor.save(in: session)
            print("saved the review of product \(editor.productID): \"\(editor.text)\"")
            navigate { try await $0.router.navigate(to: $0.routes.back) }
        case "save":
            guard argument.isEmpty else { return say("usage: save | save review") }
            let snapshot = restoration.savedLinks(in: window)
            savedLinks = snapshot.urls
            print(snapshot.levels.isEmpty ? "nothing on screen to save" : snapshot)
            return true
        case "relaunch":
            // A new launch: a fresh window and router, the session kept (as a keychain would). What
            // the last launch still ran (a navigation waiting for a sign-in) ends with it, unheard.
            running?.cancel()
            for waiter in signInWaiters { waiter.cancel() }
            signInWaiters.removeAll()
            launch += 1
            window = ShopWindow.makeForShop()
            router = DefaultRouter(window: window)
            routes.attach(to: router)
            analytics = ShopAnalytics(router: router)
            observeTransitions()
            navigate { app in
                // As the iOS apps do: the first screen, then the saved links restored over it
                // (*Links*: restore once the window shows the app's first screen).
                try await app.router.navigate(to: app.routes.home, animated: false)
                if app.savedLinks.isEmpty {
                    print("nothing was saved, so the shop starts at home")
                } else {
                    let result = await app.router.restore(app.savedLinks, using: app.links)
                    print("restored \(result.opened.count) of \(app.savedLinks.count) saved link(s)")
                    if let failure = result.failure { print(failure) }
                }
            }
        case "add":
            guard !argument.isEmpty else { return say("usage: add ID") }
            session.cart.append(ProductID(argument))
            // A cart already built shows the new count at once, as a screen observing the cart would.
            (window.screen(named: "cart") as? CartScreen)?.show(items: session.cart)
            print("added product \(argument) to the cart (\(session.cart.count) item(s))")
        case "login":
            if let login = waitingLogin {
                // The navigation that waits goes on: the command ends with it (`settle`).
                login.answer(signedIn: true, in: session)
            } else {
                session.isSignedIn = true
                print("signed in")
            }
        case "cancel":
            guard let login = waitingLogin else { return say("nothing is waiting for sign-in") }
            login.answer(signedIn: false, in: session)
        case "logout":
            print("signed out")
            navigate(interrupting: true) { try await $0.signOut() }
        case "pick":
            guard let id = productID(argument) else { return needsProduct("pick") }
            askSize(for: id)
        case "choose":
            guard let size = ProductSize(typed: argument) else { return say("usage: choose S|M|L") }
            guard let picker = window.current as? SizePickerScreen, picker.isAsked else {
                if let covered = window.screen(named: "size picker") as? SizePickerScreen, covered.isAsked,
                    let current = window.current
                {
                    return say("the size picker waits under \(current): close that first ('back'), then choose")
                }
                return say("no size picker is waiting for an answer: type 'pick' on a product first")
            }
            navigate { app in
                picker.choose(size)
                await app.sizeAnswer?.value
            }
        case "review":
            guard let id = productID(argument) else { return needsProduct("review") }
            navigate { try await $0.router.navigate(to: $0.routes.reviewEditor, with: id) }
        case "edit":
            guard !argument.isEmpty else { return say("usage: edit TEXT") }
            guard let editor = window.current as? ReviewEditorScreen else { return say(Self.noEditorMessage) }
            editor.edit(argument)
            print(
                editor.hasUnsavedEdits
                    ? "the review of product \(editor.productID) has unsaved edits: it refuses to close until you type 'save review' or 'discard'"
                    : "the review of product \(editor.productID) is as saved")
        case "discard":
            guard let editor = window.current as? ReviewEditorScreen else { return say(Self.noEditorMessage) }
            editor.discard()
            print("discarded the edits of the review of product \(editor.productID)")
            navigate { try await $0.router.navigate(to: $0.routes.back) }
        case "reviews":
            guard let id = productID(argument) else { return needsProduct("reviews") }
            navigate { try await $0.router.navigate(to: $0.routes.reviews, with: id) }
        case "menu":
            switch argument {
            case "": navigate { try await $0.router.navigate(to: $0.routes.menu) }
            case "help": navigate { try await $0.router.navigate(to: $0.routes.help) }
            default: return say("usage: menu [help]")
            }
        case "redirects":
            runRedirects(argument)
            return true
        case "bars":
            printBars()
            return true
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
        await receiveSizeAnswer()
        if !finished, waitingLogin != nil {
            print(signInMessage(for: line, queued: startedNavigation && signInWasWaiting))
            // It ends after a later command (the answer): it says then how it ended.
            if startedNavigation, let running {
                self.command?.isWaiting = true
                signInWaiters.append(running)
            }
        }
        if waitingLogin == nil {
            // This command ended the sign-in (an answer, a swipe, an interrupt): what waited for it
            // says here how it ended.
            for waiter in signInWaiters { await settle(waiter) }
            signInWaiters.removeAll()
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
          map [dot]                     print the main destinations (tabs, product, cart, login) as a
                                        Mermaid flowchart (or Graphviz DOT)
          save | relaunch               save the links of the screens shown; start again and restore them
          login | cancel                answer the login screen, or sign in directly
          logout                        sign out at once: interrupts a waiting sign-in (its login
                                        screen closes) and closes every screen that needs sign-in;
                                        'open shop://sign-out' does the same, as a push would
          pick [ID] | choose S|M|L      ask a product's size picker and await its typed answer
                                        (back or 'user swipe' closes it without one)
          review [ID] | edit TEXT       write a product's review; with unsaved edits the editor
          save review | discard         refuses to close until it is saved or discarded
          reviews [ID]                  a product's reviews, pushed with a transition of their own
                                        that their pop runs in reverse
          menu [help]                   the side menu (an app's own container): its menu, or help
          redirects [load FILE]         list the link redirects, or load them from a JSON file
          redirects add OLD NEW         redirect the links of pattern OLD to pattern NEW (or fallback)
          bars                          the navigation bar each screen in a stack asks for
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

    /// Signs out at once (`logout`, the sign-out link) and says which unsaved edits that dropped.
    private func signOut() async throws {
        for screen in try await routes.forceSignOut() {
            print("dropped the unsaved edits of \(screen): a revoked session keeps no drafts")
        }
    }

    /// The product `argument` names, or the product on screen when it is empty.
    private func productID(_ argument: String) -> ProductID? {
        argument.isEmpty ? (window.current as? ProductScreen)?.productID : ProductID(argument)
    }

    /// What `command` says when it names no product and none is on screen.
    private func needsProduct(_ command: String) -> Bool {
        let shown = window.current.map { "\($0) is on screen" } ?? "nothing is on screen"
        return say("'\(command)' acts on a product: type '\(command) ID', or show a product first (\(shown))")
    }

    /// Shows product `id` (through its sign-in guard), then asks its size picker and ends the command
    /// once the picker is on screen; the answer comes with a later command (`choose`, `back`, `user
    /// swipe`), which prints what the product shows then.
    private func askSize(for id: ProductID) {
        navigate { app in
            try await app.router.navigate(to: app.routes.product, with: id)
            let answer = Task { @MainActor [routes = app.routes] in
                do {
                    let size = try await routes.pickSize(for: id)
                    print("product \(id) shows \(ProductSize.note(for: size))")
                } catch {
                    print(Self.outcome(of: error))
                }
            }
            app.sizeAnswer = answer
            var turns = 0
            while turns < 10_000, !(app.window.current is SizePickerScreen), app.sizeAnswer != nil {
                await Task.yield()
                turns += 1
            }
        }
    }

    /// Waits for the size picker's answer once the picker is gone (the router hands it over as soon
    /// as the removal is reported), so the answer is printed with the command that closed the picker.
    private func receiveSizeAnswer() async {
        guard let answer = sizeAnswer, window.screen(named: "size picker") == nil else { return }
        await answer.value
        sizeAnswer = nil
    }

    private static let noEditorMessage = "no review editor on screen: type 'review' on a product first"

    /// `redirects`, `redirects load FILE`, `redirects add OLD NEW`: a table that is refused leaves
    /// the one in use, and the error says why.
    private func runRedirects(_ argument: String) {
        let words = argument.split(separator: " ").map(String.init)
        do throws(LinkError) {
            switch words.first {
            case nil:
                break
            case "load" where words.count == 2:
                guard let json = FileManager.default.contents(atPath: words[1]) else {
                    return print("cannot read the redirects file '\(words[1])'")
                }
                try links.loadRedirects(from: json)
            case "add" where words.count == 3:
                let destination: LinkRedirect.Destination = words[2] == "fallback" ? .fallback : .pattern(words[2])
                try links.setRedirects(links.redirects + [LinkRedirect(from: words[1], to: destination)])
            default:
                return print("usage: redirects | redirects load FILE | redirects add OLD NEW")
            }
        } catch {
            return print(error)
        }
        print(
            links.redirects.isEmpty
                ? "no redirects" : (["redirects:"] + links.redirects.map { "  \($0)" }).joined(separator: "\n"))
    }

    /// Each screen in a navigation stack on screen, with the bar it asks for (`ShopBar`). Neither the
    /// twin nor the model draws bars; on iOS, `ScreenBarNavigationController` applies the bar of the
    /// screen on top of each stack and puts the previous one back when that screen leaves.
    private func printBars() {
        var lines: [String] = []
        func visit(_ screen: any Screen) {
            if let stack = screen as? any NavigationStackContainer {
                for (index, child) in stack.childScreens.enumerated() {
                    let top = index == stack.childScreens.count - 1 ? " (top of its stack: its bar shows there)" : ""
                    lines.append("\(screen) > \(child): \(ShopBar.of(child))\(top)")
                }
            }
            screen.childScreens.forEach(visit)
            if let presented = screen.presentedScreen, presented.presentingScreen === screen { visit(presented) }
        }
        window.rootScreen.map(visit)
        print(lines.isEmpty ? "no navigation stack on screen, so no bars" : lines.joined(separator: "\n"))
    }

    private func navigate(interrupting: Bool = false, _ body: @escaping @MainActor (ShopApp) async throws -> Void) {
        startedNavigation = true
        startedInterruptingNavigation = interrupting
        let command = command ?? PendingCommand(line: "")
        let launch = launch
        running = Task { [unowned self] in
            do {
                try await body(self)
                guard launch == self.launch else { return }
                if command.isWaiting {
                    let shown = window.current.map { "\($0)" } ?? "nothing"
                    print("'\(command.line)', which waited for the sign-in: done, \(shown) is on screen")
                }
            } catch {
                guard launch == self.launch else { return }
                let outcome = Self.outcome(of: error)
                print(command.isWaiting ? "'\(command.line)', which waited for the sign-in: \(outcome)" : outcome)
            }
        }
    }

    /// How a command's navigation failed, as a sentence.
    private static func outcome(of error: any Error) -> String {
        switch error {
        case let error as RoutingError where error.code == .interceptorRejected || error.code == .cancelled:
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

    /// Waits until the running navigation (or `task`) ends, or until it cannot end before the user
    /// answers a sign-in: a navigation asked for sign-in during this command, this command started
    /// no navigation while a sign-in waits, or its navigation is queued behind the one that waits.
    /// Returns whether it ended (true when nothing was running).
    @discardableResult
    private func settle(_ task: Task<Void, Never>? = nil) async -> Bool {
        guard let running = task ?? running else { return true }
        var finished = false
        let watcher = Task {
            await running.value
            finished = true
        }
        let loginBefore = waitingLogin.map(ObjectIdentifier.init)
        let queuedBefore = router.waitingNavigations
        var turns = 0
        while !finished && turns < 100_000 {
            if let login = waitingLogin {
                if ObjectIdentifier(login) != loginBefore || !startedNavigation { break }
                if !startedInterruptingNavigation && router.waitingNavigations > queuedBefore { break }
            }
            await Task.yield()
            turns += 1
        }
        watcher.cancel()
        if finished, task == nil { self.running = nil }
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
