import SQLiteDB

/// An object of the graph: one row of one entity, as seen by one context.
///
/// A context holds one instance per object ID. Fetched objects start as faults: their
/// values are loaded on first access, from the coordinator's row cache when the fetch
/// carried them (no SQL) or with `SELECT … WHERE t0.Z_PK = ?` otherwise. Relationship
/// targets are faults too, known by their IDs.
///
/// ```swift
/// let user = context.insertNewObject(forEntityName: "User")
/// user.setValue("Alice", forKey: "name")
/// let name = post.value(forKeyPath: "author.name") as? String
/// ```
///
/// A managed object belongs to its context's queue: use it only inside that context's
/// `perform` or `performAndWait` (checked at the public entry points, in every build).
///
/// Subclass it to read and write properties as typed Swift properties, and register
/// the class with its entity (``EntityDescription/managedObjectClass``):
///
/// ```swift
/// final class Post: ManagedObject {
///     @Attribute var title: String
///     @Relationship var author: User?
/// }
/// let post = Post(context: context)
/// post.title = "Hello"
/// ```
///
/// Related: https://developer.apple.com/documentation/coredata/nsmanagedobject
open class ManagedObject: Hashable, CustomStringConvertible {
    /// The state read on every fetch, fault and release, kept without the runtime's
    /// exclusivity check and with an unretained context reference: its invariants are
    /// in `UncheckedState.swift`. The accessors below are the only way in.
    @exclusivity(unchecked) final var unchecked: UncheckedObjectState

    /// The object's identity; temporary until its first save.
    public final internal(set) var objectID: ObjectID {
        @inline(__always) get { unchecked.objectID }
        @inline(__always) set { unchecked.objectID = newValue }
    }
    /// The context the object is registered in; nil once it leaves it (deleted and
    /// saved, rolled back, reset, released from a batch) or the context is gone.
    ///
    /// Held unretained, not `weak`: a weak reference allocates a side table per object,
    /// which a fetch of 100,000 objects pays 100,000 times. It is safe because a context
    /// sets it to nil for every object it unregisters, and for all of them in its
    /// deinit, so it never points at a context that is gone.
    public final internal(set) var managedObjectContext: ManagedObjectContext? {
        @inline(__always) get { unchecked.managedObjectContext }
        @inline(__always) set { unchecked.managedObjectContext = newValue }
    }
    /// Whether the object was inserted and not yet saved.
    public final internal(set) var isInserted: Bool {
        @inline(__always) get { unchecked.isInserted }
        @inline(__always) set { unchecked.isInserted = newValue }
    }
    /// Whether the object was deleted and the deletion not yet saved.
    public final internal(set) var isDeleted: Bool {
        @inline(__always) get { unchecked.isDeleted }
        @inline(__always) set { unchecked.isDeleted = newValue }
    }

    /// Committed values; nil while the object is a fault (or new). Setting one drops
    /// the partial row and the fetch's row.
    final var snapshot: RowSnapshot? {
        @inline(__always) get { unchecked.snapshot }
        @inline(__always) set {
            unchecked.snapshot = newValue
            if newValue != nil {
                unchecked.partial = nil
                unchecked.fetchedRow = nil
            }
        }
    }
    /// A fault's row as its fetch put it in the row cache, kept so the first read fills
    /// from it without the coordinator's lock; valid while the row cache's generation
    /// is still ``fetchedRowGeneration`` (``ManagedObjectContext/fulfill(_:)``).
    final var fetchedRow: RowSnapshot? {
        @inline(__always) get { unchecked.fetchedRow }
        @inline(__always) set { unchecked.fetchedRow = newValue }
    }
    /// The row cache's generation when ``fetchedRow`` was its cache entry.
    final var fetchedRowGeneration: UInt64 {
        @inline(__always) get { unchecked.fetchedRowGeneration }
        @inline(__always) set { unchecked.fetchedRowGeneration = newValue }
    }
    /// Some committed values, from a fetch with `propertiesToFetch`: a partial fault.
    final var partial: PartialRow? {
        @inline(__always) _read { yield unchecked.partial }
        @inline(__always) _modify { yield &unchecked.partial }
    }
    /// Changed attribute values, by attribute index (which is also the snapshot slot).
    final var attributeChanges: AttributeChanges {
        @inline(__always) _read { yield unchecked.attributeChanges }
        @inline(__always) _modify { yield &unchecked.attributeChanges }
    }
    /// Changed to-one targets, by relationship index.
    final var toOneChanges: [Int: ObjectID?] {
        @inline(__always) _read { yield unchecked.toOneChanges }
        @inline(__always) _modify { yield &unchecked.toOneChanges }
    }
    /// To-many states, by relationship index.
    ///
    /// Read through `get`, not `_read`: `ToManyStates` is too big to yield in registers,
    /// and the coroutine allocated a frame for it on every read.
    final var toMany: ToManyStates {
        @inline(__always) get { unchecked.toMany }
        @inline(__always) _modify { yield &unchecked.toMany }
    }
    /// Whether this object holds a reference on its row-cache entry.
    final var holdsCacheReference: Bool {
        @inline(__always) get { unchecked.holdsCacheReference }
        @inline(__always) set { unchecked.holdsCacheReference = newValue }
    }
    /// The permanent ID a save in progress gave this inserted object.
    var pendingPermanentID: ObjectID?
    /// Whether this is a batch insert's reused row object: relationship writes on it
    /// are only recorded (the request then fails), never applied to other objects.
    var isBatchRow = false
    /// Which of its context's change lists hold the object (``ObjectList`` bits).
    final var listMembership: UInt8 {
        @inline(__always) get { unchecked.listMembership }
        @inline(__always) set { unchecked.listMembership = newValue }
    }

    /// Whether this instance only answers which property a key path names (see
    /// ``PropertyProbe``): never registered, never read from a store.
    let probe: PropertyProbe?

    /// Makes an object; the engine is the only caller (`ObjectCreation` has no public
    /// initializer). Subclasses inherit it: declare no designated initializer of your own.
    public required init(_ creation: consuming ObjectCreation) {
        entity = creation.objectID.entity
        unchecked = UncheckedObjectState(objectID: creation.objectID, context: creation.context)
        probe = creation.probe?.takeUnretainedValue()
    }

    /// The entity, resolved: the object ID's, kept as the object's own reference so
    /// that reading it (several times per key-value or typed access) retains nothing;
    /// the ID holds it unretained.
    final let entity: Entity

    /// The entity's name.
    public var entityName: String { entity.name }

    /// Whether the object's values have not been loaded yet. Reading any property fires
    /// the fault: no SQL when its row is in the row cache, one SELECT otherwise.
    public var isFault: Bool { snapshot == nil && !isInserted }

    /// Whether the object has unsaved changes (or is inserted or deleted).
    public var hasChanges: Bool {
        isInserted || isDeleted || hasPropertyChanges
    }

    /// Whether any property changed since the last save.
    var hasPropertyChanges: Bool {
        !attributeChanges.isEmpty || !toOneChanges.isEmpty
            // Read in place: through `toMany`'s getter the states were copied.
            || unchecked.toMany.hasChanges
    }

    /// Forgets unsaved property changes.
    func discardChanges() {
        attributeChanges.removeAll()
        toOneChanges.removeAll()
        toMany.modifyAll { $0.discardChanges() }
    }

    /// `<User: x-coredata://…/User/p1>` plus `(fault)` for a fault.
    public var description: String {
        "<\(entity.name): \(objectID.uriRepresentation().absoluteString)>"
            + (isFault ? " (fault)" : "")
    }

    public static func == (lhs: ManagedObject, rhs: ManagedObject) -> Bool {
        lhs === rhs
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

@available(*, unavailable, message: "a managed object is confined to its context's queue")
extension ManagedObject: Sendable {}
