import CSQLite

extension Connection {
    /// The page-cache counters since the connection opened (``PageCacheStatus``).
    ///
    /// Cost: four `sqlite3_db_status` calls, no I/O.
    /// - Throws: ``SQLiteError`` `SQLITE_MISUSE` after ``close()``.
    public func pageCacheStatus() throws -> PageCacheStatus {
        guard !isClosed else { throw SQLiteError.closed(sql: nil) }
        return PageCacheStatus(
            hits: try status(SQLITE_DBSTATUS_CACHE_HIT),
            misses: try status(SQLITE_DBSTATUS_CACHE_MISS),
            writes: try status(SQLITE_DBSTATUS_CACHE_WRITE),
            spills: try status(SQLITE_DBSTATUS_CACHE_SPILL))
    }

    /// The current value of the per-connection counter `operation`, not reset.
    private func status(_ operation: Int32) throws -> Int64 {
        var current: Int32 = 0
        var highwater: Int32 = 0
        let code = sqlite3_db_status(handle, operation, &current, &highwater, 0)
        guard code == SQLITE_OK else { throw error(code: code, sql: nil) }
        return Int64(current)
    }
}
