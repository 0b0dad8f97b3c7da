import Foundation

/// The type a link placeholder converts its text to.
///
/// The type decides which text a placeholder accepts (`<int:id>` rejects `abc`), what
/// ``LinkParameters`` hands back, and how the placeholder ranks against its siblings when
/// several patterns could match the same segment (see ``LinkTable``).
public enum LinkValueType: Sendable, Hashable, CustomStringConvertible {
    /// Any non-empty text: `<name>` or `<string:name>`.
    case string
    /// A decimal integer that fits in `Int`, with an optional sign: `<int:name>`.
    case int
    /// A finite decimal number such as `2`, `-0.5` or `1e3`: `<double:name>`.
    case double
    /// A UUID in its 36-character hyphenated form, either case: `<uuid:name>`.
    case uuid
    /// `true` or `false`, either case: `<bool:name>`.
    case bool
    /// The rest of the path, one or more segments joined by `/`: `<path:name>`, last segment only.
    case path
    /// A type the app registered with ``LinkConverters/register(_:sample:convert:)``.
    case custom(String)

    /// The name written before the colon in a placeholder, such as `int` in `<int:id>`.
    public var description: String {
        switch self {
        case .string: "string"
        case .int: "int"
        case .double: "double"
        case .uuid: "uuid"
        case .bool: "bool"
        case .path: "path"
        case .custom(let name): name
        }
    }

    /// The built-in types by the name a pattern uses for them.
    static let builtins: [String: LinkValueType] = [
        "string": .string, "int": .int, "double": .double, "uuid": .uuid, "bool": .bool, "path": .path,
    ]

    /// The built-in type names, sorted, for error messages.
    static let builtinNames: [String] = builtins.keys.sorted()

    /// Where the type sorts among siblings at one trie level: lower tries first.
    ///
    /// Narrow types come before wide ones so that a value is claimed by the most specific
    /// placeholder that accepts it: `int` before `double` because every int is a double,
    /// built-in types before app converters, and plain strings and catch-alls last.
    var precedence: Int {
        switch self {
        case .bool: 1
        case .uuid: 2
        case .int: 3
        case .double: 4
        case .custom: 5
        case .string: 6
        case .path: 7
        }
    }

    /// Whether the type only accepts some texts, and so ranks as "typed" in the precedence rules.
    var isTyped: Bool {
        switch self {
        case .string, .path: false
        default: true
        }
    }

    /// The value used for this type in catalog sample URLs when the app gave none.
    func defaultSample(placeholderName: String) -> String {
        switch self {
        case .string: placeholderName
        case .int: "1"
        case .double: "1.5"
        case .uuid: "00000000-0000-4000-8000-000000000001"
        case .bool: "true"
        case .path: "a/b"
        case .custom: placeholderName
        }
    }

    /// Converts `text` for a built-in type; `nil` when the text is not of the type, or the type is custom.
    func convertBuiltin(_ text: String) -> (any Sendable)? {
        switch self {
        case .string, .path:
            return text.isEmpty ? nil : text
        case .int:
            return Int(text)
        case .double:
            return Self.parseDouble(text)
        case .uuid:
            // Foundation also accepts some odd spellings; insisting on 36 characters keeps the
            // accepted text exactly the documented hyphenated form.
            guard text.utf8.count == 36 else { return nil }
            return UUID(uuidString: text)
        case .bool:
            switch text.lowercased() {
            case "true": return true
            case "false": return false
            default: return nil
            }
        case .custom:
            return nil
        }
    }

    /// Parses a plain decimal number, rejecting the hexadecimal, `nan` and `inf` spellings
    /// `Double.init` would accept, since they never appear in a link on purpose.
    private static func parseDouble(_ text: String) -> Double? {
        guard !text.isEmpty else { return nil }
        var sawDigit = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
            default: return nil
            }
        }
        guard sawDigit, let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
