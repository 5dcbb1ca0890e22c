/// Splits a predicate format string into tokens.
///
/// Keywords are case-insensitive (`and`, `AND`); identifiers keep their case. Strings
/// take single or double quotes with backslash escapes.
struct PredicateLexer {
    static let keywords: Set<String> = [
        "AND", "OR", "NOT", "IN", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE",
        "TRUEPREDICATE", "FALSEPREDICATE", "NIL", "NULL", "YES", "NO", "TRUE", "FALSE", "CAST",
    ]
    private static let symbols = [
        "==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||",
        "=", "<", ">", "!", "(", ")", "{", "}", ",", ".",
    ]

    private let source: String
    private let characters: [Character]
    private var position = 0

    init(_ source: String) {
        self.source = source
        self.characters = Array(source)
    }

    /// Every token, ending with `.end`.
    mutating func tokens() throws(PredicateSyntaxError) -> [PredicateToken] {
        var result: [PredicateToken] = []
        while true {
            skipWhitespace()
            let token = try next()
            result.append(token)
            if token.kind == .end { return result }
        }
    }

    private mutating func skipWhitespace() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    private mutating func next() throws(PredicateSyntaxError) -> PredicateToken {
        let start = position
        guard position < characters.count else { return PredicateToken(kind: .end, offset: start) }
        let character = characters[position]
        if character == "\"" || character == "'" {
            return PredicateToken(kind: .string(try string(quote: character)), offset: start)
        }
        if character.isNumber { return PredicateToken(kind: number(), offset: start) }
        if character.isLetter || character == "_" || character == "$" || character == "@" {
            return PredicateToken(kind: word(), offset: start)
        }
        if character == "%" { return try argument() }
        if character == "[" { return try options() }
        for symbol in Self.symbols where matches(symbol) {
            position += symbol.count
            return PredicateToken(kind: .symbol(symbol), offset: start)
        }
        throw error("a token", found: "\"\(character)\"", at: start)
    }

    private func matches(_ text: String) -> Bool {
        let end = position + text.count
        return end <= characters.count && String(characters[position..<end]) == text
    }

    private mutating func string(quote: Character) throws(PredicateSyntaxError) -> String {
        let start = position
        position += 1
        var value = ""
        while position < characters.count, characters[position] != quote {
            if characters[position] == "\\", position + 1 < characters.count { position += 1 }
            value.append(characters[position])
            position += 1
        }
        guard position < characters.count else {
            throw error("a closing \(quote)", found: "the end", at: start)
        }
        position += 1
        return value
    }

    private mutating func number() -> PredicateToken.Kind {
        let start = position
        while position < characters.count,
            characters[position].isNumber
                || characters[position] == "."
                    && position + 1 < characters.count && characters[position + 1].isNumber
        {
            position += 1
        }
        let text = String(characters[start..<position])
        if let int = Int64(text) { return .integer(int) }
        return .double(Double(text) ?? 0)
    }

    private mutating func word() -> PredicateToken.Kind {
        let start = position
        position += 1
        while position < characters.count,
            characters[position].isLetter || characters[position].isNumber
                || characters[position] == "_"
        {
            position += 1
        }
        let text = String(characters[start..<position])
        return Self.keywords.contains(text.uppercased())
            ? .keyword(text.uppercased()) : .identifier(text)
    }

    private mutating func argument() throws(PredicateSyntaxError) -> PredicateToken {
        let start = position
        guard position + 1 < characters.count, "@K".contains(characters[position + 1]) else {
            throw error("%@ or %K", found: "\"%\"", at: start)
        }
        position += 2
        return PredicateToken(kind: .argument(characters[start + 1]), offset: start)
    }

    private mutating func options() throws(PredicateSyntaxError) -> PredicateToken {
        let start = position
        position += 1
        var letters = ""
        while position < characters.count, characters[position].isLetter {
            letters.append(characters[position])
            position += 1
        }
        guard position < characters.count, characters[position] == "]",
            !letters.isEmpty, letters.lowercased().allSatisfy({ "cdn".contains($0) })
        else {
            throw error("options such as [c], [d] or [cd]", found: "\"[\(letters)\"", at: start)
        }
        position += 1
        return PredicateToken(kind: .options(letters.lowercased()), offset: start)
    }

    private func error(_ expected: String, found: String, at offset: Int) -> PredicateSyntaxError {
        PredicateSyntaxError(source: source, offset: offset, expected: expected, found: found)
    }
}
