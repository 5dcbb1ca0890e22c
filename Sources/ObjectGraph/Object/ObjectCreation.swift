/// What a new ``ManagedObject`` instance is made with: its ID and context.
///
/// Only the engine makes one, so objects are made only where the engine registers them:
/// by a fetch, ``ManagedObjectContext/object(with:)``, ``ManagedObjectContext/insertNewObject(forEntityName:)``
/// or a typed subclass's `init(context:)`. Public only because ``ManagedObject``'s
/// required initializer takes it; hidden from the documentation.
@_documentation(visibility: internal)
public struct ObjectCreation {
    let objectID: ObjectID
    let context: ManagedObjectContext?
    let probe: PropertyProbe?

    /// An object registered in `context`.
    init(objectID: ObjectID, context: ManagedObjectContext) {
        self.objectID = objectID
        self.context = context
        probe = nil
    }

    /// A probe instance that records the properties its key paths read.
    init(probe: PropertyProbe) {
        objectID = ObjectID(temporaryFor: PropertyProbe.entity)
        context = nil
        self.probe = probe
    }
}

extension Entity {
    /// A new instance of the entity's class, registered nowhere yet.
    func makeObject(_ id: ObjectID, context: ManagedObjectContext) -> ManagedObject {
        objectClass.init(ObjectCreation(objectID: id, context: context))
    }
}
