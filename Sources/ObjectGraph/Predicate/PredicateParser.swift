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
/// comparison := (ANY | SOME | ALL | NONE)? expression operator options? expression
/// operator   := == = != <> < <= =< > >= => IN BETWEEN BEGINSWITH ENDSWITH CONTAINS
///               LIKE MATCHES
/// expression := product (("+" | "-") product)*
/// product    := unary (("*" | "/") unary)*
/// unary      := "-" unary | postfix
/// postfix    := term ("." key | "." %K | "." aggregate ("." key)*)*
/// term       := key | SELF | $variable | %K | %@ | %d | %f | %c | string | number | nil
///             | YES | NO | "{" list "}" | "(" expression ")"
///             | CAST "(" number "," "NSDate" ")"
///             | SUBQUERY "(" expression "," $variable "," predicate ")"
/// ```
/// `%@` takes the next argument as a constant, `%K` as a key path, `%d` (`%i %ld %lld
/// %u %lu %llu`) as an integer, `%f` (`%lf %e %g %le %lg`) as a floating-point number
/// and `%c` as a one-character string; arguments beyond the specifiers are ignored, as
/// Apple's parser reads one per specifier. `lhs IN keyPath` is read once the model is
/// known (``Comparison/resolved(from:in:)``). A `(` starts an expression rather than a
/// grouped predicate when an operator follows its `)`. Every recursive production
/// (`NOT`, parentheses, lists, `CAST`, `SUBQUERY`, unary minus) counts against
/// ``maximumDepth``.
///
/// Cost: linear in the number of tokens; the format is lexed once
/// (``PredicateFormatCache``), and a predicate format whose `%@` arguments cannot change
/// its tree is parsed once more to keep a template (``PredicateTemplate``) that later
/// calls fill instead of parsing.
struct PredicateParser {
    let source: String
    let tokens: [PredicateToken]
    var arguments: [Any?]
    var position = 0
    /// The index of the `)` that closes each `(`, for telling a grouped predicate from a
    /// parenthesized expression in one look.
    let closing: [Int: Int]
    /// How deeply nested the parser is, bounded so that hostile input cannot exhaust the
    /// stack, and so that the SQL the deepest predicate compiles to still fits the
    /// 100-entry parser stack of SQLite 3.40 (23 nested `NOT`s do, 24 do not).
    var depth = 0
    static let maximumDepth = 20

    /// Reads `format`'s tokens (lexed once per format by `cache`) to be parsed with
    /// `arguments`.
    init(format: String, arguments: [Any?], cache: PredicateFormatCache = .shared)
        throws(PredicateSyntaxError)
    {
        self.init(format: format, lexed: try cache.entry(for: format), arguments: arguments)
    }

    /// Reads `format`'s tokens, already lexed, to be parsed with `arguments`.
    init(format: String, lexed: PredicateFormatCache.Entry, arguments: [Any?]) {
        self.source = format
        self.tokens = lexed.tokens
        self.arguments = arguments
        self.closing = lexed.closing
    }

    /// The whole format string as one predicate.
    mutating func parse() throws(PredicateSyntaxError) -> PredicateNode {
        let node = try parseOr()
        try expectEnd("AND, OR or the end")
        return node
    }

    /// Checks that the whole format string was read (arguments left over are ignored).
    mutating func expectEnd(_ expected: String) throws(PredicateSyntaxError) {
        guard current.kind == .end else { throw error(expected) }
    }

    var current: PredicateToken { tokens[position] }

    mutating func advance() -> PredicateToken {
        defer { position += 1 }
        return tokens[position]
    }

    mutating func accept(_ kinds: PredicateToken.Kind...) -> Bool {
        guard kinds.contains(current.kind) else { return false }
        position += 1
        return true
    }

    func error(_ expected: String) -> PredicateSyntaxError {
        PredicateSyntaxError(
            source: source, offset: current.offset, expected: expected, found: current.text)
    }

    mutating func nested<T>(_ body: (inout Self) throws(PredicateSyntaxError) -> T)
        throws(PredicateSyntaxError) -> T
    {
        guard depth < Self.maximumDepth else {
            throw error("at most \(Self.maximumDepth) levels of nesting")
        }
        depth += 1
        defer { depth -= 1 }
        return try body(&self)
    }

    // MARK: - Logic

    mutating func parseOr() throws(PredicateSyntaxError) -> PredicateNode {
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
        if accept(.keyword("NOT"), .symbol("!")) {
            return .not(try nested { parser throws(PredicateSyntaxError) in try parser.parseNot() })
        }
        return try parsePrimary()
    }

    private mutating func parsePrimary() throws(PredicateSyntaxError) -> PredicateNode {
        if accept(.keyword("TRUEPREDICATE")) { return .truePredicate }
        if accept(.keyword("FALSEPREDICATE")) { return .falsePredicate }
        if current.kind == .symbol("("), !startsExpression() {
            position += 1
            let node = try nested { parser throws(PredicateSyntaxError) in try parser.parseOr() }
            guard accept(.symbol(")")) else { throw error("\")\"") }
            return node
        }
        return .comparison(try parseComparison())
    }

    // MARK: - Comparisons

    private mutating func parseComparison() throws(PredicateSyntaxError) -> Comparison {
        let modifier = parseModifier()
        let lhs = try parseExpression()
        let op = try parseOperator()
        var options: StringMatching.Options = []
        if case .options(let letters) = current.kind {
            position += 1
            if letters.contains("c") { options.insert(.caseInsensitive) }
            if letters.contains("d") { options.insert(.diacriticInsensitive) }
        }
        let rhsToken = current
        let rhs = try parseExpression()
        if op == .between, !Self.isPair(rhs) {
            throw PredicateSyntaxError(
                source: source, offset: rhsToken.offset, expected: "{lower, upper} after BETWEEN",
                found: rhsToken.text)
        }
        return Comparison(lhs, op, rhs, options: options, modifier: modifier)
    }

    private static func isPair(_ expression: PredicateExpression) -> Bool {
        if case .constant(.list(let values)) = expression { return values.count == 2 }
        if case .list(let elements) = expression { return elements.count == 2 }
        if case .variable = expression { return true }
        return false
    }

    private mutating func parseModifier() -> ComparisonModifier {
        if accept(.keyword("ANY"), .keyword("SOME")) { return .any }
        if accept(.keyword("ALL")) { return .all }
        if accept(.keyword("NONE")) { return .none }
        return .direct
    }

    private mutating func parseOperator() throws(PredicateSyntaxError) -> ComparisonOperator {
        let op: ComparisonOperator?
        switch current.kind {
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
}
