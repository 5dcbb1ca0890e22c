import BenchKit
import ObjectGraph
import SQLiteDB

/// SQLite's own counters of the connection a case's SQL runs on, as harness metrics:
/// the page cache (`sqlite.cache-hits`, `-misses`, `-writes`, `-spills`: in WAL mode
/// each write is a WAL frame) and the WAL (`sqlite.wal-commits`, `sqlite.checkpoints`,
/// `sqlite.checkpointed-frames`), and the process's file syncs (`sqlite.syncs`, every
/// `xSync` SQLite made: ``SyncCounter``, installed by ``SocialStore`` before the case's
/// store is opened).
///
/// Registered by ``SocialStore`` for every case: raw configurations read their own
/// connection, engine configurations the store coordinator's (through
/// ``PersistentContainer/storeConnectionStatus``). WAL commits repeat exactly; the
/// page-cache counters and checkpoints depend on what earlier iterations of the case
/// left in the cache and the log, and those iterations' number on the time budget
/// (`materialize/n-plus-one [engine]` hit the cache 34,580 and 34,596 times in two
/// runs), so the CI gate reports them without gating. Cost: a handful of
/// `sqlite3_db_status` calls per read.
final class SQLiteCounters: CounterSource {
    private let status: () -> (PageCacheStatus, WALStatus)?

    /// Reads `connection`'s counters (a raw configuration).
    init(connection: Connection) {
        status = {
            guard let cache = try? connection.pageCacheStatus(),
                let wal = try? connection.walStatus()
            else { return nil }
            return (cache, wal)
        }
    }

    /// Reads the counters of `container`'s store connection (an engine configuration).
    init(container: PersistentContainer) {
        status = { container.storeConnectionStatus.map { ($0.pageCache, $0.wal) } }
    }

    /// The metric names, in ``read()`` order.
    let metrics = [
        "sqlite.cache-hits", "sqlite.cache-misses", "sqlite.cache-writes", "sqlite.cache-spills",
        "sqlite.wal-commits", "sqlite.checkpoints", "sqlite.checkpointed-frames", "sqlite.syncs",
    ]
    .map { Metric(name: $0, unit: .count) }

    /// The counters; zeros once the connection is closed (the case is then over).
    /// One array, built in place: the runner reads this around the measured body, so
    /// what it allocates shows in the body's allocation counts.
    func read() -> [Double] {
        let syncs = Double(SyncCounter.count)
        guard let (cache, wal) = status() else { return [0, 0, 0, 0, 0, 0, 0, syncs] }
        return [
            Double(cache.hits), Double(cache.misses), Double(cache.writes), Double(cache.spills),
            Double(wal.commits), Double(wal.checkpoints), Double(wal.checkpointedFrames), syncs,
        ]
    }
}
