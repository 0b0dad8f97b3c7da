import Composer
import ComposerLinks
import ComposerTestFixtures
import ComposerTesting
import Foundation
import Testing

/// Search results that know the text they show, so a finder can look for "results for x".
private final class ResultsScreen: TestScreen, ContextChecking {
    let query: String

    init(query: String) {
        self.query = query
        super.init("results \(query)")
    }

    func isTarget(for context: String) -> Bool { query == context }
}

/// An app team's review of `ComposerLinks` against its documentation (`Links.md` and the doc
/// comments): universal links on two hosts, a custom scheme, query values, building links back,
/// redirects, restoration and hostile input. The findings at the end each failed before their
/// fix, and name the doc line or the error message that was at fault.
@MainActor
@Suite("Links: an adopter's review")
struct LinksAdopterReviewTests {
    let journal = Journal()

    var web: DestinationStep<WebScreen, String> { WebScreen.presented }

    /// The product page, pushed onto the current stack, behind a sign-in guard when `gate` is given.
    func product(gate: LoginGate? = nil) -> DestinationStep<ProductScreen, Int> {
        guard let gate else { return Routes(journal: journal).productPushed }
        return StepAssembly(
            finder: ClassWithContextFinder<ProductScreen, Int>(), factory: ProductFactory(journal: journal)
        )
        .adding(LoginInterceptor<Int>(gate: gate))
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
    }

    fileprivate var results: DestinationStep<ResultsScreen, String> {
        StepAssembly(
            finder: ClassWithContextFinder<ResultsScreen, String>(),
            factory: ClosureFactory { query in ResultsScreen(query: query) }
        )
        .using(TestNavigationContainer.push())
        .from(GeneralStep.current().expectingContainer())
        .assemble()
    }

    /// The shop's map as `Links.md` writes it: a custom scheme, a universal link on two hosts, a
    /// search with a required and optional query values, and a web-page fallback.
    func shopLinks(gate: LoginGate? = nil) throws -> LinkMap {
        let product = product(gate: gate)
        let results = results
        let web = web
        var links = LinkMap()
        try links.register("shop://product/<int:id>", as: "Product") { params in
            Link(to: product, with: try params.int("id"))
        }
        try links.register(
            "https://{shop.example.com,www.shop.example.com}/products/<int:id>", as: "Product (web)"
        ) { params in
            Link(to: product, with: try params.int("id"))
        }
        try links.register("shop://search?q=<q>&page=<int:page?>&tag=<tag?>", as: "Search") { params in
            Link(to: results, with: try params.string("q"))
        }
        try links.register("https://{shop.example.com,www.shop.example.com}/find/<term>", as: "Find (web)") {
            params in
            Link(to: results, with: try params.string("term"))
        }
        links.fallbackWithReason { fallback in Link(to: web, with: fallback.url) }
        return links
    }

    func shopWindow() -> TestWindow {
        TestWindow(root: TestNavigationContainer("main", stack: [TestScreen("home")]))
    }

    // MARK: - What passed, pinning documented promises no other test pins

    @Test(
        "A universal link on either host, in any case, with a trailing slash, tracking keys and a fragment, opens the guarded product once the user signs in"
    )
    func universalLinkThroughSignIn() async throws {
        let window = shopWindow()
        let router = DefaultRouter(window: window)
        let gate = LoginGate(mode: .askUser)
        gate.router = router
        let links = try shopLinks(gate: gate)

        // Links.md: "the login screen appears first and the product opens once they have signed in".
        let opening = Task {
            try await router.open(
                "HTTPS://WWW.Shop.Example.COM/products/42/?utm_source=mail&utm_campaign=x#reviews", using: links,
                animated: false)
        }
        var turns = 0
        while !gate.isWaitingForUser, turns < 10_000 {
            await Task.yield()
            turns += 1
        }
        #expect(gate.isWaitingForUser)
        #expect(window.render().contains("screen \"login\""))
        #expect(!window.render().contains("product 42"))
        gate.answer(approved: true)
        let opened = try await opening.value

        #expect((opened.screen as? ProductScreen)?.productID == 42)
        #expect(opened.name == "Product (web)" && !opened.isFallback)
        #expect(
            window.render() == """
                window
                  nav "main"
                    screen "home"
                    screen "product 42"
                """)
    }

    @Test(
        "Awkward values built with url(for:) open the same screen with the same value through the router",
        arguments: [
            "red shoes", "a/b", "100%", "%2F", "%25", "café ☕️", "e\u{301}", "..", "?q=1&x=#y", "+plus+",
            "日本語の検索", String(repeating: "long value ", count: 250),
        ])
    func awkwardValuesRoundTripThroughTheRouter(value: String) async throws {
        let links = try shopLinks()
        for name in ["Search", "Find (web)"] {
            let window = shopWindow()
            let router = DefaultRouter(window: window)
            let key = name == "Search" ? "q" : "term"
            let url = try links.url(for: name, parameters: [key: value])
            let opened = try await router.open(url, using: links, animated: false)
            #expect(opened.name == name, "\(url)")
            #expect((opened.screen as? ResultsScreen)?.query == value, "\(url)")
        }
    }

    @Test("A restored search comes back with its exact text, whatever characters it holds")
    func restorationKeepsAwkwardText() async throws {
        let links = try shopLinks()
        var restoration = LinkRestoration(links: links)
        try restoration.register("Search", for: ResultsScreen.self) { ["q": $0.query] }
        let text = "shoes & socks / 50% off ☕️ ?#"

        let window = shopWindow()
        try await DefaultRouter(window: window).navigate(to: results, with: text, animated: false)
        let saved = restoration.savedLinks(in: window)
        #expect(saved.urls.count == 1, "\(saved)")

        let fresh = shopWindow()
        let result = await DefaultRouter(window: fresh).restore(saved.urls, using: links)
        #expect(result.isComplete, "\(String(describing: result.failure))")
        #expect(fresh.render() == window.render())
    }

    @Test("Hostile links end quickly in a LinkError of the right case, or in the fallback with that reason")
    func hostileLinks() throws {
        var bare = LinkTable<String>()
        try bare.register("https://{shop.example.com,www.shop.example.com}/products/<int:id>") { _ in "product" }
        try bare.register("shop://m/<a>-<b>-<c>-<d>-<e>.x") { _ in "m" }
        try bare.register("shop://files/<path:rest>") { _ in "files" }
        for depth in 1..<8 {
            let path = (0..<depth).map { "<p\($0)>" }.joined(separator: "/")
            try bare.register("shop://deep/\(path)/<int:n>/end") { _ in "deep" }
        }
        let hostile: [(String, String)] = [
            ("https://evil.example@shop.example.com/products/1", "malformed"),
            ("https://shop.example.com/products/1%", "malformed"),
            ("https://shop.example.com/products/%C3", "malformed"),
            ("https://shop.example.com/products/%00", "conversion"),
            ("https://shop.example.com/products/99999999999999999999", "conversion"),
            ("https://shop.example.com/products/1?x=%zz", "malformed"),
            ("https://shop.example.com:8443/products/1", "noMatch"),
            ("https://shop.example.com./products/1", "noMatch"),
            ("https://shop.example.com\\products/1", "noMatch"),
            ("javascript:alert(1)", "malformed"),
            ("shop://deep/" + String(repeating: "1/", count: 2000), "noMatch"),
            ("shop://m/" + String(repeating: "-", count: 4000), "noMatch"),
            ("shop://files/" + String(repeating: "%2F", count: 1300) + "/x", "files"),
            ("shop://files/" + String(repeating: "a", count: 5000), "tooLong"),
        ]
        let start = ContinuousClock.now
        for (url, expected) in hostile {
            let outcome: String
            do {
                outcome = try bare.resolve(url)
            } catch {
                switch error {
                case .malformedURL: outcome = "malformed"
                case .conversionFailed: outcome = "conversion"
                case .noMatch: outcome = "noMatch"
                case .urlTooLong: outcome = "tooLong"
                default: outcome = "\(error)"
                }
            }
            #expect(outcome == expected, "\(url.prefix(80))")
        }
        #expect(ContinuousClock.now - start < .seconds(2))

        // With a fallback each of them opens the fallback, with the reason the error gave.
        var withFallback = bare
        withFallback.fallbackWithReason { "fallback: \($0.reason.map { "\($0)" } ?? "redirected")" }
        for (url, expected) in hostile where expected != "files" {
            let resolved = try withFallback.resolveLink(url)
            #expect(resolved.isFallback && resolved.fallbackReason != nil, "\(url.prefix(80))")
        }
    }

    // MARK: - Findings of the review, each failing before its fix

    /// Links.md: "Reading is strict … A mismatch between the pattern and the closure therefore
    /// fails on the first link, not on an unusual one." Reading an optional value with a required
    /// reader (`int("page")` for `<int:page?>`) worked on every link with a page and threw only on
    /// one without, saying the parameter "is required but missing", which the pattern does not say.
    @Test("an optional value read with the required reader is refused on every link, naming the optional reader")
    func requiredReaderOnOptionalValue() throws {
        var links = LinkTable<String>()
        try links.register("shop://search?q=<q>&page=<int:page?>") { params in
            "page \(try params.int("page"))"
        }
        for url in ["shop://search?q=shoes&page=2", "shop://search?q=shoes"] {
            let error = linkError { () throws(LinkError) in try links.resolve(url) }
            #expect(
                error == .optionalReadAsRequired(parameter: "page", pattern: "shop://search?q=<q>&page=<int:page?>"))
            #expect("\(error.map { "\($0)" } ?? "")".contains("optionalInt"), "\(url)")
        }
    }

    /// Links.md: "`url(for:parameters:)` can tell when a value would not come back: a `name` of
    /// `a.b` is refused". It was, with a message blaming the value's type: "expects a string, found
    /// 'a.b'", which is a string.
    @Test("a value refused because it would not read back says so, not that its type is wrong")
    func separatorRefusalMessage() throws {
        var links = LinkTable<String>()
        try links.register("shop://f/<name>.<ext>", as: "File") { _ in "file" }
        let error = linkError { () throws(LinkError) in
            try links.url(for: "File", parameters: ["name": "a.b", "ext": "c"])
        }
        #expect(error == .valueDoesNotReadBack(parameter: "name", value: "a.b", pattern: "shop://f/<name>.<ext>"))
        #expect(!"\(error.map { "\($0)" } ?? "")".contains("expects a string"))
    }

    /// `Double.linkTexts` was `description`, which writes small and large numbers with an exponent
    /// (`1e-05`): in a segment whose placeholders are separated by `-`, 0.00001 could not be built.
    @Test("a small or large Double is built without an exponent, so a '-'-separated segment can carry it")
    func doubleWithExponentInSeparatedSegment() throws {
        var links = LinkTable<String>()
        try links.register("shop://range/<double:low>-<double:high>", as: "Range") { params in
            "\(try params.double("low")) to \(try params.double("high"))"
        }
        let url = try links.url(for: "Range", parameters: ["low": 0.00001, "high": 2.5e20])
        #expect(url == "shop://range/0.00001-250000000000000000000")
        #expect(try links.resolve(url) == "1e-05 to 2.5e+20")
        for value in [-1.25e-7, 6.02214076e23, 1e16, 0.1, -0.0, 123.456] {
            let built = try links.url(for: "Range", parameters: ["low": value, "high": 1.0])
            #expect(try links.resolveLink(built).parameters.double("low") == value, "\(built)")
        }
    }

    /// Building a link with an empty text for a path value said the value was missing, when the
    /// caller had passed it, empty.
    @Test("an empty value passed to url(for:) is reported as empty, not missing")
    func emptyValueReportedAsMissing() throws {
        let links = try shopLinks()
        let error = linkError { () throws(LinkError) in try links.url(for: "Find (web)", parameters: ["term": ""]) }
        let message = error.map { "\($0)" } ?? ""
        #expect(!message.contains("missing") && message.contains("empty value"), "\(message)")
        // A required query placeholder says the same (it said "required but missing"); a key not
        // passed at all is missing.
        let search = "shop://search?q=<q>&page=<int:page?>&tag=<tag?>"
        let empty = linkError { () throws(LinkError) in try links.url(for: "Search", parameters: ["q": ""]) }
        #expect(empty == .conversionFailed(parameter: "q", expected: .string, found: "", pattern: search))
        let absent = linkError { () throws(LinkError) in try links.url(for: "Search", parameters: [:]) }
        #expect(absent == .missingParameter(name: "q", pattern: search))
    }

    /// Links.md: "A URL with … an escape that does not decode to UTF-8 (`%FF`) is malformed, and
    /// the error gives the column." The column was the start of the segment or query value.
    @Test("the column of an escape that is not UTF-8 is the escape's")
    func nonUTF8EscapeColumn() throws {
        var links = LinkTable<String>()
        try links.register("shop://e/<slug>") { _ in "slug" }
        try links.register("shop://q?q=<q>") { _ in "q" }
        let path = linkError { () throws(LinkError) in try links.resolve("shop://e/abcdef%FF") }
        guard case .malformedURL(_, let column, _) = path else {
            Issue.record("expected malformedURL, got \(String(describing: path))")
            return
        }
        #expect(column == 16, "column \(column) does not point at '%FF'")
        let query = linkError { () throws(LinkError) in try links.resolve("shop://q?q=caf%C3%A9%FF") }
        guard case .malformedURL(_, let queryColumn, _) = query else {
            Issue.record("expected malformedURL, got \(String(describing: query))")
            return
        }
        #expect(queryColumn == 21, "column \(queryColumn) does not point at '%FF'")
    }
}
