/// One token of a predicate format string, with its character offset for errors.
struct PredicateToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        case identifier(String)
        case keyword(String)
        case string(String)
        case integer(Int64)
        case double(Double)
        case symbol(String)
        case options(String)
        case argument(Character)
        case variable(String)
        case end
    }

    let kind: Kind
    let offset: Int

    /// The token as written, for "found …" in errors.
    var text: String {
        switch kind {
        case .identifier(let name): return "\"\(name)\""
        case .keyword(let word): return word
        case .string(let string): return "\"\(string)\""
        case .integer(let int): return String(int)
        case .double(let double): return String(double)
        case .symbol(let symbol): return "\"\(symbol)\""
        case .options(let options): return "[\(options)]"
        case .argument(let kind): return "%\(kind)"
        case .variable(let name): return "$\(name)"
        case .end: return "the end"
        }
    }
}
