/// Splits a predicate format string into tokens.
///
/// Keywords are case-insensitive (`and`, `AND`); identifiers keep their case. Strings
/// take single or double quotes with backslash escapes.
struct PredicateLexer {
    static let keywords: Set<String> = [
        "AND", "OR", "NOT", "IN", "BEGINSWITH", "ENDSWITH", "CONTAINS", "LIKE",
        "TRUEPREDICATE", "FALSEPREDICATE", "NIL", "NULL", "YES", "NO", "TRUE", "FALSE", "CAST",
        "MATCHES", "BETWEEN", "ANY", "SOME", "ALL", "NONE", "SUBQUERY", "SELF",
    ]
    /// Format specifiers and the kind of argument each takes: `@` an object, `K` a key
    /// path, `d` an integer, `f` a floating-point number, `c` a character; longest
    /// spelling first.
    private static let specifiers: [(String, Character)] = [
        ("%lld", "d"), ("%llu", "d"), ("%ld", "d"), ("%lu", "d"), ("%lf", "f"), ("%le", "f"),
        ("%lg", "f"), ("%@", "@"), ("%K", "K"), ("%d", "d"), ("%i", "d"), ("%u", "d"),
        ("%f", "f"), ("%e", "f"), ("%g", "f"), ("%c", "c"),
    ]
    private static let symbols = [
        "==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||",
        "=", "<", ">", "!", "(", ")", "{", "}", ",", ".", "+", "-", "*", "/",
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
            let token = try next(after: result.last?.kind)
            result.append(token)
            if token.kind == .end { return result }
        }
    }

    private mutating func skipWhitespace() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    /// The next token; a `-` before a digit starts a negative number unless it follows
    /// an operand (`likes -1` is a subtraction).
    private mutating func next(after previous: PredicateToken.Kind?)
        throws(PredicateSyntaxError) -> PredicateToken
    {
        let start = position
        guard position < characters.count else { return PredicateToken(kind: .end, offset: start) }
        let character = characters[position]
        if character == "\"" || character == "'" {
            return PredicateToken(kind: .string(try string(quote: character)), offset: start)
        }
        if character.isASCIIDigit || character == "-" && nextIsDigit && !Self.endsOperand(previous)
        {
            return PredicateToken(kind: try number(), offset: start)
        }
        if character == "$" {
            position += 1
            guard case .identifier(let name) = word(), !name.isEmpty else {
                throw error("a variable name", found: "\"$\"", at: start)
            }
            return PredicateToken(kind: .variable(name), offset: start)
        }
        if character.isLetter || character == "_" || character == "@"
            || character == "#" && position + 1 < characters.count
                && (characters[position + 1].isLetter || characters[position + 1] == "_")
        {
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

    /// Whether a token can end an operand, so that a `-` after it subtracts.
    private static func endsOperand(_ kind: PredicateToken.Kind?) -> Bool {
        switch kind {
        case .identifier, .string, .integer, .double, .argument, .variable: return true
        case .symbol(let symbol): return symbol == ")" || symbol == "}"
        case .keyword(let word):
            return ["SELF", "NIL", "NULL", "YES", "NO", "TRUE", "FALSE"].contains(word)
        default: return false
        }
    }

    private func matches(_ text: String) -> Bool {
        let end = position + text.count
        return end <= characters.count && String(characters[position..<end]) == text
    }

    private var nextIsDigit: Bool {
        position + 1 < characters.count && characters[position + 1].isASCIIDigit
    }

    /// A quoted string: `\n`, `\t`, `\r` and `\uXXXX` escapes, a backslash before any
    /// other character keeps it (`\'`, `\\`), and `%%` is one `%`.
    private mutating func string(quote: Character) throws(PredicateSyntaxError) -> String {
        let start = position
        position += 1
        var value = ""
        while position < characters.count, characters[position] != quote {
            if characters[position] == "\\", position + 1 < characters.count {
                position += 1
                value.append(escaped())
            } else {
                if characters[position] == "%", matches("%%") { position += 1 }
                value.append(characters[position])
            }
            position += 1
        }
        guard position < characters.count else {
            throw error("a closing \(quote)", found: "the end", at: start)
        }
        position += 1
        return value
    }

    /// The character an escape stands for; `position` is on the letter after the
    /// backslash and ends on the escape's last character.
    private mutating func escaped() -> Character {
        switch characters[position] {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "u" where position + 4 < characters.count:
            let hex = String(characters[(position + 1)...(position + 4)])
            guard let code = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(code) else {
                return "u"
            }
            position += 4
            return Character(scalar)
        default: return characters[position]
        }
    }

    /// A decimal integer or float (with an optional exponent), or a `0x`, `0o`, `0b`
    /// integer; a leading `-` makes it negative.
    private mutating func number() throws(PredicateSyntaxError) -> PredicateToken.Kind {
        let start = position
        let negative = characters[position] == "-"
        if negative { position += 1 }
        if let radix = radixPrefix() {
            position += 2
            let digits = run { $0.isHexDigit }
            guard let magnitude = Int64(digits, radix: radix) else {
                throw error("a number", found: "\"\(digits)\"", at: start)
            }
            return .integer(negative ? -magnitude : magnitude)
        }
        var text = run { $0.isASCIIDigit }
        if position + 1 < characters.count, characters[position] == ".", nextIsDigit {
            position += 1
            text += "." + run { $0.isASCIIDigit }
        }
        if position < characters.count, "eE".contains(characters[position]) {
            position += 1
            var exponent = "e"
            if position < characters.count, "+-".contains(characters[position]) {
                exponent.append(characters[position])
                position += 1
            }
            text += exponent + run { $0.isASCIIDigit }
        }
        text = (negative ? "-" : "") + text
        if let int = Int64(text) { return .integer(int) }
        guard let double = Double(text) else {
            throw error("a number", found: "\"\(text)\"", at: start)
        }
        return .double(double)
    }

    private func radixPrefix() -> Int? {
        guard characters[position] == "0", position + 1 < characters.count else { return nil }
        switch characters[position + 1] {
        case "x", "X": return 16
        case "o", "O": return 8
        case "b", "B": return 2
        default: return nil
        }
    }

    private mutating func run(while predicate: (Character) -> Bool) -> String {
        let start = position
        while position < characters.count, predicate(characters[position]) { position += 1 }
        return String(characters[start..<position])
    }

    private mutating func word() -> PredicateToken.Kind {
        let start = position
        if position < characters.count, "@#".contains(characters[position]) { position += 1 }
        while position < characters.count,
            characters[position].isLetter || characters[position].isNumber
                || characters[position] == "_"
        {
            position += 1
        }
        let text = String(characters[start..<position])
        guard !text.hasPrefix("#") else { return .identifier(String(text.dropFirst())) }
        return Self.keywords.contains(text.uppercased())
            ? .keyword(text.uppercased()) : .identifier(text)
    }

    private mutating func argument() throws(PredicateSyntaxError) -> PredicateToken {
        let start = position
        for (spelling, kind) in Self.specifiers where matches(spelling) {
            position += spelling.count
            return PredicateToken(kind: .argument(kind), offset: start)
        }
        throw error("a format specifier such as %@, %K, %d or %f", found: "\"%\"", at: start)
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

extension Character {
    /// `0` to `9` only (not other scripts' digits), as numbers are written in predicates.
    fileprivate var isASCIIDigit: Bool { isASCII && isNumber }
}
