/// Reads a pattern's text left to right, one `Character` at a time, so that every error can
/// name the exact column it was found at.
struct LinkPatternParser {
    /// What a pattern is made of once parsed.
    struct Parts {
        var scheme: String
        var hosts: [String]
        var segments: [LinkPattern.Segment]
        var query: [LinkPattern.QueryItem]
    }

    private let text: String
    private let characters: [Character]
    private let converters: LinkConverters
    private var index = 0
    private var names: Set<String> = []

    init(text: String, converters: LinkConverters) {
        self.text = text
        characters = Array(text)
        self.converters = converters
    }

    /// Whether `name` is letters, digits and `_`, not starting with a digit (ASCII only, so
    /// names are easy to type and to put in JSON and code).
    static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first.isASCII, first == "_" || first.properties.isAlphabetic else {
            return false
        }
        return name.unicodeScalars.allSatisfy { scalar in
            scalar.isASCII && (scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
        }
    }

    /// Whether `character` may appear as static text in a path segment.
    static func isLiteral(_ character: Character) -> Bool {
        if character.isWhitespace { return false }
        if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) { return false }
        switch character {
        case "/", "?", "#", "<", ">", "{", "}", "%", "\\", "\"", "^", "|", "`": return false
        default: return true
        }
    }

    mutating func parse() throws(LinkPatternError) -> Parts {
        let scheme = try parseScheme()
        let hosts = LinkPattern.schemeHasHost(scheme) ? try parseHosts() : []
        let segments = try parsePath(afterHost: !hosts.isEmpty)
        var query: [LinkPattern.QueryItem] = []
        if current == "?" {
            index += 1
            query = try parseQuery()
        }
        if let character = current {
            throw failure(character == "#" ? .fragment : .invalidCharacter(character), at: index)
        }
        return Parts(scheme: scheme, hosts: hosts, segments: segments, query: query)
    }

    // MARK: - Pieces

    private var current: Character? { index < characters.count ? characters[index] : nil }

    private func failure(_ problem: LinkPatternError.Problem, at offset: Int) -> LinkPatternError {
        LinkPatternError(pattern: text, column: offset + 1, problem: problem)
    }

    private mutating func parseScheme() throws(LinkPatternError) -> String {
        guard let first = current, first.isASCII, first.isLetter else {
            throw failure(.missingScheme, at: index)
        }
        var scheme = ""
        while let character = current, character != ":" {
            let allowed = character.isASCII && (character.isLetter || character.isNumber || "+-.".contains(character))
            guard allowed else { throw failure(.invalidSchemeCharacter(character), at: index) }
            scheme.append(character)
            index += 1
        }
        guard characters[index...].starts(with: [":", "/", "/"]) else {
            throw failure(.missingSchemeSeparator, at: index)
        }
        index += 3
        return scheme.lowercased()
    }

    private mutating func parseHosts() throws(LinkPatternError) -> [String] {
        guard current == "{" else { return [try parseHost(inList: false)] }
        let open = index
        index += 1
        var hosts: [String] = []
        while true {
            let start = index
            let host = try parseHost(inList: true)
            guard !hosts.contains(host) else { throw failure(.duplicateHost(host), at: start) }
            hosts.append(host)
            switch current {
            case ",":
                index += 1
            case "}":
                index += 1
                return hosts
            default:
                throw failure(.unclosedHostList, at: open)
            }
        }
    }

    private mutating func parseHost(inList: Bool) throws(LinkPatternError) -> String {
        let start = index
        var host = ""
        while let character = current, !"/?#".contains(character), !(inList && ",}".contains(character)) {
            let allowed = character.isASCII && (character.isLetter || character.isNumber || "-.:".contains(character))
            guard allowed else { throw failure(.invalidHostCharacter(character), at: index) }
            host.append(character)
            index += 1
        }
        guard !host.isEmpty else { throw failure(.emptyHost, at: start) }
        return host.lowercased()
    }

    private mutating func parsePath(afterHost: Bool) throws(LinkPatternError) -> [LinkPattern.Segment] {
        if afterHost {
            guard current == "/" else { return [] }
            index += 1
        }
        var segments: [LinkPattern.Segment] = []
        var lastStart = index
        while true {
            let start = index
            guard let segment = try parseSegment() else {
                // Nothing before the next '/' is an empty segment; nothing before the end or
                // the query is a trailing slash (or an empty path), which is allowed.
                if current == "/" { throw failure(.emptySegment, at: index) }
                return segments
            }
            if case .catchAll(let placeholder) = segments.last {
                throw failure(.catchAllNotLast(placeholder.name), at: lastStart)
            }
            segments.append(segment)
            lastStart = start
            guard current == "/" else { return segments }
            index += 1
        }
    }

    /// One segment, or `nil` when it is empty.
    ///
    /// Placeholders in one segment must be separated by static text: matching gives each one
    /// but the last the shortest text up to the next occurrence of the text after it, which is
    /// only a rule when that text is there.
    private mutating func parseSegment() throws(LinkPatternError) -> LinkPattern.Segment? {
        let segmentStart = index
        var texts = [""]
        var placeholders: [LinkPlaceholder] = []
        var placeholderStarts: [Int] = []
        while let character = current, character != "/", character != "?", character != "#" {
            if character == "<" {
                placeholderStarts.append(index)
                placeholders.append(try parsePlaceholder(location: .path))
                texts.append("")
                continue
            }
            guard Self.isLiteral(character) else { throw failure(.invalidCharacter(character), at: index) }
            texts[texts.count - 1].append(character)
            index += 1
        }
        let segmentText = String(characters[segmentStart..<index])
        if let catchAll = placeholders.firstIndex(where: { $0.type == .path }), placeholders.count > 1 {
            throw failure(.catchAllWithText(placeholders[catchAll].name), at: placeholderStarts[catchAll])
        }
        for position in placeholders.indices.dropFirst() where texts[position].isEmpty {
            throw failure(
                .adjacentPlaceholders(
                    segment: segmentText, first: placeholders[position - 1].name, second: placeholders[position].name),
                at: placeholderStarts[position])
        }
        switch placeholders.count {
        case 0:
            return texts[0].isEmpty ? nil : .literal(texts[0])
        case 1 where placeholders[0].type == .path:
            guard texts[0].isEmpty, texts[1].isEmpty else {
                throw failure(.catchAllWithText(placeholders[0].name), at: placeholderStarts[0])
            }
            return .catchAll(placeholders[0])
        case 1:
            return .placeholder(prefix: texts[0], placeholders[0], suffix: texts[1])
        default:
            return .placeholders(texts: texts, placeholders)
        }
    }

    /// `<name>`, `<type:name>` or, in the query, `<name?>`; `index` is at the `<`.
    private mutating func parsePlaceholder(location: LinkPlaceholder.Location) throws(LinkPatternError)
        -> LinkPlaceholder
    {
        let open = index
        index += 1
        while let character = current, character != ">", !"/<#&".contains(character) {
            index += 1
        }
        guard current == ">" else {
            throw failure(.unclosedPlaceholder(String(characters[open..<index])), at: open)
        }
        let close = index
        index += 1

        var nameStart = open + 1
        var type = LinkValueType.string
        if let colon = characters[nameStart..<close].firstIndex(of: ":") {
            let typeName = String(characters[nameStart..<colon])
            guard Self.isIdentifier(typeName) else { throw failure(.invalidName(typeName), at: nameStart) }
            if let builtin = LinkValueType.builtins[typeName] {
                type = builtin
            } else if converters.contains(typeName) {
                type = .custom(typeName)
            } else {
                throw failure(.unknownType(typeName), at: nameStart)
            }
            nameStart = colon + 1
        }
        var nameEnd = close
        let isOptional = nameEnd > nameStart && characters[nameEnd - 1] == "?"
        if isOptional { nameEnd -= 1 }
        let name = String(characters[nameStart..<nameEnd])
        guard !name.isEmpty else { throw failure(.missingPlaceholderName, at: nameStart) }
        guard Self.isIdentifier(name) else { throw failure(.invalidName(name), at: nameStart) }
        guard !names.contains(name) else { throw failure(.duplicatePlaceholderName(name), at: nameStart) }
        if isOptional, location == .path { throw failure(.optionalInPath(name), at: nameEnd) }
        if type == .path, location != .path { throw failure(.catchAllInQuery(name), at: open) }
        names.insert(name)
        return LinkPlaceholder(name: name, type: type, isOptional: isOptional, location: location)
    }

    private mutating func parseQuery() throws(LinkPatternError) -> [LinkPattern.QueryItem] {
        var items: [LinkPattern.QueryItem] = []
        var keys: Set<String> = []
        while true {
            let keyStart = index
            var key = ""
            while let character = current, character != "=", character != "&", character != "#" {
                guard Self.isLiteral(character) else { throw failure(.invalidCharacter(character), at: index) }
                key.append(character)
                index += 1
            }
            guard !key.isEmpty else { throw failure(.emptyQueryKey, at: keyStart) }
            guard keys.insert(key).inserted else { throw failure(.duplicateQueryKey(key), at: keyStart) }
            guard current == "=" else { throw failure(.missingQueryValue(key: key), at: index) }
            index += 1
            guard current == "<" else { throw failure(.queryValueNotPlaceholder(key: key), at: index) }
            let placeholder = try parsePlaceholder(location: .query(key: key))
            items.append(LinkPattern.QueryItem(key: key, placeholder: placeholder))
            switch current {
            case "&":
                index += 1
            case nil, "#":
                return items
            default:
                throw failure(.queryValueNotPlaceholder(key: key), at: index)
            }
        }
    }
}
