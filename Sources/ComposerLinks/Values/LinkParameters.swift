import Foundation

/// The values a link supplied for its pattern's placeholders, already converted to their types.
///
/// Reading is strict on purpose: `int("id")` works only when the pattern declares `<int:id>`,
/// so a mismatch between pattern and code shows up on the first link rather than on the first
/// unusual one. `string(_:)` is the exception and returns the decoded text of any placeholder the
/// pattern requires (an optional one is read with ``optionalString(_:)``, or the optional reader of
/// its type). Errors name the parameter and the pattern.
public struct LinkParameters: Sendable, CustomStringConvertible {
    /// The pattern's placeholders, shared by every match of it.
    let layout: LinkParameterLayout?
    /// The link the values were read from; undecoded texts are byte ranges of it, so a match
    /// copies no text.
    let source: String
    /// One item per value, grouped by slot in slot order (several for a repeated query key).
    let items: LinkCapturedValues

    /// Parameters of no pattern, as a fallback receives them.
    public init() {
        self.init(layout: nil, source: "", items: LinkCapturedValues())
    }

    init(layout: LinkParameterLayout?, source: String, items: consuming LinkCapturedValues) {
        self.layout = layout
        self.source = source
        self.items = items
    }

    /// The pattern the values belong to, for error messages.
    public var pattern: String { layout?.pattern ?? "" }

    /// The names that have a value in this link, sorted; absent optional ones are left out.
    public var names: [String] {
        guard let layout else { return [] }
        var present: [String] = []
        for item in items where !present.contains(layout.slots[item.slot].name) {
            present.append(layout.slots[item.slot].name)
        }
        return present.sorted()
    }

    /// Every value as decoded text, by name, for logging and tests.
    public var texts: [String: [String]] {
        guard let layout else { return [:] }
        var result: [String: [String]] = [:]
        for item in items {
            result[layout.slots[item.slot].name, default: []].append(text(of: item))
        }
        return result
    }

    /// Whether the link supplied `name`.
    public func contains(_ name: String) -> Bool {
        guard let slot = layout?.slot(named: name) else { return false }
        return items.contains { $0.slot == slot }
    }

    /// `name=value` pairs, sorted by name.
    public var description: String {
        let texts = texts
        return names.map { name in "\(name)=\(texts[name]?.joined(separator: ",") ?? "")" }.joined(separator: " ")
    }

    // MARK: Required values

    /// The decoded text of any placeholder the pattern requires; for a repeated query key, its
    /// first occurrence. An optional one is read with ``optionalString(_:)``: reading it here is
    /// ``LinkError/optionalReadAsRequired(parameter:pattern:)`` on every link.
    public func string(_ name: String) throws(LinkError) -> String {
        guard let item = try first(name, required: true) else {
            throw .missingParameter(name: name, pattern: pattern)
        }
        return text(of: item)
    }

    /// The decoded segments a `<path:name>` catch-all took, in order: `["a/b", "c"]` for
    /// `a%2Fb/c`, where ``string(_:)`` gives `a%2Fb/c` (a `/` inside a segment stays `%2F`
    /// there, so that `a%2Fb/c` and `a/b/c` are different values). One text for other placeholders.
    public func segments(_ name: String) throws(LinkError) -> [String] {
        let slot = try slotIndex(name)
        let text = try string(name)
        guard declaredType(slot) == .path else { return [text] }
        return LinkCatchAllPath.segments(of: text) ?? [text]
    }

    /// The value of an `<int:name>` placeholder.
    public func int(_ name: String) throws(LinkError) -> Int {
        try required(builtin(name, declaredAs: .int, kind: .int, required: true), name)
    }

    /// The value of a `<double:name>` placeholder.
    public func double(_ name: String) throws(LinkError) -> Double {
        try required(builtin(name, declaredAs: .double, kind: .double, required: true), name)
    }

    /// The value of a `<uuid:name>` placeholder.
    public func uuid(_ name: String) throws(LinkError) -> UUID {
        try required(builtin(name, declaredAs: .uuid, kind: .uuid, required: true), name)
    }

    /// The value of a `<bool:name>` placeholder.
    public func bool(_ name: String) throws(LinkError) -> Bool {
        try required(builtin(name, declaredAs: .bool, kind: .bool, required: true), name)
    }

    /// The value an app converter produced for `<type:name>`, or a built-in type's value.
    public func value<Value>(_ name: String, as type: Value.Type) throws(LinkError) -> Value {
        guard let item = try first(name, required: true) else { throw .missingParameter(name: name, pattern: pattern) }
        return try cast(item, name, as: Value.self)
    }

    // MARK: Repeated and optional values

    /// Every decoded text of a query key in link order (one text for other placeholders);
    /// empty when an optional key is absent.
    public func strings(_ name: String) throws(LinkError) -> [String] {
        let slot = try slotIndex(name)
        return items.filter { $0.slot == slot }.map { text(of: $0) }
    }

    /// Every value of a query key, converted, in link order; empty when an optional key is absent.
    public func values<Value>(_ name: String, as type: Value.Type) throws(LinkError) -> [Value] {
        let slot = try slotIndex(name)
        var result: [Value] = []
        for item in items where item.slot == slot {
            guard let typed = value(of: item) as? Value else {
                throw .wrongType(
                    parameter: name, requested: "\(Value.self)", declared: declaredType(slot), pattern: pattern)
            }
            result.append(typed)
        }
        return result
    }

    /// The decoded text, or `nil` when an optional query key is absent.
    public func optionalString(_ name: String) throws(LinkError) -> String? {
        try first(name).map { text(of: $0) }
    }

    /// The `<int:name?>` value, or `nil` when absent.
    public func optionalInt(_ name: String) throws(LinkError) -> Int? {
        try builtin(name, declaredAs: .int, kind: .int)
    }

    /// The `<double:name?>` value, or `nil` when absent.
    public func optionalDouble(_ name: String) throws(LinkError) -> Double? {
        try builtin(name, declaredAs: .double, kind: .double)
    }

    /// The `<uuid:name?>` value, or `nil` when absent.
    public func optionalUUID(_ name: String) throws(LinkError) -> UUID? {
        try builtin(name, declaredAs: .uuid, kind: .uuid)
    }

    /// The `<bool:name?>` value, or `nil` when absent.
    public func optionalBool(_ name: String) throws(LinkError) -> Bool? {
        try builtin(name, declaredAs: .bool, kind: .bool)
    }

    /// The converted value, or `nil` when an optional query key is absent.
    public func optionalValue<Value>(_ name: String, as type: Value.Type) throws(LinkError) -> Value? {
        guard let item = try first(name) else { return nil }
        return try cast(item, name, as: Value.self)
    }

    // MARK: Helpers

    /// `value`, or the error for a missing `name`.
    private func required<Value>(_ value: Value?, _ name: String) throws(LinkError) -> Value {
        guard let value else { throw .missingParameter(name: name, pattern: pattern) }
        return value
    }

    /// Refuses a required read of `slot`, `name`'s, when the pattern declares it optional, whether
    /// this link has its value or not: the mismatch shows on the first link, as a type mismatch does.
    private func refuseOptional(_ slot: Int, _ name: String) throws(LinkError) {
        if let layout, layout.slots[slot].isOptional {
            throw .optionalReadAsRequired(parameter: name, pattern: pattern)
        }
    }

    /// The value of `name`, which the pattern must declare as the built-in `type`, which
    /// converts as `kind`; `nil` when absent.
    private func builtin<Value>(
        _ name: String, declaredAs type: LinkValueType, kind: LinkValueConversion.Kind, required: Bool = false
    ) throws(LinkError) -> Value? {
        guard let item = try first(name, declaredAs: type, kind: kind, required: required) else { return nil }
        if let value = item.value.unboxed(as: Value.self) { return value }
        return try cast(item, name, as: Value.self)
    }

    /// The slot of `name`, or an error for a name the pattern does not declare.
    private func slotIndex(_ name: String) throws(LinkError) -> Int {
        guard let slot = layout?.slot(named: name) else {
            throw .unknownParameter(name: name, pattern: pattern, known: layout?.sortedNames ?? [])
        }
        return slot
    }

    private func declaredType(_ slot: Int) -> LinkValueType { layout?.slots[slot].type ?? .string }

    /// The first value of `name`, `nil` when a declared optional is absent; `required`: refused
    /// for a declared optional.
    private func first(_ name: String, required: Bool = false) throws(LinkError) -> LinkCapturedValue? {
        let slot = try slotIndex(name)
        if required { try refuseOptional(slot, name) }
        return items.first(slot: slot)
    }

    /// Like `first(_:)`, after checking that the pattern declares `name` as the built-in
    /// `type`, which converts as `kind`.
    private func first(
        _ name: String, declaredAs type: LinkValueType, kind: LinkValueConversion.Kind, required: Bool = false
    ) throws(LinkError) -> LinkCapturedValue? {
        let slot = try slotIndex(name)
        // Built-in types have no converter of the app's, so equal kinds are equal types.
        guard let conversion = layout?.conversion(ofSlot: slot), conversion.kind == kind else {
            throw .wrongType(
                parameter: name, requested: type.description, declared: declaredType(slot), pattern: pattern)
        }
        // `refuseOptional(_:_:)` inlined: a typed read is on every hit's path (calling it costs
        // each hit 18 instructions).
        if required, conversion.isOptional { throw .optionalReadAsRequired(parameter: name, pattern: pattern) }
        return items.first(slot: slot)
    }

    private func cast<Value>(_ item: LinkCapturedValue, _ name: String, as _: Value.Type) throws(LinkError) -> Value {
        guard let typed = value(of: item) as? Value else {
            throw .wrongType(
                parameter: name, requested: "\(Value.self)", declared: declaredType(item.slot), pattern: pattern)
        }
        return typed
    }

    /// The decoded text of `item`.
    func text(of item: LinkCapturedValue) -> String {
        guard item.start >= 0 else { return items.ownedText(item.end) }
        let range = Int(item.start)..<Int(item.end)
        // A native string's bytes are contiguous: the text is made from them in one step.
        if let text = source.utf8.withContiguousStorageIfAvailable({
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }) {
            return text
        }
        let utf8 = source.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: range.lowerBound)
        let upper = utf8.index(lower, offsetBy: range.count)
        return String(Substring(utf8[lower..<upper]))
    }

    /// The converted value of `item`, as the converter returned it.
    func value(of item: LinkCapturedValue) -> any Sendable {
        switch item.value {
        case .text: text(of: item)
        case .int(let value): value
        case .double(let value): value
        case .bool(let value): value
        case .uuid(let value): UUID(uuid: value)
        case .custom(let position): items.customValue(position)
        }
    }
}
