/// What a context tells its observers: Core Data's
/// `NSManagedObjectContextObjectsDidChange`, `NSManagedObjectContextWillSave` and
/// `NSManagedObjectContextDidSave` (with the object-ID keys of
/// `didSaveObjectIDsNotification`), as one `Sendable` value.
///
/// It carries object IDs, not objects, so that it can cross to any task (an
/// `AsyncSequence` consumer); on the context's queue, ``insertedObjects`` and its
/// siblings resolve the IDs to the context's registered instances.
///
/// ```swift
/// let observation = context.observe(.didSave) { note in
///     print("saved", note.insertedObjectIDs.count, "new objects")
/// }
/// for await note in context.notifications(of: .objectsDidChange) { … }
/// ```
///
/// Related: https://developer.apple.com/documentation/coredata/nsmanagedobjectcontextobjectsdidchange
public struct ContextNotification: Sendable, CustomStringConvertible {
    /// Which notification.
    public enum Name: Sendable, Hashable, CustomStringConvertible {
        /// Objects were inserted, changed, deleted, refreshed or invalidated; posted
        /// when the context processes its pending changes: at the end of each
        /// `perform` / `performAndWait` block, before a save, after a merge or refresh,
        /// and on ``ManagedObjectContext/processPendingChanges()``.
        case objectsDidChange
        /// A save is about to write (or, in a child, to push to its parent).
        case willSave
        /// A save succeeded: the IDs are those written (permanent for a root context;
        /// still temporary for objects a child pushed to its parent).
        case didSave

        public var description: String {
            switch self {
            case .objectsDidChange: return "objectsDidChange"
            case .willSave: return "willSave"
            case .didSave: return "didSave"
            }
        }
    }

    /// Which notification this is.
    public let name: Name
    /// The context that posted it.
    public let context: ManagedObjectContext
    /// Objects inserted (`NSInsertedObjectsKey`).
    public let insertedObjectIDs: Set<ObjectID>
    /// Objects changed (`NSUpdatedObjectsKey`).
    public let updatedObjectIDs: Set<ObjectID>
    /// Objects deleted (`NSDeletedObjectsKey`).
    public let deletedObjectIDs: Set<ObjectID>
    /// Objects turned back into faults or reloaded by a refresh or a merge
    /// (`NSRefreshedObjectsKey`; objects-did-change only).
    public let refreshedObjectIDs: Set<ObjectID>
    /// Objects that left the context because their rows are gone
    /// (`NSInvalidatedObjectsKey`; objects-did-change only).
    public let invalidatedObjectIDs: Set<ObjectID>
    /// Whether every object of the context was invalidated at once: true on the
    /// objects-did-change that ``ManagedObjectContext/reset()`` posts, as Core Data's
    /// `NSInvalidatedAllObjectsKey` (`ObjectsDidChangeMessage.invalidatedAll`).
    /// Observers must drop every object they hold from the context.
    public let invalidatedAll: Bool
    /// With ``invalidatedAll``: the IDs of the objects registered before the reset (the
    /// value Core Data gives `NSInvalidatedAllObjectsKey`); empty otherwise.
    public let invalidatedAllObjectIDs: Set<ObjectID>
    /// did-save of a root context: the permanent ID each inserted object's temporary
    /// ID became, so that child contexts and merges can follow the rename.
    package let permanentIDs: [ObjectID: ObjectID]
    /// objects-did-change of ``ManagedObjectContext/mergeChanges(fromContextDidSave:)``:
    /// every object ID the merged save updated, registered here or not (results
    /// controllers re-evaluate them; the public keys list only objects this context
    /// holds, as Core Data does).
    package let mergedUpdateIDs: Set<ObjectID>
    /// As ``mergedUpdateIDs``, for the merged save's deleted IDs.
    package let mergedDeleteIDs: Set<ObjectID>

    package init(
        name: Name, context: ManagedObjectContext, inserted: Set<ObjectID> = [],
        updated: Set<ObjectID> = [], deleted: Set<ObjectID> = [], refreshed: Set<ObjectID> = [],
        invalidated: Set<ObjectID> = [], invalidatedAll: Set<ObjectID>? = nil,
        mergedUpdates: Set<ObjectID> = [], mergedDeletes: Set<ObjectID> = [],
        permanentIDs: [ObjectID: ObjectID] = [:]
    ) {
        self.name = name
        self.context = context
        insertedObjectIDs = inserted
        updatedObjectIDs = updated
        deletedObjectIDs = deleted
        refreshedObjectIDs = refreshed
        invalidatedObjectIDs = invalidated
        self.invalidatedAll = invalidatedAll != nil
        invalidatedAllObjectIDs = invalidatedAll ?? []
        mergedUpdateIDs = mergedUpdates
        mergedDeleteIDs = mergedDeletes
        self.permanentIDs = permanentIDs
    }

    /// Whether no object is listed.
    public var isEmpty: Bool {
        insertedObjectIDs.isEmpty && updatedObjectIDs.isEmpty && deletedObjectIDs.isEmpty
            && refreshedObjectIDs.isEmpty && invalidatedObjectIDs.isEmpty && !invalidatedAll
    }

    /// Whether the merge details (``mergedUpdateIDs``, ``mergedDeleteIDs``) list IDs.
    package var hasMergeDetails: Bool { !mergedUpdateIDs.isEmpty || !mergedDeleteIDs.isEmpty }

    /// `didSave: 1 inserted, 2 updated, 0 deleted`, plus refreshed and invalidated
    /// counts when there are any.
    public var description: String {
        var text =
            "\(name): \(insertedObjectIDs.count) inserted, \(updatedObjectIDs.count) updated, "
            + "\(deletedObjectIDs.count) deleted"
        if !refreshedObjectIDs.isEmpty { text += ", \(refreshedObjectIDs.count) refreshed" }
        if !invalidatedObjectIDs.isEmpty {
            text += ", \(invalidatedObjectIDs.count) invalidated"
        }
        if invalidatedAll { text += ", all \(invalidatedAllObjectIDs.count) invalidated" }
        return text
    }

    // MARK: - Objects, on the context's queue

    /// The inserted objects registered in ``context``. Call on its queue.
    public var insertedObjects: [ManagedObject] { registered(insertedObjectIDs) }
    /// The changed objects registered in ``context``. Call on its queue.
    public var updatedObjects: [ManagedObject] { registered(updatedObjectIDs) }
    /// The deleted objects still registered in ``context`` (before their save).
    /// Call on its queue.
    public var deletedObjects: [ManagedObject] { registered(deletedObjectIDs) }
    /// The refreshed objects registered in ``context``. Call on its queue.
    public var refreshedObjects: [ManagedObject] { registered(refreshedObjectIDs) }

    private func registered(_ ids: Set<ObjectID>) -> [ManagedObject] {
        context.checkQueue()
        return ids.compactMap { context.registered[$0] }
    }
}
