import Foundation

/// A recursive-descent parser from a format string and its arguments to a
/// ``PredicateNode``.
///
/// ```
/// predicate  := or
/// or         := and (("OR" | "||") and)*
/// and        := not (("AND" | "&&") not)*
/// not        := ("NOT" | "!") not | primary
/// primary    := "(" predicate ")" | TRUEPREDICATE | FALSEPREDICATE | comparison
/// comparison := expression operator options? expression
/// expression := keyPath | %K | %@ | string | number | nil | YES | NO | "{" list "}"
///             | CAST "(" expression "," string ")"
/// ```
/// `%@` takes the next argument as a constant, `%K` the next as a key path.
struct PredicateParser {
    private let source: String
    private let tokens: [PredicateToken]
    private var arguments: [Any?]
    private var position = 0

    init(format: String, arguments: [Any?]) throws(PredicateSyntaxError) {
        var lexer = PredicateLexer(format)
        self.source = format
        self.tokens = try lexer.tokens()
        self.arguments = arguments
    }

    /// The whole format string as one predicate.
    mutating func parse() throws(PredicateSyntaxError) -> PredicateNode {
        let node = try parseOr()
        guard current.kind == .end else { throw error("AND, OR or the end") }
        guard arguments.isEmpty else { throw error("a %@ or %K for every argument") }
        return node
    }

    private var current: PredicateToken { tokens[position] }

    private mutating func advance() -> PredicateToken {
        defer { position += 1 }
        return tokens[position]
    }

    private mutating func accept(_ kinds: PredicateToken.Kind...) -> Bool {
        guard kinds.contains(current.kind) else { return false }
        position += 1
        return true
    }

    private func error(_ expected: String) -> PredicateSyntaxError {
        PredicateSyntaxError(
            source: source, offset: current.offset, expected: expected, found: current.text)
    }

    // MARK: - Logic

    private mutating func parseOr() throws(PredicateSyntaxError) -> PredicateNode {
        var terms = [try parseAnd()]
        while accept(.keyword("OR"), .symbol("||")) { terms.append(try parseAnd()) }
        return terms.count == 1 ? terms[0] : .or(terms)
    }

    private mutating func parseAnd() throws(PredicateSyntaxError) -> PredicateNode {
        var terms = [try parseNot()]
        while accept(.keyword("AND"), .symbol("&&")) { terms.append(try parseNot()) }
        return terms.count == 1 ? terms[0] : .and(terms)
    }

    private mutating func parseNot() throws(PredicateSyntaxError) -> PredicateNode {
        if accept(.keyword("NOT"), .symbol("!")) { return .not(try parseNot()) }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(PredicateSyntaxError) -> PredicateNode {
        if accept(.keyword("TRUEPREDICATE")) { return .truePredicate }
        if accept(.keyword("FALSEPREDICATE")) { return .falsePredicate }
        if accept(.symbol("(")) {
            let node = try parseOr()
            guard accept(.symbol(")")) else { throw error("\")\"") }
            return node
        }
        return .comparison(try parseComparison())
    }

    // MARK: - Comparisons

    private mutating func parseComparison() throws(PredicateSyntaxError) -> Comparison {
        let lhs = try parseExpression()
        let op = try parseOperator()
        var options: StringMatching.Options = []
        if case .options(let letters) = current.kind {
            position += 1
            if letters.contains("c") { options.insert(.caseInsensitive) }
            if letters.contains("d") { options.insert(.diacriticInsensitive) }
        }
        return Comparison(lhs, op, try parseExpression(), options: options)
    }

    private mutating func parseOperator() throws(PredicateSyntaxError) -> ComparisonOperator {
        let token = current
        let op: ComparisonOperator?
        switch token.kind {
        case .symbol("=="), .symbol("="): op = .equal
        case .symbol("!="), .symbol("<>"): op = .notEqual
        case .symbol("<"): op = .less
        case .symbol("<="), .symbol("=<"): op = .lessOrEqual
        case .symbol(">"): op = .greater
        case .symbol(">="), .symbol("=>"): op = .greaterOrEqual
        case .keyword(let word): op = ComparisonOperator(rawValue: word)
        default: op = nil
        }
        guard let op else { throw error("a comparison operator") }
        position += 1
        return op
    }

    private mutating func parseExpression() throws(PredicateSyntaxError) -> PredicateExpression {
        let token = advance()
        switch token.kind {
        case .identifier(let name): return .keyPath(try parseKeyPath(startingWith: name))
        case .string(let string): return .constant(.string(string))
        case .integer(let int): return .constant(.integer(int))
        case .double(let double): return .constant(.double(double))
        case .keyword("NIL"), .keyword("NULL"): return .constant(.null)
        case .keyword("YES"), .keyword("TRUE"): return .constant(.bool(true))
        case .keyword("NO"), .keyword("FALSE"): return .constant(.bool(false))
        case .keyword("CAST"): return .constant(try parseCast())
        case .symbol("{"): return .constant(try parseList())
        case .argument(let kind): return try takeArgument(kind, token: token)
        default:
            position -= 1
            throw error("a key path or a value")
        }
    }

    private mutating func parseKeyPath(startingWith first: String) throws(PredicateSyntaxError)
        -> String
    {
        var path = first
        while accept(.symbol(".")) {
            guard case .identifier(let name) = current.kind else { throw error("a key") }
            position += 1
            path += "." + name
        }
        return path
    }

    private mutating func parseList() throws(PredicateSyntaxError) -> PredicateValue {
        var values: [PredicateValue] = []
        if accept(.symbol("}")) { return .list(values) }
        repeat {
            guard case .constant(let value) = try parseExpression() else {
                position -= 1
                throw error("a constant in the list")
            }
            values.append(value)
        } while accept(.symbol(","))
        guard accept(.symbol("}")) else { throw error("\"}\"") }
        return .list(values)
    }

    private mutating func parseCast() throws(PredicateSyntaxError) -> PredicateValue {
        guard accept(.symbol("(")) else { throw error("\"(\"") }
        let value = try parseExpression()
        guard accept(.symbol(",")) else { throw error("\",\"") }
        guard accept(.string("NSDate")) else { throw error("\"NSDate\"") }
        guard accept(.symbol(")")) else { throw error("\")\"") }
        switch value {
        case .constant(.integer(let seconds)):
            return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
        case .constant(.double(let seconds)):
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        default:
            throw error("a number of seconds since 2001-01-01")
        }
    }

    private mutating func takeArgument(_ kind: Character, token: PredicateToken)
        throws(PredicateSyntaxError) -> PredicateExpression
    {
        guard !arguments.isEmpty else {
            position -= 1
            throw error("an argument for %\(kind) (too few arguments)")
        }
        let argument = arguments.removeFirst()
        if kind == "K" {
            guard let keyPath = argument as? String else {
                position -= 1
                throw error("a String key path argument for %K")
            }
            return .keyPath(keyPath)
        }
        guard let value = PredicateValue(argument) else {
            position -= 1
            throw error("an argument of a supported type for %@, not \(type(of: argument!))")
        }
        return .constant(value)
    }
}
