import Foundation

/// Converts placeholder texts to values straight from a link's bytes, with the same results as
/// ``LinkConverter/value(of:)`` on the decoded text, without making a `String` for the
/// built-in types.
enum LinkValueConversion {
    /// How a converter converts, as plain data for the trie's edges: a built-in type, or the
    /// app's conversion (`custom`), which only the converter itself can run.
    enum Kind: UInt8 {
        case text, int, double, uuid, bool, custom

        init(_ converter: LinkConverter) {
            guard converter.convert == nil else {
                self = .custom
                return
            }
            switch converter.type {
            case .string, .path: self = .text
            case .int: self = .int
            case .double: self = .double
            case .uuid: self = .uuid
            case .bool: self = .bool
            case .custom: self = .custom
            }
        }
    }

    /// The value of printable-ASCII `bytes` for `converter`, or `nil` when they are not of its type.
    static func convert(_ bytes: UnsafeBufferPointer<UInt8>, with converter: LinkConverter) -> LinkConvertedValue? {
        guard !bytes.isEmpty else { return nil }
        if let convert = converter.convert {
            return convert(String(decoding: bytes, as: UTF8.self)).map { .custom($0) }
        }
        switch value(bytes, builtin: Kind(converter)) {
        case .text: return .text
        case .int(let value): return .int(value)
        case .double(let value): return .double(value)
        case .bool(let value): return .bool(value)
        case .uuid(let value): return .uuid(UUID(uuid: value))
        case .custom, nil: return nil
        }
    }

    /// The value of printable-ASCII `bytes` for a built-in kind, as plain data, or `nil` when
    /// they are not of its type (always for `custom`, whose conversion is the app's).
    static func value(_ bytes: UnsafeBufferPointer<UInt8>, builtin kind: Kind) -> SlotValue? {
        guard !bytes.isEmpty else { return nil }
        switch kind {
        case .text:
            return .text
        case .int:
            return int(bytes).map { .int($0) }
        case .double:
            return double(bytes).map { .double($0) }
        case .uuid:
            return uuidBytes(bytes).map { .uuid($0) }
        case .bool:
            return bool(bytes).map { .bool($0) }
        case .custom:
            return nil
        }
    }

    /// The value of `text` for `converter`, for texts that are not printable ASCII.
    static func convert(_ text: String, with converter: LinkConverter) -> LinkConvertedValue? {
        guard let value = converter.value(of: text) else { return nil }
        if converter.convert != nil { return .custom(value) }
        switch value {
        case let value as Int where converter.type == .int: return .int(value)
        case let value as Double where converter.type == .double: return .double(value)
        case let value as UUID where converter.type == .uuid: return .uuid(value)
        case let value as Bool where converter.type == .bool: return .bool(value)
        default: return .text
        }
    }

    /// A decimal integer with an optional sign, as `Int(_:)` reads it.
    static func int(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        var negative = false
        if let first = bytes.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            negative = first == UInt8(ascii: "-")
            index = 1
        }
        guard index < bytes.count else { return nil }
        // Accumulated as a negative number, so that Int.min fits.
        var value = 0
        while index < bytes.count {
            let digit = Int(bytes[index]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (next, underflow) = shifted.subtractingReportingOverflow(digit)
            guard !overflow, !underflow else { return nil }
            value = next
            index += 1
        }
        if negative { return value }
        return value == Int.min ? nil : -value
    }

    /// A plain finite decimal number; see ``LinkValueType``.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        if let value = plainDecimal(bytes) { return value }
        var sawDigit = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): sawDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): break
            default: return nil
            }
        }
        guard sawDigit, let value = Double(String(decoding: bytes, as: UTF8.self)), value.isFinite else { return nil }
        return value
    }

    /// A decimal of at most 15 digits without exponent (`-12.5`, `3`, `.5`), read exactly
    /// without making a `String`; `nil` for anything else, which `double(_:)` reads the
    /// general way. Both the digits as an integer and the power of ten are exact doubles here,
    /// so their quotient is the correctly rounded value, as the general parser gives.
    private static func plainDecimal(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative || bytes.first == UInt8(ascii: "+") { index = 1 }
        var digits = 0
        var fractionDigits = 0
        var sawPoint = false
        var mantissa: Int64 = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "."), !sawPoint {
                sawPoint = true
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9"), digits < 15 {
                mantissa = mantissa * 10 + Int64(byte &- UInt8(ascii: "0"))
                digits += 1
                if sawPoint { fractionDigits += 1 }
            } else {
                return nil
            }
            index += 1
        }
        guard digits > 0 else { return nil }
        let value = Double(mantissa) / exactPowersOfTen[fractionDigits]
        return negative ? -value : value
    }

    /// 10^0 through 10^15, each exactly representable.
    private static let exactPowersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15,
    ]

    /// The 36-character hyphenated form, either case, parsed by hand: Foundation's parser is
    /// slow on some platforms and accepts nothing more than this anyway.
    static func uuid(_ bytes: UnsafeBufferPointer<UInt8>) -> UUID? {
        uuidBytes(bytes).map { UUID(uuid: $0) }
    }

    /// The bytes of the UUID `bytes` spell (see ``uuid(_:)``).
    static func uuidBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> uuid_t? {
        guard bytes.count == 36 else { return nil }
        var value: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let parsed = withUnsafeMutableBytes(of: &value) { output -> Bool in
            var index = 0
            for position in 0..<16 {
                if index == 8 || index == 13 || index == 18 || index == 23 {
                    guard bytes[index] == UInt8(ascii: "-") else { return false }
                    index += 1
                }
                guard let high = hexValue(bytes[index]), let low = hexValue(bytes[index + 1]) else { return false }
                output[position] = high << 4 | low
                index += 2
            }
            return true
        }
        return parsed ? value : nil
    }

    /// `true` or `false` in any letter case.
    static func bool(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        if equalsIgnoringCase(bytes, "true") { return true }
        if equalsIgnoringCase(bytes, "false") { return false }
        return nil
    }

    /// Whether `bytes` spell `lowercase` in any ASCII letter case.
    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: StaticString) -> Bool {
        guard bytes.count == lowercase.utf8CodeUnitCount else { return false }
        let expected = lowercase.utf8Start
        for index in 0..<bytes.count where asciiLowercase(bytes[index]) != expected[index] {
            return false
        }
        return true
    }

    static func asciiLowercase(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte | 0x20 : byte
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
