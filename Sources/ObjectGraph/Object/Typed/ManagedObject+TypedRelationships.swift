extension ManagedObject {
    /// A typed relationship read: hands `body` how many objects the relationship holds
    /// now and a function giving the object at each offset (the to-one's object, a fault
    /// when not registered, or the to-many's members, the relationship fault fired the
    /// first time), for ``RelationshipValue/make(count:member:)`` to build its value.
    ///
    /// Each member is looked up (or made and registered as a fault) as `body` asks for
    /// it and handed over owned, so the value is built with no intermediate array and no
    /// retain and release per member. `body` asks for each offset once.
    @usableFromInline
    func withTypedRelationship(_ index: Int, _ body: (Int, (Int) -> ManagedObject) -> Void) {
        do {
            let context = try confinedContext()
            noteAuditedRead(entity.attributes.count + index)
            // The relationship is read in place, not copied out (its names are strings).
            if !entity.relationships[index].isToMany {
                guard let object = try toOneObject(index) else {
                    return body(0) { _ in preconditionFailure("no member") }
                }
                return body(1) { _ in object }
            }
            try loadToMany(index)
            // Read from the IDs' own buffer: no ID copied out per member.
            toMany[index]!.current.withUnsafeBufferPointer { ids in
                body(ids.count) { context.registeredObject(ids[$0]) }
            }
        } catch {
            preconditionFailure("\(entity.name).\(entity.relationships[index].name): \(error)")
        }
    }

    /// A typed relationship write, inverses kept on both sides.
    @usableFromInline
    func setTypedRelationship(_ objects: [ManagedObject], at index: Int) {
        let relationship = entity.relationships[index]
        do {
            let context = try confinedContext()
            if recordsBatchRowRelationship(index) { return }
            for object in objects where object.managedObjectContext !== context {
                throw KeyValueError.differentContext(entity: entity.name, key: relationship.name)
            }
            if relationship.isToMany {
                try replaceToMany(index, with: objects)
            } else {
                try setToOne(index, to: objects.first)
            }
        } catch {
            preconditionFailure("\(entity.name).\(relationship.name): \(error)")
        }
    }
}

/// Typed conveniences whose signatures name the receiver's own class (`Self`), which a
/// class's methods cannot do: fetch requests and to-many edits by key path.
public protocol TypedManagedObject: AnyObject {}

extension ManagedObject: TypedManagedObject {}

extension TypedManagedObject where Self: ManagedObject {
    /// A request for this class's entity: `let posts = try context.fetch(Post.fetchRequest())`.
    ///
    /// The entity is the one the model registers this class for (its name when
    /// unregistered); the fetch fails if none or several are.
    public static func fetchRequest() -> FetchRequest<Self> {
        FetchRequest<Self>()
    }

    /// Adds `member` to the to-many at `keyPath` and sets the inverse on `member`,
    /// without copying the set: `try post.add(tag, to: \.tags)`.
    ///
    /// Cost: no SQL for a one-to-many; a many-to-many not yet read runs its one SELECT.
    ///
    /// - Parameters:
    ///   - member: The object to add, in the same context.
    ///   - keyPath: A `@Relationship` to-many property of this class.
    /// - Throws: ``KeyValueError`` when `keyPath` is not a typed to-many property or
    ///   `member` belongs to another context.
    public func add<Member: ManagedObject, Members: RelationshipValue>(
        _ member: Member, to keyPath: KeyPath<Self, Members>
    ) throws {
        try addObject(member, toRelationship: try Self.relationshipName(keyPath))
    }

    /// Removes `member` from the to-many at `keyPath` and clears the inverse on it.
    ///
    /// - Parameters:
    ///   - member: The object to remove.
    ///   - keyPath: A `@Relationship` to-many property of this class.
    /// - Throws: ``KeyValueError`` when `keyPath` is not a typed to-many property.
    public func remove<Member: ManagedObject, Members: RelationshipValue>(
        _ member: Member, from keyPath: KeyPath<Self, Members>
    ) throws {
        try removeObject(member, fromRelationship: try Self.relationshipName(keyPath))
    }

    private static func relationshipName<Members>(_ keyPath: KeyPath<Self, Members>) throws
        -> String
    {
        let names = PropertyProbe.names(of: keyPath)
        guard names.count == 1, let name = names.first else {
            throw KeyValueError.unknownKey(entity: "\(Self.self)", key: "\(keyPath)")
        }
        return name
    }
}
