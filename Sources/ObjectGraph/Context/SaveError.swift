import SQLiteDB

/// Why a save failed. A failed save leaves the store as it was and the context's
/// changes in place, so the caller can fix the cause and save again.
public enum SaveError: Error, Sendable, CustomStringConvertible {
    /// Rows changed or vanished under us since they were read (`Z_OPT` moved on), and
    /// the context's ``ManagedObjectContext/mergePolicy`` is `.error`: per object, its
    /// values here, as read, and in the store now (Core Data's `NSMergeConflict`s).
    /// Nothing was written; refresh or roll back the objects, or set a merge policy.
    case optimisticLockingFailure(conflicts: [MergeConflict])
    /// A required attribute or to-one is nil.
    case missingRequiredValue(entity: String, key: String, object: ObjectID)
    /// A deny delete rule blocks deleting an object that still has related objects.
    case deleteDenied(entity: String, relationship: String, object: ObjectID)
    /// A delete rule could not read the objects it applies to (`error`, usually an
    /// `SQLiteError`), so it could not run (cascade, nullify) or be checked (deny).
    case deleteRuleFailed(entity: String, relationship: String, object: ObjectID, error: any Error)
    /// SQLite refused a statement; `objects` are the objects being saved.
    case sqlite(SQLiteError, objects: [ObjectID])

    /// The objects in conflict, for an optimistic-locking failure; empty otherwise.
    public var conflictedObjectIDs: [ObjectID] {
        if case .optimisticLockingFailure(let conflicts) = self { return conflicts.map(\.objectID) }
        return []
    }

    /// One line: what failed and for which objects.
    public var description: String {
        switch self {
        case .optimisticLockingFailure(let conflicts):
            return "optimistic locking failure: changed in the store since read: "
                + conflicts.map(\.description).joined(separator: ", ")
                + "; nothing was saved: refresh the objects or set a merge policy"
        case .missingRequiredValue(let entity, let key, let object):
            return "validation: \(entity).\(key) is required but nil for \(object); nothing "
                + "was saved: set \(key) or delete the object, then save again"
        case .deleteDenied(let entity, let relationship, let object):
            return "validation: cannot delete \(object): \(entity).\(relationship) has a "
                + "deny delete rule and is not empty; nothing was saved: delete or reassign "
                + "the objects in \(relationship) first, or undo the delete"
        case .deleteRuleFailed(let entity, let relationship, let object, let error):
            return "delete rule of \(entity).\(relationship) could not read the related objects "
                + "of \(object): \(error); nothing was saved: roll back or reset the context, "
                + "then delete again"
        case .sqlite(let error, let objects):
            return "save failed for \(objects.count) object(s): \(error); "
                + Self.remedy(for: error.code)
        }
    }

    /// What the store holds after a save failed with `code`, and what to do.
    static func remedy(for code: ResultCode) -> String {
        let rolledBack = "nothing was saved and the context keeps its changes: "
        if code == .SQLITE_IOERR_FSYNC {
            return "the disk did not confirm the commit, so the store may hold it after a "
                + "crash: check the device, then refetch before saving again"
        }
        switch code.primary {
        case .SQLITE_FULL:
            return rolledBack + "free disk space, then save again"
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return rolledBack + "save again once the other connection is done"
        case .SQLITE_CONSTRAINT:
            return rolledBack + "another row has the same values for a uniqueness "
                + "constraint: change the values, or set a merge policy that resolves "
                + "constraint conflicts"
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_CANTOPEN:
            return rolledBack + "make the store file and its directory writable, then save again"
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return rolledBack + "the store file is damaged: restore it from a backup"
        case .SQLITE_IOERR:
            return rolledBack + "the disk reported an I/O error: check the device, then save again"
        default:
            return rolledBack + "fix the cause above, then save again"
        }
    }
}
