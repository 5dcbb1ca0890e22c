extension ManagedObjectModel {
    /// This model with its many-to-many join tables named as a store Core Data wrote
    /// names them (``StoreSchemaMatch``): both sides of each bound relationship read and
    /// write the store's table and columns. The model itself when nothing differs.
    ///
    /// Cost: one pass over the relationships when a name differs; nothing otherwise.
    func binding(joins: [JoinBinding]) -> ManagedObjectModel {
        let changed = joins.filter { $0.original != $0.bound }
        guard !changed.isEmpty else { return self }
        let entities = resolvedEntities.map { entity in
            entity.replacingRelationships { relationship in
                guard case .joinTable(let join) = relationship.storage else { return relationship }
                for binding in changed {
                    if join == binding.original {
                        return relationship.storing(.joinTable(binding.bound))
                    }
                    if join == binding.original.mirrored {
                        return relationship.storing(.joinTable(binding.bound.mirrored))
                    }
                }
                return relationship
            }
        }
        return ManagedObjectModel(model: self, resolvedEntities: entities)
    }
}
