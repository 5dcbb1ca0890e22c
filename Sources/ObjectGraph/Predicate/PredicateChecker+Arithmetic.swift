extension PredicateChecker {
    /// `lhs op rhs`: both sides numbers (numeric attributes, numeric constants or nil);
    /// an integer when both are integral and `op` is not `/`, as the SQL computes it.
    func arithmetic(
        _ op: ArithmeticOperator, _ lhs: PredicateExpression, _ rhs: PredicateExpression,
        text: String
    ) throws -> Side {
        let left = try side(lhs)
        let right = try side(rhs)
        if case .constant(let leftValue) = left.kind, case .constant(let rightValue) = right.kind {
            let value = PredicateArithmetic.apply(op, leftValue, rightValue)
            return Side(constant: value)
        }
        var isIntegral = op != .divide
        for operand in [left, right] {
            switch operand.kind {
            case .attribute(let type) where type.isNumeric:
                if type == .double || type == .float { isIntegral = false }
            case .constant(let value) where PredicateArithmetic.isNumber(value):
                if case .double = value { isIntegral = false }
            case .constant(let value):
                throw numberMismatch(operand, actual: value.description)
            case .attribute(let type):
                throw numberMismatch(operand, actual: type.swiftTypeName)
            case .object(let entity):
                throw numberMismatch(operand, actual: entity.name)
            }
        }
        return Side(kind: .attribute(isIntegral ? .integer64 : .double), keyPath: text)
    }

    private func numberMismatch(_ side: Side, actual: String) -> FetchError {
        .typeMismatch(
            entity: root.name, keyPath: side.keyPath, expected: "a number", actual: actual)
    }
}
