import Foundation

/// An arithmetic operator of an expression (`likes + 1`, `price * quantity`).
package enum ArithmeticOperator: String, Hashable, Sendable {
    /// `+`, NSExpression's `add:to:`.
    case add = "+"
    /// `-`, `from:subtract:`; unary minus is `0 - x`.
    case subtract = "-"
    /// `*`, `multiply:by:`.
    case multiply = "*"
    /// `/`, `divide:by:`: always a floating-point division.
    case divide = "/"
}

/// Arithmetic on predicate values, with the answers SQLite gives the SQL the compiler
/// writes for it, so both paths agree: nil in, nil out; two integers give an integer,
/// computed as doubles when it would overflow (SQLite's rule for `+ - *`); anything
/// else is a double; `/` always divides as doubles (NSExpression's `divide:by:` gives a
/// floating-point result) and is nil for a zero divisor, as SQLite's is; a NaN result
/// is nil, as SQLite stores NaN as NULL.
///
/// Cost: constant.
package enum PredicateArithmetic {
    /// `lhs op rhs`; nil when either is nil or not a number.
    package static func apply(
        _ op: ArithmeticOperator, _ lhs: PredicateValue, _ rhs: PredicateValue
    ) -> PredicateValue {
        if op != .divide, let left = lhs.integerValue, let right = rhs.integerValue {
            let (result, overflow): (Int64, Bool)
            switch op {
            case .add: (result, overflow) = left.addingReportingOverflow(right)
            case .subtract: (result, overflow) = left.subtractingReportingOverflow(right)
            default: (result, overflow) = left.multipliedReportingOverflow(by: right)
            }
            if !overflow { return .integer(result) }
        }
        guard let left = real(lhs), let right = real(rhs) else { return .null }
        let result: Double
        switch op {
        case .add: result = left + right
        case .subtract: result = left - right
        case .multiply: result = left * right
        case .divide:
            guard right != 0 else { return .null }
            result = left / right
        }
        return result.isNaN ? .null : .double(result)
    }

    /// Whether a constant is a number arithmetic takes (nil included: it gives nil).
    package static func isNumber(_ value: PredicateValue) -> Bool {
        value == .null || real(value) != nil
    }

    private static func real(_ value: PredicateValue) -> Double? {
        switch value {
        case .double(let double): return double
        default: return value.integerValue.map(Double.init)
        }
    }
}
