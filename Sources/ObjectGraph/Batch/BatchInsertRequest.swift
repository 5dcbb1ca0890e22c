/// Rows to insert straight into the store, without managed objects, as Core Data's
/// `NSBatchInsertRequest`: the fast path for imports.
///
/// Each row is a dictionary of attribute names to values (missing attributes take
/// their defaults); relationships are not set and validation does not run. Run it
/// with ``ManagedObjectContext/execute(_:)-(BatchInsertRequest)``; contexts see the rows on
/// their next fetch (or merge the returned IDs with
/// ``ManagedObjectContext/mergeChanges(fromRemoteContextSave:into:)``).
///
/// ```swift
/// var next = 0
/// let request = BatchInsertRequest(entityName: "User") { row in
///     guard next < 1_000 else { return true }     // true: done
///     row["name"] = "u\(next)"
///     next += 1
///     return false
/// }
/// try context.execute(request)
/// ```
///
/// Cost: one exclusive transaction holding one `SELECT Z_MAX`, one INSERT per row
/// through one prepared statement, and one `UPDATE Z_PRIMARYKEY`: keys are reserved
/// once. With uniqueness constraints the INSERT is an upsert
/// (`ON CONFLICT (…) DO UPDATE`), so existing rows are updated instead of failing.
///
/// Related: https://developer.apple.com/documentation/coredata/nsbatchinsertrequest
public final class BatchInsertRequest {
    /// The entity the rows belong to (a concrete one).
    public let entityName: String
    /// What ``ManagedObjectContext/execute(_:)-(BatchInsertRequest)`` returns.
    public var resultType = BatchResultType.statusOnly
    /// Where the rows come from.
    let rows: Rows

    /// Dictionaries, or a reused object of the entity's class filled per row.
    enum Rows {
        /// Fills the next row and returns false, or returns true when there are no more.
        case dictionaries((inout [String: Any]) -> Bool)
        /// Fills the object's attributes for the next row and returns false, or returns
        /// true when there are no more.
        case objects((ManagedObject) -> Bool)
    }

    /// A request inserting `objects`, one row each.
    public init(entityName: String, objects: [[String: Any]]) {
        self.entityName = entityName
        var iterator = objects.makeIterator()
        rows = .dictionaries { row in
            guard let next = iterator.next() else { return true }
            row = next
            return false
        }
    }

    /// A request calling `dictionaryHandler` for each row until it returns true. The
    /// handler gets an empty dictionary each time; the one it returns true with is not
    /// inserted.
    public init(
        entityName: String, dictionaryHandler: @escaping (inout [String: Any]) -> Bool
    ) {
        self.entityName = entityName
        rows = .dictionaries(dictionaryHandler)
    }

    /// A request calling `managedObjectHandler` for each row until it returns true, as
    /// Core Data's `NSBatchInsertRequest(entity:managedObjectHandler:)`: the handler
    /// sets the typed attributes of one reused object of the entity's class, whose
    /// values go straight to the INSERT (no dictionary, no `Any`). The object is in no
    /// context's registry; setting a relationship on it fails the request.
    ///
    /// ```swift
    /// var next = 0
    /// let request = BatchInsertRequest(entityName: "Post") { (post: Post) in
    ///     guard next < 1_000 else { return true }
    ///     post.title = "post \(next)"
    ///     next += 1
    ///     return false
    /// }
    /// ```
    public init<Object: ManagedObject>(
        entityName: String, managedObjectHandler: @escaping (Object) -> Bool
    ) {
        self.entityName = entityName
        rows = .objects { managedObjectHandler(unsafeDowncast($0, to: Object.self)) }
        objectClass = Object.self
    }

    /// The class a `managedObjectHandler` takes (checked against the entity's class).
    private(set) var objectClass: ManagedObject.Type = ManagedObject.self
}
