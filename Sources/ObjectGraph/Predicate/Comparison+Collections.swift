extension Comparison {
    /// The comparison as NSPredicate reads it once the model says what a key path is;
    /// nil when it is read as written.
    ///
    /// - `collection CONTAINS value`, the left side through a to-many: membership, that
    ///   is `ANY collection == value` (a string `CONTAINS` is left alone).
    /// - `value IN keyPath`: `ANY keyPath == value` when the key path runs through a
    ///   to-many, and otherwise the string test `keyPath CONTAINS value` ("for strings,
    ///   returns true if the left hand side is a substring of the right hand side").
    ///
    /// A leading `$variable` names `entity`'s object, as inside a `SUBQUERY`.
    ///
    /// Cost: one property lookup per key of the key path.
    func resolved(from entity: Entity, in model: ManagedObjectModel) -> Comparison? {
        guard modifier == .direct else { return nil }
        switch (op, lhs, rhs) {
        case (.contains, .keyPath(let keyPath), _):
            guard Self.runsThroughToMany(keyPath, from: entity, in: model) else { return nil }
            return Comparison(lhs, .equal, rhs, options: options, modifier: .any)
        case (.in, _, .keyPath(let keyPath)):
            guard Self.runsThroughToMany(keyPath, from: entity, in: model) else {
                return Comparison(rhs, .contains, lhs, options: options)
            }
            return Comparison(rhs, .equal, lhs, options: options, modifier: .any)
        default:
            return nil
        }
    }

    private static func runsThroughToMany(
        _ keyPath: String, from entity: Entity, in model: ManagedObjectModel
    ) -> Bool {
        var current = entity
        for key in keyPath.split(separator: ".").map(String.init) where !key.hasPrefix("$") {
            guard let relationship = current.relationship(named: key) else { return false }
            if relationship.isToMany { return true }
            current = model.entity(id: relationship.destinationID)
        }
        return false
    }

    /// The key path of an `ANY`, `ALL` or `NONE` comparison, checked: the left side must
    /// be a key path and the right side a constant (a key path there would have to be
    /// read on the object, not on each member).
    ///
    /// - Throws: ``FetchError/unsupportedComparison(_:)`` otherwise.
    func collectionKeyPath() throws -> String {
        guard case .keyPath(let keyPath) = lhs else {
            throw FetchError.unsupportedComparison(
                "\(modifier.rawValue) needs a key path on the left")
        }
        if case .variable(let name) = rhs { throw FetchError.unboundVariable(name) }
        guard case .constant = rhs else {
            throw FetchError.unsupportedComparison(
                "\(modifier.rawValue) \(keyPath) \(op.rawValue) needs a constant on the right")
        }
        return keyPath
    }
}
