import Composer
import ComposerLinks
import Foundation
import Testing

/// Counts the calls of an app-defined converter, which may run on any thread.
private final class ConversionCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls = 0

    var count: Int { lock.withLock { calls } }

    func count(_ text: String) {
        lock.withLock { calls += 1 }
    }
}

/// The closures a table ran, in order.
@MainActor
private final class ClosureLog {
    var ran: [String] = []
}

/// Whether `error` is ``LinkError/malformedURL(url:column:reason:)``, whatever its column and reason.
private func isMalformed(_ error: LinkError?) -> Bool {
    guard case .malformedURL = error else { return false }
    return true
}

/// A review of the doc comments of `ComposerLinks`' public symbols (what Quick Help and the DocC
/// reference show) against the code. The first tests quote a claim the review found untrue; the
/// code was fixed, and each test pins what the claim says. The others pin documented promises no
/// other test pins.
@MainActor
@Suite("ComposerLinks: the API reference against the code")
struct LinksAPIReferenceReviewTests {
    // MARK: - Claims that do not hold

    /// `LinkTable.swift:42-44`: "A bad escape (`%zz`), an escape that is not UTF-8 (`%FF`), a space
    /// or a control character makes the link malformed." `Links.md:275` says the same, and the
    /// pattern parser refuses these characters in a pattern. A link is refused only for ASCII
    /// controls (bytes up to 0x20 and 0x7F): a raw C1 control character (U+0085 NEXT LINE,
    /// U+009F), in the path or the query, is read into the value.
    @Test(
        "a raw C1 control character makes a link malformed, in the path and in the query",
        arguments: ["\u{85}", "\u{9F}"])
    func aRawC1ControlCharacterMakesALinkMalformed(control: String) throws {
        let table = try linkParameterTable(["shop://p/<name>?q=<q?>"])
        #expect(
            isMalformed(linkError { () throws(LinkError) in try table.resolve("shop://p/a\(control)b") }),
            "a control character in the path is read into the value")
        #expect(
            isMalformed(linkError { () throws(LinkError) in try table.resolve("shop://p/a?q=x\(control)") }),
            "a control character in the query is read into the value")
        // The pattern parser already refuses the same character.
        #expect(linkPatternError("shop://p/a\(control)b")?.problem == .invalidCharacter(Character(control)))
        // The ASCII controls are refused, as documented.
        #expect(isMalformed(linkError { () throws(LinkError) in try table.resolve("shop://p/a\u{7F}b") }))
    }

    /// `LinkFallback.swift:4-5`: "The reason is worked out when it is first read, not when the link
    /// is resolved: finding the closest patterns walks the table again, and most fallbacks never
    /// ask." It is worked out lazily, but again at every read: ``LinkFallback/reason`` and
    /// ``LinkFallback/description`` each walk the table (and run the app's converters) anew.
    @Test("a fallback's reason is worked out at its first read only")
    func aFallbacksReasonIsWorkedOutOnce() throws {
        let counter = ConversionCounter()
        var table = LinkTable<LinkFallback?>()
        try table.registerConverter("sku") { text in
            counter.count(text)
            return text.hasPrefix("SKU-") ? text : nil
        }
        try table.register("shop://item/<sku:code>") { _ in nil }
        table.fallbackWithReason { $0 }

        let fallback = try #require(try table.resolve("shop://item/77"))
        let resolved = counter.count
        let reason = fallback.reason
        let firstRead = counter.count

        #expect(firstRead > resolved, "the reason is worked out when it is read, not when the link is resolved")
        #expect(
            reason
                == .conversionFailed(
                    parameter: "code", expected: .custom("sku"), found: "77", pattern: "shop://item/<sku:code>"))
        _ = fallback.reason
        _ = fallback.description
        #expect(counter.count == firstRead, "reading the reason again works it out again")
    }

    // MARK: - Claims that hold, pinned

    /// `LinkTable.swift:13-14`: "`LinkTable` is a value type: copies are independent". The lookup
    /// structure is a shared class copied on write; a change to a copy (a pattern, redirects, a
    /// fallback) leaves the original as it was, and the other way round.
    @Test("a copy of a table changes without changing the original, and the other way round")
    func copiesOfATableAreIndependent() throws {
        var original = LinkTable<String>()
        try original.register("shop://product/<int:id>", as: "Product") { _ in "product" }
        try original.register("shop://legacy/<id>", as: "Legacy") { _ in "legacy" }

        var copy = original
        try copy.register("shop://cart", as: "Cart") { _ in "cart" }
        try copy.setRedirects([LinkRedirect(from: "shop://legacy/<id>", to: .pattern("shop://product/<int:id>"))])
        copy.fallback { _ in "fallback" }

        #expect(try copy.resolve("shop://cart") == "cart")
        #expect(try copy.resolve("shop://legacy/7") == "product")
        #expect(try copy.resolve("shop://nowhere") == "fallback")

        #expect(original.patterns == ["shop://product/<int:id>", "shop://legacy/<id>"])
        #expect(original.redirects.isEmpty)
        #expect(isNoMatch(linkError { () throws(LinkError) in try original.resolve("shop://cart") }))
        #expect(try original.resolve("shop://legacy/7") == "legacy")
        #expect(
            linkError { () throws(LinkError) in try original.url(for: "Cart") } == .unknownDestination(name: "Cart"))

        try original.register("shop://help", as: "Help") { _ in "help" }
        #expect(try copy.resolve("shop://help") == "fallback", "a pattern added to the original is not in the copy")
        #expect(copy.catalog.map(\.pattern) == ["shop://product/<int:id>", "shop://legacy/<id>", "shop://cart"])
    }

    /// `LinkTable.swift:51-52`: "Redirects are applied after matching and before the closure runs."
    /// The closure of a pattern whose links are redirected never runs (an app that logs or counts
    /// in it sees only the links it really opens), and `ResolvedLink` names where the link went.
    @Test("the closure of a redirected pattern never runs; the destination's does, with the carried values")
    func aRedirectedPatternsClosureNeverRuns() throws {
        let log = ClosureLog()
        var table = LinkTable<String>()
        try table.register("shop://legacy/<id>", as: "Legacy") { _ in
            log.ran.append("legacy")
            return "legacy"
        }
        try table.register("shop://product/<int:id>", as: "Product") { parameters in
            log.ran.append("product \(try parameters.int("id"))")
            return "product"
        }
        try table.setRedirects([LinkRedirect(from: "shop://legacy/<id>", to: .pattern("shop://product/<int:id>"))])

        let resolved = try table.resolveLink("shop://legacy/7")

        #expect(log.ran == ["product 7"])
        #expect(resolved.target == "product")
        #expect(resolved.name == "Product")
        #expect(resolved.pattern == "shop://product/<int:id>")
        #expect(resolved.redirectedFrom == ["shop://legacy/<id>"])
        #expect(!resolved.isFallback)
        #expect(try table.resolve("shop://legacy/8") == "product")
        #expect(log.ran == ["product 7", "product 8"])
    }
}
