/// An UPDATE of every row matching a predicate, without loading objects, as Core
/// Data's `NSBatchUpdateRequest`.
///
/// ```swift
/// let request = BatchUpdateRequest(entityName: "Post")
/// request.predicate = try FetchPredicate(format: "score < %@", 1.0)
/// request.propertiesToUpdate = ["isDraft": true]
/// request.resultType = .objectIDs
/// let ids = try context.execute(request).objectIDs ?? []
/// ```
///
/// Cost: one statement, `UPDATE ZPOST AS t0 SET ZISDRAFT = ?, Z_OPT = (Z_OPT + 1)
/// WHERE …` (with `RETURNING` for IDs), in its own transaction. Validation does not run
/// and relationships cannot be changed; contexts keep their loaded values until they
/// merge the IDs (``ManagedObjectContext/mergeChanges(fromRemoteContextSave:into:)``).
///
/// Related: https://developer.apple.com/documentation/coredata/nsbatchupdaterequest
public final class BatchUpdateRequest {
    /// The entity to update (sub-entities included).
    public let entityName: String
    /// Which rows; nil means all.
    public var predicate: FetchPredicate?
    /// New values by attribute name (nil or `NSNull` values store NULL).
    public var propertiesToUpdate: [String: Any] = [:]
    /// What ``ManagedObjectContext/execute(_:)-(BatchUpdateRequest)`` returns.
    public var resultType = BatchResultType.statusOnly

    /// A request updating rows of `entityName`.
    public init(entityName: String) {
        self.entityName = entityName
    }
}
