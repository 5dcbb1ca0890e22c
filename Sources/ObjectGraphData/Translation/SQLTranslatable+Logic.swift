import Foundation
import ObjectGraph

// `&&`, `||`, `!`, `? :` and the leaves: constants and closure variables.

extension PredicateExpressions.Conjunction: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let terms = [try translator.condition(lhs), try translator.condition(rhs)]
        return TranslatedOperand(.condition(PredicateTranslator.and(terms)))
    }
}

extension PredicateExpressions.Disjunction: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let terms = [try translator.condition(lhs), try translator.condition(rhs)]
        return TranslatedOperand(.condition(PredicateTranslator.union(terms)))
    }
}

extension PredicateExpressions.Negation: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        TranslatedOperand(.condition(.not(try translator.condition(wrapped))))
    }
}

extension PredicateExpressions.Conditional: SQLTranslatable {
    /// `test ? a : b`: the branches of `a` under `test`, those of `b` under `!test`.
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let test = try translator.condition(self.test)
        let whenTrue = try translator.operand(trueBranch)
        let whenFalse = try translator.operand(falseBranch)
        func under(_ node: PredicateNode, _ operand: TranslatedOperand) -> [TranslatedOperand
            .Branch]
        {
            operand.branches.map { branch in
                .init(
                    guardNode: PredicateTranslator.and(
                        [node] + [branch.guardNode].compactMap { $0 }),
                    term: branch.term)
            }
        }
        return TranslatedOperand(branches: under(test, whenTrue) + under(.not(test), whenFalse))
    }
}

extension PredicateExpressions.Value: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        guard let constant = PredicateValue(flattening: value) else {
            throw PredicateTranslationError.unsupportedValue(
                type: String(describing: Output.self), model: translator.modelName)
        }
        return TranslatedOperand(.expression(.constant(constant)))
    }
}

extension PredicateExpressions.NilLiteral: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        TranslatedOperand(.expression(.constant(.null)))
    }
}

extension PredicateExpressions.Variable: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        guard let bound = translator.bindings[key] else {
            throw translator.unsupported(self, "a variable bound outside the predicate")
        }
        return bound
    }
}

/// Unwraps `Optional` values held as `Any`, so `Optional<String>.none` is `nil`.
private protocol OptionalValue {
    var wrappedAny: Any? { get }
}

extension Optional: OptionalValue {
    fileprivate var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): (wrapped as? any OptionalValue)?.wrappedAny ?? wrapped
        case .none: nil
        }
    }
}

extension PredicateValue {
    /// The constant for a predicate's captured value, optionals unwrapped (nil for a
    /// type SQL cannot bind).
    init?(flattening value: Any) {
        if let optional = value as? any OptionalValue {
            self.init(optional.wrappedAny)
        } else {
            self.init(value)
        }
    }
}
