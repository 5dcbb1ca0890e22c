extension ManagedObject {
    /// The properties changed since the last fetch or save, with their new values (nil
    /// values included as `.none`). A to-many appears with its members now.
    ///
    /// Cost: no SQL, except reading a changed to-many that was never read.
    ///
    /// - Throws: ``KeyValueError/faultNotFulfilled(object:)`` or `SQLiteError`
    ///   when a changed to-many's committed members cannot be read: the result is never
    ///   partial.
    public func changedValues() throws -> [String: Any?] {
        guard let context = managedObjectContext else { return [:] }
        context.checkQueue()
        var result: [String: Any?] = [:]
        for (index, value) in attributeChanges {
            let attribute = entity.attributes[index]
            result[attribute.name] = attribute.readableValue(value)
        }
        for (index, id) in toOneChanges {
            result[entity.relationships[index].name] = id.map { context.object(with: $0) }
        }
        for (index, state) in toMany where state.hasChanges {
            result[entity.relationships[index].name] = try relationshipValue(
                index, context: context)
        }
        return result
    }

    /// The values of `keys` (all properties when nil) as last fetched or saved, ignoring
    /// unsaved changes; a new object's are its defaults.
    ///
    /// Cost: fires the fault if needed; one SELECT per to-many not yet read.
    ///
    /// - Throws: ``KeyValueError/faultNotFulfilled(object:)`` or `SQLiteError`
    ///   when the fault or a to-many cannot be read (the row was deleted, the store
    ///   failed): the result is never partial.
    public func committedValues(forKeys keys: [String]?) throws -> [String: Any?] {
        guard let context = managedObjectContext else { return [:] }
        context.checkQueue()
        try context.fulfill(self)
        var result: [String: Any?] = [:]
        for key in keys ?? (entity.attributes.map(\.name) + entity.relationships.map(\.name)) {
            switch entity.property(named: key) {
            case .attribute(let index):
                result[key] = entity.attributes[index].readableValue(committedAttributeValue(index))
            case .relationship(let index) where entity.relationships[index].isToMany:
                try loadToMany(index)
                let ids = toMany[index]?.committed ?? []
                result[key] = Set(ids.map { context.object(with: $0) })
            case .relationship(let index):
                result[key] = committedToOneID(index).map { context.object(with: $0) }
            case nil:
                continue
            }
        }
        return result
    }

    private func relationshipValue(_ index: Int, context: ManagedObjectContext) throws -> Any {
        let objects = try toManyIDs(index).map { context.object(with: $0) }
        return entity.relationships[index].isOrdered ? objects as Any : Set(objects) as Any
    }
}
