import Foundation
import ObjectGraph

// `+`, `-`, `*`, `/` of floating-point values and unary `-`; integer `/` is refused.

extension PredicateExpressions.Arithmetic: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let op: ArithmeticOperator =
            switch self.op {
            case .add: .add
            case .subtract: .subtract
            case .multiply: .multiply
            @unknown default: throw translator.unsupported(self, "an unknown operator")
            }
        return try translator.arithmetic(op, lhs, rhs, source: self)
    }
}

extension PredicateExpressions.IntDivision: SQLTranslatable {
    /// Refused: the SQL compiler divides in floating point, as `NSExpression` does,
    /// while Swift's integer division truncates (`30 / 20` is 1, not 1.5).
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        throw translator.unsupported(
            self, "SQL divides integers in floating point; Swift truncates. Divide Doubles")
    }
}

extension PredicateExpressions.FloatDivision: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        try translator.arithmetic(.divide, lhs, rhs, source: self)
    }
}

extension PredicateExpressions.UnaryMinus: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let inner = try translator.operand(wrapped)
        return try PredicateTranslator.product(
            TranslatedOperand(.expression(.constant(.integer(0)))), inner
        ) { zero, value in
            .expression(
                .arithmetic(
                    .subtract, try translator.value(zero, of: self),
                    try translator.value(value, of: self)))
        }
    }
}

extension PredicateTranslator {
    /// `lhs op rhs` over every pair of the operands' branches.
    mutating func arithmetic(
        _ op: ArithmeticOperator, _ lhs: any SwiftExpression, _ rhs: any SwiftExpression,
        source: any SwiftExpression
    ) throws -> TranslatedOperand {
        let left = try operand(lhs)
        let right = try operand(rhs)
        return try Self.product(left, right) { a, b in
            .expression(.arithmetic(op, try value(a, of: source), try value(b, of: source)))
        }
    }
}
