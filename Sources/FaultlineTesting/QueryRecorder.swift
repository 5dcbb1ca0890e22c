import ObjectGraph
import SQLiteDB
import Synchronization

/// The engine trace sink behind ``expectQueries(in:_:)``: keeps each statement event
/// of the store's connection while attached.
///
/// Transaction control (`BEGIN`, `COMMIT`, savepoints) is left out, so counts match
/// what Core Data's SQLDebug log calls statements once its `BEGIN EXCLUSIVE` and
/// `COMMIT` lines are left out the same way (``QueryLog/init(logText:name:)``).
///
/// Cost: one lock and one array append per statement.
final class QueryRecorder: EngineTraceSink {
    private let storage = Mutex<[StatementEvent]>([])

    func receive(_ event: EngineTraceEvent) {
        guard case .sql(.statement(let statement)) = event, statement.kind != .transaction
        else { return }
        storage.withLock { $0.append(statement) }
    }

    /// Every statement so far, in order.
    var statements: [StatementEvent] { storage.withLock { $0 } }
}
