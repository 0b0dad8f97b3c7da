import Foundation

/// One rule that sends links matching a registered pattern to another registered pattern, or
/// to the table's fallback, without shipping a new app version.
///
/// Values carry across by placeholder name: `shop://legacy/<id>` → `shop://product/<int:id>`
/// hands the legacy link's `id` text to the product pattern, which converts it to its own type.
public struct LinkRedirect: Sendable, Hashable, CustomStringConvertible {
    /// Where a redirect sends its links.
    public enum Destination: Sendable, Hashable, CustomStringConvertible {
        /// Another registered pattern, written as it was registered.
        case pattern(String)
        /// The table's fallback, for destinations that are broken or withdrawn.
        case fallback

        /// The pattern text, or `fallback`.
        public var description: String {
            switch self {
            case .pattern(let text): text
            case .fallback: "fallback"
            }
        }
    }

    /// The registered pattern whose links are redirected, written as it was registered.
    public let from: String
    /// Where those links go instead.
    public let to: Destination

    /// Creates a redirect; a ``LinkTable`` checks it against its patterns when it is set.
    public init(from: String, to: Destination) {
        self.from = from
        self.to = to
    }

    /// `from → to`.
    public var description: String { "\(from) → \(to)" }

    /// Reads redirects from remote configuration.
    ///
    /// The JSON is an object with a `redirects` array; each item has a `from` pattern and a
    /// `to` pattern or the word `fallback`. Other keys are ignored, so the configuration can
    /// grow without breaking old app versions:
    ///
    /// ```json
    /// {"redirects": [
    ///     {"from": "shop://legacy/<id>", "to": "shop://product/<id>"},
    ///     {"from": "shop://broken/<id>", "to": "fallback"}
    /// ]}
    /// ```
    ///
    /// - Throws: ``LinkError/invalidRedirects(_:)`` with ``LinkRedirectError/malformedJSON(reason:)``
    ///   naming the first item that does not have this shape.
    public static func decode(json: Data) throws(LinkError) -> [LinkRedirect] {
        let object: Any
        do {
            object = try JSONSerialization.jsonObject(with: json)
        } catch {
            throw .invalidRedirects(.malformedJSON(reason: "the data is not valid JSON"))
        }
        guard let root = object as? [String: Any] else {
            throw .invalidRedirects(
                .malformedJSON(reason: "expected an object with a 'redirects' array at the top level"))
        }
        guard let items = root["redirects"] as? [Any] else {
            throw .invalidRedirects(.malformedJSON(reason: "expected 'redirects' to be an array"))
        }
        var redirects: [LinkRedirect] = []
        for (position, item) in items.enumerated() {
            guard let fields = item as? [String: Any] else {
                throw .invalidRedirects(
                    .malformedJSON(reason: "expected redirects[\(position)] to be an object with 'from' and 'to'"))
            }
            guard let from = fields["from"] as? String else {
                throw .invalidRedirects(
                    .malformedJSON(reason: "expected redirects[\(position)].from to be a pattern string"))
            }
            guard let to = fields["to"] as? String else {
                throw .invalidRedirects(
                    .malformedJSON(reason: "expected redirects[\(position)].to to be a pattern string or \"fallback\""))
            }
            redirects.append(LinkRedirect(from: from, to: to == "fallback" ? .fallback : .pattern(to)))
        }
        return redirects
    }
}
