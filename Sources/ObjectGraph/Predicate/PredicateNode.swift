/// The syntax tree of a predicate.
///
/// Built by ``PredicateParser``, compiled to SQL by ``PredicateSQLCompiler`` and run in
/// memory by ``PredicateEvaluator``. Aggregates, `SUBQUERY`, `SELF` and variables are
/// ``PredicateExpression`` cases; `ANY`, `ALL` and `NONE` are a ``ComparisonModifier``.
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

/// One comparison: two expressions, an operator, its `[cd]` options and, for key paths
/// through to-many relationships, how the collection's values combine (`ANY`, `ALL`,
/// `NONE`).
package struct Comparison: Hashable, Sendable {
    /// The left side.
    package var lhs: PredicateExpression
    /// The operator.
    package var op: ComparisonOperator
    /// The right side.
    package var rhs: PredicateExpression
    /// `[c]` and `[d]`.
    package var options: StringMatching.Options
    /// `ANY`, `ALL`, `NONE`, or none.
    package var modifier: ComparisonModifier

    /// A comparison `modifier lhs op[options] rhs`.
    package init(
        _ lhs: PredicateExpression, _ op: ComparisonOperator, _ rhs: PredicateExpression,
        options: StringMatching.Options = [], modifier: ComparisonModifier = .direct
    ) {
        self.lhs = lhs
        self.op = op
        self.rhs = rhs
        self.options = options
        self.modifier = modifier
    }
}

/// How a comparison whose left side runs through a to-many combines the values.
package enum ComparisonModifier: String, Hashable, Sendable {
    /// A single value: no to-many on the way.
    case direct = ""
    /// `ANY` or `SOME`: at least one value satisfies the comparison.
    case any = "ANY"
    /// `ALL`: every value does (true for an empty collection).
    case all = "ALL"
    /// `NONE`: no value does.
    case none = "NONE"
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
    case matches = "MATCHES"
    case between = "BETWEEN"

    /// The string operator it runs as, for the string operators.
    package var stringOperator: StringMatching.Operator? {
        switch self {
        case .beginsWith: return .beginsWith
        case .endsWith: return .endsWith
        case .contains: return .contains
        case .like: return .like
        case .matches: return .matches
        default: return nil
        }
    }
}
