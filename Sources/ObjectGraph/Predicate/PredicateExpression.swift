import SQLiteDB

/// One side of a comparison.
package indirect enum PredicateExpression: Hashable, Sendable {
    /// A key path such as `author.name`; it may start with a `$variable` of an
    /// enclosing `SUBQUERY` (`$p.title`).
    case keyPath(String)
    /// A constant.
    case constant(PredicateValue)
    /// `SELF`: the object being tested.
    case evaluatedObject
    /// `$name`: a substitution variable, or a `SUBQUERY` variable on its own.
    case variable(String)
    /// `collection.@count`, `collection.@sum.key` and the like.
    case aggregate(AggregateFunction, collection: PredicateExpression, key: String?)
    /// `SUBQUERY(collection, $variable, predicate)`: the members that match.
    case subquery(collection: String, variable: String, predicate: PredicateNode)
    /// `lhs + rhs`, `lhs - rhs`, `lhs * rhs`, `lhs / rhs`; unary minus is `0 - x`.
    case arithmetic(ArithmeticOperator, PredicateExpression, PredicateExpression)
    /// `{$LOW, $HIGH}`: a list still holding `$variables`, a constant list once
    /// they are substituted.
    case list([PredicateExpression])

    /// The expression with `$variables` replaced by constants from `values`; variables
    /// bound by a `SUBQUERY` are left alone.
    func substituting(_ values: [String: PredicateValue], bound: Set<String>) -> Self {
        switch self {
        case .variable(let name) where !bound.contains(name):
            return values[name].map { .constant($0) } ?? self
        case .aggregate(let function, let collection, let key):
            return .aggregate(
                function, collection: collection.substituting(values, bound: bound), key: key)
        case .subquery(let collection, let variable, let predicate):
            return .subquery(
                collection: collection, variable: variable,
                predicate: predicate.substituting(values, bound: bound.union([variable])))
        case .arithmetic(let op, let lhs, let rhs):
            return .arithmetic(
                op, lhs.substituting(values, bound: bound), rhs.substituting(values, bound: bound))
        case .list(let elements):
            return .list(elements.map { $0.substituting(values, bound: bound) }).folded
        default:
            return self
        }
    }
}

/// A collection operator of a key path.
package enum AggregateFunction: String, Hashable, Sendable, CaseIterable {
    /// `@count`: how many members (0 when empty).
    case count = "@count"
    /// `@sum`: the total of a key (0 when empty).
    case sum = "@sum"
    /// `@avg`: the mean of a key (nil when empty).
    case avg = "@avg"
    /// `@min`: the smallest value of a key (nil when empty).
    case min = "@min"
    /// `@max`: the largest value of a key (nil when empty).
    case max = "@max"

    /// The SQL aggregate, written so that an empty collection gives what memory gives.
    func sql(_ column: SQL) -> SQL {
        switch self {
        case .count: return "COUNT(\(column))"
        case .sum: return "IFNULL(SUM(\(column)), 0)"
        case .avg: return "AVG(\(column))"
        case .min: return "MIN(\(column))"
        case .max: return "MAX(\(column))"
        }
    }
}

extension PredicateNode {
    /// The predicate with `$variables` replaced by constants from `values`.
    func substituting(_ values: [String: PredicateValue], bound: Set<String> = []) -> Self {
        switch self {
        case .truePredicate, .falsePredicate: return self
        case .not(let inner): return .not(inner.substituting(values, bound: bound))
        case .and(let terms): return .and(terms.map { $0.substituting(values, bound: bound) })
        case .or(let terms): return .or(terms.map { $0.substituting(values, bound: bound) })
        case .comparison(var comparison):
            comparison.lhs = comparison.lhs.substituting(values, bound: bound)
            comparison.rhs = comparison.rhs.substituting(values, bound: bound)
            return .comparison(comparison)
        }
    }
}
