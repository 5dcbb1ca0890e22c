import Foundation
import ObjectGraph

// `array.contains(value)` (IN), and `relationship.contains(where:)` / `allSatisfy` as
// `SUBQUERY(…).@count`. (`relationship.contains(object)` cannot be written: a
// `#Predicate` constant must be Codable, and model objects are not.)

extension PredicateExpressions.SequenceContains: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let collection = try translator.operand(sequence)
        guard case .expression(.constant(let list))? = collection.single,
            case .list = list
        else {
            throw translator.unsupported(
                self, "contains(_:) of a collection that is not a constant array")
        }
        return try translator.compare(element, .in, sequence, source: self)
    }
}

extension PredicateExpressions.SequenceContainsWhere: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let (path, name) = try translator.members(
            of: sequence, variable: variable.key, source: self)
        let test = try translator.condition(self.test)
        return TranslatedOperand(
            .condition(PredicateTranslator.exists(path, name, test)))
    }
}

extension PredicateExpressions.SequenceAllSatisfy: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let (path, name) = try translator.members(
            of: sequence, variable: variable.key, source: self)
        let test = try translator.condition(self.test)
        let failing = GraphExpression.aggregate(
            .count,
            collection: .subquery(
                collection: path.expressionText, variable: name, predicate: .not(test)),
            key: nil)
        return TranslatedOperand(
            .condition(.comparison(ObjectGraph.Comparison(failing, .equal, .constant(.integer(0)))))
        )
    }
}

extension PredicateTranslator {
    /// `SUBQUERY(path, $name, test).@count > 0`.
    static func exists(_ path: TranslatedPath, _ name: String, _ test: PredicateNode)
        -> PredicateNode
    {
        let matching = GraphExpression.aggregate(
            .count,
            collection: .subquery(collection: path.expressionText, variable: name, predicate: test),
            key: nil)
        return .comparison(ObjectGraph.Comparison(matching, .greater, .constant(.integer(0))))
    }
}

extension PredicateTranslator {
    /// The to-many `sequence` reads, with `variable` bound to its members.
    mutating func members(
        of sequence: any SwiftExpression, variable: PredicateExpressions.VariableID,
        source: any SwiftExpression
    ) throws -> (TranslatedPath, String) {
        guard case .path(let path)? = try operand(sequence).single, path.isToMany else {
            throw unsupported(
                source,
                "contains(where:) or allSatisfy of something other than a to-many relationship")
        }
        return (path, bindMember(variable))
    }
}

extension TranslatedPath {
    /// The key path as the text a `SUBQUERY`'s collection takes.
    var expressionText: String {
        switch base {
        case .evaluatedObject: names.joined(separator: ".")
        case .variable(let name): (["$" + name] + names).joined(separator: ".")
        }
    }
}
