import SQLiteDB

extension StoreCoordinator {
    /// Runs an object fetch and returns its rows; with `cache`, each row also goes into
    /// the row cache with one reference for the fetching context.
    ///
    /// Cost: one SELECT (plus `EXPLAIN QUERY PLAN` at log level 4).
    func fetchRows(_ sql: SQL, layout: RowLayout, cache: Bool) throws -> [RowSnapshot] {
        try fetchCachedRows(sql, layout: layout, cache: cache).rows
    }

    /// ``fetchRows(_:layout:cache:)``, with the row cache's generation just after the
    /// rows went in: while it has not moved, each row is still its object's cache entry.
    func fetchCachedRows(_ sql: SQL, layout: RowLayout, cache: Bool) throws
        -> (rows: [RowSnapshot], generation: UInt64)
    {
        try withConnection { connection in
            try explainIfLogging(sql, on: connection)
            let rows = try connection.fetchAll(sql) {
                layout.snapshot(from: $0, model: model, store: storeUUID)
            }
            if cache {
                lockedRowCache { rowCache in
                    rowCache.reserve(rows.count)
                    let now = MonotonicClock.now()
                    for row in rows { rowCache.store(row, retain: true, at: now) }
                }
            }
            return (rows, rowCacheGeneration.current)
        }
    }

    /// Runs an identity-only fetch (`SELECT 0, t0.Z_PK …`).
    ///
    /// Cost: one SELECT; nothing is cached.
    func fetchObjectIDs(_ sql: SQL, layout: RowLayout) throws -> [ObjectID] {
        try withConnection { connection in
            try explainIfLogging(sql, on: connection)
            return try connection.fetchAll(sql) {
                layout.objectID(from: $0, model: model, store: storeUUID)
            }
        }
    }

    /// Runs a `SELECT COUNT(…)`.
    func count(_ sql: SQL) throws -> Int {
        try withConnection { connection in
            try explainIfLogging(sql, on: connection)
            return Int(try connection.fetchOne(sql) { $0.int64(at: 0) } ?? 0)
        }
    }

    /// The committed row of `id` for firing its fault: from the row cache when it is
    /// there (no SQL) and younger than `maxAge` nanoseconds (any age when nil: the
    /// context's `stalenessInterval`), else `SELECT … WHERE t0.Z_PK = ?`. With
    /// `retain`, the firing context takes a reference on the entry. Nil when the row
    /// no longer exists.
    func snapshot(for id: ObjectID, retain: Bool, maxAge: UInt64? = nil) throws -> RowSnapshot? {
        try withConnection { connection in
            let now = maxAge == nil ? 0 : MonotonicClock.now()
            if let cached = lockedRowCache({
                $0.snapshot(for: id, maxAge: maxAge, now: now, retain: retain)
            }) {
                statistics.record {
                    $0.objectFaultsFired += 1
                    $0.rowCacheHits += 1
                }
                return cached
            }
            statistics.record {
                $0.objectFaultsFired += 1
                $0.rowCacheMisses += 1
            }
            let layout = layout(for: id.entity)
            let sql = ObjectSelect.fault(layout, primaryKey: id.primaryKey ?? 0)
            guard
                let row = try connection.fetchOne(
                    sql,
                    {
                        layout.snapshot(from: $0, model: model, store: storeUUID)
                    })
            else { return nil }
            lockedRowCache { $0.store(row, retain: retain, at: MonotonicClock.now()) }
            lockedTrace?.faultFulfilled(row)
            return row
        }
    }

    /// The row cache's snapshot of `id` if it is younger than `maxAge` nanoseconds (any
    /// age when nil), with no SQL and no new reference: how a merge reloads objects.
    func cachedSnapshot(for id: ObjectID, maxAge: UInt64?) -> RowSnapshot? {
        withRowCache { cache in
            let now = maxAge == nil ? 0 : MonotonicClock.now()
            return cache.snapshot(for: id, maxAge: maxAge, now: now, retain: false)
        }
    }

    /// The IDs at the other end of `id`'s to-many `index`: one SELECT (a to-many fault
    /// firing), its text built at open.
    ///
    /// Cost: the SELECT, then one array of exactly its rows' IDs (``ToManyFault``).
    func relatedObjectIDs(_ index: Int, of id: ObjectID) throws -> [ObjectID] {
        let fault = toManyFaults[id.entityNumber - 1][index]!
        return try withConnection { connection in
            // The owner's key bound in place of the kept SELECT's first argument: no
            // argument array copied per fault.
            let ids = try connection.withCachedStatement(
                fault.select, first: .integer(id.primaryKey ?? 0)
            ) { statement in
                try fault.objectIDs(statement, model: model, store: storeUUID)
            }
            statistics.record { $0.relationshipFaultsFired += 1 }
            lockedTrace?.toManyFaultFulfilled(fault.name, of: id, rows: ids.count)
            return ids
        }
    }

    func explainIfLogging(_ sql: SQL, on connection: Connection) throws {
        guard let trace = lockedTrace, trace.wantsQueryPlans else { return }
        trace.queryPlan(try connection.explainQueryPlan(sql))
    }
}
