import Foundation

extension PredicateParser {
    // MARK: - Expressions

    /// The whole format string as one expression (a fetch expression's key path).
    mutating func parseWholeExpression() throws(PredicateSyntaxError) -> PredicateExpression {
        let expression = try parseExpression()
        try expectEnd("the end of the expression")
        return expression
    }

    /// A term followed by its key-path components (`%K` among them) and collection
    /// operators.
    mutating func parsePostfix() throws(PredicateSyntaxError) -> PredicateExpression {
        var expression = try parseTerm()
        while accept(.symbol(".")) {
            let token = current
            if token.kind == .argument("K") {
                position += 1
                guard case .keyPath(let path) = try takeArgument("K") else {
                    position -= 1
                    throw error("a key path, not SELF, for %K after \".\"")
                }
                for name in path.split(separator: ".") {
                    expression = try extend(expression, with: String(name), at: token)
                }
                continue
            }
            guard case .identifier(let name) = token.kind else { throw error("a key") }
            position += 1
            expression = try extend(expression, with: name, at: token)
        }
        return expression
    }

    /// `expression.name`: a longer key path, or a collection operator applied to it.
    private mutating func extend(
        _ expression: PredicateExpression, with name: String, at token: PredicateToken
    ) throws(PredicateSyntaxError) -> PredicateExpression {
        if name.hasPrefix("@") {
            guard let function = AggregateFunction(rawValue: name.lowercased()) else {
                position -= 1
                throw error("@count, @sum, @avg, @min or @max")
            }
            return try aggregate(function, of: expression)
        }
        switch expression {
        case .keyPath(let path): return .keyPath(path + "." + name)
        case .variable(let variable): return .keyPath("$" + variable + "." + name)
        case .evaluatedObject: return .keyPath(name)
        default:
            position -= 1
            throw error("an expression with keys, not \(token.text)")
        }
    }

    private mutating func aggregate(
        _ function: AggregateFunction, of collection: PredicateExpression
    ) throws(PredicateSyntaxError) -> PredicateExpression {
        switch collection {
        case .keyPath, .subquery: break
        default:
            position -= 1
            throw error("a key path or SUBQUERY before \(function.rawValue)")
        }
        guard function != .count else {
            return .aggregate(.count, collection: collection, key: nil)
        }
        var key: [String] = []
        while accept(.symbol(".")) {
            guard case .identifier(let name) = current.kind, !name.hasPrefix("@") else {
                throw error("a key")
            }
            position += 1
            key.append(name)
        }
        guard !key.isEmpty else { throw error("\".\" and the key to \(function.rawValue)") }
        return .aggregate(function, collection: collection, key: key.joined(separator: "."))
    }

    /// One term, counted against the nesting depth: lists, `CAST`, `SUBQUERY` and
    /// parentheses all recurse through here.
    private mutating func parseTerm() throws(PredicateSyntaxError) -> PredicateExpression {
        try nested { parser throws(PredicateSyntaxError) in try parser.parseTermBody() }
    }

    private mutating func parseTermBody() throws(PredicateSyntaxError) -> PredicateExpression {
        let token = advance()
        switch token.kind {
        case .identifier(let name) where !name.hasPrefix("@"): return .keyPath(name)
        case .variable(let name): return .variable(name)
        case .string(let string): return .constant(.string(string))
        case .integer(let int): return .constant(.integer(int))
        case .double(let double): return .constant(.double(double))
        case .keyword("NIL"), .keyword("NULL"): return .constant(.null)
        case .keyword("YES"), .keyword("TRUE"): return .constant(.bool(true))
        case .keyword("NO"), .keyword("FALSE"): return .constant(.bool(false))
        case .keyword("SELF"): return .evaluatedObject
        case .keyword("CAST"): return .constant(try parseCast())
        case .keyword("SUBQUERY"): return try parseSubquery()
        case .symbol("{"): return try parseList()
        case .symbol("("):
            let expression = try parseExpression()
            guard accept(.symbol(")")) else { throw error("\")\"") }
            return expression
        case .argument(let kind): return try takeArgument(kind)
        default:
            position -= 1
            throw error("a key path or a value")
        }
    }

    /// `{a, b, …}`: a constant list, or a `.list` while `$variables` are in it.
    private mutating func parseList() throws(PredicateSyntaxError) -> PredicateExpression {
        var elements: [PredicateExpression] = []
        if accept(.symbol("}")) { return .constant(.list([])) }
        repeat {
            let start = position
            let element = try parseExpression()
            switch element {
            case .constant, .variable, .list: elements.append(element)
            default:
                position = start
                throw error("a constant or a $variable in the list")
            }
        } while accept(.symbol(","))
        guard accept(.symbol("}")) else { throw error("\"}\"") }
        return PredicateExpression.list(elements).folded
    }

    private mutating func parseCast() throws(PredicateSyntaxError) -> PredicateValue {
        guard accept(.symbol("(")) else { throw error("\"(\"") }
        let start = position
        let value = try parseTerm()
        guard accept(.symbol(",")) else { throw error("\",\"") }
        guard accept(.string("NSDate")) else { throw error("\"NSDate\"") }
        guard accept(.symbol(")")) else { throw error("\")\"") }
        switch value {
        case .constant(.integer(let seconds)):
            return .date(Date(timeIntervalSinceReferenceDate: Double(seconds)))
        case .constant(.double(let seconds)) where seconds.isFinite:
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case .constant(.date(let date)):
            return .date(date)
        default:
            position = start
            throw error("a number of seconds since 2001-01-01")
        }
    }

    /// `SUBQUERY(collection, $variable, predicate)`.
    private mutating func parseSubquery() throws(PredicateSyntaxError) -> PredicateExpression {
        guard accept(.symbol("(")) else { throw error("\"(\"") }
        let start = position
        guard case .keyPath(let collection) = try parseExpression() else {
            position = start
            throw error("a key path to a to-many relationship")
        }
        guard accept(.symbol(",")) else { throw error("\",\"") }
        guard case .variable(let variable) = current.kind else { throw error("a $variable") }
        position += 1
        guard accept(.symbol(",")) else { throw error("\",\"") }
        let predicate = try nested { parser throws(PredicateSyntaxError) in try parser.parseOr() }
        guard accept(.symbol(")")) else { throw error("\")\"") }
        return .subquery(collection: collection, variable: variable, predicate: predicate)
    }

    // MARK: - Arguments

    mutating func takeArgument(_ kind: Character) throws(PredicateSyntaxError)
        -> PredicateExpression
    {
        position -= 1
        guard !arguments.isEmpty else {
            throw error("an argument for %\(kind) (too few arguments)")
        }
        let argument = arguments.removeFirst()
        let value: PredicateExpression
        switch kind {
        case "K":
            guard let keyPath = argument as? String,
                keyPath.split(separator: ".", omittingEmptySubsequences: false)
                    .allSatisfy({ !$0.isEmpty })
            else {
                throw error("a String key path argument for %K")
            }
            value = keyPath == "SELF" ? .evaluatedObject : .keyPath(keyPath)
        case "d":
            guard case .integer(let int)? = PredicateValue(argument) else {
                throw error("an integer argument for %d")
            }
            value = .constant(.integer(int))
        case "f":
            guard let number = Self.double(argument) else {
                throw error("a floating-point argument for %f")
            }
            value = .constant(.double(number))
        case "c":
            guard let character = Self.character(argument) else {
                throw error("a character argument for %c")
            }
            value = .constant(.string(String(character)))
        default:
            guard let constant = PredicateValue(argument) else {
                throw error(
                    "an argument of a supported type for %@, not \(Self.typeName(argument))")
            }
            value = .constant(constant)
        }
        position += 1
        return value
    }

    private static func double(_ argument: Any?) -> Double? {
        switch PredicateValue(argument) {
        case .double(let double): return double
        case .integer(let int): return Double(int)
        default: return nil
        }
    }

    /// A `Character`, a one-character `String`, or an integer code point.
    private static func character(_ argument: Any?) -> Character? {
        if let character = argument as? Character { return character }
        if let string = argument as? String, string.count == 1 { return string.first }
        guard case .integer(let code)? = PredicateValue(argument),
            let scalar = UInt32(exactly: code).flatMap(Unicode.Scalar.init)
        else { return nil }
        return Character(scalar)
    }

    private static func typeName(_ argument: Any?) -> String {
        argument.map { String(describing: type(of: $0)) } ?? "nil"
    }
}
