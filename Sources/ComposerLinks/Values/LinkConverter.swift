/// One placeholder type's text-to-value conversion, captured by the patterns that use it.
struct LinkConverter: Sendable {
    /// The type converted to.
    let type: LinkValueType
    /// The app's sample text for custom types; built-in types have fixed samples.
    let sample: String?
    /// The app's conversion for custom types; `nil` for built-in types.
    let convert: (@Sendable (String) -> (any Sendable)?)?

    /// The value for `text`, or `nil` when the text is empty or not of the type.
    func value(of text: String) -> (any Sendable)? {
        guard !text.isEmpty else { return nil }
        if let convert { return convert(text) }
        return type.convertBuiltin(text)
    }

    /// The text catalog sample URLs use for a placeholder of this type.
    func sampleText(placeholderName: String) -> String {
        sample ?? type.defaultSample(placeholderName: placeholderName)
    }
}
