import BenchKit
import SQLiteDB

/// Bridges a SQLiteDB connection's trace to the harness: an ``SQLTraceSource`` that
/// records the connection's statements during instrumented iterations, and a
/// ``CounterSource`` for statement and row counts. Its ``sqlLog`` holds one
/// ``SQLiteLogLines`` entry per statement and transaction event.
///
/// It attaches itself as the connection's trace sink only between `startTrace()` and
/// `finishTrace()`, so timed iterations run with no sink (one branch per step). At
/// the end of a trace it asks SQLite for the query plan of each distinct SELECT, bound
/// with the arguments of its first execution. Register it from a benchmark's setup:
///
/// ```swift
/// let tracer = SQLiteTracer(connection: connection)
/// context.register(trace: tracer)
/// context.register(tracer)
/// ```
///
/// Confined to the thread running the case, like its connection. Cost: one
/// normalization per statement while tracing; one `EXPLAIN QUERY PLAN` per distinct
/// SELECT per trace.
final class SQLiteTracer: SQLTraceSource, CounterSource, TraceSink {
    private let connection: Connection
    private var recorder = SQLTraceRecorder()
    private var firstArguments: [String: [SQLArgument]] = [:]
    private var statements = 0.0
    private var rows = 0.0

    /// Traces `connection`.
    init(connection: Connection) {
        self.connection = connection
        self.recorder = SQLTraceRecorder(planner: { [unowned self] sql in self.plan(sql) })
    }

    /// `sql.statements` and `sql.rows`: statements run and rows returned or changed.
    let metrics = [
        Metric(name: "sql.statements", unit: .count), Metric(name: "sql.rows", unit: .count),
    ]

    func read() -> [Double] {
        [statements, rows]
    }

    func startTrace() {
        firstArguments = [:]
        recorder.startTrace()
        connection.addTraceSink(self)
    }

    func finishTrace() -> SQLTrace {
        connection.removeTraceSink(self)
        return recorder.finishTrace()
    }

    var sqlLog: SQLLog { recorder.sqlLog }

    func receive(_ event: TraceEvent) {
        for line in SQLiteLogLines.lines(for: event) { recorder.appendLogLine(line) }
        guard case .statement(let statement) = event else { return }
        let affected = statement.rowsReturned + statement.rowsChanged
        statements += 1
        rows += Double(affected)
        if firstArguments[statement.sql] == nil {
            firstArguments[statement.sql] = statement.arguments
        }
        recorder.record(
            sql: statement.sql, arguments: statement.arguments.map(\.description),
            nanoseconds: Double(statement.durationNanoseconds), rows: affected)
    }

    /// The plan of `sql` bound with its first execution's arguments; nil if SQLite refuses.
    private func plan(_ sql: String) -> [QueryPlanStep]? {
        let arguments = firstArguments[sql] ?? []
        let plan = try? connection.explainQueryPlan(SQL(text: sql, arguments: arguments))
        return plan?.rows
    }
}
