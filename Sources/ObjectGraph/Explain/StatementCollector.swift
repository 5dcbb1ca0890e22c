import SQLiteDB
import Synchronization

/// The statements of an explained fetch, from the engine trace hook, with their bound
/// values (nothing is measured meanwhile, so holding them costs nothing that matters).
final class StatementCollector: EngineTraceSink {
    private let storage = Mutex<[StatementEvent]>([])

    /// Keeps statement events.
    func receive(_ event: EngineTraceEvent) {
        guard case .sql(.statement(let statement)) = event else { return }
        storage.withLock { $0.append(statement) }
    }

    /// Every statement so far, in order.
    var statements: [StatementEvent] { storage.withLock { $0 } }
}
