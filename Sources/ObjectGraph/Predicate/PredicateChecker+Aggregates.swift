extension PredicateChecker {
    /// `collection.@count`, `collection.@sum.key`, `SUBQUERY(…).@count`: the collection
    /// must end at a to-many reached through to-ones, the key at an attribute (a number
    /// for `@sum` and `@avg`), and a `SUBQUERY`'s predicate must check on the members.
    func aggregate(
        _ function: AggregateFunction, of collection: PredicateExpression, key: String?
    ) throws -> Side {
        let members: Entity
        let described: String
        switch collection {
        case .keyPath(let keyPath):
            members = try memberEntity(keyPath)
            described = keyPath
        case .subquery(let keyPath, let variable, let predicate):
            members = try memberEntity(keyPath)
            try PredicateChecker(model: model, root: members, variable: variable).check(predicate)
            described = "SUBQUERY(\(keyPath))"
        default:
            throw FetchError.unsupportedComparison("\(function.rawValue) of \(collection)")
        }
        guard let key else { return Side(kind: .attribute(.integer64), keyPath: described) }
        let memberChecker = PredicateChecker(model: model, root: members, variable: nil)
        let full = described + ".\(function.rawValue).\(key)"
        guard case .attribute(let type) = try memberChecker.resolve(key, throughToMany: false).0
        else {
            throw FetchError.typeMismatch(
                entity: root.name, keyPath: full, expected: "an attribute",
                actual: "a relationship")
        }
        if function == .sum || function == .avg, !type.isNumeric {
            throw FetchError.typeMismatch(
                entity: root.name, keyPath: full, expected: "a number",
                actual: type.swiftTypeName)
        }
        return Side(kind: .attribute(function == .avg ? .double : type), keyPath: described)
    }

    /// The entity of the members of a key path that ends at a to-many.
    private func memberEntity(_ keyPath: String) throws -> Entity {
        var prefix = keyPath.split(separator: ".", omittingEmptySubsequences: false)
            .map(String.init)
        let last = prefix.removeLast()
        var owner = root
        if !prefix.isEmpty {
            let (kind, _) = try resolve(prefix.joined(separator: "."), throughToMany: false)
            guard case .object(let entity) = kind else {
                throw FetchError.unknownKeyPath(entity: root.name, keyPath: keyPath)
            }
            owner = entity
        }
        guard let relationship = owner.relationship(named: last) else {
            throw owner.attribute(named: last) == nil
                ? FetchError.unknownKeyPath(entity: root.name, keyPath: keyPath)
                : FetchError.aggregateOnToOne(entity: root.name, keyPath: keyPath)
        }
        guard relationship.isToMany else {
            throw FetchError.aggregateOnToOne(entity: root.name, keyPath: keyPath)
        }
        return model.entity(id: relationship.destinationID)
    }
}
