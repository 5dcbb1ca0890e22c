import SQLiteDB

/// SQLite's own counters of the connection a store runs its SQL on: the page cache
/// (hits, misses, pages written, spills) and the write-ahead log (commits, automatic
/// checkpoints). What Instruments' Core Data "cache misses" shows, one level down.
///
/// Counters grow from the moment the store was loaded; take the difference of two
/// readings around the work measured. Cost: a few integers.
public struct StoreConnectionStatus: Hashable, Sendable {
    /// Page-cache counters (`PageCacheStatus`); in WAL mode `writes` are WAL frames.
    public var pageCache: PageCacheStatus
    /// WAL commits and checkpoints (`WALStatus`); zero outside WAL mode.
    public var wal: WALStatus
}

extension StoreCoordinator {
    /// The connection's counters now.
    /// - Throws: ``SQLiteError`` when the connection has been closed.
    func connectionStatus() throws -> StoreConnectionStatus {
        try withConnection { connection in
            StoreConnectionStatus(
                pageCache: try connection.pageCacheStatus(), wal: try connection.walStatus())
        }
    }
}
