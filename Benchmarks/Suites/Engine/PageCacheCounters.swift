import BenchKit
import SQLiteDB

/// SQLite's page-cache counters of a raw configuration's connection as harness
/// metrics: `sqlite.cache-hits`, `-misses`, `-writes`, `-spills`
/// (``Connection/pageCacheStatus()``).
///
/// Registered by ``SocialStore`` for `raw` configurations, whose SQL runs on that
/// connection. Engine configurations run theirs on the store coordinator's own
/// connection, which the engine does not expose, so they have none yet. Cost: four
/// `sqlite3_db_status` calls per read.
final class PageCacheCounters: CounterSource {
    private let connection: Connection

    /// Reads `connection`'s counters.
    init(connection: Connection) {
        self.connection = connection
    }

    /// The metric names, in ``read()`` order.
    let metrics = [
        "sqlite.cache-hits", "sqlite.cache-misses", "sqlite.cache-writes", "sqlite.cache-spills",
    ]
    .map { Metric(name: $0, unit: .count) }

    /// The counters; zeros once the connection is closed (the case is then over).
    func read() -> [Double] {
        guard let status = try? connection.pageCacheStatus() else { return [0, 0, 0, 0] }
        return [status.hits, status.misses, status.writes, status.spills].map(Double.init)
    }
}
