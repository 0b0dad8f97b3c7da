import Foundation

/// What a pattern's values are called and how they convert, resolved once at registration so
/// that a match only fills a small array. It is also all a table keeps of a registered
/// pattern besides its text: the parsed ``LinkPattern`` is made again from the text when
/// building links, listing the catalog or checking redirects, which keeps a large table small.
final class LinkParameterLayout: Sendable {
    /// One placeholder: a slot is its index in ``LinkParameterLayout/slots``.
    struct Slot: Sendable {
        // Fields in this order pack into 88 bytes.
        /// How the text converts, captured at registration (the catalog's samples come from
        /// the table's converters).
        let converter: LinkConverter
        let isOptional: Bool
        /// The path segment it captures; -1 for a query placeholder.
        let depth: Int32
        /// In a segment with several placeholders, which one this is, and the texts between
        /// them (see ``LinkSegmentSplit``); 0 and empty otherwise.
        let part: Int32
        let name: String
        /// The query key; empty for a path placeholder.
        let queryKey: String
        let separators: [String]

        /// The type the text converts to.
        var type: LinkValueType { converter.type }

        /// The placeholder as the pattern declares it.
        var placeholder: LinkPlaceholder {
            LinkPlaceholder(
                name: name, type: type, isOptional: isOptional, location: depth >= 0 ? .path : .query(key: queryKey))
        }
    }

    /// The pattern as registered.
    let pattern: String
    /// Every placeholder, path ones first, in the order written.
    let slots: [Slot]
    /// How many of `slots` are path placeholders; the query ones follow them.
    let pathSlotCount: Int
    /// The destination name the pattern was registered as, if any.
    let name: String?
    /// Values for the catalog's sample link, by placeholder name.
    let samples: [String: String]

    init(pattern: LinkPattern, converters: [LinkConverter], name: String? = nil, samples: [String: String] = [:]) {
        self.pattern = pattern.text
        self.name = name
        self.samples = samples
        var slots: [Slot] = []
        slots.reserveCapacity(converters.count)
        for (depth, segment) in pattern.segments.enumerated() {
            let placeholders = segment.placeholders
            let separators = placeholders.count > 1 ? Array(segment.texts.dropFirst().dropLast()) : []
            for (part, placeholder) in placeholders.enumerated() {
                slots.append(
                    Slot(
                        converter: converters[slots.count], isOptional: false, depth: Int32(depth), part: Int32(part),
                        name: placeholder.name, queryKey: "", separators: separators))
            }
        }
        pathSlotCount = slots.count
        for item in pattern.query {
            slots.append(
                Slot(
                    converter: converters[slots.count], isOptional: item.placeholder.isOptional, depth: -1, part: 0,
                    name: item.placeholder.name, queryKey: item.key, separators: []))
        }
        self.slots = slots
    }

    /// Every placeholder, path ones first, in the order written (``LinkPattern/placeholders``).
    var placeholders: [LinkPlaceholder] { slots.map(\.placeholder) }

    /// The registered pattern, parsed again from its text.
    ///
    /// The text parsed when it was registered, and a table's converters are only ever added
    /// to, so parsing it again gives the same pattern; the parse accepts any type name so
    /// that it does not depend on which converters are at hand.
    var parsed: LinkPattern {
        (try? LinkPattern(pattern, converters: .acceptingAnyType)) ?? LinkPattern(unparsed: pattern)
    }

    /// The declared names, sorted, for error messages.
    var sortedNames: [String] { slots.map(\.name).sorted() }

    /// The slot of `name`, if the pattern declares it.
    func slot(named name: String) -> Int? {
        slots.firstIndex { $0.name == name }
    }
}

/// One captured value: its slot, where its text is, and what it converted to.
struct LinkCapturedValue: Sendable {
    let slot: Int
    let text: LinkCapturedText
    let value: LinkConvertedValue
}

/// A captured text: a byte range of the link when it needed no decoding, or the decoded text.
enum LinkCapturedText: Sendable {
    case slice(start: Int, end: Int)
    case owned(String)
}

/// A converted value, unboxed for the built-in types so that reading one allocates nothing.
enum LinkConvertedValue: Sendable {
    /// `string` and `path`: the value is the text.
    case text
    case int(Int)
    case double(Double)
    case bool(Bool)
    case uuid(UUID)
    case custom(any Sendable)

    /// The built-in type's value when it is a `Value`, without boxing it; `nil` for texts and
    /// app values.
    func unboxed<Value>(as _: Value.Type) -> Value? {
        switch self {
        case .int(let value): value as? Value
        case .double(let value): value as? Value
        case .bool(let value): value as? Value
        case .uuid(let value): value as? Value
        case .text, .custom: nil
        }
    }

    /// The value as the converter returned it; `text` is read only for `string` and `path`.
    func value(text: @autoclosure () -> String) -> any Sendable {
        switch self {
        case .text: text()
        case .int(let value): value
        case .double(let value): value
        case .bool(let value): value
        case .uuid(let value): value
        case .custom(let value): value
        }
    }
}
