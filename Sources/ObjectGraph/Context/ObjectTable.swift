/// A dictionary keyed by object ID that hashes a packed 64-bit integer instead of the
/// ID itself: the context's registry and the row cache hold one entry per object, so
/// their lookups are the engine's hottest path, and an integer key is copied without
/// retaining anything.
///
/// The packing puts the entity number in the low 12 bits, so a model may have up to
/// 4,095 entities (``ManagedObjectModel`` checks it).
struct ObjectTable<Value> {
    private var storage: [PackedObjectKey: Value] = [:]

    /// The most entities a model may have for the packing to stay unique.
    static var maximumEntityCount: Int { 4095 }

    private static func key(_ id: ObjectID) -> PackedObjectKey {
        switch id.key {
        case .permanent(let pk):
            return PackedObjectKey(bits: pk << 12 | Int64(id.entityNumber))
        case .temporary(let number):
            return PackedObjectKey(
                bits: ~(Int64(bitPattern: number) << 12 | Int64(id.entityNumber)))
        }
    }

    subscript(id: ObjectID) -> Value? {
        get { storage[Self.key(id)] }
        set { storage[Self.key(id)] = newValue }
    }

    /// Sets a value, returning the one it replaced.
    @discardableResult
    mutating func updateValue(_ value: Value, for id: ObjectID) -> Value? {
        storage.updateValue(value, forKey: Self.key(id))
    }

    /// Changes the value for `id` in place, if there is one, and returns what `change`
    /// returns (nil when there is no value): one hash lookup.
    @discardableResult
    mutating func modify<T>(_ id: ObjectID, _ change: (inout Value) -> T) -> T? {
        guard let index = storage.index(forKey: Self.key(id)) else { return nil }
        return change(&storage.values[index])
    }

    /// The value for `id`, inserting `make()` first when there is none: one hash lookup
    /// for both cases. `inserted` tells which happened.
    mutating func value(for id: ObjectID, orInsert make: () -> Value) -> (
        value: Value, inserted: Bool
    ) {
        var inserted = false
        let value = Self.read(
            &storage[
                Self.key(id),
                default: {
                    inserted = true; return make()
                }()])
        return (value, inserted)
    }

    private static func read(_ value: inout Value) -> Value { value }

    /// Changes the value for `id` in place and removes it when `change` returns false.
    mutating func update(_ id: ObjectID, _ change: (inout Value) -> Bool) {
        guard let index = storage.index(forKey: Self.key(id)) else { return }
        if !change(&storage.values[index]) { storage.remove(at: index) }
    }

    var values: Dictionary<PackedObjectKey, Value>.Values { storage.values }
    var count: Int { storage.count }

    mutating func reserveCapacity(_ capacity: Int) {
        storage.reserveCapacity(capacity)
    }

    mutating func removeAll() {
        storage = [:]
    }
}
