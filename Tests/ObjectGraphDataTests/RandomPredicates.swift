import Foundation
import ObjectGraphData

/// Random `#Predicate`s over ``Note`` for the property test, built from the same
/// `PredicateExpressions` the macro expands to, with seeded constants.
struct RandomPredicates {
    typealias Expression = any StandardPredicateExpression<Bool>
    typealias Root = PredicateExpressions.Variable<Note>

    var generator: SplitMix64

    /// A predicate of at most `depth` levels of `&&`, `||` and `!` over random atoms.
    mutating func predicate(depth: Int) -> (Predicate<Note>, String) {
        var description = ""
        let shape = tree(depth: depth, description: &description)
        return (Predicate<Note> { root in shape(root) }, description)
    }

    private mutating func tree(depth: Int, description: inout String) -> (Root) -> Expression {
        let pick = depth == 0 ? 0 : Int(generator.next() % 4)
        switch pick {
        case 1, 2:
            var left = "", right = ""
            let lhs = tree(depth: depth - 1, description: &left)
            let rhs = tree(depth: depth - 1, description: &right)
            let isAnd = pick == 1
            description = "(\(left) \(isAnd ? "&&" : "||") \(right))"
            return { root in
                isAnd ? Self.and(lhs(root), rhs(root)) : Self.or(lhs(root), rhs(root))
            }
        case 3:
            var inner = ""
            let operand = tree(depth: depth - 1, description: &inner)
            description = "!\(inner)"
            return { root in Self.not(operand(root)) }
        default:
            return atom(&description)
        }
    }

    private mutating func atom(_ description: inout String) -> (Root) -> Expression {
        let score = Int64(generator.next() % 50)
        let name = ["ann", "bob", "cy"][Int(generator.next() % 3)]
        let title = ["alpha", "beta", "t1", "x"][Int(generator.next() % 4)]
        let count = Int(generator.next() % 3)
        let op = [
            PredicateExpressions.ComparisonOperator.lessThan, .lessThanOrEqual, .greaterThan,
            .greaterThanOrEqual,
        ][Int(generator.next() % 4)]
        switch generator.next() % 10 {
        case 0:
            description = "score \(op) \(score)"
            return { Atoms.score($0, op, score) }
        case 1:
            description = "score == \(score)"
            return { Atoms.scoreEquals($0, score) }
        case 2:
            description = "rating > \(Double(score) / 10)"
            return { Atoms.rating($0, Double(score) / 10) }
        case 3:
            description = "isDraft"
            return { Atoms.isDraft($0) }
        case 4:
            description = "title != \(title)"
            return { Atoms.titleNotEqual($0, title) }
        case 5:
            description = "(title ?? \"\").contains(\(title.prefix(1)))"
            return { Atoms.titleContains($0, String(title.prefix(1))) }
        case 6:
            description = "author?.name == \(name)"
            return { Atoms.authorName($0, name) }
        case 7:
            description = "labels.count == \(count)"
            return { Atoms.labelCount($0, count) }
        case 8:
            description = "labels.contains { name == \(name) }"
            return { Atoms.hasLabel($0, name) }
        default:
            description = "score * 2 + 1 \(op) \(score)"
            return { Atoms.arithmetic($0, op, score) }
        }
    }

    // MARK: - Combining existentials

    static func and(_ lhs: Expression, _ rhs: Expression) -> Expression {
        func open<L: StandardPredicateExpression<Bool>>(_ lhs: L) -> Expression {
            func open<R: StandardPredicateExpression<Bool>>(_ rhs: R) -> Expression {
                PredicateExpressions.build_Conjunction(lhs: lhs, rhs: rhs)
            }
            return open(rhs)
        }
        return open(lhs)
    }

    static func or(_ lhs: Expression, _ rhs: Expression) -> Expression {
        func open<L: StandardPredicateExpression<Bool>>(_ lhs: L) -> Expression {
            func open<R: StandardPredicateExpression<Bool>>(_ rhs: R) -> Expression {
                PredicateExpressions.build_Disjunction(lhs: lhs, rhs: rhs)
            }
            return open(rhs)
        }
        return open(lhs)
    }

    static func not(_ operand: Expression) -> Expression {
        func open<E: StandardPredicateExpression<Bool>>(_ operand: E) -> Expression {
            PredicateExpressions.build_Negation(operand)
        }
        return open(operand)
    }
}

/// A small seeded generator (SplitMix64), so a failing case can be replayed.
struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
