/// One placeholder type's text-to-value conversion, captured by the patterns that use it and
/// kept as it is by the trie's edges and the layouts' slots.
struct LinkConverter: Sendable {
    // In this order the type's tag ends the struct, where the next field of an edge or a slot
    // can follow it without padding.
    /// The app's conversion for custom types; `nil` for built-in types.
    let convert: (@Sendable (String) -> (any Sendable)?)?
    /// The type converted to.
    let type: LinkValueType

    /// How `type` converts: by the app's `convert` for custom types, built in otherwise.
    init(type: LinkValueType, convert: (@Sendable (String) -> (any Sendable)?)? = nil) {
        self.convert = convert
        self.type = type
    }

    /// The value for `text`, or `nil` when the text is empty or not of the type.
    func value(of text: String) -> (any Sendable)? {
        guard !text.isEmpty else { return nil }
        if let convert { return convert(text) }
        return type.convertBuiltin(text)
    }

}
