extension ManagedObjectModel {
    /// The entities a class is registered for with ``EntityDescription/managedObjectClass``.
    package enum ClassEntities {
        case none
        case one(Entity)
        case several([String])
    }

    /// The entities (only concrete ones with `concreteOnly`) that name `objectClass` as
    /// their class.
    package func entities(registering objectClass: ManagedObject.Type, concreteOnly: Bool = true)
        -> ClassEntities
    {
        let found = resolvedEntities.filter { entity in
            !(concreteOnly && entity.isAbstract) && entity.objectClass == objectClass
                && entities.contains { $0.name == entity.name && $0.managedObjectClass != nil }
        }
        switch found.count {
        case 0: return .none
        case 1: return .one(found[0])
        default: return .several(found.map(\.name))
        }
    }
}
