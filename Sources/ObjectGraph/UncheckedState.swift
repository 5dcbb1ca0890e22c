/// The engine's unchecked state, fenced in one file: every property the hot path reads
/// without the runtime's exclusivity check, and the one back reference held without
/// reference counting. `scripts/check-boundaries` fails when `unowned(unsafe)` appears
/// outside this file, or `@exclusivity(unchecked)` anywhere but on a property holding
/// one of the types below; the rest of the engine reads and writes through the owners'
/// plain accessors (`ManagedObject.snapshot`, `ManagedObjectContext.registered` …),
/// which forward here.
///
/// Why unchecked at all: a class's stored `var` pays `swift_beginAccess` (about 150
/// instructions) on every read and write in release builds; these are read several
/// times per fetched object, per fault and per release (7% of a batched scan's
/// instructions when checked). A weak back reference would allocate a side table per
/// object (100,000 for a fetch of 100,000).
///
/// Invariants (what makes skipping the checks sound):
/// 1. **One queue.** ``UncheckedObjectState`` (in each ``ManagedObject``) and
///    ``UncheckedContextState`` (in each ``ManagedObjectContext``) are read and written
///    only on the owning context's queue. Every public entry point of the context and
///    of an object's key-value and typed access calls `checkQueue()` first, in release
///    builds too, and stops the program off the queue; so no two threads ever touch
///    one of these at once. An object that left its context (context reference nil) is
///    read by whoever holds it, still one thread at a time by the same rule (its owner
///    was confined to a queue and the object is not `Sendable`).
/// 2. **No overlapping access.** No code holds an `inout` (modify) access to one of
///    these properties across a call that reads or writes the same property: the
///    accessors yield for one statement, and debug test runs keep the owners' other
///    properties checked. (A nested access would be the one bug the check catches on a
///    single thread; none exists, and a new one would show in a debug build as a
///    corrupted collection, not silently.)
/// 3. **Lock, not queue, for the store.** ``UncheckedStoreState`` (the coordinator's
///    row cache) is shared by contexts on different queues; it is touched only while
///    the coordinator's lock is held (`StoreCoordinator.withRowCache` and the locked
///    fetch paths), so accesses are serialized by the lock instead.
/// 4. **The context reference never dangles.** ``UncheckedObjectState/context`` is held
///    without a reference count (`Unmanaged`, as `unowned(unsafe)` would be). A context
///    sets it to nil for every object it unregisters (deleted and saved, rolled back,
///    reset, released from a batch) and for all of its objects in its `deinit`, before
///    its memory goes; so a non-nil reference always names a live context. Objects
///    never outlive that rule: only the context registers objects.
/// 5. **Entities are never freed.** An ``ObjectID`` holds its entity unretained
///    (``EntityReference``), so copying an ID (several times per fetched object: row
///    snapshot headers, registry, change lists) counts no references. Every ``Entity``
///    takes one reference on itself when it is made that nothing ever releases
///    (``EntityReference/keepForever(_:)`` at the end of `Entity.init`), so an entity
///    lives as long as the process and no ID outlives its entity. The price: a model's
///    entities stay in memory after the model goes (a few kilobytes per entity; a
///    process builds few models).
/// 6. **An object's making holds what it is made for.** ``ObjectCreation`` (what a
///    ``ManagedObject``'s initializer is handed) keeps its context or property probe
///    unretained, so making an object copies plain words. It lives only for the call that
///    makes one object: the engine makes objects for a context it is running on (the
///    context outlives the call), and a probe's maker holds the probe across the call
///    (`withExtendedLifetime` where the probe is a temporary). It is the one other place
///    that holds an `Unmanaged` reference.
///
/// An entity held without reference counting (invariant 5): what an ``ObjectID`` keeps,
/// so that copying an ID is copying plain words.
struct EntityReference: Sendable {
    private let unmanaged: Unmanaged<Entity>

    @inline(__always)
    init(_ entity: Entity) {
        unmanaged = Unmanaged.passUnretained(entity)
    }

    /// The entity (invariant 5: it is never freed).
    @inline(__always) var entity: Entity { unmanaged.takeUnretainedValue() }

    /// `body`'s result on the entity, borrowed without a retain (invariant 5).
    @inline(__always)
    func withEntity<T>(_ body: (Entity) -> T) -> T { unmanaged._withUnsafeGuaranteedRef(body) }

    /// The entity's `Z_ENT`, read without a retain.
    @inline(__always) var entityNumber: Int { unmanaged._withUnsafeGuaranteedRef { $0.id } }

    /// Takes the reference on `entity` that is never released (invariant 5).
    static func keepForever(_ entity: Entity) {
        _ = Unmanaged.passRetained(entity)
    }
}

/// Row snapshots (``RowSnapshot``, a tagged-word `ManagedBuffer`) are not here: they are
/// immutable after they are made and read through their header pointer, which needs no
/// exclusivity exemption.
struct UncheckedObjectState {
    /// The object's identity; temporary until its first save.
    var objectID: ObjectID
    /// The owning context, unretained (invariant 4); nil once the object left it.
    var context: Unmanaged<ManagedObjectContext>?
    var isInserted = false
    var isDeleted = false
    /// Committed values; nil while the object is a fault (or new).
    var snapshot: RowSnapshot?
    /// A fault's row as its fetch put it in the row cache (``ManagedObject/fetchedRow``).
    var fetchedRow: RowSnapshot?
    var fetchedRowGeneration: UInt64 = 0
    var partial: PartialRow?
    var attributeChanges = AttributeChanges()
    // `Dictionary()`, not `[:]`: the empty literal goes through
    // `init(dictionaryLiteral:)`, whose empty variadic array asked the runtime for its
    // type metadata on every object made (about 330 instructions).
    var toOneChanges = [Int: ObjectID?]()
    var toMany = ToManyStates()
    var holdsCacheReference = false
    var listMembership: UInt8 = 0

    @inline(__always)
    init(objectID: ObjectID, context: Unmanaged<ManagedObjectContext>?) {
        self.objectID = objectID
        self.context = context
    }

    /// The owning context (invariant 4: a non-nil reference names a live context).
    @inline(__always) var managedObjectContext: ManagedObjectContext? {
        get { context?.takeUnretainedValue() }
        set { context = newValue.map { Unmanaged.passUnretained($0) } }
    }

    /// `body`'s result on the owning context, borrowed without a retain (invariant 4:
    /// the context outlives the call); nil when the object left it.
    @inline(__always)
    func withContext<T>(_ body: (ManagedObjectContext) -> T) -> T? {
        context?._withUnsafeGuaranteedRef(body)
    }
}

/// A context's state read on every fetched row and every change (invariant 1).
struct UncheckedContextState {
    /// Every registered object by ID.
    var registered = ObjectTable<ManagedObject>()
    /// Whether the context has an undo manager.
    var recordsUndo = false
    /// Observers and the changes the next objects-did-change lists.
    var observers = ContextObservers()
    /// The audit the last fetch recorded into (``ProjectionAudit``).
    var projectionAudit: ProjectionAudit?
    /// ``ManagedObjectContext/stalenessInterval``, read by every fault fired.
    var stalenessInterval: Double = -1
}

/// The coordinator's row cache, touched once or more per fetched row, under the
/// coordinator's lock (invariant 3).
struct UncheckedStoreState {
    var rowCache = RowCache()
}
