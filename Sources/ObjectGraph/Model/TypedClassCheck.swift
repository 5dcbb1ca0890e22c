/// Checks each entity's ``EntityDescription/managedObjectClass`` when the model is
/// built, so a wrong declaration fails at model load naming class and property, not at
/// first access: every `@Attribute` and `@Relationship` property must name a property
/// of the entity with a type that fits it, and a sub-entity's class must be its parent's
/// class or a subclass of it.
///
/// Cost: one probe instance and one `Mirror` walk per entity with a class of its own.
enum TypedClassCheck {
    /// The mistakes found in `entities` (resolved, in `Z_ENT` order).
    static func errors(in entities: [Entity]) -> [ModelError] {
        entities.flatMap { entity in errors(of: entity, in: entities) }
    }

    private static func errors(of entity: Entity, in entities: [Entity]) -> [ModelError] {
        var errors: [ModelError] = []
        let objectClass = entity.objectClass
        if let parentID = entity.parentID,
            !isSubclass(objectClass, of: entities[parentID - 1].objectClass)
        {
            errors.append(
                .invalidObjectClass(
                    entity: entity.name, objectClass: "\(objectClass)",
                    reason: "is not a subclass of its parent entity's class "
                        + "\(entities[parentID - 1].objectClass)"))
        }
        guard objectClass != ManagedObject.self else { return errors }
        let recorder = PropertyProbe()
        let probe = withExtendedLifetime(recorder) {
            objectClass.init(ObjectCreation(probe: recorder))
        }
        for (name, wrapper) in PropertyProbe.wrappers(of: probe) {
            let problem: String?
            if let property = entity.property(named: name) {
                let declaration = type(of: wrapper) as? any TypedPropertyDeclaration.Type
                problem = declaration?.mismatch(with: property, of: entity, in: entities)
            } else {
                problem = "entity \(entity.name) has no attribute or relationship \"\(name)\""
            }
            if let problem {
                errors.append(
                    .invalidTypedProperty(
                        objectClass: "\(objectClass)", property: name, entity: entity.name,
                        reason: problem))
            }
        }
        return errors
    }

    /// Whether `child` is `parent` or inherits from it.
    static func isSubclass(_ child: AnyClass, of parent: AnyClass) -> Bool {
        var current: AnyClass? = child
        while let candidate = current {
            if candidate == parent { return true }
            current = _getSuperclass(candidate)
        }
        return false
    }
}
