import Foundation
import ObjectGraph

/// Foundation's expression protocol (what `#Predicate` builds).
typealias SwiftExpression = Foundation.PredicateExpression
/// ObjectGraph's predicate expression tree (what the SQL compiler takes).
typealias GraphExpression = ObjectGraph.PredicateExpression

/// What one `#Predicate` expression translates to: a value for a comparison, a
/// condition, or a key path still being extended, each possibly guarded.
///
/// Swift's optional chaining and `??` give values that depend on whether something is
/// nil; SQL's comparisons do not. An operand is therefore a list of branches, each
/// holding under its guard (`author == nil` or `author != nil`), and a comparison of two
/// operands is the OR over the pairs of branches (``PredicateTranslator/compare``).
struct TranslatedOperand {
    /// One case of the operand.
    struct Branch {
        /// When this branch applies; nil for always.
        var guardNode: PredicateNode?
        /// Its value.
        var term: Term
    }

    /// The value of a branch.
    enum Term {
        /// A key path from the predicate's object or from a collection variable
        /// (`$v1.name`), with the Swift type it reads.
        case path(TranslatedPath)
        /// An expression of ObjectGraph's predicate tree (a constant, an aggregate, …).
        case expression(GraphExpression)
        /// A Boolean condition.
        case condition(PredicateNode)
    }

    var branches: [Branch]

    init(_ term: Term) {
        branches = [Branch(guardNode: nil, term: term)]
    }

    init(branches: [Branch]) {
        self.branches = branches
    }

    /// The operand's only branch when it has no guard.
    var single: Term? {
        branches.count == 1 && branches[0].guardNode == nil ? branches[0].term : nil
    }
}

/// A key path of the translated predicate: where it starts and the property names it
/// reads.
struct TranslatedPath {
    /// The object the path starts from.
    enum Base: Equatable {
        /// The object the predicate tests.
        case evaluatedObject
        /// A `SUBQUERY` variable (the element of `contains(where:)`).
        case variable(String)
    }

    var base: Base
    var names: [String]
    /// Whether the last name is a to-many relationship (the path is a collection).
    var isToMany: Bool

    /// The path as ObjectGraph's expression: `author.name`, `$v1.title`, `SELF`, `$v1`.
    var expression: GraphExpression {
        switch base {
        case .evaluatedObject:
            names.isEmpty ? .evaluatedObject : .keyPath(names.joined(separator: "."))
        case .variable(let name):
            names.isEmpty
                ? .variable(name)
                : .keyPath((["$" + name] + names).joined(separator: "."))
        }
    }
}
