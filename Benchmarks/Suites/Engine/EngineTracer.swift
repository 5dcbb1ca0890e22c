import BenchKit
import ObjectGraph
import SQLiteDB
import Synchronization

/// Captures the engine's SQL for the harness: an ``SQLTraceSource`` that attaches a
/// level-2 ``SQLDebugLog`` to the container between `startTrace()` and `finishTrace()`
/// and reads its lines when the trace ends (``DebugLogReader``): statements with bound
/// values for the trace, the level-1 lines for the ``sqlLog``.
///
/// The lines are buffered and read only after the iteration, outside the allocation
/// probes: reading them as they come would add their parsing to the case's measured
/// allocations (up to twice as many). Timed iterations run with no log attached.
/// Plans come from `EXPLAIN QUERY PLAN` on a side connection to the same file, with
/// every parameter bound to NULL (the chosen indexes are the same). Cost: string
/// formatting per statement and every printed line held while tracing; one plan per
/// distinct SELECT per trace.
final class EngineTracer: SQLTraceSource {
    private let container: PersistentContainer
    private let planner: Connection
    private let lines = LineBuffer()
    private var recorder = SQLTraceRecorder()

    /// Traces `container`; `planner` explains its SELECTs (the engine's SQL functions are
    /// registered on it).
    init(container: PersistentContainer, planner: Connection) throws {
        self.container = container
        self.planner = planner
        try StoreFunctions.register(on: planner)
        self.recorder = SQLTraceRecorder(planner: { [unowned self] sql in self.plan(sql) })
    }

    func startTrace() {
        lines.storage.withLock { $0.removeAll() }
        recorder.startTrace()
        container.sqlDebugLog = SQLDebugLog(level: 2) { [lines] line in
            lines.storage.withLock { $0.append(line) }
        }
    }

    var sqlLog: SQLLog { recorder.sqlLog }

    func finishTrace() -> SQLTrace {
        container.sqlDebugLog = nil
        let reader = DebugLogReader(recorder: recorder)
        for line in lines.storage.withLock({ $0 }) { reader.read(line) }
        reader.finish()
        return recorder.finishTrace()
    }

    private func plan(_ sql: String) -> [QueryPlanStep]? {
        let parameters = sql.filter { $0 == "?" }.count
        let unbound = [SQLArgument](repeating: .value(.null), count: parameters)
        let plan = try? planner.explainQueryPlan(SQL(text: sql, arguments: unbound))
        return plan?.rows
    }
}

/// The lines a traced iteration logged; the log's output closure appends under a lock.
final class LineBuffer: Sendable {
    /// The lines so far.
    let storage = Mutex<[String]>([])
}
