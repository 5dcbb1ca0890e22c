import SQLiteDB

extension ManagedObject {
    /// The attribute or relationship index behind a typed property's storage, from the
    /// entity's ``TypedPropertyTable``: what an object's first read of the property
    /// costs. The inlined accessor keeps it in the wrapper, where writing it is a plain
    /// store (writing through a key path here, unspecialized, allocated per object).
    @usableFromInline
    func resolveIndex<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        _ storage: ReferenceWritableKeyPath<Object, Wrapper>
    ) -> Int32 {
        Int32(entity.typedProperties.index(of: storage, in: entity))
    }

    /// The index behind a typed property, resolved and kept if needed (relationship
    /// accessors, which are not inlined: their reads run SQL or build collections).
    func slotIndex<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        _ storage: ReferenceWritableKeyPath<Object, Wrapper>
    ) -> Int {
        let object = unsafeDowncast(self, to: Object.self)
        if let index = object[keyPath: storage].slot.resolved { return index }
        let index = resolveIndex(storage)
        object[keyPath: storage].slot = TypedSlot(index: index)
        return Int(index)
    }

    /// Whether this is a ``PropertyProbe`` instance.
    @usableFromInline
    var isProbe: Bool { probe != nil }

    /// What a probe reads for an attribute: the property recorded, any value returned.
    @usableFromInline
    func probedAttribute<Object: ManagedObject, Value: AttributeValue>(
        _ storage: ReferenceWritableKeyPath<Object, Attribute<Value>>
    ) -> Value {
        probe?.record(storage)
        return Value.probeValue
    }

    /// A typed attribute read: the fault fired if needed, the stored value decoded.
    @usableFromInline
    func typedAttribute<Value: AttributeValue>(_ index: Int) -> Value {
        let attribute = entity.attributes[index]
        let stored: SQLiteValue
        do {
            stored = try attributeStoredValue(index)
        } catch {
            preconditionFailure("\(entity.name).\(attribute.name): \(error)")
        }
        guard let value = Value.decode(stored, as: attribute.type) else {
            preconditionFailure(
                "\(entity.name).\(attribute.name) is \(stored.isNull ? "nil" : "\(stored)"), "
                    + "which \(Value.self) cannot hold; declare the property optional")
        }
        return value
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
