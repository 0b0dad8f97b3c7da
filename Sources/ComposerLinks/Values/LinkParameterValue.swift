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
    /// The shortest text that reads back as the same number.
    public var linkTexts: [String] { [description] }
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
