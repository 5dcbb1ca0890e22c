import Foundation
import ObjectGraph

// `array.contains(value)` (IN), `relationship.contains(object)`, and
// `relationship.contains(where:)` / `allSatisfy` as `SUBQUERY(…).@count`.

extension PredicateExpressions.SequenceContains: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let collection = try translator.operand(sequence)
        if case .path(let path)? = collection.single, path.isToMany {
            // relationship.contains(object): a member equal to the object.
            let name = translator.freshVariable()
            let member = try translator.operand(element)
            guard case .expression(let object)? = member.single else {
                throw translator.unsupported(self, "contains(_:) of a to-many with a computed element")
            }
            let test = PredicateNode.comparison(ObjectGraph.Comparison(.variable(name), .equal, object))
            return TranslatedOperand(.condition(PredicateTranslator.exists(path, name, test)))
        }
        guard case .expression(.constant(let list))? = collection.single,
            case .list = list
        else {
            throw translator.unsupported(self, "contains(_:) of a collection that is not a constant array or a to-many")
        }
        return try translator.compare(element, .in, sequence, source: self)
    }
}

extension PredicateExpressions.SequenceContainsWhere: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let (path, name) = try translator.members(of: sequence, variable: variable.key, source: self)
        let test = try translator.condition(self.test)
        return TranslatedOperand(
            .condition(PredicateTranslator.exists(path, name, test)))
    }
}

extension PredicateExpressions.SequenceAllSatisfy: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let (path, name) = try translator.members(of: sequence, variable: variable.key, source: self)
        let test = try translator.condition(self.test)
        let failing = GraphExpression.aggregate(
            .count, collection: .subquery(collection: path.expressionText, variable: name, predicate: .not(test)),
            key: nil)
        return TranslatedOperand(
            .condition(.comparison(ObjectGraph.Comparison(failing, .equal, .constant(.integer(0))))))
    }
}

extension PredicateTranslator {
    /// `SUBQUERY(path, $name, test).@count > 0`.
    static func exists(_ path: TranslatedPath, _ name: String, _ test: PredicateNode) -> PredicateNode {
        let matching = GraphExpression.aggregate(
            .count, collection: .subquery(collection: path.expressionText, variable: name, predicate: test),
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
            throw unsupported(source, "contains(where:) or allSatisfy of something other than a to-many relationship")
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
