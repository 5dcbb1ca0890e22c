import SQLiteDB

/// Something the engine did, as an ``EngineTraceSink`` receives it: a SQLite trace
/// event of the store's connection, or one of the engine's own annotations saying
/// which fault, batch, prefetch level or save phase the statements around it serve.
///
/// Annotations follow the statements they describe (a fault's SELECT comes first,
/// then ``faultFulfilled(_:)``), except ``savePhase(_:)``, which opens each phase.
/// Values, not text: the SQL debug log formats them, the lab records them, and
/// nothing parses log lines back.
///
/// Cost: the payloads are values the engine already holds (an object ID, a row
/// snapshot, a few integers); events are built only while a sink is attached.
package enum EngineTraceEvent: Sendable {
    /// An event of the store's SQLite connection: a statement with its SQL, bound
    /// values, time, rows and `sqlite3_stmt_status` deltas, or a connection or
    /// transaction event. The engine's own `EXPLAIN QUERY PLAN` runs are left out.
    case sql(TraceEvent)
    /// A `fetch(_:)` or `fetchDictionaries(_:)` of `entity` returned `rows` results,
    /// `nanoseconds` after it started (the whole call, materializing included). The
    /// entity lets a sink name the key paths the fetched objects' faults go through.
    case fetchCompleted(rows: Int, nanoseconds: UInt64, entity: String = "")
    /// `count(for:)` answered `count` for the request described by `request`.
    case countCompleted(request: String, count: Int, nanoseconds: UInt64)
    /// An object fault ran its SELECT and filled `row` (whose `objectID` names the
    /// object and its entity).
    case faultFulfilled(FulfilledRow)
    /// The to-many `relationship` of `objectID` was read from the store: `rows` IDs.
    case toManyFaultFulfilled(relationship: String, objectID: ObjectID, rows: Int)
    /// A batched fetch loaded `batch` (from 0) of `count` batches: `rows` rows.
    case batchLoaded(batch: Int, of: Int, rows: Int)
    /// One prefetch SELECT for `keyPath` (`posts.comments`) at `level` (1 for
    /// `posts`, 2 for `posts.comments`) loaded `rows` destination rows.
    case prefetched(keyPath: String, level: Int, rows: Int)
    /// A batch request (`kind` is `insert`, `update` or `delete`) on `table` changed
    /// `rows` rows in `nanoseconds`.
    case batchRequestCompleted(kind: String, table: String, rows: Int, nanoseconds: UInt64)
    /// The `EXPLAIN QUERY PLAN` of the fetch whose SELECT runs next, for sinks that
    /// ask for plans (``EngineTraceSink/wantsQueryPlans``).
    case queryPlan(QueryPlan)
    /// A save entered a phase; the statements that follow serve it.
    case savePhase(SavePhase)
    /// The statements that follow, until the matching ``causeEnded``, serve `cause`
    /// (nested: the innermost cause is the one that ran them). Not in the SQL debug
    /// log (Core Data prints no such line); the lab attributes statements with it.
    case causeBegan(TraceCause)
    /// The innermost ``causeBegan(_:)`` is over.
    case causeEnded
}

/// Why the engine ran the statements inside a ``EngineTraceEvent/causeBegan(_:)``: work
/// the app asked for by ID, or work Core Data does on its own behalf.
package enum TraceCause: Hashable, Sendable {
    /// `existingObject(with:)` for an object of `entity`: a fetch by an ID the caller
    /// already holds.
    case lookup(entity: String)
    /// The delete rule (`nullify`, `cascade`) of `entity.relationship`, applied by
    /// `delete(_:)`: it reads the related objects to update or delete them.
    case deleteRule(entity: String, relationship: String, rule: String)
}

/// The phases of ``ManagedObjectContext/save()``, in order.
package enum SavePhase: Hashable, Sendable {
    /// Reserving primary keys for `objects` inserted objects in `Z_PRIMARYKEY` (its own
    /// short transaction); skipped when nothing was inserted.
    case reservingKeys(objects: Int)
    /// Writing the changes in one exclusive transaction.
    case writing(inserted: Int, updated: Int, deleted: Int)
    /// The transaction committed and the context took the changes in.
    case saved
    /// The save failed; the store and the context are as they were before it.
    case failed
}

/// The row a fault's SELECT read, decoded for trace sinks (made only when a sink is
/// attached).
package struct FulfilledRow: Sendable {
    /// The object the row belongs to.
    package let objectID: ObjectID
    /// Its values in the entity's snapshot order.
    package let values: [SQLiteValue]
}
