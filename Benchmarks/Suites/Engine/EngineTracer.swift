import BenchKit
import ObjectGraph
import SQLiteDB

/// Captures the engine's SQL for the harness: an ``SQLTraceSource`` that attaches a
/// level-2 ``SQLDebugLog`` to the container between `startTrace()` and `finishTrace()`
/// and reads its lines as they come (``DebugLogReader``): statements with bound values
/// for the trace, the level-1 lines for the ``sqlLog``.
///
/// Timed iterations run with no log attached. Plans come from `EXPLAIN QUERY PLAN` on a
/// side connection to the same file, with every parameter bound to NULL (the
/// chosen indexes are the same). Cost: string formatting per statement while
/// tracing; one plan per distinct SELECT per trace.
final class EngineTracer: SQLTraceSource {
    private let container: PersistentContainer
    private let planner: Connection
    private var recorder = SQLTraceRecorder()
    private var reader: DebugLogReader?

    /// Traces `container`; `planner` explains its SELECTs (the engine's SQL functions are
    /// registered on it).
    init(container: PersistentContainer, planner: Connection) throws {
        self.container = container
        self.planner = planner
        try StoreFunctions.register(on: planner)
        self.recorder = SQLTraceRecorder(planner: { [unowned self] sql in self.plan(sql) })
    }

    func startTrace() {
        recorder.startTrace()
        // The log prints on the context's queue, but only inside the body's
        // `performAndWait`, which blocks the case's thread: the reader and its recorder
        // are never used by two threads at once, and the queue hand-offs order every use.
        nonisolated(unsafe) let reader = DebugLogReader(recorder: recorder)
        self.reader = reader
        container.sqlDebugLog = SQLDebugLog(level: 2) { line in reader.read(line) }
    }

    var sqlLog: SQLLog { recorder.sqlLog }

    func finishTrace() -> SQLTrace {
        container.sqlDebugLog = nil
        reader?.finish()
        reader = nil
        return recorder.finishTrace()
    }

    private func plan(_ sql: String) -> [QueryPlanStep]? {
        let parameters = sql.filter { $0 == "?" }.count
        let unbound = [SQLArgument](repeating: .value(.null), count: parameters)
        let plan = try? planner.explainQueryPlan(SQL(text: sql, arguments: unbound))
        return plan?.rows
    }
}
