import Dispatch
import Foundation
import Synchronization

/// A scratch pad of managed objects confined to one queue: fetch, change, then save in
/// one transaction, or roll back.
///
/// A main-queue context (``PersistentContainer/viewContext``) runs on the main queue; a
/// private-queue context (``PersistentContainer/newBackgroundContext()``) on a serial
/// queue of its own. Use a context and its objects only inside ``perform(_:)->()``,
/// ``performAndWait(_:)`` or the async ``perform(_:)->_`` (or on the main thread for a
/// main-queue context); a call off the queue stops the program, in release builds too,
/// as Core Data's `-com.apple.CoreData.ConcurrencyDebug 1` does.
///
/// ```swift
/// try context.performAndWait {
///     let user = context.insertNewObject(forEntityName: "User")
///     user.setValue("Alice", forKey: "name")
///     try context.save()
/// }
/// ```
///
/// Invariant behind `@unchecked Sendable`: all mutable state (registered objects,
/// change lists) is touched only on `queue`, which `checkQueue()` enforces at the public
/// entry points (in every build); the coordinator it shares with other contexts is
/// itself lock-protected.
///
/// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext
public final class ManagedObjectContext: @unchecked Sendable {
    /// The kind of queue a context runs on.
    public enum ConcurrencyType: Sendable {
        /// The main queue: for UI-facing contexts.
        case mainQueue
        /// A private serial queue: for background work.
        case privateQueue
    }

    /// The context's queue kind.
    public let concurrencyType: ConcurrencyType
    /// A name shown in diagnostics.
    public var name: String?
    /// How old (in seconds) a row-cache entry may be for firing a fault from it: negative
    /// (the default) reuses cached rows whatever their age; 0 always runs the fault's
    /// SELECT. Objects already loaded are not refreshed by it, as in Core Data.
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/1506875-stalenessinterval
    ///
    /// Kept in the context's unchecked state: firing a fault reads it.
    public var stalenessInterval: Double {
        @inline(__always) get { unchecked.stalenessInterval }
        set { unchecked.stalenessInterval = newValue }
    }

    /// The context this one saves into, or nil for a root context, which saves to the
    /// store. A child's ``save()`` pushes its changes to the parent and runs no SQL;
    /// its fetches see the parent's unsaved changes.
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/1506661-parent
    public let parent: ManagedObjectContext?

    /// Whether saves of sibling contexts (other roots of the same store for a root
    /// context; the parent for a child) are merged into this context as they happen,
    /// with ``mergeChanges(fromContextDidSave:)`` scheduled on its queue. Off by default.
    ///
    /// Cost: each such save builds its did-save (a set of IDs) and schedules one block
    /// here; the merge itself runs no SQL.
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/1845237-automaticallymergeschangesfrompa
    public var automaticallyMergesChangesFromParent: Bool {
        get { mergesAutomatically.load(ordering: .relaxed) }
        set {
            mergesAutomatically.store(newValue, ordering: .relaxed)
            // A child is listed in its parent's children already.
            guard parent == nil else { return }
            if newValue {
                coordinator.mergeTargets.add(self)
            } else {
                coordinator.mergeTargets.remove(self)
            }
        }
    }
    private let mergesAutomatically = Atomic<Bool>(false)

    /// How a save resolves rows changed or deleted in the store since this context
    /// read them, and inserts colliding on a uniqueness constraint; `.error` (the
    /// default, as Core Data) fails the save. See ``MergePolicy``.
    ///
    /// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontext/1506224-mergepolicy
    public var mergePolicy = MergePolicy.error

    /// How many times a save resolves conflicts and writes again before giving up.
    static let maximumConflictRetries = 100

    let coordinator: StoreCoordinator
    /// This context's children (see ``parent``), held weakly.
    let children = MergeTargets()
    /// The permanent IDs root saves gave to temporary ones, kept while the context has
    /// children, whose objects still carry the temporary IDs.
    var renamedTemporaryIDs: [ObjectID: ObjectID] = [:]
    private let queue: DispatchQueue
    private let queueKey = DispatchSpecificKey<Bool>()
    /// The thread known to be running this context's queue now (0: none known), so
    /// that `checkQueue()` costs a load and a compare instead of a
    /// `DispatchQueue.getSpecific` lookup. A private-queue context sets it while a
    /// `perform` block runs and clears it before the block ends; a main-queue context
    /// records the main thread once, for good. Only the thread it names writes its own
    /// ID, and clears it before running anything else, so a thread reading its own ID
    /// here is on the queue; any other thread reads a different value (relaxed loads
    /// see a thread's own latest write) and takes the full check.
    private let confirmedThread = Atomic<UInt>(0)

    /// The state read on every fetched row and every change, kept without the
    /// runtime's exclusivity check: touched only on `queue` (`UncheckedState.swift`
    /// states the invariants). The accessors below are the only way in.
    @exclusivity(unchecked) var unchecked = UncheckedContextState()

    /// Every registered object by ID; each fetched row passes through it.
    var registered: ObjectTable<ManagedObject> {
        @inline(__always) _read { yield unchecked.registered }
        @inline(__always) _modify { yield &unchecked.registered }
    }
    var inserted = ObjectList(bit: 1)
    var updated = ObjectList(bit: 2)
    var deleted = ObjectList(bit: 4)
    /// Delete rules that could not read the objects they apply to, since the last
    /// save, rollback or reset: the next save fails with the first.
    var deleteRuleFailures: [SaveError] = []
    /// The audit the last fetch recorded into (``ProjectionAudit``); nil when no trace
    /// sink wants one, so a property read costs one branch on it.
    package internal(set) var projectionAudit: ProjectionAudit? {
        @inline(__always) get { unchecked.projectionAudit }
        set { unchecked.projectionAudit = newValue }
    }
    /// The author persistent history records for this context's saves
    /// (docs/HISTORY.md); nil records none.
    public var transactionAuthor: String?
    /// Records changes for undo and redo (docs/UNDO.md); the view context has one,
    /// other contexts none, as in Core Data.
    public var undoManager: ContextUndoManager? {
        didSet { recordsUndo = undoManager != nil }
    }
    /// Whether ``undoManager`` is set: the recording hooks test this plain flag, so a
    /// change without an undo manager costs one load and branch (no retain, no
    /// exclusivity check).
    var recordsUndo: Bool {
        @inline(__always) get { unchecked.recordsUndo }
        @inline(__always) set { unchecked.recordsUndo = newValue }
    }
    /// Observers and the changes the next objects-did-change lists (see
    /// ``ContextObservers``). Read on every change of every object (with the runtime
    /// exclusivity check, `materialize/insert [batch-typed]` counted 1.6% more
    /// instructions at 10k).
    var observers: ContextObservers {
        @inline(__always) _read { yield unchecked.observers }
        @inline(__always) _modify { yield &unchecked.observers }
    }

    init(
        concurrencyType: ConcurrencyType, coordinator: StoreCoordinator,
        parent: ManagedObjectContext? = nil
    ) {
        self.concurrencyType = concurrencyType
        self.coordinator = coordinator
        self.parent = parent
        switch concurrencyType {
        case .mainQueue: queue = .main
        case .privateQueue: queue = DispatchQueue(label: "ObjectGraph.ManagedObjectContext")
        }
        queue.setSpecific(key: queueKey, value: true)
    }

    /// A child context of `parent`, on a queue of its own kind: its saves push changes
    /// into `parent` (no SQL) and its fetches see `parent`'s unsaved changes; the
    /// edit-sheet pattern.
    ///
    /// ```swift
    /// let sheet = ManagedObjectContext(concurrencyType: .privateQueue,
    ///                                  parent: container.viewContext)
    /// try sheet.performAndWait {
    ///     try sheet.existingObject(with: id).setCheckedValue("New", forKey: "title")
    ///     try sheet.save()                        // into the view context, no SQL
    /// }
    /// try container.viewContext.performAndWait { try container.viewContext.save() }
    /// ```
    ///
    /// Cost: no SQL to create. Firing a fault in the child asks the parent first (one
    /// wait on its queue); fetches still run one SELECT each.
    public convenience init(concurrencyType: ConcurrencyType, parent: ManagedObjectContext) {
        self.init(concurrencyType: concurrencyType, coordinator: parent.coordinator, parent: parent)
        parent.children.add(self)
    }

    deinit {
        let references = registered.values.filter(\.holdsCacheReference).map(\.objectID)
        coordinator.withRowCache { $0.release(references) }
        // Objects may outlive their context; their unowned reference must not dangle.
        for object in registered.values { object.managedObjectContext = nil }
    }

    // MARK: - Queue confinement

    /// Whether the caller runs on the context's queue.
    var isOnQueue: Bool {
        if DispatchQueue.getSpecific(key: queueKey) == true { return true }
        return concurrencyType == .mainQueue && Thread.isMainThread
    }

    /// Stops the program when called off the context's queue, in every build: a
    /// wrong-thread call would otherwise corrupt the context's unchecked state
    /// (``ManagedObject``'s note). Public entry points call it.
    ///
    /// Cost: `pthread_self()`, one relaxed load and a compare when the calling thread
    /// is the one running the queue; `DispatchQueue.getSpecific` otherwise.
    @inline(__always)
    func checkQueue(_ function: StaticString = #function) {
        if confirmedThread.load(ordering: .relaxed) == Self.currentThread { return }
        checkQueueFully(function)
    }

    @inline(never)
    private func checkQueueFully(_ function: StaticString) {
        precondition(
            isOnQueue,
            "ManagedObjectContext \(name ?? ""): \(function) called off the context's "
                + "queue; wrap the call in perform or performAndWait")
        // The main queue runs on the main thread only: confirmed for good.
        if concurrencyType == .mainQueue && Thread.isMainThread {
            confirmedThread.store(Self.currentThread, ordering: .relaxed)
        }
    }

    private static var currentThread: UInt { UInt(pthread_self()) }  // pthread_t is UInt on Linux

    /// Runs a block of `perform` on the queue with the thread confirmed (see
    /// ``confirmedThread``), then processes pending changes.
    private func runConfirmed<T>(_ body: () throws -> T) rethrows -> T {
        guard concurrencyType == .privateQueue else {
            defer { processPendingChanges() }
            return try body()
        }
        confirmedThread.store(Self.currentThread, ordering: .relaxed)
        defer {
            processPendingChanges()
            confirmedThread.store(0, ordering: .relaxed)
        }
        return try body()
    }

    /// Runs `body` on the context's queue and waits for it; runs it at once when
    /// already there.
    ///
    /// - Throws: What `body` throws, unchanged.
    /// - Returns: what `body` returns.
    /// When the block ends (and it was not already running on the queue), pending
    /// changes are processed: objects-did-change is posted if there were changes.
    ///
    /// - Returns: what `body` returns.
    public func performAndWait<T>(_ body: () throws -> T) rethrows -> T {
        if isOnQueue { return try body() }
        return try queue.sync { try runConfirmed(body) }
    }

    /// Schedules `body` on the context's queue and returns at once; pending changes
    /// are processed when it ends.
    public func perform(_ body: @escaping @Sendable () -> Void) {
        queue.async { self.runConfirmed(body) }
    }

    /// Runs `body` on the context's queue and resumes with its result; pending changes
    /// are processed when it ends.
    ///
    /// - Throws: what `body` throws.
    public func perform<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            queue.async {
                let result = self.runConfirmed { Result { try body() } }
                continuation.resume(with: result)
            }
        }
    }
}
