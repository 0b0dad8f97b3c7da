import Foundation

/// A value that can fill a placeholder when building a link with ``LinkTable/url(for:parameters:)``.
///
/// Lets callers pass `["id": 42, "tag": ["a", "b"]]` instead of formatting every value
/// themselves; each value becomes the text the matching placeholder type parses back.
public protocol LinkParameterValue: Sendable {
    /// The texts this value puts in a link: one for a single value, one per occurrence for a
    /// repeated query key, none to leave an optional query key out.
    var linkTexts: [String] { get }
}

extension String: LinkParameterValue {
    /// The string itself.
    public var linkTexts: [String] { [self] }
}

extension Substring: LinkParameterValue {
    /// The substring as a string.
    public var linkTexts: [String] { [String(self)] }
}

extension Int: LinkParameterValue {
    /// The decimal digits, as `<int:…>` reads them.
    public var linkTexts: [String] { [String(self)] }
}

extension Double: LinkParameterValue {
    /// The shortest digits that read back as the same number, written without an exponent
    /// (`0.00001`, not `1e-05`): the exponent's `-` or `+` would end the value in a segment
    /// that writes one after it (`<double:low>-<double:high>`).
    public var linkTexts: [String] { [Self.plainDecimal(description)] }

    /// `text`, Swift's description of a finite double, with its exponent written out.
    static func plainDecimal(_ text: String) -> String {
        guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }),
            let exponent = Int(text[text.index(after: e)...])
        else { return text }
        var mantissa = text[..<e]
        let sign = mantissa.hasPrefix("-") ? "-" : ""
        if !sign.isEmpty { mantissa = mantissa.dropFirst() }
        let point = mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
        let digits = mantissa.filter { $0 != "." }
        // Where the point goes in `digits` once the exponent is applied.
        let position = (point ?? digits.count) + exponent
        if position <= 0 { return sign + "0." + String(repeating: "0", count: -position) + digits }
        if position >= digits.count { return sign + digits + String(repeating: "0", count: position - digits.count) }
        let split = digits.index(digits.startIndex, offsetBy: position)
        return sign + digits[..<split] + "." + digits[split...]
    }
}

extension Bool: LinkParameterValue {
    /// `true` or `false`.
    public var linkTexts: [String] { [self ? "true" : "false"] }
}

extension UUID: LinkParameterValue {
    /// The hyphenated form.
    public var linkTexts: [String] { [uuidString] }
}

extension Array: LinkParameterValue where Element: LinkParameterValue {
    /// Each element's texts, in order: a repeated query key.
    public var linkTexts: [String] { flatMap(\.linkTexts) }
}

extension Optional: LinkParameterValue where Wrapped: LinkParameterValue {
    /// The wrapped value's texts, or none, which leaves an optional query key out.
    public var linkTexts: [String] { self?.linkTexts ?? [] }
}
