extension ManagedObject {
    /// Inserts a new object of the entity this class is registered for, with a temporary
    /// ID and default values: `let post = Post(context: context)`.
    ///
    /// Cost: no SQL; the row is written by the next ``ManagedObjectContext/save()``.
    /// A class registered for no concrete entity, or for several, stops the program
    /// (say which with ``ManagedObjectContext/insertNewObject(forEntityName:)``).
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobject/1640602-init
    public convenience init(context: ManagedObjectContext) {
        context.checkQueue()
        let entity: Entity
        switch context.coordinator.model.entities(registering: Self.self) {
        case .one(let found): entity = found
        case .none:
            preconditionFailure(
                "\(Self.self) is not the managedObjectClass of a concrete entity of the model")
        case .several(let names):
            preconditionFailure(
                "\(Self.self) is the class of entities \(names.joined(separator: ", ")); use "
                    + "insertNewObject(forEntityName:) to say which")
        }
        self.init(ObjectCreation(objectID: ObjectID(temporaryFor: entity), context: context))
        _ = context.insert(self)
    }
}
