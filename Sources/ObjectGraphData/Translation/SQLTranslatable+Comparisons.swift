import Foundation
import ObjectGraph

// `==`, `!=`, `<`, `<=`, `>`, `>=`, and the string tests `contains` and `starts(with:)`.

extension PredicateExpressions.Equal: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        try translator.compare(lhs, .equal, rhs, source: self)
    }
}

extension PredicateExpressions.NotEqual: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        try translator.compare(lhs, .notEqual, rhs, source: self)
    }
}

extension PredicateExpressions.Comparison: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let op: ComparisonOperator =
            switch self.op {
            case .lessThan: .less
            case .lessThanOrEqual: .lessOrEqual
            case .greaterThan: .greater
            case .greaterThanOrEqual: .greaterOrEqual
            @unknown default: throw translator.unsupported(self, "an unknown comparison")
            }
        return try translator.compare(lhs, op, rhs, source: self)
    }
}

extension PredicateExpressions.CollectionContainsCollection: SQLTranslatable {
    /// `string.contains(other)`: CONTAINS, case- and diacritic-sensitive as Swift's.
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        guard Base.Output.self == String.self || Base.Output.self == Substring.self else {
            throw translator.unsupported(self, "contains(_:) of a collection that is not a String")
        }
        return try translator.compare(base, .contains, other, source: self)
    }
}

extension PredicateExpressions.SequenceStartsWith: SQLTranslatable {
    /// `string.starts(with: prefix)`: BEGINSWITH.
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        guard Base.Output.self == String.self || Base.Output.self == Substring.self else {
            throw translator.unsupported(self, "starts(with:) of a sequence that is not a String")
        }
        return try translator.compare(base, .beginsWith, prefix, source: self)
    }
}

extension PredicateTranslator {
    /// `lhs op rhs` over every pair of the operands' branches.
    mutating func compare(
        _ lhs: any SwiftExpression, _ op: ComparisonOperator, _ rhs: any SwiftExpression,
        options: StringMatching.Options = [], source: any SwiftExpression
    ) throws -> TranslatedOperand {
        let left = try operand(lhs)
        let right = try operand(rhs)
        let pairs = try Self.product(left, right) { a, b in
            let l = try value(a, of: source)
            let r = try value(b, of: source)
            return .condition(Self.fold(ObjectGraph.Comparison(l, op, r, options: options)))
        }
        return TranslatedOperand(
            .condition(
                Self.union(
                    pairs.branches.map { branch in
                        guard case .condition(let node) = branch.term else {
                            return .falsePredicate
                        }
                        return Self.guarded(node, by: branch.guardNode)
                    })))
    }

    /// A comparison of two constants decided now (the nil branch of an optional chain:
    /// `nil == "a"`); any other comparison unchanged.
    static func fold(_ comparison: Comparison) -> PredicateNode {
        guard case .constant(let l) = comparison.lhs, case .constant(let r) = comparison.rhs,
            l == .null || r == .null
        else { return .comparison(comparison) }
        switch comparison.op {
        case .equal: return l == r ? .truePredicate : .falsePredicate
        case .notEqual: return l != r ? .truePredicate : .falsePredicate
        default: return .falsePredicate
        }
    }
}
