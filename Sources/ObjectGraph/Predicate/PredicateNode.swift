/// The syntax tree of a predicate.
///
/// Built by ``PredicateParser``, compiled to SQL by ``PredicateSQLCompiler`` and run in
/// memory by ``PredicateEvaluator``. The cases cover the core language; aggregates,
/// `ANY`/`ALL`, `SUBQUERY`, `BETWEEN` and variables extend ``PredicateExpression`` and
/// this enum without changing what exists.
package indirect enum PredicateNode: Hashable, Sendable {
    /// `TRUEPREDICATE`.
    case truePredicate
    /// `FALSEPREDICATE`.
    case falsePredicate
    /// `NOT p`.
    case not(PredicateNode)
    /// `p AND q AND …`.
    case and([PredicateNode])
    /// `p OR q OR …`.
    case or([PredicateNode])
    /// `lhs op rhs`.
    case comparison(Comparison)
}

/// One comparison: two expressions, an operator and its `[cd]` options.
package struct Comparison: Hashable, Sendable {
    /// The left side.
    package var lhs: PredicateExpression
    /// The operator.
    package var op: ComparisonOperator
    /// The right side.
    package var rhs: PredicateExpression
    /// `[c]` and `[d]`.
    package var options: StringMatching.Options

    /// A comparison `lhs op[options] rhs`.
    package init(
        _ lhs: PredicateExpression, _ op: ComparisonOperator, _ rhs: PredicateExpression,
        options: StringMatching.Options = []
    ) {
        self.lhs = lhs
        self.op = op
        self.rhs = rhs
        self.options = options
    }
}

/// One side of a comparison.
package enum PredicateExpression: Hashable, Sendable {
    /// A key path such as `author.name`.
    case keyPath(String)
    /// A constant.
    case constant(PredicateValue)
}

/// A comparison operator.
package enum ComparisonOperator: String, Hashable, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessOrEqual = "<="
    case greater = ">"
    case greaterOrEqual = ">="
    case `in` = "IN"
    case beginsWith = "BEGINSWITH"
    case endsWith = "ENDSWITH"
    case contains = "CONTAINS"
    case like = "LIKE"

    /// The operator with its sides swapped (`a < b` is `b > a`); nil when it has none.
    package var mirrored: ComparisonOperator? {
        switch self {
        case .equal, .notEqual: return self
        case .less: return .greater
        case .lessOrEqual: return .greaterOrEqual
        case .greater: return .less
        case .greaterOrEqual: return .lessOrEqual
        default: return nil
        }
    }

    /// The string operator it runs as, for the string operators.
    package var stringOperator: StringMatching.Operator? {
        switch self {
        case .beginsWith: return .beginsWith
        case .endsWith: return .endsWith
        case .contains: return .contains
        case .like: return .like
        default: return nil
        }
    }
}
