/// What a fetch returns, as Core Data's `NSFetchRequestResultType`.
///
/// Related: https://developer.apple.com/documentation/coredata/nsfetchrequestresulttype
public enum FetchResultType: Hashable, Sendable {
    /// Managed objects (``ManagedObjectContext/fetch(_:)``).
    case managedObject
    /// Object IDs only: `SELECT 0, t0.Z_PK …`, nothing cached
    /// (``ManagedObjectContext/fetchObjectIDs(_:)``).
    case managedObjectID
    /// One dictionary per row with the keys of ``AnyFetchRequest/propertiesToFetch``
    /// (``ManagedObjectContext/fetchDictionaries(_:)``).
    case dictionary
    /// The number of matching objects: `SELECT COUNT(*)`
    /// (``ManagedObjectContext/count(for:)``).
    case count
}
