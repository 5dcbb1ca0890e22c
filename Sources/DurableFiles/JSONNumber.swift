/// The shape of a JSON number (RFC 8259): `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`.
enum JSONNumber {
    /// Whether `text` is exactly one JSON number.
    static func isWellFormed(_ text: String) -> Bool {
        var rest = Substring(text)
        if rest.first == "-" { rest = rest.dropFirst() }
        guard let first = rest.first, first.isASCII, first.isNumber else { return false }
        rest = first == "0" ? rest.dropFirst() : rest.drop(while: isDigit)
        if rest.first == "." {
            rest = rest.dropFirst()
            guard rest.first.map(isDigit) == true else { return false }
            rest = rest.drop(while: isDigit)
        }
        if rest.first == "e" || rest.first == "E" {
            rest = rest.dropFirst()
            if rest.first == "+" || rest.first == "-" { rest = rest.dropFirst() }
            guard rest.first.map(isDigit) == true else { return false }
            rest = rest.drop(while: isDigit)
        }
        return rest.isEmpty
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }
}
