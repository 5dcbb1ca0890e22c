/// One execution of one statement: from its first step until it finished, was reset or
/// failed.
///
/// Arguments are kept as values; the literal-expanded text is only built when
/// ``expandedSQL`` is read.
public struct StatementEvent: Sendable {
    /// The connection that ran the statement.
    public let connectionID: Int
    /// The SQL text, with `?` placeholders.
    public let sql: String
    /// What kind of statement this is, from its first keyword.
    public let kind: StatementKind
    /// The bound arguments.
    public let arguments: [SQLArgument]
    /// Rows the statement returned (`SQLITE_ROW` results).
    public let rowsReturned: Int
    /// Rows inserted, updated or deleted (`sqlite3_changes64`), 0 for reads.
    public let rowsChanged: Int
    /// Time inside prepare (when freshly prepared) and every step, in nanoseconds from
    /// the monotonic clock; the caller's work between steps is not included.
    public let durationNanoseconds: UInt64
    /// `sqlite3_stmt_status` counter deltas of this execution.
    public let status: StatementStatus
    /// The error the execution ended with, if it failed.
    public let error: SQLiteError?

    /// Builds an event; SQLiteDB does this, tests may build their own.
    public init(
        connectionID: Int, sql: String, kind: StatementKind? = nil,
        arguments: [SQLArgument] = [], rowsReturned: Int = 0, rowsChanged: Int = 0,
        durationNanoseconds: UInt64 = 0, status: StatementStatus = .zero,
        error: SQLiteError? = nil
    ) {
        self.connectionID = connectionID
        self.sql = sql
        self.kind = kind ?? StatementKind(sql: sql)
        self.arguments = arguments
        self.rowsReturned = rowsReturned
        self.rowsChanged = rowsChanged
        self.durationNanoseconds = durationNanoseconds
        self.status = status
        self.error = error
    }

    /// The SQL with every argument written in as a literal: for reading, not running.
    public var expandedSQL: String {
        SQL.expand(sql, arguments: arguments)
    }
}
