/// How a save resolves conflicts: rows changed or deleted in the store since the
/// context read them (optimistic locking on `Z_OPT`), and inserts that collide with
/// an existing row on a uniqueness constraint. Core Data's `NSMergePolicy` types.
///
/// | Policy | Same property changed here and in the store | Different properties | Deleted here, changed in the store | Changed here, deleted in the store |
/// |---|---|---|---|---|
/// | `error` | the save throws, writes nothing | throws | throws | throws |
/// | `mergeByPropertyObjectTrump` | ours | both kept | deleted | gone (our changes dropped) |
/// | `mergeByPropertyStoreTrump` | theirs | both kept | kept, with their values | gone |
/// | `overwrite` | ours | ours (the whole object is written) | deleted | gone |
/// | `rollback` | theirs | theirs (all our changes to it dropped) | kept, with their values | gone |
///
/// Deleted on both sides is resolved by every policy but `error` (nothing left to do).
/// A uniqueness-constraint collision of an inserted object: `error` throws; the
/// object-trump policies (`mergeByPropertyObjectTrump`, `overwrite`) make the new object
/// the existing row with the new values written over it; the store-trump ones
/// (`mergeByPropertyStoreTrump`, `rollback`) make it the existing row as stored.
/// Inserted objects that collide among themselves are first merged into one in memory
/// under every policy but `error`: the last inserted survives under the object-trump
/// policies, the first under the store-trump ones (docs/CONTEXTS.md).
///
/// Cost of resolving: one SELECT per conflicting object (its row now), then the save's
/// write transaction again.
///
/// Related: https://developer.apple.com/documentation/coredata/nsmergepolicy
public enum MergePolicy: Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Conflicts fail the save: a stale row with
    /// ``SaveError/optimisticLockingFailure(conflicts:)``, a uniqueness conflict with
    /// ``SaveError/sqlite(_:objects:)`` holding SQLite's constraint error (Core Data's
    /// default, `NSErrorMergePolicy`).
    case error
    /// Property by property: what this context changed wins, the store's other changes
    /// are kept.
    case mergeByPropertyObjectTrump
    /// Property by property: what the store changed wins, this context's other changes
    /// are kept.
    case mergeByPropertyStoreTrump
    /// The object as this context sees it replaces the stored row.
    case overwrite
    /// This context's changes to conflicting objects are dropped.
    case rollback

    public var description: String {
        switch self {
        case .error: return "error"
        case .mergeByPropertyObjectTrump: return "mergeByPropertyObjectTrump"
        case .mergeByPropertyStoreTrump: return "mergeByPropertyStoreTrump"
        case .overwrite: return "overwrite"
        case .rollback: return "rollback"
        }
    }

    /// Whether this context's values win (object trump) rather than the store's.
    var objectWins: Bool {
        self == .mergeByPropertyObjectTrump || self == .overwrite
    }
}
