import SQLiteDB

extension ManagedObject {
    /// The index behind a typed property on `object`: the one its wrapper keeps, else
    /// resolved (``resolveIndex(_:)``) and kept there; nil on a probe. Used by
    /// ``Relationship``, where it measured fewer instructions and allocations than the
    /// same code written out (``Attribute``'s accessors measured the other way).
    @inlinable
    static func typedIndex<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        _ storage: ReferenceWritableKeyPath<Object, Wrapper>, of object: Object
    ) -> Int? {
        let index = object[keyPath: storage].slot.index
        if index >= 0 { return Int(index) }
        guard !object.isProbe else { return nil }
        let resolved = object.resolveIndex(storage)
        object[keyPath: storage].slot.index = resolved
        return Int(resolved)
    }

    /// The attribute or relationship index behind a typed property's storage, from the
    /// entity's ``TypedPropertyTable``: what an object's first read of the property
    /// costs. The inlined accessor keeps it in the wrapper, where writing it is a plain
    /// store (writing through a key path here, unspecialized, allocated per object).
    @usableFromInline
    func resolveIndex<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        _ storage: ReferenceWritableKeyPath<Object, Wrapper>
    ) -> Int32 {
        let key = TypedSlotCache.key(storage, entity: entity)
        if let context = managedObjectContext, let index = context.typedSlots[key] {
            return index
        }
        let index = Int32(entity.typedProperties.index(of: storage, in: entity))
        managedObjectContext?.typedSlots[key] = index
        return index
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
            return (try attributeStoredValue(index), entity.attributes[index].type)
        } catch {
            preconditionFailure("\(entity.name).\(entity.attributes[index].name): \(error)")
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
        let attribute = entity.attributes[index]
        guard let stored = value.encode(as: attribute.type) else {
            preconditionFailure(
                "\(entity.name).\(attribute.name): \(value) does not fit \(attribute.type.rawValue)"
            )
        }
        do {
            try setStoredValue(stored, at: index)
        } catch {
            preconditionFailure("\(entity.name).\(attribute.name): \(error)")
        }
    }
}
