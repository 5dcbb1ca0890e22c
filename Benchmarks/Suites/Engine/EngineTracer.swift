import BenchKit
import ObjectGraph
import SQLiteDB
import Synchronization

/// Captures the engine's SQL for the harness: an ``SQLTraceSource`` that attaches a
/// level-2 ``SQLDebugLog`` to the container between `startTrace()` and `finishTrace()`
/// and turns its `sql:` and `details:` lines back into statements with bound values.
/// The lines a level-1 log would have printed (level 2 minus the `details:` lines and
/// the connection annotations) become the trace's ``sqlLog``.
///
/// Timed iterations run with no log attached. Plans come from `EXPLAIN QUERY PLAN` on a
/// side connection to the same file, with every parameter bound to NULL (the
/// chosen indexes are the same). Cost: string formatting per statement while
/// tracing; one plan per distinct SELECT per trace.
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
        var pending: (sql: String, arguments: [String])?
        for line in lines.storage.withLock({ $0 }) {
            if Self.isLevelOne(line) { recorder.appendLogLine(line) }
            if let sql = Self.field(line, "sql") {
                if let pending { record(pending) }
                pending = (sql, [])
            } else if let detail = Self.field(line, "details"), pending != nil {
                pending?.arguments.append(detail.components(separatedBy: " = ").last ?? detail)
            }
        }
        if let pending { record(pending) }
        return recorder.finishTrace()
    }

    private func record(_ statement: (sql: String, arguments: [String])) {
        recorder.record(sql: statement.sql, arguments: statement.arguments, nanoseconds: 0, rows: 0)
    }

    /// Whether a level-1 log prints `line` too: level 2 adds only the bound values
    /// (`details:`) and the connection's open and close annotations.
    private static func isLevelOne(_ line: String) -> Bool {
        !(line.hasPrefix("ObjectGraph: details: ")
            || line.hasPrefix("ObjectGraph: annotation: Connecting to sqlite database")
            || line.hasPrefix("ObjectGraph: annotation: Disconnecting from sqlite database"))
    }

    private static func field(_ line: String, _ category: String) -> String? {
        let prefix = "ObjectGraph: \(category): "
        return line.hasPrefix(prefix) ? String(line.dropFirst(prefix.count)) : nil
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
