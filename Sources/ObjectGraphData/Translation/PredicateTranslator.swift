import Foundation
import ObjectGraph

/// Translates a `Foundation.Predicate` over a model class into ObjectGraph's predicate
/// tree, which ``FetchPredicate`` compiles with the same SQL compiler the format
/// strings use: every constant a bound parameter, every key path a column or a join.
///
/// The walk visits `predicate.expression`: each `PredicateExpressions` type this module
/// supports conforms to ``SQLTranslatable``; any other type is a
/// ``PredicateTranslationError`` naming it, never an in-memory filter.
///
/// Cost: linear in the size of the expression tree; each key path's property names are
/// found once per process (``KeyPathNames``).
struct PredicateTranslator {
    /// The model class the predicate tests, for key path resolution and messages.
    let modelName: String
    /// What each closure variable stands for: the tested object, a collection member
    /// (`SUBQUERY` variable), or the unwrapped value of an optional chain.
    private(set) var bindings: [PredicateExpressions.VariableID: TranslatedOperand] = [:]
    private var nextVariable = 1

    init<Model: ManagedObject>(_ predicate: Predicate<Model>) {
        modelName = String(describing: Model.self)
        bindings[predicate.variable.key] = TranslatedOperand(
            .path(TranslatedPath(base: .evaluatedObject, names: [], isToMany: false)))
    }

    /// The ObjectGraph predicate for `predicate`.
    ///
    /// - Throws: ``PredicateTranslationError`` for an expression, constant or key path
    ///   with no SQL form.
    static func fetchPredicate<Model: ManagedObject>(_ predicate: Predicate<Model>) throws
        -> FetchPredicate
    {
        var translator = PredicateTranslator(predicate)
        let node = try translator.condition(predicate.expression)
        var translated = FetchPredicate(root: node, format: "#Predicate<\(Model.self)>")
        // Optional chaining keeps an object whose to-one is nil (the branches test for
        // nil themselves), so to-ones are left-joined.
        translated.joinsToOneOuter = true
        return translated
    }

    // MARK: - Walking

    /// The operand `expression` translates to.
    mutating func operand(_ expression: any SwiftExpression) throws -> TranslatedOperand {
        guard let translatable = expression as? any SQLTranslatable else {
            throw unsupported(expression, "not an expression this translator knows")
        }
        return try translatable.translate(&self)
    }

    /// `expression` as a condition: a Boolean value `v` becomes `v == YES`.
    mutating func condition(_ expression: any SwiftExpression) throws -> PredicateNode {
        let translated = try operand(expression)
        return Self.union(
            translated.branches.map { branch in
                let node: PredicateNode
                switch branch.term {
                case .condition(let inner): node = inner
                case .path(let path):
                    node = .comparison(
                        ObjectGraph.Comparison(path.expression, .equal, .constant(.bool(true))))
                case .expression(.constant(.bool(let value))):
                    node = value ? .truePredicate : .falsePredicate
                case .expression(let value):
                    node = .comparison(
                        ObjectGraph.Comparison(value, .equal, .constant(.bool(true))))
                }
                return Self.guarded(node, by: branch.guardNode)
            })
    }

    /// The ObjectGraph expression of a value operand, without branches.
    func value(_ term: TranslatedOperand.Term, of source: any SwiftExpression)
        throws -> GraphExpression
    {
        switch term {
        case .path(let path): return path.expression
        case .expression(let expression): return expression
        case .condition:
            throw unsupported(source, "a Boolean condition used as a value")
        }
    }

    /// A fresh `SUBQUERY` variable name bound to `id`.
    mutating func bindMember(_ id: PredicateExpressions.VariableID) -> String {
        let name = freshVariable()
        bindings[id] = TranslatedOperand(
            .path(TranslatedPath(base: .variable(name), names: [], isToMany: false)))
        return name
    }

    /// A `SUBQUERY` variable name not used yet in this predicate.
    mutating func freshVariable() -> String {
        defer { nextVariable += 1 }
        return "v\(nextVariable)"
    }

    /// Binds an optional chain's variable to the operand it unwraps.
    mutating func bind(_ id: PredicateExpressions.VariableID, to operand: TranslatedOperand) {
        bindings[id] = operand
    }

    // MARK: - Errors

    func unsupported(_ expression: any SwiftExpression, _ reason: String)
        -> PredicateTranslationError
    {
        .unsupportedExpression(
            expression: String(describing: type(of: expression)), model: modelName,
            reason: reason)
    }

    // MARK: - Combining branches

    /// `node` under `guardNode`.
    static func guarded(_ node: PredicateNode, by guardNode: PredicateNode?) -> PredicateNode {
        guard let guardNode else { return node }
        return and([guardNode, node])
    }

    /// The conjunction, flattened, with constant terms folded (a branch whose guard
    /// cannot hold disappears).
    static func and(_ terms: [PredicateNode]) -> PredicateNode {
        let flat = terms.flatMap { term -> [PredicateNode] in
            if case .and(let inner) = term { return inner }
            return [term]
        }
        if flat.contains(.falsePredicate) { return .falsePredicate }
        let kept = flat.filter { $0 != .truePredicate }
        return kept.isEmpty ? .truePredicate : kept.count == 1 ? kept[0] : .and(kept)
    }

    /// The disjunction of branch conditions, flattened, with constant terms folded.
    static func union(_ terms: [PredicateNode]) -> PredicateNode {
        let flat = terms.flatMap { term -> [PredicateNode] in
            if case .or(let inner) = term { return inner }
            return [term]
        }
        if flat.contains(.truePredicate) { return .truePredicate }
        let kept = flat.filter { $0 != .falsePredicate }
        return kept.isEmpty ? .falsePredicate : kept.count == 1 ? kept[0] : .or(kept)
    }

    /// Combines every branch of `lhs` with every branch of `rhs`: the guards are
    /// conjoined and `combine` makes the term.
    static func product(
        _ lhs: TranslatedOperand, _ rhs: TranslatedOperand,
        _ combine: (TranslatedOperand.Term, TranslatedOperand.Term) throws -> TranslatedOperand.Term
    ) rethrows -> TranslatedOperand {
        var branches: [TranslatedOperand.Branch] = []
        for left in lhs.branches {
            for right in rhs.branches {
                let guards = [left.guardNode, right.guardNode].compactMap { $0 }
                branches.append(
                    .init(
                        guardNode: guards.isEmpty ? nil : and(guards),
                        term: try combine(left.term, right.term)))
            }
        }
        return TranslatedOperand(branches: branches)
    }
}

/// A `PredicateExpressions` type the translator can express in SQL.
protocol SQLTranslatable {
    /// What the expression translates to, with its operands translated by `translator`.
    ///
    /// - Throws: ``PredicateTranslationError``.
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand
}
