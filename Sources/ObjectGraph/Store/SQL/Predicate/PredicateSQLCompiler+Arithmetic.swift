import SQLiteDB

extension PredicateSQLCompiler {
    /// `lhs op rhs` as an SQL expression: `(t0.ZLIKES + ?)`, and for `/` a division as
    /// doubles, `(CAST(t0.ZPRICE AS REAL) / ?)`, so SQLite computes what
    /// ``PredicateArithmetic`` computes (nil for a zero divisor, doubles on overflow).
    /// Two constants fold to one.
    ///
    /// - Throws: ``FetchError/typeMismatch(entity:keyPath:expected:actual:)`` for an
    ///   operand that is not a number.
    mutating func arithmetic(
        _ op: ArithmeticOperator, _ lhs: PredicateExpression, _ rhs: PredicateExpression
    ) throws -> Operand {
        let left = try operand(lhs)
        let right = try operand(rhs)
        if case .constant(let leftValue) = left.kind, case .constant(let rightValue) = right.kind {
            let value = PredicateArithmetic.apply(op, leftValue, rightValue)
            return Operand(constant: value)
        }
        let (leftSQL, rightSQL) = (try number(left), try number(right))
        let text = PredicateExpression.arithmetic(op, lhs, rhs).text
        guard op != .divide else {
            return Operand(
                sql: "(CAST(\(leftSQL) AS REAL) / \(rightSQL))", kind: .attribute(.double),
                keyPath: text)
        }
        let isIntegral = Self.isIntegral(left) && Self.isIntegral(right)
        return Operand(
            sql: "(\(leftSQL) \(raw: op.rawValue) \(rightSQL))",
            kind: .attribute(isIntegral ? .integer64 : .double), keyPath: text)
    }

    /// A numeric operand's SQL: a column or subquery as is, a constant bound.
    private func number(_ side: Operand) throws -> SQL {
        switch side.kind {
        case .attribute(let type) where type.isNumeric: return side.sql
        case .constant(.null): return "\(SQLiteValue.null)"
        case .constant(.integer(let int)): return "\(SQLiteValue.integer(int))"
        case .constant(.bool(let bool)): return "\(SQLiteValue.integer(bool ? 1 : 0))"
        case .constant(.double(let double)): return "\(SQLiteValue.real(double))"
        case .constant(let value):
            throw numberMismatch(side, actual: value.description)
        case .attribute(let type):
            throw numberMismatch(side, actual: type.swiftTypeName)
        case .object(let entity):
            throw numberMismatch(side, actual: entity.name)
        }
    }

    private func numberMismatch(_ side: Operand, actual: String) -> FetchError {
        .typeMismatch(
            entity: planner.root.name, keyPath: side.keyPath, expected: "a number", actual: actual)
    }

    private static func isIntegral(_ side: Operand) -> Bool {
        switch side.kind {
        case .attribute(let type): return type != .double && type != .float
        case .constant(.double): return false
        default: return true
        }
    }
}
