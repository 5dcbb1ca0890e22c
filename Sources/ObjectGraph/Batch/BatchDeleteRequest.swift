/// A DELETE of every row a fetch request selects (or of given IDs), without loading
/// objects, as Core Data's `NSBatchDeleteRequest`.
///
/// Delete rules are applied inside the same transaction by temporary triggers named
/// `ZQ_…`, as Core Data does: cascade deletes the related rows (their own rules apply
/// in turn), nullify clears foreign keys and join rows and bumps the other side's
/// `Z_OPT`, deny fails the whole request when related rows exist.
///
/// ```swift
/// let request = BatchDeleteRequest(fetchRequest: FetchRequest(entityName: "User"))
/// request.resultType = .objectIDs
/// let result = try context.execute(request)
/// ManagedObjectContext.mergeChanges(
///     fromRemoteContextSave: [ManagedObjectContext.deletedObjectsKey: result.objectIDs ?? []],
///     into: [viewContext])
/// ```
///
/// Cost: in one exclusive transaction, one `CREATE TEMP TRIGGER` per rule, one
/// `DELETE`, one `DROP TRIGGER` per rule. Validation does not run; contexts keep their
/// objects until they merge the IDs.
///
/// Related: https://developer.apple.com/documentation/coredata/nsbatchdeleterequest
public final class BatchDeleteRequest {
    /// Which rows: the request's entity and predicate (its sort, limit and batch
    /// settings are not used).
    public let fetchRequest: AnyFetchRequest
    /// The rows to delete, when built from IDs (then the fetch request has no predicate).
    let objectIDs: [ObjectID]?
    /// What ``ManagedObjectContext/execute(_:)-(BatchDeleteRequest)`` returns.
    public var resultType = BatchResultType.statusOnly

    /// A request deleting what `fetchRequest` selects.
    public init(fetchRequest: AnyFetchRequest) {
        self.fetchRequest = fetchRequest
        self.objectIDs = nil
    }

    /// A request deleting the rows of `objectIDs`, which must all belong to one entity
    /// hierarchy (permanent IDs; temporary ones are ignored).
    public init(objectIDs: [ObjectID]) {
        precondition(!objectIDs.isEmpty, "a batch delete needs at least one object ID")
        self.fetchRequest = FetchRequest(entityName: objectIDs[0].entityName)
        self.objectIDs = objectIDs
    }
}
