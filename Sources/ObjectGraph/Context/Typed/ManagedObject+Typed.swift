import SQLiteDB

extension ManagedObject {
    /// The attribute or relationship index behind a typed property's storage: kept in
    /// the wrapper after the object's first use, looked up in its entity's
    /// ``TypedPropertyTable`` before that.
    func slotIndex<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        _ storage: ReferenceWritableKeyPath<Object, Wrapper>
    ) -> Int {
        let object = unsafeDowncast(self, to: Object.self)
        if let index = object[keyPath: storage].slot.resolved { return index }
        let index = entity.typedProperties.index(of: storage, in: entity)
        object[keyPath: storage].slot = TypedSlot(index: Int32(index))
        return index
    }

    /// A typed attribute read: the fault fired if needed, the stored value decoded.
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
