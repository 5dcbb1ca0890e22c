import Foundation
import ObjectGraph

/// A scratch pad of model objects: SwiftData's `ModelContext`, over an ObjectGraph
/// ``ManagedObjectContext`` (insert, delete, save, fetch with ``FetchDescriptor``).
///
/// ```swift
/// let context = ModelContext(container)
/// try context.performAndWait {
///     let post = Post(modelContext: context)
///     post.title = "Hello"
///     context.insert(post)
///     try context.save()
///     let recent = try context.fetch(FetchDescriptor<Post>(
///         predicate: #Predicate { $0.likes > 10 }, sortBy: [SortDescriptor(\.createdAt)]))
/// }
/// ```
///
/// Use a context on its queue only, like the context underneath: the main context on
/// the main thread, any other inside ``performAndWait(_:)``. Every call costs what the
/// Core Data-style call it maps to costs, plus the translation of the descriptor
/// (linear in the predicate's size).
///
/// Related: https://developer.apple.com/documentation/swiftdata/modelcontext
public final class ModelContext {
    /// The container the context belongs to.
    public let container: ModelContainer
    /// The ObjectGraph context underneath, for the Core Data-style API.
    public let managedObjectContext: ManagedObjectContext
    var autosaveObservation: ContextObservation?
    var isAutosaving = false
    /// How many saves autosave has made.
    public internal(set) var autosaveCount = 0
    /// The error of the last autosave that failed, if any (autosave cannot throw).
    public internal(set) var autosaveError: (any Error)?

    /// Whether the context saves by itself at the end of each event with changes (the
    /// end of a ``performAndWait(_:)`` block from off the queue, or
    /// ``processPendingChanges()``). On for the main context, off for others, as in
    /// SwiftData.
    ///
    /// Cost: while on, each change is recorded for the event's objects-did-change (an
    /// array append), and each event with changes runs one ``save()``.
    public var autosaveEnabled: Bool {
        get { autosaveObservation != nil }
        set { setAutosave(newValue) }
    }

    /// A new private-queue context on the container's store, autosave off.
    public convenience init(_ container: ModelContainer) {
        self.init(
            container: container,
            managedObjectContext: container.persistentContainer.newBackgroundContext(),
            autosaveEnabled: false)
    }

    init(
        container: ModelContainer, managedObjectContext: ManagedObjectContext,
        autosaveEnabled: Bool
    ) {
        self.container = container
        self.managedObjectContext = managedObjectContext
        if autosaveEnabled { setAutosave(true) }
    }

    /// Runs `body` on the context's queue and waits; autosave runs when it ends.
    ///
    /// - Throws: What `body` throws, unchanged.
    /// - Returns: what `body` returns.
    public func performAndWait<T>(_ body: () throws -> T) rethrows -> T {
        try managedObjectContext.performAndWait(body)
    }

    // MARK: - Changes

    /// Registers `model` as inserted. Objects are born in a context here
    /// (`Post(modelContext:)` has inserted it already), so this only checks that
    /// `model` belongs to this context; inserting twice is harmless, as in SwiftData.
    ///
    /// Cost: no SQL; the row is written by the next save.
    public func insert<T: ManagedObject>(_ model: T) {
        precondition(
            model.managedObjectContext === managedObjectContext,
            "insert(_:): \(T.self) belongs to another context; make it with "
                + "\(T.self)(modelContext:) of this context")
    }

    /// Marks `model` deleted; its row goes at the next save (delete rules apply then).
    public func delete<T: ManagedObject>(_ model: T) {
        managedObjectContext.delete(model)
    }

    /// Whether there are unsaved inserts, updates or deletes.
    public var hasChanges: Bool { managedObjectContext.hasChanges }

    /// Writes every change in one transaction.
    ///
    /// Cost: one BEGIN … COMMIT with one INSERT, UPDATE or DELETE per changed object.
    /// - Throws: `SaveError` (validation, constraints, conflicts) or `SQLiteError`.
    public func save() throws {
        try managedObjectContext.save()
    }

    /// Discards unsaved changes.
    public func rollback() {
        managedObjectContext.rollback()
    }

    /// Ends the current event: posts objects-did-change and, with autosave, saves.
    public func processPendingChanges() {
        managedObjectContext.processPendingChanges()
    }

    /// The object with `id` (a fault when not registered yet; no SQL).
    public func model(for id: PersistentIdentifier) -> ManagedObject {
        managedObjectContext.object(with: id)
    }

    /// The registered object with `id`, or nil when the context holds none.
    ///
    /// Cost: a pass over the registered objects (ObjectGraph has no public lookup of
    /// registered objects by ID); no SQL.
    public func registeredModel<T: ManagedObject>(for id: PersistentIdentifier) -> T? {
        managedObjectContext.registeredObjects.first { $0.objectID == id } as? T
    }
}

/// An object's identity across contexts: SwiftData's `PersistentIdentifier`, which
/// here is ObjectGraph's ``ObjectID``.
public typealias PersistentIdentifier = ObjectID

extension ManagedObject {
    /// Makes a new object of this class inserted in `modelContext` (SwiftData makes it
    /// first and inserts it with `insert(_:)`; here objects are born in a context).
    ///
    /// Cost: no SQL; the row is written by the next save.
    public convenience init(modelContext: ModelContext) {
        self.init(context: modelContext.managedObjectContext)
    }
}
