import Composer
import ComposerLinks
import ComposerTesting

/// The terminal shop: a window of in-memory screens, the shared routes, and the commands.
@MainActor
final class ShopApp {
    private(set) var window = TestWindow()
    let session = ShopSession()
    let routes: ShopRoutes
    private(set) var router: DefaultRouter
    let links: LinkMap
    let restoration: LinkRestoration
    /// The links `save` kept, which `relaunch` restores.
    private var savedLinks: [String] = []
    private var running: Task<Void, Never>?

    init() throws {
        routes = ShopRoutes(session: session)
        router = DefaultRouter(window: window)
        routes.router = router
        links = try routes.makeLinks()
        restoration = try routes.makeRestoration(links: links)
    }

    /// Runs one command and prints the tree, or what went wrong.
    func run(_ line: String) async {
        let words = line.split(separator: " ").map(String.init)
        guard let command = words.first else { return }
        let argument = words.dropFirst().joined(separator: " ")
        switch command {
        case "home": navigate { try await $0.router.navigate(to: $0.routes.home) }
        case "products": navigate { try await $0.router.navigate(to: $0.routes.productList(), with: ()) }
        case "product":
            guard !argument.isEmpty else { return print("usage: product ID") }
            navigate { try await $0.router.navigate(to: $0.routes.product, with: ProductID(argument)) }
        case "cart": navigate { try await $0.router.navigate(to: $0.routes.cart) }
        case "account": navigate { try await $0.router.navigate(to: $0.routes.account) }
        case "back": navigate { try await $0.router.navigate(to: $0.routes.back) }
        case "open":
            guard !argument.isEmpty else { return print("usage: open URL") }
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
            return
        case "map":
            guard argument.isEmpty || argument == "dot" else { return print("usage: map [dot]") }
            printMap(asDOT: argument == "dot")
            return
        case "save":
            let snapshot = restoration.savedLinks(in: window)
            savedLinks = snapshot.urls
            print(snapshot.levels.isEmpty ? "nothing on screen to save" : snapshot)
            return
        case "relaunch":
            // A new launch: a fresh window and router, the session kept (as a keychain would).
            window = TestWindow()
            router = DefaultRouter(window: window)
            routes.router = router
            navigate { app in
                let result = await app.router.restore(app.savedLinks, using: app.links)
                print("restored \(result.opened.count) of \(app.savedLinks.count) saved link(s)")
                if let failure = result.failure { print(failure) }
            }
        case "add":
            guard !argument.isEmpty else { return print("usage: add ID") }
            session.cart.append(ProductID(argument))
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
        case "experiment":
            session.productsAsSheet = argument == "b"
            print("experiment group \(session.productsAsSheet ? "B: products in a sheet" : "A: products in the list")")
        case "tree": break
        case "help":
            print(Self.help)
            return
        default:
            print("unknown command '\(command)'; type 'help'")
            return
        }
        await settle()
        if let cart = window.current as? CartScreen {
            print("the cart shows \(cart.items.count) item(s)")
        }
        print(window.render())
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
          login | cancel | logout       answer the login screen, or sign in/out directly
          experiment a|b                switch the A/B group (b: products in a sheet)
          tree                          print the screen tree
          quit
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

    private func navigate(_ body: @escaping @MainActor (ShopApp) async throws -> Void) {
        running = Task { [unowned self] in
            do {
                try await body(self)
            } catch let error as RoutingError {
                if error.code == .interceptorRejected {
                    print("navigation stopped: \(error.underlyingError.map { "\($0)" } ?? error.found)")
                } else {
                    print(error)
                }
            } catch let error as LinkError {
                print("cannot open the link: \(error)")
            } catch {
                print("navigation failed: \(error)")
            }
        }
    }

    /// Waits until the running navigation ends or waits for the user to sign in.
    private func settle() async {
        guard let running else { return }
        var finished = false
        let watcher = Task {
            await running.value
            finished = true
        }
        var turns = 0
        while !finished && !session.isWaitingForSignIn && turns < 100_000 {
            await Task.yield()
            turns += 1
        }
        watcher.cancel()
        if session.isWaitingForSignIn && !finished {
            print("sign-in required: type 'login' to sign in or 'cancel'")
        }
        if finished { self.running = nil }
    }
}
