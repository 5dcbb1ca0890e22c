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
    // The state read on every fetch, fault and release is `@exclusivity(unchecked)`:
    // the runtime check (swift_beginAccess, about 150 instructions) ran on each read,
    // several per object, 7% of a batched scan's instructions. An object is confined to
    // its context's queue and no code holds an inout access to one of these properties
    // across a call that touches the same property (debug test runs had the checks on).

    /// The object's identity; temporary until its first save.
    @exclusivity(unchecked) public internal(set) var objectID: ObjectID
    /// The context the object is registered in; nil once it leaves it (deleted and
    /// saved, rolled back, reset, released from a batch) or the context is gone.
    ///
    /// Held `unowned(unsafe)`, not `weak`: a weak reference allocates a side table per
    /// object, which a fetch of 100,000 objects pays 100,000 times. It is safe because a
    /// context sets it to nil for every object it unregisters, and for all of them in
    /// its deinit, so it never points at a context that is gone.
    @exclusivity(unchecked) public internal(set) unowned(unsafe) var managedObjectContext:
        ManagedObjectContext?
    /// Whether the object was inserted and not yet saved.
    @exclusivity(unchecked) public internal(set) var isInserted = false
    /// Whether the object was deleted and the deletion not yet saved.
    @exclusivity(unchecked) public internal(set) var isDeleted = false

    /// Committed values; nil while the object is a fault (or new).
    @exclusivity(unchecked) var snapshot: RowSnapshot? {
        didSet {
            if snapshot != nil {
                partial = nil
                fetchedRow = nil
            }
        }
    }
    /// A fault's row as its fetch put it in the row cache, kept so the first read fills
    /// from it without the coordinator's lock; valid while the row cache's generation
    /// is still ``fetchedRowGeneration`` (``ManagedObjectContext/fulfill(_:)``).
    @exclusivity(unchecked) var fetchedRow: RowSnapshot?
    /// The row cache's generation when ``fetchedRow`` was its cache entry.
    @exclusivity(unchecked) var fetchedRowGeneration: UInt64 = 0
    /// Some committed values, from a fetch with `propertiesToFetch`: a partial fault.
    @exclusivity(unchecked) var partial: PartialRow?
    /// Changed attribute values, by attribute index (which is also the snapshot slot).
    @exclusivity(unchecked) var attributeChanges = AttributeChanges()
    // `Dictionary()`, not `[:]`: the empty literal goes through
    // `init(dictionaryLiteral:)`, whose empty variadic array asked the runtime for its
    // type metadata on every object made (about 330 instructions).
    /// Changed to-one targets, by relationship index.
    @exclusivity(unchecked) var toOneChanges = [Int: ObjectID?]()
    /// To-many states, by relationship index.
    @exclusivity(unchecked) var toMany = [Int: ToManyState]()
    /// Whether this object holds a reference on its row-cache entry.
    @exclusivity(unchecked) var holdsCacheReference = false
    /// The permanent ID a save in progress gave this inserted object.
    var pendingPermanentID: ObjectID?
    /// Whether this is a batch insert's reused row object: relationship writes on it
    /// are only recorded (the request then fails), never applied to other objects.
    var isBatchRow = false
    /// Which of its context's change lists hold the object (``ObjectList`` bits).
    @exclusivity(unchecked) var listMembership: UInt8 = 0

    /// Whether this instance only answers which property a key path names (see
    /// ``PropertyProbe``): never registered, never read from a store.
    let probe: PropertyProbe?

    /// Makes an object; the engine is the only caller (`ObjectCreation` has no public
    /// initializer). Subclasses inherit it: declare no designated initializer of your own.
    public required init(_ creation: ObjectCreation) {
        objectID = creation.objectID
        managedObjectContext = creation.context
        probe = creation.probe
    }

    /// The entity, resolved.
    var entity: Entity { objectID.entity }

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
            || toMany.values.contains { $0.hasChanges }
    }

    /// Forgets unsaved property changes.
    func discardChanges() {
        attributeChanges.removeAll()
        toOneChanges.removeAll()
        for index in toMany.keys { toMany[index]!.discardChanges() }
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
