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
}
