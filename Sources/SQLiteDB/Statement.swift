import CSQLite

/// A prepared statement: bind arguments, step through rows, read typed columns, reset.
///
/// Obtain one from ``Connection/prepare(_:)`` (yours to keep) or through the statement
/// cache (``Connection/withCachedStatement(_:_:)``). It belongs to its connection's
/// thread and must not outlive the connection; using it after the connection is gone
/// traps.
///
/// Cost: stepping is SQLite's cost plus, only while a trace sink is attached, two clock
/// reads per step and eight counter reads per execution.
///
/// Related: https://www.sqlite.org/c3ref/stmt.html
public final class Statement {
    let handle: OpaquePointer
    unowned let connection: Connection
    /// The connection's trace flags (``TraceFlags``), read on every step.
    let traceFlags: TraceFlags
    /// The SQL text this statement was prepared from.
    public let sql: String
    /// The kind of statement, from its first keyword.
    public let kind: StatementKind
    /// Whether the statement only reads (`sqlite3_stmt_readonly`).
    public let isReadOnly: Bool
    /// How many `?` parameters it has.
    public let parameterCount: Int32
    /// How many result columns it has.
    public let columnCount: Int32

    var arguments: [SQLArgument] = []
    /// The traced execution in progress. Unchecked exclusivity: a statement belongs to
    /// its connection's owner, and the runtime check on every step cost more than the
    /// step's own bookkeeping.
    @exclusivity(unchecked) var execution: ExecutionRecord?
    var pendingPrepareNanoseconds: UInt64
    /// Set while a cached statement is lent out, so nested uses get their own.
    var isCheckedOut = false
    /// The ``StatementKey``s (their integers) that find this statement in its
    /// connection's cache, so that evicting it removes them too.
    var cacheKeys: [Int] = []

    init(handle: OpaquePointer, connection: Connection, sql: String, prepareNanoseconds: UInt64) {
        self.handle = handle
        self.connection = connection
        self.traceFlags = connection.traceFlags
        self.sql = sql
        self.kind = StatementKind(sql: sql)
        self.isReadOnly = sqlite3_stmt_readonly(handle) != 0
        self.parameterCount = sqlite3_bind_parameter_count(handle)
        self.columnCount = sqlite3_column_count(handle)
        self.pendingPrepareNanoseconds = prepareNanoseconds
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: - Stepping

    /// Advances to the next row.
    ///
    /// - Returns: true when a row is ready to read, false when the statement is done.
    /// - Throws: ``SQLiteError`` when SQLite reports one (busy, constraint, …).
    @discardableResult
    public func step() throws -> Bool {
        let flags = traceFlags.bits
        if flags != 0 {
            precondition(
                flags & TraceFlags.connectionGone == 0,
                "a statement was used after its connection was gone")
            return try tracedStep(timing: flags & TraceFlags.timing != 0)
        }
        let code = sqlite3_step(handle)
        if code == SQLITE_ROW { return true }
        if code == SQLITE_DONE { return false }
        throw connection.error(code: code, sql: sql, arguments: arguments)
    }

    /// Runs the statement to completion, discarding rows.
    ///
    /// - Returns: the rows changed (0 for reads).
    @discardableResult
    public func run() throws -> Int {
        while try step() {}
        return isReadOnly ? 0 : Int(sqlite3_changes64(connection.handle))
    }

    /// Readies the statement to run again; bindings stay.
    public func reset() {
        finishExecution(error: nil)
        sqlite3_reset(handle)
    }

    /// Sets every parameter to NULL.
    public func clearBindings() {
        sqlite3_clear_bindings(handle)
        arguments.removeAll(keepingCapacity: true)
    }

    // MARK: - Counters

    /// The statement's cumulative `sqlite3_stmt_status` counters since it was prepared.
    public var cumulativeStatus: StatementStatus {
        StatementStatus(
            vmSteps: counter(SQLITE_STMTSTATUS_VM_STEP),
            fullScanSteps: counter(SQLITE_STMTSTATUS_FULLSCAN_STEP),
            sorts: counter(SQLITE_STMTSTATUS_SORT),
            autoIndexRows: counter(SQLITE_STMTSTATUS_AUTOINDEX))
    }

    private func counter(_ op: Int32) -> Int64 {
        Int64(sqlite3_stmt_status(handle, op, 0))
    }
}

@available(*, unavailable, message: "a statement is confined to its connection's thread")
extension Statement: Sendable {}
