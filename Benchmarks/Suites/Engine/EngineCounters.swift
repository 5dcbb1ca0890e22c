import BenchKit
import ObjectGraph

/// The engine's counters as harness metrics: statements by kind, rows read, object and
/// relationship faults, row-cache hits and misses, full-scan steps, VM steps and sorts, read from
/// ``PersistentContainer/statistics``.
///
/// Registered by ``SocialStore`` for every engine configuration, so each case's metrics
/// say how much SQL its iteration ran. Cost: one statistics snapshot per read.
final class EngineCounters: CounterSource {
    private let container: PersistentContainer

    /// Reads `container`'s statistics.
    init(container: PersistentContainer) {
        self.container = container
    }

    /// The metric names, in ``read()`` order.
    let metrics = [
        "sql.statements", "sql.selects", "sql.inserts", "sql.updates", "sql.deletes",
        "sql.transactions", "sql.rows", "engine.object-faults", "engine.relationship-faults",
        "engine.row-cache-hits", "engine.row-cache-misses", "engine.full-scan-steps",
        "engine.vm-steps", "engine.sorts",
    ].map { Metric(name: $0, unit: .count) }

    func read() -> [Double] {
        let stats = container.statistics
        return [
            stats.statementCount, stats.selectCount, stats.insertCount, stats.updateCount,
            stats.deleteCount, stats.transactionCount, stats.rowsRead, stats.objectFaultsFired,
            stats.relationshipFaultsFired, stats.rowCacheHits, stats.rowCacheMisses,
        ].map(Double.init) + [stats.fullScanSteps, stats.vmSteps, stats.sortCount].map(Double.init)
    }
}
