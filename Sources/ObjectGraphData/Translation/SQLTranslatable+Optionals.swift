import Foundation
import ObjectGraph

// Optional chaining (`$0.author?.name`), `??` and `!`.

extension PredicateExpressions.OptionalFlatMap: SQLTranslatable {
    /// `wrapped?.transform`: the transform where `wrapped` is not nil, nil where it is,
    /// so `$0.author?.name != "a"` holds for a post without an author, as in Swift.
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let unwrapped = try translator.operand(wrapped)
        var branches: [TranslatedOperand.Branch] = []
        for branch in unwrapped.branches {
            let value = try translator.value(branch.term, of: self)
            translator.bind(variable.key, to: TranslatedOperand(branches: [branch]))
            let present = PredicateNode.comparison(
                ObjectGraph.Comparison(value, .notEqual, .constant(.null)))
            for inner in try translator.operand(transform).branches {
                let guards = [branch.guardNode, present, inner.guardNode].compactMap { $0 }
                branches.append(.init(guardNode: PredicateTranslator.and(guards), term: inner.term))
            }
            let absent = PredicateNode.comparison(
                ObjectGraph.Comparison(value, .equal, .constant(.null)))
            let guards = [branch.guardNode, absent].compactMap { $0 }
            branches.append(
                .init(
                    guardNode: PredicateTranslator.and(guards), term: .expression(.constant(.null)))
            )
        }
        return TranslatedOperand(branches: branches)
    }
}

extension PredicateExpressions.NilCoalesce: SQLTranslatable {
    /// `lhs ?? rhs`: `lhs` where it is not nil, `rhs` where it is.
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let left = try translator.operand(lhs)
        let right = try translator.operand(rhs)
        var branches: [TranslatedOperand.Branch] = []
        for branch in left.branches {
            let value = try translator.value(branch.term, of: self)
            if case .constant(.null) = value {
                branches += right.branches.map { inner in
                    .init(
                        guardNode: PredicateTranslator.and(
                            [branch.guardNode, inner.guardNode].compactMap { $0 }),
                        term: inner.term)
                }
                continue
            }
            let present = PredicateNode.comparison(
                ObjectGraph.Comparison(value, .notEqual, .constant(.null)))
            branches.append(
                .init(
                    guardNode: PredicateTranslator.and(
                        [branch.guardNode, present].compactMap { $0 }),
                    term: branch.term))
            let absent = PredicateNode.comparison(
                ObjectGraph.Comparison(value, .equal, .constant(.null)))
            for inner in right.branches {
                let guards = [branch.guardNode, absent, inner.guardNode].compactMap { $0 }
                branches.append(.init(guardNode: PredicateTranslator.and(guards), term: inner.term))
            }
        }
        return TranslatedOperand(branches: branches)
    }
}

extension PredicateExpressions.ForcedUnwrap: SQLTranslatable {
    /// `value!`: the value (a nil one would stop Swift's evaluation; in SQL it matches
    /// nothing but `== nil`).
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        try translator.operand(inner)
    }
}
