import Synchronization

/// Per entity: which attribute or relationship index each typed property's storage key
/// path resolves to, shared by every object and context of the model.
///
/// A context resolves each (property, entity) here once, then keeps the index in its
/// ``TypedSlotCache``; this table makes that first resolution a dictionary lookup
/// rather than a ``PropertyProbe`` run, which happens once per class and property.
package final class TypedPropertyTable: Sendable {
    private let indexes = Mutex<[ObjectIdentifier: Int]>([:])

    package init() {}

    /// The index of the property behind `storage` on objects of `entity`.
    func index<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        of storage: ReferenceWritableKeyPath<Object, Wrapper>, in entity: Entity
    ) -> Int {
        // Key path literals without arguments are instantiated once per process, so the
        // identity is stable; the table keeps no reference because those objects live on.
        let key = ObjectIdentifier(storage)
        if let index = indexes.withLock({ $0[key] }) { return index }
        guard let name = PropertyProbe.name(of: storage) else {
            preconditionFailure("\(Object.self): a typed property not found through Mirror")
        }
        let index: Int
        switch entity.property(named: name) {
        case .attribute(let found), .relationship(let found): index = found
        case nil:
            preconditionFailure(
                "\(Object.self).\(name): entity \(entity.name) has no property \(name); register "
                    + "the class only with entities that declare its properties")
        }
        indexes.withLock { $0[key] = index }
        return index
    }
}
