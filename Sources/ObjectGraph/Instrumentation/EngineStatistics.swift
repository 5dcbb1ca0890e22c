/// Counters of everything the engine did since the container loaded its store or since
/// ``PersistentContainer/resetStatistics()``: a snapshot, read with
/// ``PersistentContainer/statistics``.
///
/// Statement counters come from SQLite trace events (one per executed statement);
/// transaction control (`BEGIN`, `COMMIT`, `ROLLBACK`) is counted apart in
/// ``transactionCount``, as Core Data's own counts list it separately. Fault and cache
/// counters come from the engine. All are deterministic for a given workload, so tests
/// and the lab compare them exactly.
///
/// ```swift
/// container.resetStatistics()
/// let posts = try context.fetch(request)
/// #expect(container.statistics.selectCount == 1)
/// ```
public struct EngineStatistics: Hashable, Sendable, Codable {
    /// Statements executed (selects, inserts, updates, deletes, pragmas, DDL).
    public var statementCount = 0
    /// SELECT statements.
    public var selectCount = 0
    /// INSERT statements.
    public var insertCount = 0
    /// UPDATE statements.
    public var updateCount = 0
    /// DELETE statements.
    public var deleteCount = 0
    /// BEGIN, COMMIT and ROLLBACK.
    public var transactionCount = 0
    /// Rows returned by SELECTs.
    public var rowsRead = 0
    /// Rows inserted, updated or deleted.
    public var rowsWritten = 0
    /// SQLite virtual machine steps (`SQLITE_STMTSTATUS_VM_STEP`).
    public var vmSteps: Int64 = 0
    /// Steps of full table scans (`SQLITE_STMTSTATUS_FULLSCAN_STEP`).
    public var fullScanSteps: Int64 = 0
    /// Sorts no index could serve (`SQLITE_STMTSTATUS_SORT`).
    public var sortCount: Int64 = 0
    /// Rows put in automatic indexes (`SQLITE_STMTSTATUS_AUTOINDEX`).
    public var autoIndexRows: Int64 = 0
    /// Object faults fired (from the row cache or from SQL).
    public var objectFaultsFired = 0
    /// To-many relationship faults fired.
    public var relationshipFaultsFired = 0
    /// Faults served from the row cache without SQL.
    public var rowCacheHits = 0
    /// Faults that had to run a SELECT.
    public var rowCacheMisses = 0
    /// Managed objects created from fetched rows.
    public var objectsMaterialized = 0
    /// Successful saves that wrote to the store.
    public var saveCount = 0
    /// Unchanged objects of batched fetch results unregistered once no longer held.
    public var objectsReleased = 0
    /// Batches loaded by batched fetches (``AnyFetchRequest/fetchBatchSize``).
    public var batchesLoaded = 0
    /// Prefetch SELECTs run (one per key path level, per batch).
    public var prefetchSelects = 0
    /// Batch insert, update and delete requests executed.
    public var batchRequests = 0
    /// Rows inserted, updated or deleted by batch requests (cascades not included).
    public var batchRowsAffected = 0

    /// All zero.
    public init() {}
}
