import Foundation
import ObjectGraph

// Key paths: properties of model objects (through to-ones and to-manys), and `count` and
// `isEmpty` of to-many relationships.

extension PredicateExpressions.KeyPath: SQLTranslatable {
    func translate(_ translator: inout PredicateTranslator) throws -> TranslatedOperand {
        let base = try translator.operand(root)
        var branches: [TranslatedOperand.Branch] = []
        for branch in base.branches {
            guard case .path(let path) = branch.term else {
                throw translator.unsupported(self, "a key path on a computed value")
            }
            let term = try translator.extend(
                path, with: keyPath, rootType: Root.Output.self, valueType: Output.self,
                source: self)
            branches.append(.init(guardNode: branch.guardNode, term: term))
        }
        return TranslatedOperand(branches: branches)
    }
}

extension PredicateTranslator {
    /// `path` followed by `keyPath`, read on a `rootType` and giving a `valueType`.
    func extend(
        _ path: TranslatedPath, with keyPath: AnyKeyPath, rootType: Any.Type, valueType: Any.Type,
        source: any SwiftExpression
    ) throws -> TranslatedOperand.Term {
        if path.isToMany { return try member(of: path, valueType: valueType, source: source) }
        guard let modelType = rootType as? ManagedObject.Type else {
            throw unsupported(source, "a property of \(rootType), which is not a model class")
        }
        let names = KeyPathNames.names(of: keyPath, rootType: modelType)
        guard !names.isEmpty else {
            throw PredicateTranslationError.unsupportedKeyPath(
                keyPath: "\(keyPath)", model: modelName)
        }
        return .path(
            TranslatedPath(
                base: path.base, names: path.names + names,
                isToMany: KeyPathNames.isObjectCollection(valueType)))
    }

    /// `count` or `isEmpty` of a to-many relationship: `@count` in SQL.
    ///
    /// Swift key paths carry no names here, so the property is told by its type: the
    /// `Int` property of a relationship collection is its `count`, the `Bool` one its
    /// `isEmpty` (`underestimatedCount` equals `count` for these collections).
    private func member(
        of path: TranslatedPath, valueType: Any.Type, source: any SwiftExpression
    ) throws -> TranslatedOperand.Term {
        let count = GraphExpression.aggregate(.count, collection: path.expression, key: nil)
        if valueType == Int.self { return .expression(count) }
        if valueType == Bool.self {
            return .condition(
                .comparison(ObjectGraph.Comparison(count, .equal, .constant(.integer(0)))))
        }
        throw unsupported(
            source, "only count, isEmpty, contains and contains(where:) of a to-many")
    }
}
