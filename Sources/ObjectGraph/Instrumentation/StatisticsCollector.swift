import SQLiteDB
import Synchronization

/// Accumulates ``EngineStatistics``: a trace sink for SQLite's statement events plus
/// counters the engine bumps for faults and the row cache.
///
/// Cost: one lock per event; readers get a copy.
final class StatisticsCollector: TraceSink, Sendable {
    private let counters = Mutex(EngineStatistics())

    /// The counters now.
    var snapshot: EngineStatistics { counters.withLock { $0 } }

    /// Zeroes every counter.
    func reset() {
        counters.withLock { $0 = EngineStatistics() }
    }

    /// Applies an engine-side change.
    func record(_ change: (inout EngineStatistics) -> Void) {
        counters.withLock { change(&$0) }
    }

    /// Counts only: with no other sink attached, statements run without clock reads.
    var wantsDurations: Bool { false }

    func receive(_ event: TraceEvent) {
        switch event {
        case .statement(let statement):
            // EXPLAIN QUERY PLAN runs for the level-4 log only; it is not the workload's.
            guard !statement.sql.hasPrefix("EXPLAIN") else { return }
            counters.withLock { $0.count(statement) }
        case .begin, .commit, .rollback:
            counters.withLock { $0.transactionCount += 1 }
        case .open, .close:
            break
        }
    }
}

extension EngineStatistics {
    fileprivate mutating func count(_ statement: StatementEvent) {
        statementCount += 1
        switch statement.kind {
        case .select: selectCount += 1
        case .insert: insertCount += 1
        case .update: updateCount += 1
        case .delete: deleteCount += 1
        default: break
        }
        rowsRead += statement.rowsReturned
        rowsWritten += statement.rowsChanged
        vmSteps += statement.status.vmSteps
        fullScanSteps += statement.status.fullScanSteps
        sortCount += statement.status.sorts
        autoIndexRows += statement.status.autoIndexRows
    }
}
