/// A connection's page-cache counters since it opened (`sqlite3_db_status`): what
/// Instruments' Core Data "cache misses" shows, at SQLite's level.
///
/// Counters only grow, so a caller takes the difference of two readings around the
/// work it measures. Cost: four integers.
///
/// Related: https://www.sqlite.org/c3ref/c_dbstatus_options.html
public struct PageCacheStatus: Hashable, Sendable {
    /// Pages found in the cache (`SQLITE_DBSTATUS_CACHE_HIT`).
    public var hits: Int64
    /// Pages read from the file because they were not cached (`SQLITE_DBSTATUS_CACHE_MISS`).
    public var misses: Int64
    /// Dirty pages written to the file (`SQLITE_DBSTATUS_CACHE_WRITE`).
    public var writes: Int64
    /// Dirty pages written in the middle of a transaction because the cache was full
    /// (`SQLITE_DBSTATUS_CACHE_SPILL`): a sign the cache is too small for the writes.
    public var spills: Int64

    /// Makes a status.
    public init(hits: Int64, misses: Int64, writes: Int64, spills: Int64) {
        self.hits = hits
        self.misses = misses
        self.writes = writes
        self.spills = spills
    }
}
