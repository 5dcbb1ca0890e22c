/// Something a connection did, delivered to every ``TraceSink`` attached to it.
///
/// The SQL debug log, the engine statistics, the bench recorder and the tests'
/// `SQLRecorder` are all sinks of these events.
public enum TraceEvent: Sendable {
    /// The connection opened a database.
    case open(connectionID: Int, path: String)
    /// The connection closed.
    case close(connectionID: Int)
    /// A transaction began (`BEGIN DEFERRED`, `IMMEDIATE` or `EXCLUSIVE`);
    /// `durationNanoseconds` covers the BEGIN itself (waiting for a lock included).
    case begin(connectionID: Int, kind: TransactionKind, durationNanoseconds: UInt64)
    /// The transaction committed; `durationNanoseconds` covers the COMMIT itself.
    case commit(connectionID: Int, durationNanoseconds: UInt64)
    /// The transaction rolled back; `durationNanoseconds` covers the ROLLBACK itself.
    case rollback(connectionID: Int, durationNanoseconds: UInt64)
    /// A statement ran to completion, was reset early, or failed.
    case statement(StatementEvent)

    /// The connection that produced the event.
    public var connectionID: Int {
        switch self {
        case .open(let id, _), .close(let id), .begin(let id, _, _), .commit(let id, _),
            .rollback(let id, _):
            return id
        case .statement(let event):
            return event.connectionID
        }
    }
}

/// Receives the events of the connections it is attached to.
///
/// A sink is called synchronously on the thread that uses the connection, inside the
/// statement's execution, so it must be quick; it is never called concurrently for one
/// connection.
public protocol TraceSink: AnyObject {
    /// Handles one event.
    func receive(_ event: TraceEvent)

    /// Whether the sink reads the events' durations (`durationNanoseconds`). When no
    /// attached sink does, the connection reads no clock per step of a statement (two
    /// clock reads per row otherwise), and durations are 0.
    ///
    /// Default: true. A sink that only counts (statements, rows, VM steps) says false.
    var wantsDurations: Bool { get }

    /// Whether the sink reads statement events (``TraceEvent/statement(_:)``) beyond
    /// what ``countStatement(_:rowsReturned:rowsChanged:status:)`` gets. When no
    /// attached sink does, a finished statement is counted without a ``StatementEvent``
    /// being built (its SQL, arguments and error copied into it, and the event into
    /// each sink's ``receive(_:)``): about 800 instructions per statement.
    ///
    /// Default: true. A sink that says false gets `countStatement` for every finished
    /// statement while no other attached sink wants events, and `receive` otherwise; its
    /// other events always come to `receive`.
    var wantsStatementEvents: Bool { get }

    /// Counts one finished statement, for a sink that does not want statement events:
    /// the statement (its SQL and kind), the rows it returned and changed, and its
    /// counters' deltas. Whether it failed is not passed.
    func countStatement(
        _ statement: Statement, rowsReturned: Int, rowsChanged: Int, status: StatementStatus)
}

extension TraceSink {
    /// Durations are read unless the sink says otherwise.
    public var wantsDurations: Bool { true }

    /// Statement events are received unless the sink says otherwise.
    public var wantsStatementEvents: Bool { true }

    /// Receives the statement as an event (without its arguments, duration or error):
    /// for a sink that says it wants no events but counts only through `receive`.
    public func countStatement(
        _ statement: Statement, rowsReturned: Int, rowsChanged: Int, status: StatementStatus
    ) {
        receive(
            .statement(
                StatementEvent(
                    connectionID: statement.connection.id, sql: statement.sql,
                    kind: statement.kind, rowsReturned: rowsReturned, rowsChanged: rowsChanged,
                    status: status)))
    }
}
