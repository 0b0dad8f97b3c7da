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
        /// The converter's kind, as plain data to compare a requested type with.
        let kind: LinkValueConversion.Kind
        let isOptional: Bool
        /// Whether `queryKey` is printable ASCII, so that a link's key is compared as bytes.
        let queryKeyIsPrintableASCII: Bool
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
                        converter: converters[slots.count], kind: LinkValueConversion.Kind(converters[slots.count]),
                        isOptional: false, queryKeyIsPrintableASCII: true, depth: Int32(depth), part: Int32(part),
                        name: placeholder.name, queryKey: "", separators: separators))
            }
        }
        pathSlotCount = slots.count
        for item in pattern.query {
            slots.append(
                Slot(
                    converter: converters[slots.count], kind: LinkValueConversion.Kind(converters[slots.count]),
                    isOptional: item.placeholder.isOptional,
                    queryKeyIsPrintableASCII: LinkTrie.isPrintableASCII(item.key), depth: -1, part: 0,
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

    /// How slot `slot` converts and whether it is optional: what a typed read checks. Asked of
    /// the layout rather than read through a local reference to it, which the parameters would
    /// retain and release around the read (two atomic operations on every typed read of a hit).
    func conversion(ofSlot slot: Int) -> (kind: LinkValueConversion.Kind, isOptional: Bool) {
        (slots[slot].kind, slots[slot].isOptional)
    }
}

/// One captured value, as plain data, so that keeping, copying and dropping one retains
/// nothing: its slot, where its text is, and what it converted to.
///
/// 32 bytes: the value (17) first, then three 32-bit numbers in the rest, where a slot kept
/// as an `Int` made it 40. A match's values are made, moved into its parameters and dropped
/// once per hit, four of them inline.
struct LinkCapturedValue: Sendable {
    /// The built-in type's value, or the position of an app type's value in the parameters'
    /// own values (``LinkCapturedValues/customValue(_:)``).
    let value: SlotValue
    /// A byte range of the link, or, when `start` is -1, the position of the text in the
    /// parameters' own texts (``LinkCapturedValues/ownedText(_:)``) in `end`.
    let start: Int32
    let end: Int32
    private let slot32: Int32

    /// The placeholder's position in the layout's slots.
    var slot: Int { Int(slot32) }

    /// A value of `slot` (a pattern has far fewer than 2^31 placeholders).
    init(slot: Int, start: Int32, end: Int32, value: SlotValue) {
        self.value = value
        self.start = start
        self.end = end
        slot32 = Int32(truncatingIfNeeded: slot)
    }

    /// What unused inline places hold; never read (reads stop at the values' `endIndex`).
    /// All zero bits, so that making an empty collection clears its inline places with a few
    /// wide stores rather than writing each field of each place (7 instructions fewer per
    /// lookup, hit or miss).
    static let unused = LinkCapturedValue(slot: 0, start: 0, end: 0, value: .int(0))
}

/// A captured text: a byte range of the link when it needed no decoding, or the decoded text.
enum LinkCapturedText: Sendable {
    case slice(start: Int, end: Int)
    case owned(String)
}

/// The values of one match, grouped by slot in slot order (several for a repeated query key).
///
/// Up to four live inline, which is every pattern's path and most patterns altogether, so a
/// match allocates nothing for them; so does the first text that is not a byte range of the
/// link (a decoded one, such as a catch-all's across escaped segments). Further such texts,
/// app types' values and any further items are kept in `extras`, `nil` on most matches.
struct LinkCapturedValues: RandomAccessCollection, Sendable {
    /// What does not fit inline or is not plain data.
    private struct Extras: Sendable {
        var texts: [String] = []
        var values: [any Sendable] = []
        var overflow: [LinkCapturedValue] = []
    }

    private var inline = (
        LinkCapturedValue.unused, LinkCapturedValue.unused, LinkCapturedValue.unused, LinkCapturedValue.unused
    )
    private(set) var endIndex = 0
    /// The first text kept by ``append(slot:text:value:)``, at position 0; the others are in
    /// `extras`, which would otherwise need an array for a single text.
    private var firstOwnedText: String?
    private var extras: Extras?

    var startIndex: Int { 0 }

    subscript(position: Int) -> LinkCapturedValue {
        switch position {
        case 0: inline.0
        case 1: inline.1
        case 2: inline.2
        case 3: inline.3
        default: (extras?.overflow ?? [])[position - 4]
        }
    }

    /// Appends a value whose text is a byte range of the link and whose value is plain data.
    mutating func append(slot: Int, start: Int, end: Int, value: SlotValue) {
        append(LinkCapturedValue(slot: slot, start: Int32(start), end: Int32(end), value: value))
    }

    /// Appends a value, keeping its text and value among the extras when they are not plain data.
    mutating func append(slot: Int, text: LinkCapturedText, value: LinkConvertedValue) {
        var stored: SlotValue
        switch value {
        case .text: stored = .text
        case .int(let number): stored = .int(number)
        case .double(let number): stored = .double(number)
        case .bool(let flag): stored = .bool(flag)
        case .uuid(let uuid): stored = .uuid(uuid.uuid)
        case .custom(let custom):
            extras = extras ?? Extras()
            extras?.values.append(custom)
            stored = .custom(Int32((extras?.values.count ?? 1) - 1))
        }
        switch text {
        case .slice(let start, let end):
            append(slot: slot, start: start, end: end, value: stored)
        case .owned(let owned):
            var position: Int32 = 0
            if firstOwnedText == nil {
                firstOwnedText = owned
            } else {
                extras = extras ?? Extras()
                extras?.texts.append(owned)
                position = Int32(extras?.texts.count ?? 1)
            }
            append(LinkCapturedValue(slot: slot, start: -1, end: position, value: stored))
        }
    }

    private mutating func append(_ item: LinkCapturedValue) {
        if endIndex < 4 {
            // Stored by position rather than through a `switch` on it, which compiles to a
            // jump (an indirect branch) per value. A tuple of one type lays its elements out
            // one after the other, as an array would; `endIndex` < 4 keeps the write inside it.
            let position = endIndex
            withUnsafeMutablePointer(to: &inline) { tuple in
                UnsafeMutableRawPointer(tuple).assumingMemoryBound(to: LinkCapturedValue.self)[position] = item
            }
        } else {
            extras = extras ?? Extras()
            extras?.overflow.append(item)
        }
        endIndex += 1
    }

    /// The first value of `slot`, if any: found by position, without copying the values.
    /// Always inlined: called, it took a copy of the whole collection (a memcpy) per value read.
    @inline(__always)
    func first(slot: Int) -> LinkCapturedValue? {
        if endIndex > 0, inline.0.slot == slot { return inline.0 }
        if endIndex > 1, inline.1.slot == slot { return inline.1 }
        if endIndex > 2, inline.2.slot == slot { return inline.2 }
        if endIndex > 3, inline.3.slot == slot { return inline.3 }
        return extras?.overflow.first { $0.slot == slot }
    }

    /// A text kept by ``append(slot:text:value:)``.
    func ownedText(_ position: Int32) -> String {
        position == 0 ? firstOwnedText ?? "" : (extras?.texts ?? [])[Int(position) - 1]
    }

    /// An app type's value kept by ``append(slot:text:value:)``.
    func customValue(_ position: Int32) -> any Sendable { (extras?.values ?? [])[Int(position)] }
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
