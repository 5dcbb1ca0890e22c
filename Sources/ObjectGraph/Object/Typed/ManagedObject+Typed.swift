import SQLiteDB

extension ManagedObject {
    /// The attribute or relationship index behind a typed property on `object`; nil on
    /// a probe. Used by both wrappers' accessors.
    ///
    /// Not kept in the wrapper: reading and writing a wrapper's storage (a stored
    /// property of the user's class) ran the runtime exclusivity check on every access,
    /// about 150 instructions each, more than this lookup in the entity's
    /// ``TypedPropertyTable`` (an atomic load, a multiply, a mask and a compare or two,
    /// no lock); a fetched object read once paid three such accesses per property.
    /// Cost: that lookup, and once per property per process, its resolution by name.
    @inlinable
    static func typedIndex<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        _ storage: ReferenceWritableKeyPath<Object, Wrapper>, of object: Object
    ) -> Int? {
        guard !object.isProbe else { return nil }
        return Int(object.resolveIndex(storage))
    }

    /// The attribute or relationship index behind a typed property's storage, from the
    /// entity's ``TypedPropertyTable``.
    @usableFromInline
    func resolveIndex<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        _ storage: ReferenceWritableKeyPath<Object, Wrapper>
    ) -> Int32 {
        // Read through the entity each time, not bound to a local: a local copy of the
        // table retained and released it on every read.
        entity.typedProperties.resolvedIndex(TypedPropertyTable.key(storage))
            ?? entity.typedProperties.resolve(storage, in: entity)
    }

    /// Whether this is a ``PropertyProbe`` instance.
    @usableFromInline
    var isProbe: Bool { probe != nil }

    /// What a probe reads for a relationship: the property recorded, an empty value or
    /// (to-one) a probe of the destination class returned.
    @usableFromInline
    func probedRelationship<Object: ManagedObject, Value: RelationshipValue>(
        _ storage: ReferenceWritableKeyPath<Object, Relationship<Value>>
    ) -> Value {
        guard let probe else { preconditionFailure("not a probe") }
        probe.record(storage)
        return Value.probeValue(probe)
    }

    /// What a probe reads for an attribute: the property recorded, any value returned.
    @usableFromInline
    func probedAttribute<Object: ManagedObject, Value: AttributeValue>(
        _ storage: ReferenceWritableKeyPath<Object, Attribute<Value>>
    ) -> Value {
        probe?.record(storage)
        return Value.probeValue
    }

    /// A typed attribute read: the fault fired if needed, the stored value decoded.
    ///
    /// Inlinable so the decoding is specialized for `Value` in the caller's module: an
    /// unspecialized call looked up `Optional<Value>`'s metadata at run time on every
    /// read (about a thousand instructions).
    @inlinable
    func typedAttribute<Value: AttributeValue>(_ index: Int) -> Value {
        let (stored, type) = storedAttribute(index)
        guard let value = Value.decode(stored, as: type) else {
            undecodable(stored, at: index, as: Value.self)
        }
        return value
    }

    /// An attribute's stored value and type for a typed read; a fault that cannot be
    /// fired stops the program, as Core Data raises.
    @usableFromInline
    func storedAttribute(_ index: Int) -> (SQLiteValue, AttributeType) {
        do {
            if unchecked.snapshot == nil { try fireForTypedRead() }
            // Loaded and unchanged (every read of a fetched object once its fault fired):
            // the committed value, what `attributeStoredValue` returns, without its
            // checks and with the row borrowed. The object keeps its row for the whole
            // read: nothing on this path replaces `snapshot`.
            if unchecked.attributeChanges.isEmpty,
                let row = unchecked.snapshot.map(Unmanaged.passUnretained)
            {
                noteAuditedRead(index)
                return (RowSnapshot.value(at: index, of: row), entity.attributes[index].type)
            }
            return (try attributeStoredValue(index), entity.attributes[index].type)
        } catch {
            preconditionFailure("\(entity.name).\(entity.attributes[index].name): \(error)")
        }
    }

    /// Fires a fault for a typed read as ``attributeStoredValue(_:)`` would (the queue
    /// checked, the same error), so that the read itself takes the loaded path: the
    /// first read of every fetched object. Only a fault with a context and no partial
    /// row is fired here; anything else is left to ``attributeStoredValue(_:)``.
    ///
    /// - Throws: ``KeyValueError/faultNotFulfilled(object:)`` when the row is gone.
    private func fireForTypedRead() throws {
        guard !unchecked.isInserted, unchecked.partial == nil, let context = unchecked.context
        else { return }
        try context._withUnsafeGuaranteedRef { context in
            context.checkQueue()
            try context.fulfill(self)
        }
    }

    /// Stops the program: a stored value `Value` cannot hold (nil into a non-optional).
    @usableFromInline
    func undecodable<Value>(_ stored: SQLiteValue, at index: Int, as: Value.Type) -> Never {
        preconditionFailure(
            "\(entity.name).\(entity.attributes[index].name) is "
                + "\(stored.isNull ? "nil" : "\(stored)"), which \(Value.self) cannot hold; "
                + "declare the property optional")
    }

    /// A typed attribute write: recorded as a change, no SQL until save.
    @usableFromInline
    func setTypedAttribute<Value: AttributeValue>(_ value: Value, at index: Int) {
        // Only the type is read on the way: copying the whole attribute description
        // retained and released its strings on every write.
        guard let stored = value.encode(as: entity.attributes[index].type) else {
            let attribute = entity.attributes[index]
            preconditionFailure(
                "\(entity.name).\(attribute.name): \(value) does not fit \(attribute.type.rawValue)"
            )
        }
        do {
            try setStoredValue(stored, at: index)
        } catch {
            preconditionFailure("\(entity.name).\(entity.attributes[index].name): \(error)")
        }
    }
}
