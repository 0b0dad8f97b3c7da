import Foundation

/// The values a link supplied for its pattern's placeholders, already converted to their types.
///
/// Reading is strict on purpose: `int("id")` works only when the pattern declares `<int:id>`,
/// so a mismatch between pattern and code shows up on the first link rather than on the first
/// unusual one. `string(_:)` is the exception and returns the decoded text of any placeholder.
/// Errors name the parameter and the pattern.
public struct LinkParameters: Sendable, CustomStringConvertible {
    /// One placeholder's values: one for path placeholders, one per occurrence for query keys.
    struct Slot: Sendable {
        let type: LinkValueType
        let texts: [String]
        let values: [any Sendable]
    }

    /// The pattern the values belong to, for error messages.
    public let pattern: String
    private let declared: [String: LinkValueType]
    private let slots: [String: Slot]

    /// Parameters of no pattern, as a fallback receives them.
    public init() {
        self.init(pattern: "", declared: [:], slots: [:])
    }

    init(pattern: String, declared: [String: LinkValueType], slots: [String: Slot]) {
        self.pattern = pattern
        self.declared = declared
        self.slots = slots
    }

    /// The names that have a value in this link, sorted; absent optional ones are left out.
    public var names: [String] { slots.keys.sorted() }

    /// Every value as decoded text, by name, for logging and tests.
    public var texts: [String: [String]] { slots.mapValues(\.texts) }

    /// Whether the link supplied `name`.
    public func contains(_ name: String) -> Bool { slots[name] != nil }

    /// `name=value` pairs, sorted by name.
    public var description: String {
        names.map { name in "\(name)=\(slots[name]?.texts.joined(separator: ",") ?? "")" }.joined(separator: " ")
    }

    // MARK: Required values

    /// The decoded text of any placeholder; for a repeated query key, its first occurrence.
    public func string(_ name: String) throws(LinkError) -> String {
        guard let text = try slot(name)?.texts.first else { throw .missingParameter(name: name, pattern: pattern) }
        return text
    }

    /// The value of an `<int:name>` placeholder.
    public func int(_ name: String) throws(LinkError) -> Int { try required(name, .int, as: Int.self) }

    /// The value of a `<double:name>` placeholder.
    public func double(_ name: String) throws(LinkError) -> Double { try required(name, .double, as: Double.self) }

    /// The value of a `<uuid:name>` placeholder.
    public func uuid(_ name: String) throws(LinkError) -> UUID { try required(name, .uuid, as: UUID.self) }

    /// The value of a `<bool:name>` placeholder.
    public func bool(_ name: String) throws(LinkError) -> Bool { try required(name, .bool, as: Bool.self) }

    /// The value an app converter produced for `<type:name>`, or a built-in type's value.
    public func value<Value>(_ name: String, as type: Value.Type) throws(LinkError) -> Value {
        guard let value = try optionalValue(name, as: type) else {
            throw .missingParameter(name: name, pattern: pattern)
        }
        return value
    }

    // MARK: Repeated and optional values

    /// Every decoded text of a query key in link order (one text for other placeholders);
    /// empty when an optional key is absent.
    public func strings(_ name: String) throws(LinkError) -> [String] {
        try slot(name)?.texts ?? []
    }

    /// Every value of a query key, converted, in link order; empty when an optional key is absent.
    public func values<Value>(_ name: String, as type: Value.Type) throws(LinkError) -> [Value] {
        guard let slot = try slot(name) else { return [] }
        var result: [Value] = []
        for value in slot.values {
            guard let typed = value as? Value else {
                throw .wrongType(parameter: name, requested: "\(Value.self)", declared: slot.type)
            }
            result.append(typed)
        }
        return result
    }

    /// The decoded text, or `nil` when an optional query key is absent.
    public func optionalString(_ name: String) throws(LinkError) -> String? { try slot(name)?.texts.first }

    /// The `<int:name?>` value, or `nil` when absent.
    public func optionalInt(_ name: String) throws(LinkError) -> Int? { try optional(name, .int, as: Int.self) }

    /// The `<double:name?>` value, or `nil` when absent.
    public func optionalDouble(_ name: String) throws(LinkError) -> Double? {
        try optional(name, .double, as: Double.self)
    }

    /// The `<uuid:name?>` value, or `nil` when absent.
    public func optionalUUID(_ name: String) throws(LinkError) -> UUID? { try optional(name, .uuid, as: UUID.self) }

    /// The `<bool:name?>` value, or `nil` when absent.
    public func optionalBool(_ name: String) throws(LinkError) -> Bool? { try optional(name, .bool, as: Bool.self) }

    /// The converted value, or `nil` when an optional query key is absent.
    public func optionalValue<Value>(_ name: String, as type: Value.Type) throws(LinkError) -> Value? {
        guard let slot = try slot(name), let value = slot.values.first else { return nil }
        guard let typed = value as? Value else {
            throw .wrongType(parameter: name, requested: "\(Value.self)", declared: slot.type)
        }
        return typed
    }

    // MARK: Helpers

    /// The slot for `name`, `nil` when a declared optional is absent, or an error for an undeclared name.
    private func slot(_ name: String) throws(LinkError) -> Slot? {
        guard declared[name] != nil else {
            throw .unknownParameter(name: name, pattern: pattern, known: declared.keys.sorted())
        }
        return slots[name]
    }

    private func optional<Value>(_ name: String, _ type: LinkValueType, as _: Value.Type) throws(LinkError) -> Value? {
        if let declaredType = declared[name], declaredType != type {
            throw .wrongType(parameter: name, requested: type.description, declared: declaredType)
        }
        return try optionalValue(name, as: Value.self)
    }

    private func required<Value>(_ name: String, _ type: LinkValueType, as _: Value.Type) throws(LinkError) -> Value {
        guard let value = try optional(name, type, as: Value.self) else {
            throw .missingParameter(name: name, pattern: pattern)
        }
        return value
    }
}
