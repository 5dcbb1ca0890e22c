/// A context's own map from (typed property, entity) to attribute or relationship
/// index: what an object's first read of a typed property looks up.
///
/// A scan reads each object's properties once, so that first read is most reads. The
/// entity's ``TypedPropertyTable`` is shared by threads (a lock and a hashed key); this
/// table is confined to its context's queue, keyed by the storage key path's address
/// and the entity number packed into one word, open-addressed with linear probing:
/// a lookup is a multiply, a mask and a compare or two.
struct TypedSlotCache {
    private var keys: [UInt] = Array(repeating: 0, count: 64)
    private var indexes: [Int32] = Array(repeating: 0, count: 64)
    private var count = 0

    /// The key of `storage` on objects of `entity`: key path objects are 16-byte
    /// aligned heap objects, entity numbers below 4,096.
    static func key(_ storage: AnyKeyPath, entity: Entity) -> UInt {
        UInt(bitPattern: ObjectIdentifier(storage)) &<< 12 | UInt(entity.id)
    }

    subscript(key: UInt) -> Int32? {
        get {
            var slot = Self.start(key, keys.count)
            while keys[slot] != 0 {
                if keys[slot] == key { return indexes[slot] }
                slot = (slot + 1) & (keys.count - 1)
            }
            return nil
        }
        set {
            guard let newValue, self[key] == nil else { return }
            if (count + 1) * 2 > keys.count { grow() }
            var slot = Self.start(key, keys.count)
            while keys[slot] != 0 { slot = (slot + 1) & (keys.count - 1) }
            keys[slot] = key
            indexes[slot] = newValue
            count += 1
        }
    }

    private static func start(_ key: UInt, _ capacity: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & (capacity - 1)
    }

    private mutating func grow() {
        let old = zip(keys, indexes).filter { $0.0 != 0 }
        keys = Array(repeating: 0, count: keys.count * 2)
        indexes = Array(repeating: 0, count: keys.count)
        count = 0
        for (key, index) in old { self[key] = index }
    }
}
