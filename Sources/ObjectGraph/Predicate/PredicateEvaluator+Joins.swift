extension PredicateEvaluator {
    /// Whether `object` satisfies `node` as a fetch decides it: besides the predicate
    /// itself, every to-one the SQL reaches through an inner JOIN must be there. Core
    /// Data joins `author` for `author.name == 'x'`, so a post without an author is not
    /// fetched even by `author.name != 'x'` or `… OR title == 'y'`; memory agrees.
    ///
    /// The predicate is first checked against the model (``PredicateChecker``), so it
    /// fails with the error the fetch gives whatever this object holds; a caller testing
    /// many objects of one entity checks once and passes `checked`.
    ///
    /// Cost: a walk of the predicate and one to-one read per joined key before the
    /// evaluation itself.
    ///
    /// - Throws: ``FetchError`` from the check, or as ``evaluate(_:on:variables:)``.
    static func matches(_ node: PredicateNode, on object: ManagedObject, checked: Bool = false)
        throws -> Bool
    {
        guard let model = object.managedObjectContext?.coordinator.model else {
            return try evaluate(node, on: object)
        }
        if !checked {
            try PredicateChecker(model: model, root: object.entity, variable: nil).check(node)
        }
        for keys in joinedPaths(of: node) where try !joinsHold(keys, from: object, model) {
            return false
        }
        return try evaluate(node, on: object)
    }

    /// Whether each to-one the planner joins for `keys` is set: every to-one hop but the
    /// one followed by a to-many (its key column is what the subquery correlates with).
    private static func joinsHold(
        _ keys: [String], from object: ManagedObject, _ model: ManagedObjectModel
    ) throws -> Bool {
        var current = object
        for (index, key) in keys.enumerated().dropLast() {
            guard let relationship = current.entity.relationship(named: key),
                !relationship.isToMany
            else { return true }
            let destination = model.entity(id: relationship.destinationID)
            if destination.relationship(named: keys[index + 1])?.isToMany == true { return true }
            guard let next = try current.checkedValue(forKey: key) as? ManagedObject else {
                return false
            }
            current = next
        }
        return true
    }

    /// The key paths the statement's planner resolves: those compared at the top level
    /// (not inside a subquery) and the collections of top-level aggregates.
    private static func joinedPaths(of node: PredicateNode) -> [[String]] {
        switch node {
        case .truePredicate, .falsePredicate: return []
        case .not(let inner): return joinedPaths(of: inner)
        case .and(let terms), .or(let terms): return terms.flatMap(joinedPaths(of:))
        case .comparison(let comparison):
            return [comparison.lhs, comparison.rhs].flatMap(keyPaths(of:)).compactMap { path in
                let keys = path.split(separator: ".").map(String.init)
                return keys.count > 1 && !path.hasPrefix("$") ? keys : nil
            }
        }
    }

    private static func keyPaths(of expression: PredicateExpression) -> [String] {
        switch expression {
        case .keyPath(let path): return [path]
        case .aggregate(_, .keyPath(let path), _): return [path]
        case .aggregate(_, .subquery(let path, _, _), _): return [path]
        case .arithmetic(_, let lhs, let rhs): return keyPaths(of: lhs) + keyPaths(of: rhs)
        default: return []
        }
    }
}
