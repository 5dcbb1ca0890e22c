extension Comparison {
    /// `collection CONTAINS value` read as NSPredicate reads it when the left side runs
    /// through a to-many: membership, that is `ANY collection == value`. Nil for every
    /// other comparison (a string `CONTAINS` among them). A leading `$variable` names
    /// `entity`'s object, as inside a `SUBQUERY`.
    ///
    /// Cost: one property lookup per key of the left side.
    func membership(from entity: Entity, in model: ManagedObjectModel) -> Comparison? {
        guard op == .contains, modifier == .direct, case .keyPath(let keyPath) = lhs else {
            return nil
        }
        var current = entity
        for key in keyPath.split(separator: ".").map(String.init) where !key.hasPrefix("$") {
            guard let relationship = current.relationship(named: key) else { return nil }
            if relationship.isToMany {
                return Comparison(lhs, .equal, rhs, options: options, modifier: .any)
            }
            current = model.entity(id: relationship.destinationID)
        }
        return nil
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
