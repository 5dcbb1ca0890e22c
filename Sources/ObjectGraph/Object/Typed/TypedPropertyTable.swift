import Synchronization

/// Per entity: which attribute or relationship index each typed property's storage key
/// path resolves to, shared by every object, context and thread of the model: the
/// per-class typed property index every typed read and write looks up.
///
/// Reads take no lock and retain nothing: the entries found so far are an immutable
/// ``TypedIndexSnapshot`` published through one atomic word, probed by the key path's
/// address (a load, a multiply, a mask and a compare or two). A key path not yet in it
/// is resolved once per process by name (a ``PropertyProbe`` run), under a lock that
/// then publishes a snapshot with it added. Key path literals without arguments are
/// instantiated once per process, so their addresses are stable keys; no snapshot is
/// freed while its entity lives, and entities live as long as the process
/// (`UncheckedState.swift`, invariant 5), so a reader's snapshot outlives its read.
package final class TypedPropertyTable: Sendable {
    /// The address of the current snapshot (0 before the first property is resolved).
    private let published = Atomic<UInt>(0)
    /// Every snapshot ever published, oldest first: what keeps each one alive. An
    /// entity has at most one entry per property, so at most that many snapshots.
    private let snapshots = Mutex<[TypedIndexSnapshot]>([])

    package init() {}

    /// The key of `storage`: its key path object's address.
    @inline(__always)
    static func key(_ storage: AnyKeyPath) -> UInt {
        UInt(bitPattern: ObjectIdentifier(storage))
    }

    /// The index found for `key` so far, nil when not resolved yet. No lock, no retain.
    @inline(__always)
    func resolvedIndex(_ key: UInt) -> Int32? {
        guard let address = UnsafeRawPointer(bitPattern: published.load(ordering: .acquiring))
        else { return nil }
        return Unmanaged<TypedIndexSnapshot>.fromOpaque(address)
            ._withUnsafeGuaranteedRef { $0.index(key) }
    }

    /// The index of the property behind `storage` on objects of `entity`, resolved by
    /// name and published for every later read.
    ///
    /// Cost: a ``PropertyProbe`` run and a snapshot copy, once per property per process.
    func resolve<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        _ storage: ReferenceWritableKeyPath<Object, Wrapper>, in entity: Entity
    ) -> Int32 {
        let key = Self.key(storage)
        if let index = resolvedIndex(key) { return index }
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
        return snapshots.withLock { snapshots in
            // Another thread may have published it meanwhile.
            if let found = snapshots.last?.index(key) { return found }
            let next = TypedIndexSnapshot(
                adding: (key, Int32(index)), to: snapshots.last?.entries ?? [])
            snapshots.append(next)
            published.store(
                UInt(bitPattern: Unmanaged.passUnretained(next).toOpaque()), ordering: .releasing)
            return Int32(index)
        }
    }
}

/// One published state of a ``TypedPropertyTable``: (key path address, index) pairs in
/// an open-addressed table at most half full. Immutable once made.
final class TypedIndexSnapshot: Sendable {
    /// Every pair, in the order they were resolved.
    let entries: [(key: UInt, index: Int32)]
    private let keys: [UInt]
    private let indexes: [Int32]

    /// The pairs of `entries` and `entry`.
    init(adding entry: (key: UInt, index: Int32), to entries: [(key: UInt, index: Int32)]) {
        self.entries = entries + [entry]
        var capacity = 8
        while capacity < 2 * self.entries.count { capacity *= 2 }
        var keys = [UInt](repeating: 0, count: capacity)
        var indexes = [Int32](repeating: 0, count: capacity)
        for (key, index) in self.entries {
            var slot = Self.start(key, capacity)
            while keys[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            (keys[slot], indexes[slot]) = (key, index)
        }
        (self.keys, self.indexes) = (keys, indexes)
    }

    /// The index for `key`, nil when absent (0 never is a key: key paths are objects).
    @inline(__always)
    func index(_ key: UInt) -> Int32? {
        let mask = keys.count - 1
        var slot = Self.start(key, keys.count)
        while true {
            let found = keys[slot]
            if found == key { return indexes[slot] }
            if found == 0 { return nil }
            slot = (slot + 1) & mask
        }
    }

    private static func start(_ key: UInt, _ capacity: Int) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 32) & (capacity - 1)
    }
}
