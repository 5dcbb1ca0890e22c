/// What a new ``ManagedObject`` instance is made with: its ID and context.
///
/// Only the engine makes one, so objects are made only where the engine registers them:
/// by a fetch, ``ManagedObjectContext/object(with:)``, ``ManagedObjectContext/insertNewObject(forEntityName:)``
/// or a typed subclass's `init(context:)`. Public only because ``ManagedObject``'s
/// required initializer takes it; hidden from the documentation.
///
/// It holds no reference count: the context and the probe are unretained, so making one
/// and handing it to the initializer copies plain words (a retained context and an
/// optional probe cost about 150 instructions per object made, in copies and releases
/// through the runtime's generic value witnesses). Whoever makes one keeps the context
/// or probe alive until the object is made: the engine makes objects for a context it is
/// running on, and a probe's maker holds the probe (`withExtendedLifetime` where it is
/// a temporary).
@_documentation(visibility: internal)
public struct ObjectCreation {
    let objectID: ObjectID
    let context: Unmanaged<ManagedObjectContext>?
    let probe: Unmanaged<PropertyProbe>?

    /// An object registered in `context`.
    init(objectID: ObjectID, context: ManagedObjectContext) {
        self.objectID = objectID
        self.context = Unmanaged.passUnretained(context)
        probe = nil
    }

    /// A probe instance that records the properties its key paths read; the caller
    /// keeps `probe` alive until the instance is made.
    init(probe: PropertyProbe) {
        objectID = ObjectID(temporaryFor: PropertyProbe.entity)
        context = nil
        self.probe = Unmanaged.passUnretained(probe)
    }
}

extension Entity {
    /// A new instance of the entity's class, registered nowhere yet.
    func makeObject(_ id: ObjectID, context: ManagedObjectContext) -> ManagedObject {
        objectClass.init(ObjectCreation(objectID: id, context: context))
    }
}
