import BenchKit
import SQLiteDB

/// Bridges a SQLiteDB connection's trace to the harness: an ``SQLTraceSource`` that
/// records the connection's statements during instrumented iterations, and a
/// ``CounterSource`` for statement and row counts. Its ``sqlLog`` holds the
/// ``SQLiteLogLines`` of each statement and transaction event: the events are kept
/// (only until their lines fill the log, the rest counted) and formatted after the
/// trace, outside the case's allocation probes.
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
    private var loggedEvents: [TraceEvent] = []
    private var loggedLines = 0
    private var unloggedLines = 0
    /// The log of the last trace, made by ``finishTrace()``.
    private(set) var sqlLog = SQLLog()
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
        loggedEvents.removeAll(keepingCapacity: true)
        loggedEvents.reserveCapacity(SQLLog.lineLimit)
        loggedLines = 0
        unloggedLines = 0
        recorder.startTrace()
        connection.addTraceSink(self)
    }

    func finishTrace() -> SQLTrace {
        connection.removeTraceSink(self)
        sqlLog = SQLLog()
        for event in loggedEvents {
            for line in SQLiteLogLines.lines(for: event) { sqlLog.append(line) }
        }
        sqlLog.countOmitted(unloggedLines)
        return recorder.finishTrace()
    }

    func receive(_ event: TraceEvent) {
        keepForLog(event)
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

    /// Keeps `event` while the kept events make fewer lines than the log keeps;
    /// counts its lines otherwise.
    private func keepForLog(_ event: TraceEvent) {
        let count = SQLiteLogLines.lineCount(for: event)
        if loggedLines < SQLLog.lineLimit {
            loggedEvents.append(Self.withoutArguments(event))
            loggedLines += count
        } else {
            unloggedLines += count
        }
    }

    /// `event` without its bound values: the log does not print them, and holding
    /// them would make the connection copy its argument buffer at the next bind (one
    /// more allocation per statement inside the probes).
    private static func withoutArguments(_ event: TraceEvent) -> TraceEvent {
        guard case .statement(let statement) = event else { return event }
        return .statement(
            StatementEvent(
                connectionID: statement.connectionID, sql: statement.sql, kind: statement.kind,
                durationNanoseconds: statement.durationNanoseconds, error: statement.error))
    }

    /// The plan of `sql` bound with its first execution's arguments; nil if SQLite refuses.
    private func plan(_ sql: String) -> [QueryPlanStep]? {
        let arguments = firstArguments[sql] ?? []
        let plan = try? connection.explainQueryPlan(SQL(text: sql, arguments: arguments))
        return plan?.rows
    }
}
