import Foundation

/// The shape of most URL routers: a list of parsed patterns tried one by one, the URL split
/// into an array of decoded strings, captures in a `[String: String]` the handler reads.
/// Patterns are sorted once by the same precedence `LinkTable` documents, so the first match
/// is the right one.
struct LinearRouter {
    struct Route {
        let scheme: String
        let hosts: [String]
        let segments: [BenchPattern.Segment]
        let query: [(key: String, name: String)]
        let handler: ([String: String]) -> Int
    }

    private var routes: [Route] = []
    private var routeRanks: [[Int]] = []

    mutating func register(_ pattern: String, handler: @escaping ([String: String]) -> Int) {
        let parsed = BenchPattern(pattern)
        let route = Route(
            scheme: parsed.scheme, hosts: parsed.hosts, segments: parsed.segments, query: parsed.query,
            handler: handler)
        let ranks = Self.ranks(route)
        // Binary search for the first route that the new one precedes; equal ranks keep
        // registration order.
        var low = 0
        var high = routes.count
        while low < high {
            let middle = (low + high) / 2
            if ranks.lexicographicallyPrecedes(routeRanks[middle]) {
                high = middle
            } else {
                low = middle + 1
            }
        }
        let position = low
        routeRanks.insert(ranks, at: position)
        routes.insert(route, at: position)
    }

    private static func ranks(_ route: Route) -> [Int] {
        route.segments.map { $0.kind.rawValue * 1000 - ($0.prefix.count + $0.suffix.count) }
    }

    /// The handler's result for `url`, or `fallback` when no route matches.
    func route(_ url: String, fallback: Int) -> Int {
        guard let separator = url.range(of: "://") else { return fallback }
        let scheme = url[..<separator.lowerBound].lowercased()
        var rest = url[separator.upperBound...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        var queryText: Substring = ""
        if let mark = rest.firstIndex(of: "?") {
            queryText = rest[rest.index(after: mark)...]
            rest = rest[..<mark]
        }
        var segments = rest.split(separator: "/").map { $0.removingPercentEncoding ?? String($0) }
        var host: String?
        if scheme == "http" || scheme == "https" {
            guard !segments.isEmpty else { return fallback }
            host = segments.removeFirst().lowercased()
        }
        var queryItems: [String: String] = [:]
        for item in queryText.split(separator: "&") {
            let parts = item.split(separator: "=", maxSplits: 1)
            if parts.count == 2 { queryItems[String(parts[0])] = parts[1].removingPercentEncoding }
        }
        for route in routes where route.scheme == scheme {
            if let host, !route.hosts.contains(host) { continue }
            if let captures = match(route, segments) {
                var all = captures
                for item in route.query { all[item.name] = queryItems[item.key] }
                return route.handler(all)
            }
        }
        return fallback
    }

    private func match(_ route: Route, _ segments: [String]) -> [String: String]? {
        var captures: [String: String] = [:]
        for (position, segment) in route.segments.enumerated() {
            guard position < segments.count else { return nil }
            let text = segments[position]
            switch segment.kind {
            case .literal:
                guard text == segment.text else { return nil }
                continue
            case .rest:
                captures[segment.text] = segments[position...].joined(separator: "/")
                return captures
            default:
                guard text.count > segment.prefix.count + segment.suffix.count, text.hasPrefix(segment.prefix),
                    text.hasSuffix(segment.suffix)
                else { return nil }
                let value = String(text.dropFirst(segment.prefix.count).dropLast(segment.suffix.count))
                guard Self.accepts(segment.kind, value) else { return nil }
                captures[segment.text] = value
            }
        }
        return segments.count == route.segments.count ? captures : nil
    }

    private static func accepts(_ kind: BenchPattern.Kind, _ text: String) -> Bool {
        switch kind {
        case .bool: ["true", "false"].contains(text.lowercased())
        case .uuid: text.count == 36 && UUID(uuidString: text) != nil
        case .int: Int(text) != nil
        case .double: Double(text) != nil
        default: true
        }
    }
}

/// What an app's handler does with the captures: reads and converts each value.
func readLinear(_ captures: [String: String], _ index: Int, _ reads: [(String, ValueKind)]) -> Int {
    var sum = index
    for (name, kind) in reads {
        let text = captures[name]
        switch kind {
        case .int: sum &+= Int(text ?? "") ?? 0
        case .double: sum &+= Int(Double(text ?? "") ?? 0)
        case .bool: sum &+= text?.lowercased() == "true" ? 1 : 0
        case .uuid: sum &+= Int(UUID(uuidString: text ?? "")?.uuid.0 ?? 0)
        case .string, .optionalString: sum &+= text?.utf8.count ?? 0
        }
    }
    return sum
}
