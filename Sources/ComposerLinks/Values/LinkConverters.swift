/// App-defined placeholder types, such as `<sku:code>`, by type name.
///
/// Register a converter before registering the patterns that use it: a pattern naming an
/// unknown type is rejected when it is parsed, so a typo cannot silently become a string.
/// A ``LinkTable`` captures the converter when a pattern is registered, so replacing the
/// table's converters later does not change how already registered patterns match.
public struct LinkConverters: Sendable {
    private var converters: [String: LinkConverter] = [:]
    /// The app's sample text of each app-defined type that has one, by type name.
    private var samples: [String: String] = [:]
    /// Whether every type name counts as registered: for parsing again a pattern that was
    /// already checked when it was registered.
    private var acceptsAnyType = false

    /// Creates a set with no app-defined types; the built-in types are always available.
    public init() {}

    /// A set in which every type name is a registered one, for parsing registered patterns again.
    static let acceptingAnyType: LinkConverters = {
        var converters = LinkConverters()
        converters.acceptsAnyType = true
        return converters
    }()

    /// Adds the type `typeName`, usable as `<typeName:parameter>` in patterns.
    ///
    /// - Parameters:
    ///   - typeName: Letters, digits and `_`, not starting with a digit, and not a built-in
    ///     type name (`string`, `int`, `double`, `uuid`, `bool`, `path`).
    ///   - sample: A text the converter accepts, used for catalog sample links; without one
    ///     the catalog tries the placeholder's name.
    ///   - convert: Returns the value for a decoded placeholder text, or `nil` when the text is
    ///     not of this type, in which case the pattern does not match and lower-precedence
    ///     patterns are tried.
    /// - Throws: ``LinkError/invalidConverter(name:reason:)`` when the name is malformed,
    ///   reserved or already registered, or when `convert` rejects `sample`.
    public mutating func register(
        _ typeName: String,
        sample: String? = nil,
        convert: @escaping @Sendable (String) -> (any Sendable)?
    ) throws(LinkError) {
        guard LinkPatternParser.isIdentifier(typeName) else {
            throw .invalidConverter(
                name: typeName, reason: "a type name uses letters, digits and '_' and does not start with a digit")
        }
        guard LinkValueType.builtins[typeName] == nil else {
            throw .invalidConverter(name: typeName, reason: "'\(typeName)' is a built-in type")
        }
        guard converters[typeName] == nil else {
            throw .invalidConverter(name: typeName, reason: "a converter named '\(typeName)' is already registered")
        }
        if let sample, sample.isEmpty || convert(sample) == nil {
            throw .invalidConverter(name: typeName, reason: "the converter rejects its own sample '\(sample)'")
        }
        converters[typeName] = LinkConverter(type: .custom(typeName), convert: convert)
        samples[typeName] = sample
    }

    /// Whether `typeName` can be used in a placeholder, built-in or registered.
    public func contains(_ typeName: String) -> Bool {
        acceptsAnyType || LinkValueType.builtins[typeName] != nil || converters[typeName] != nil
    }

    /// The app-defined type names, sorted.
    public var typeNames: [String] { converters.keys.sorted() }

    /// The converter for a type, built-in or registered; `nil` for an unknown custom type.
    func converter(for type: LinkValueType) -> LinkConverter? {
        switch type {
        case .custom(let name): converters[name]
        default: LinkConverter(type: type)
        }
    }

    /// The text catalog sample URLs use for a placeholder of `type`: the app's sample for its
    /// type, or the type's default.
    func sampleText(for type: LinkValueType, placeholderName: String) -> String {
        if case .custom(let name) = type, let sample = samples[name] { return sample }
        return type.defaultSample(placeholderName: placeholderName)
    }
}
