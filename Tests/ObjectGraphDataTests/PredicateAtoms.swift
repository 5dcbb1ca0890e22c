import Foundation
import ObjectGraphData

/// The atoms of ``RandomPredicates``, each the expression `#Predicate` expands to.
enum Atoms {
    typealias Root = PredicateExpressions.Variable<Note>
    typealias Expression = any StandardPredicateExpression<Bool>

    static func score(_ root: Root, _ op: PredicateExpressions.ComparisonOperator, _ value: Int64)
        -> Expression
    {
        PredicateExpressions.build_Comparison(
            lhs: PredicateExpressions.build_KeyPath(root: root, keyPath: \.score),
            rhs: PredicateExpressions.build_Arg(value), op: op)
    }

    static func scoreEquals(_ root: Root, _ value: Int64) -> Expression {
        PredicateExpressions.build_Equal(
            lhs: PredicateExpressions.build_KeyPath(root: root, keyPath: \.score),
            rhs: PredicateExpressions.build_Arg(value))
    }

    static func rating(_ root: Root, _ value: Double) -> Expression {
        PredicateExpressions.build_Comparison(
            lhs: PredicateExpressions.build_KeyPath(root: root, keyPath: \.rating),
            rhs: PredicateExpressions.build_Arg(value), op: .greaterThan)
    }

    static func isDraft(_ root: Root) -> Expression {
        PredicateExpressions.build_KeyPath(root: root, keyPath: \.isDraft)
    }

    static func titleNotEqual(_ root: Root, _ value: String) -> Expression {
        PredicateExpressions.build_NotEqual(
            lhs: PredicateExpressions.build_KeyPath(root: root, keyPath: \.title),
            rhs: PredicateExpressions.build_Arg(String?.some(value)))
    }

    static func titleContains(_ root: Root, _ value: String) -> Expression {
        PredicateExpressions.build_contains(
            PredicateExpressions.build_NilCoalesce(
                lhs: PredicateExpressions.build_KeyPath(root: root, keyPath: \.title),
                rhs: PredicateExpressions.build_Arg("")),
            PredicateExpressions.build_Arg(value))
    }

    static func authorName(_ root: Root, _ value: String) -> Expression {
        PredicateExpressions.build_Equal(
            lhs: PredicateExpressions.build_flatMap(
                PredicateExpressions.build_KeyPath(root: root, keyPath: \.author)
            ) { author in
                PredicateExpressions.build_KeyPath(root: author, keyPath: \.name)
            },
            rhs: PredicateExpressions.build_Arg(String?.some(value)))
    }

    static func labelCount(_ root: Root, _ value: Int) -> Expression {
        PredicateExpressions.build_Equal(
            lhs: PredicateExpressions.build_KeyPath(
                root: PredicateExpressions.build_KeyPath(root: root, keyPath: \.labels),
                keyPath: \.count),
            rhs: PredicateExpressions.build_Arg(value))
    }

    static func hasLabel(_ root: Root, _ value: String) -> Expression {
        PredicateExpressions.build_contains(
            PredicateExpressions.build_KeyPath(root: root, keyPath: \.labels)
        ) { label in
            PredicateExpressions.build_Equal(
                lhs: PredicateExpressions.build_KeyPath(root: label, keyPath: \.name),
                rhs: PredicateExpressions.build_Arg(String?.some(value)))
        }
    }

    static func arithmetic(
        _ root: Root, _ op: PredicateExpressions.ComparisonOperator, _ value: Int64
    ) -> Expression {
        PredicateExpressions.build_Comparison(
            lhs: PredicateExpressions.build_Arithmetic(
                lhs: PredicateExpressions.build_Arithmetic(
                    lhs: PredicateExpressions.build_KeyPath(root: root, keyPath: \.score),
                    rhs: PredicateExpressions.build_Arg(Int64(2)), op: .multiply),
                rhs: PredicateExpressions.build_Arg(Int64(1)), op: .add),
            rhs: PredicateExpressions.build_Arg(value), op: op)
    }
}
