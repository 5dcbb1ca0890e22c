import SQLiteDB

/// One object a save could not write as it stood: what this context had, what it had
/// read, and what the store has now (Core Data's `NSMergeConflict`). Snapshots map
/// attribute names to stored values and to-one names to the target's `Z_PK`
/// (`.null` for none).
///
/// Related: https://developer.apple.com/documentation/coredata/nsmergeconflict
public struct MergeConflict: Sendable, Equatable, CustomStringConvertible {
    /// The object in conflict.
    public let objectID: ObjectID
    /// Its values in this context, unsaved changes applied; nil when it was deleted here.
    public let objectSnapshot: [String: SQLiteValue]?
    /// Its values as this context last read them (the row-cache snapshot).
    public let cachedSnapshot: [String: SQLiteValue]?
    /// Its row in the store now; nil when the row is gone.
    public let persistedSnapshot: [String: SQLiteValue]?
    /// `Z_OPT` as this context read it.
    public let oldVersionNumber: Int64
    /// `Z_OPT` in the store now (0 when the row is gone).
    public let newVersionNumber: Int64

    package init(
        objectID: ObjectID, objectSnapshot: [String: SQLiteValue]? = nil,
        cachedSnapshot: [String: SQLiteValue]? = nil,
        persistedSnapshot: [String: SQLiteValue]? = nil, oldVersionNumber: Int64 = 0,
        newVersionNumber: Int64 = 0
    ) {
        self.objectID = objectID
        self.objectSnapshot = objectSnapshot
        self.cachedSnapshot = cachedSnapshot
        self.persistedSnapshot = persistedSnapshot
        self.oldVersionNumber = oldVersionNumber
        self.newVersionNumber = newVersionNumber
    }

    /// `<x-coredata://…/User/p1> version 3 → 4 (changed in the store)` or `(deleted …)`.
    public var description: String {
        let state = persistedSnapshot == nil ? "deleted in the store" : "changed in the store"
        return "\(objectID) version \(oldVersionNumber) → \(newVersionNumber) (\(state))"
    }
}
