extension PredicateParser {
    // MARK: - Arithmetic

    /// `product (("+" | "-") product)*`: a comparison side. Constant operands fold at
    /// once (`1 + 1` is `2`), with the arithmetic both paths use.
    mutating func parseExpression() throws(PredicateSyntaxError) -> PredicateExpression {
        var expression = try parseProduct()
        while true {
            let op: ArithmeticOperator
            if accept(.symbol("+")) {
                op = .add
            } else if accept(.symbol("-")) {
                op = .subtract
            } else {
                return expression
            }
            expression = Self.combine(op, expression, try parseProduct())
        }
    }

    private mutating func parseProduct() throws(PredicateSyntaxError) -> PredicateExpression {
        var expression = try parseUnary()
        while true {
            let op: ArithmeticOperator
            if accept(.symbol("*")) {
                op = .multiply
            } else if accept(.symbol("/")) {
                op = .divide
            } else {
                return expression
            }
            expression = Self.combine(op, expression, try parseUnary())
        }
    }

    /// `-x` is `0 - x`, which SQLite and the evaluator compute alike (nil stays nil).
    private mutating func parseUnary() throws(PredicateSyntaxError) -> PredicateExpression {
        guard accept(.symbol("-")) else { return try parsePostfix() }
        let operand = try nested { parser throws(PredicateSyntaxError) in try parser.parseUnary() }
        return Self.combine(.subtract, .constant(.integer(0)), operand)
    }

    private static func combine(
        _ op: ArithmeticOperator, _ lhs: PredicateExpression, _ rhs: PredicateExpression
    ) -> PredicateExpression {
        if case .constant(let left) = lhs, case .constant(let right) = rhs,
            PredicateArithmetic.isNumber(left), PredicateArithmetic.isNumber(right)
        {
            return .constant(PredicateArithmetic.apply(op, left, right))
        }
        return .arithmetic(op, lhs, rhs)
    }

    /// Whether the `(` at the current token opens an expression (`(a + b) * 2 > 3`):
    /// true when an arithmetic or comparison operator, or a `.`, follows its `)`.
    func startsExpression() -> Bool {
        guard let close = closing[position], close + 1 < tokens.count else { return false }
        switch tokens[close + 1].kind {
        case .symbol(let symbol):
            return [
                "+", "-", "*", "/", ".", "==", "=", "!=", "<>", "<", "<=", "=<", ">", ">=", "=>",
            ]
            .contains(symbol)
        case .keyword(let word): return ComparisonOperator(rawValue: word) != nil
        default: return false
        }
    }
}
