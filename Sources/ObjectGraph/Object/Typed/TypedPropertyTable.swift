import Synchronization

/// Per entity: which attribute or relationship index each typed property's storage key
/// path resolves to, shared by every object, context and thread of the model: the
/// per-class typed property index every typed read and write looks up.
///
/// Reads take no lock and retain nothing: the entries found so far are an immutable
/// ``TypedIndexSnapshot`` published through one atomic word, probed by the key path's
/// address (a load, a multiply, a mask and a compare or two). A key path not yet in it
/// is resolved once per process by name (a ``PropertyProbe`` run), under a lock that
/// then publishes a snapshot with it added. Key path literals are instantiated once per
/// process, so their addresses are stable keys, except in a generic context (a generic
/// subclass's accessor makes a new key path on every read): a second key path for a
/// property already published is resolved by name every time and not added, so the
/// table holds at most one entry per property. Snapshots hold their key paths, so an
/// address in the table always names a live key path and is never reused for another;
/// no snapshot is freed while its entity lives, and entities live as long as the process
/// (`UncheckedState.swift`, invariant 5), so a reader's snapshot outlives its read.
package final class TypedPropertyTable: Sendable {
    /// The address of the current snapshot (0 before the first property is resolved).
    private let published = Atomic<UInt>(0)
    /// Every snapshot ever published, oldest first: what keeps each one alive. An
    /// entity has at most one entry per property, so at most that many snapshots.
    private let snapshots = Mutex<[TypedIndexSnapshot]>([])

    package init() {}

    /// How many properties are published (for tests: at most one per property).
    var entryCount: Int { snapshots.withLock { $0.last?.entries.count ?? 0 } }

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
    /// name and published for every later read: what a read that ``resolvedIndex(_:)``
    /// did not answer calls.
    ///
    /// Cost: a ``PropertyProbe`` run and a snapshot copy, once per property per process.
    func resolve<Object: ManagedObject, Wrapper: ManagedPropertyWrapper>(
        _ storage: ReferenceWritableKeyPath<Object, Wrapper>, in entity: Entity
    ) -> Int32 {
        let key = Self.key(storage)
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
            let entries = snapshots.last?.entries ?? []
            // A key path made anew per read (a generic class's): not kept.
            if entries.contains(where: { $0.name == name }) { return Int32(index) }
            let next = TypedIndexSnapshot(
                adding: TypedIndexSnapshot.Entry(keyPath: storage, index: Int32(index), name: name),
                to: entries)
            snapshots.append(next)
            published.store(
                UInt(bitPattern: Unmanaged.passUnretained(next).toOpaque()), ordering: .releasing)
            return Int32(index)
        }
    }
}

/// One published state of a ``TypedPropertyTable``: key path address -> index, in an
/// open-addressed table at most half full. Immutable once made.
final class TypedIndexSnapshot: Sendable {
    /// A resolved property: its storage key path (held, so that its address stays its
    /// own), its index and its name. `@unchecked`: `AnyKeyPath` is not declared
    /// `Sendable`, but a key path object is immutable once made, and it is only held here.
    struct Entry: @unchecked Sendable {
        let keyPath: AnyKeyPath
        let index: Int32
        let name: String

        var key: UInt { TypedPropertyTable.key(keyPath) }
    }

    /// Every entry, in the order they were resolved.
    let entries: [Entry]
    private let keys: [UInt]
    private let indexes: [Int32]

    /// The entries of `entries` and `entry`.
    init(adding entry: Entry, to entries: [Entry]) {
        self.entries = entries + [entry]
        var capacity = 8
        while capacity < 2 * self.entries.count { capacity *= 2 }
        var keys = [UInt](repeating: 0, count: capacity)
        var indexes = [Int32](repeating: 0, count: capacity)
        for entry in self.entries {
            var slot = Self.start(entry.key, capacity)
            while keys[slot] != 0 { slot = (slot + 1) & (capacity - 1) }
            (keys[slot], indexes[slot]) = (entry.key, entry.index)
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
