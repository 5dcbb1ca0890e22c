import SQLiteDB

extension ManagedObject {
    // MARK: - Reading

    /// The value of a property: an attribute's Swift value (`String`, `Int64`, `Double`,
    /// `Bool`, `Date`, `Data`, `UUID`, `URL`, `Decimal`), the `ManagedObject?` of a
    /// to-one, or the objects of a to-many (`Set<ManagedObject>`, or `[ManagedObject]`
    /// when ordered).
    ///
    /// Cost: fires the object's fault if needed (row cache or one SELECT); a to-many
    /// read the first time runs one SELECT of the destination IDs.
    ///
    /// An unknown key stops the program, as Core Data raises; use
    /// ``checkedValue(forKey:)`` to get a ``KeyValueError`` instead. A transformable
    /// whose stored bytes its transformer cannot read (an archive of a class this
    /// process does not have, such as `UIColor` from an iOS store) reads as nil, as
    /// Core Data's `NSSecureUnarchiveFromData` transformer answers; the checked read
    /// says why.
    public func value(forKey key: String) -> Any? {
        do {
            return try checkedValue(forKey: key)
        } catch KeyValueError.transformFailed {
            return nil
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// ``value(forKey:)`` that throws instead of stopping.
    ///
    /// - Parameter key: An attribute or relationship name of the object's entity.
    /// - Throws: ``KeyValueError`` for an unknown key or a fault whose row is gone.
    public func checkedValue(forKey key: String) throws -> Any? {
        _ = try confinedContext()
        switch entity.property(named: key) {
        case nil:
            guard let leaves = entity.compositeLeaves(key) else {
                throw KeyValueError.unknownKey(entity: entity.name, key: key)
            }
            return try compositeValue(leaves)
        case .attribute(let index):
            let stored = try attributeStoredValue(index)
            guard entity.attributes[index].transformerBox != nil else {
                return entity.attributes[index].type.decode(stored)
            }
            do {
                return try entity.attributes[index].value(from: stored)
            } catch {
                throw KeyValueError.transformFailed(entity: entity.name, key: key, error)
            }
        case .relationship(let index):
            noteAuditedRead(entity.attributes.count + index)
            let relationship = entity.relationships[index]
            guard relationship.isToMany else { return try toOneObject(index) }
            let objects = try toManyObjects(index)
            return relationship.isOrdered ? objects as Any : Set(objects) as Any
        }
    }

    /// The value at the end of a dotted key path through to-one relationships, such as
    /// `author.name`; nil when a to-one on the way is nil.
    ///
    /// Cost: one fault per object on the path (row cache or one SELECT each).
    public func value(forKeyPath keyPath: String) -> Any? {
        do {
            return try checkedValue(forKeyPath: keyPath)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// ``value(forKeyPath:)`` that throws instead of stopping.
    ///
    /// - Parameter keyPath: Dot-separated keys through to-one relationships, ending at any
    ///   property.
    /// - Throws: ``KeyValueError``.
    public func checkedValue(forKeyPath keyPath: String) throws -> Any? {
        let keys = keyPath.split(separator: ".").map(String.init)
        var object = self
        for (position, key) in keys.enumerated().dropLast() {
            if object.entity.hasComposites {
                let rest = keys[position...].joined(separator: ".")
                if object.entity.attribute(named: rest) != nil
                    || object.entity.compositeLeaves(rest) != nil
                {
                    return try object.checkedValue(forKey: rest)
                }
            }
            guard case .relationship(let index) = object.entity.property(named: key) else {
                throw KeyValueError.unknownKey(entity: object.entity.name, key: key)
            }
            guard !object.entity.relationships[index].isToMany else {
                throw KeyValueError.notToOne(
                    entity: entity.name, keyPath: keyPath, key: key)
            }
            object.noteAuditedRead(object.entity.attributes.count + index)
            guard let next = try object.toOneObject(index) else { return nil }
            object = next
        }
        return try object.checkedValue(forKey: keys.last ?? keyPath)
    }

    // MARK: - Writing

    /// Sets a property: an attribute to a value of its type (or nil), a to-one to a
    /// `ManagedObject?`, a to-many to a `Set<ManagedObject>` or `[ManagedObject]`.
    /// Inverse relationships are updated on both sides.
    ///
    /// Cost: fires the object's fault if needed; no SQL is written until `save()`.
    ///
    /// A wrong type or unknown key stops the program, as Core Data raises; use
    /// ``setCheckedValue(_:forKey:)`` to get a ``KeyValueError`` instead.
    public func setValue(_ value: Any?, forKey key: String) {
        do {
            try setCheckedValue(value, forKey: key)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// ``setValue(_:forKey:)`` that throws instead of stopping.
    ///
    /// - Parameters:
    ///   - value: The new value, of the attribute's Swift type, an object or a set of objects for a
    ///     relationship, or nil.
    ///   - key: An attribute or relationship name of the object's entity.
    /// - Throws: ``KeyValueError/wrongType(entity:key:expected:actual:)`` naming the
    ///   entity, key, expected and actual type; ``KeyValueError/unknownKey(entity:key:)``.
    public func setCheckedValue(_ value: Any?, forKey key: String) throws {
        _ = try confinedContext()
        switch entity.property(named: key) {
        case nil:
            guard let leaves = entity.compositeLeaves(key) else {
                throw KeyValueError.unknownKey(entity: entity.name, key: key)
            }
            try setComposite(value, key: key, leaves: leaves)
        case .attribute(let index):
            try setStoredValue(try encode(value, attribute: entity.attributes[index]), at: index)
        case .relationship(let index):
            if recordsBatchRowRelationship(index) { return }
            if entity.relationships[index].isToMany {
                try replaceToMany(index, with: try objects(from: value, key: key))
            } else {
                try setToOne(index, to: try relatedObject(from: value, relationship: index))
            }
        }
    }

    private func encode(_ value: Any?, attribute: ResolvedAttribute) throws -> SQLiteValue {
        guard let value else { return .null }
        let encoded: SQLiteValue?
        do { encoded = try attribute.stored(value) } catch {
            throw KeyValueError.transformFailed(entity: entity.name, key: attribute.name, error)
        }
        guard let stored = encoded else {
            throw KeyValueError.wrongType(
                entity: entity.name, key: attribute.name,
                expected: attribute.type.swiftTypeName, actual: "\(type(of: value))")
        }
        return stored
    }

    /// Records an attribute's new value (no change when it equals the committed one).
    func setAttributeValue(_ value: SQLiteValue, at index: Int) {
        // SQLiteValue is ExpressibleByNilLiteral: spell out "no change", never `nil`.
        let change: SQLiteValue? = value == committedAttributeValue(index) ? .none : .some(value)
        attributeChanges.set(change, at: index, attributeCount: entity.attributes.count)
    }

    private func relatedObject(from value: Any?, relationship index: Int) throws -> ManagedObject? {
        guard let value else { return nil }
        let relationship = entity.relationships[index]
        let destination = managedObjectContext!.coordinator.model.entity(
            id: relationship.destinationID)
        guard let object = value as? ManagedObject, destination.includes(object.entity) else {
            let actual = (value as? ManagedObject)?.entity.name ?? "\(type(of: value))"
            throw KeyValueError.wrongType(
                entity: entity.name, key: relationship.name, expected: destination.name,
                actual: actual)
        }
        guard object.managedObjectContext === managedObjectContext else {
            throw KeyValueError.differentContext(entity: entity.name, key: relationship.name)
        }
        return object
    }

    private func objects(from value: Any?, key: String) throws -> [ManagedObject] {
        switch value {
        case nil: return []
        case let set as Set<ManagedObject>: return Array(set)
        case let array as [ManagedObject]: return array
        default:
            throw KeyValueError.wrongType(
                entity: entity.name, key: key, expected: "Set<ManagedObject>",
                actual: "\(type(of: value!))")
        }
    }

    // MARK: - Stored values

    /// An attribute's stored value now: from a partial fault's loaded values, else the
    /// fault fired (row cache or one SELECT) and the changed or committed value.
    ///
    /// - Throws: ``KeyValueError`` when the object has no context or its row is gone.
    func attributeStoredValue(_ index: Int) throws -> SQLiteValue {
        noteAuditedRead(index)
        if snapshot == nil, let value = partial?.value(at: index) { return value }
        if isFault { try confinedContext().fulfill(self) }
        return currentAttributeValue(index)
    }

    /// Changes an attribute to a stored value (already checked against its type).
    ///
    /// - Throws: ``KeyValueError`` when the object has no context or its row is gone.
    func setStoredValue(_ value: SQLiteValue, at index: Int) throws {
        let context = try confinedContext()
        try context.fulfill(self)
        context.willChangeAttribute(self, index)
        setAttributeValue(value, at: index)
        context.noteChange(self)
    }

    /// The context, after checking the caller is on its queue.
    func confinedContext() throws -> ManagedObjectContext {
        guard let context = managedObjectContext else {
            throw KeyValueError.noContext(object: objectID)
        }
        context.checkQueue()
        return context
    }

    /// An attribute's value now (changed, committed or default).
    func currentAttributeValue(_ index: Int) -> SQLiteValue {
        attributeChanges[index] ?? committedAttributeValue(index)
    }

    /// An attribute's committed value; the default for a new object.
    func committedAttributeValue(_ index: Int) -> SQLiteValue {
        snapshot?.values[index] ?? entity.attributes[index].defaultValue
    }
}
