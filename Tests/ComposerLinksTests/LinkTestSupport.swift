import Composer
import ComposerLinks
import ComposerTesting
import Foundation

/// The seeds a seeded property test of the links runs: `short` under `swift test`, and under
/// `scripts/link-check` the range it asks for in `LINK_CHECK_SEEDS` (`FROM-TO`), the same range for
/// every such test, so that a long run explores far more random patterns and links.
func propertySeeds(_ short: ClosedRange<UInt64>) -> [UInt64] {
    guard let asked = ProcessInfo.processInfo.environment["LINK_CHECK_SEEDS"] else { return Array(short) }
    let bounds = asked.split(separator: "-").compactMap { UInt64($0) }
    // The script checks the range; a malformed one given by hand runs no seed rather than the few
    // of `swift test`, so that it cannot pass for a long run.
    guard bounds.count == 2, bounds[0] <= bounds[1] else { return [] }
    return Array(bounds[0]...bounds[1])
}

/// A table whose target is the matched parameters, for tests that read what was captured.
func linkParameterTable(_ patterns: [String]) throws -> LinkTable<LinkParameters> {
    var table = LinkTable<LinkParameters>()
    for pattern in patterns {
        try table.register(pattern) { $0 }
    }
    return table
}

/// A table whose target is the pattern text that matched, for precedence tests.
func linkPatternTable(_ patterns: [String]) throws -> LinkTable<String> {
    var table = LinkTable<String>()
    for pattern in patterns {
        try table.register(pattern) { _ in pattern }
    }
    return table
}

/// The error `body` throws, or `nil`.
func linkError<Result>(_ body: () throws(LinkError) -> Result) -> LinkError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// Whether `error` says that no pattern takes the link, whatever it lists as the closest patterns:
/// for a test whose point is that a link opens nothing, not which patterns come near.
func isNoMatch(_ error: LinkError?) -> Bool {
    guard case .noMatch = error else { return false }
    return true
}

/// The parse error for `pattern`, or `nil` when it parses.
func linkPatternError(_ pattern: String, converters: LinkConverters = LinkConverters()) -> LinkPatternError? {
    do {
        _ = try LinkPattern(pattern, converters: converters)
        return nil
    } catch {
        return error
    }
}
