import CSQLite

/// What a traced execution has gathered so far.
struct ExecutionRecord {
    var startStatus: StatementStatus
    var nanoseconds: UInt64
    var rows: Int
}

extension Statement {
    /// `step()` with row counting, counter snapshots and, when a sink reads durations
    /// (``TraceSink/wantsDurations``), timing, for the trace sinks.
    func tracedStep() throws -> Bool {
        if execution == nil {
            execution = ExecutionRecord(
                startStatus: cumulativeStatus, nanoseconds: pendingPrepareNanoseconds, rows: 0)
            pendingPrepareNanoseconds = 0
        }
        let code: Int32
        if connection.isTimingStatements {
            let start = MonotonicClock.now()
            code = sqlite3_step(handle)
            execution?.nanoseconds += MonotonicClock.now() &- start
        } else {
            code = sqlite3_step(handle)
        }
        switch code {
        case SQLITE_ROW:
            execution?.rows += 1
            return true
        case SQLITE_DONE:
            finishExecution(error: nil)
            return false
        default:
            let error = connection.error(code: code, sql: sql, arguments: arguments)
            finishExecution(error: error)
            throw error
        }
    }

    /// Sends the statement event of the execution in progress, if one is being traced.
    func finishExecution(error: SQLiteError?) {
        guard let record = execution else { return }
        execution = nil
        let changed = !isReadOnly && error == nil && kind.changesRows
        let event = StatementEvent(
            connectionID: connection.id, sql: sql, kind: kind, arguments: arguments,
            rowsReturned: record.rows,
            rowsChanged: changed ? Int(sqlite3_changes64(connection.handle)) : 0,
            durationNanoseconds: record.nanoseconds,
            status: cumulativeStatus.subtracting(record.startStatus), error: error)
        connection.emit(.statement(event))
    }
}

extension StatementKind {
    /// Whether `sqlite3_changes64` reports this kind's own changes.
    var changesRows: Bool {
        self == .insert || self == .update || self == .delete
    }
}
