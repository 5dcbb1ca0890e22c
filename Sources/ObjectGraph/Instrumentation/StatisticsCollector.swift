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

    /// Counts only: with no other sink attached, no statement event is built.
    var wantsStatementEvents: Bool { false }

    func countStatement(
        _ statement: Statement, rowsReturned: Int, rowsChanged: Int, status: StatementStatus
    ) {
        guard !Self.isExplain(kind: statement.kind, sql: statement.sql) else { return }
        counters.withLock {
            $0.count(
                statement.kind, rowsReturned: rowsReturned, rowsChanged: rowsChanged,
                status: status)
        }
    }

    /// EXPLAIN QUERY PLAN runs for the level-4 log only; it is not the workload's. Its
    /// kind is `.other`, so other statements are told apart without reading their text.
    private static func isExplain(kind: StatementKind, sql: String) -> Bool {
        kind == .other && sql.hasPrefix("EXPLAIN")
    }

    func receive(_ event: TraceEvent) {
        switch event {
        case .statement(let statement):
            guard !Self.isExplain(kind: statement.kind, sql: statement.sql) else { return }
            counters.withLock {
                $0.count(
                    statement.kind, rowsReturned: statement.rowsReturned,
                    rowsChanged: statement.rowsChanged, status: statement.status)
            }
        case .begin, .commit, .rollback:
            counters.withLock { $0.transactionCount += 1 }
        case .open, .close:
            break
        }
    }
}

extension EngineStatistics {
    fileprivate mutating func count(
        _ kind: StatementKind, rowsReturned: Int, rowsChanged: Int, status: StatementStatus
    ) {
        statementCount += 1
        switch kind {
        case .select: selectCount += 1
        case .insert: insertCount += 1
        case .update: updateCount += 1
        case .delete: deleteCount += 1
        default: break
        }
        rowsRead += rowsReturned
        rowsWritten += rowsChanged
        vmSteps += status.vmSteps
        fullScanSteps += status.fullScanSteps
        sortCount += status.sorts
        autoIndexRows += status.autoIndexRows
    }
}
