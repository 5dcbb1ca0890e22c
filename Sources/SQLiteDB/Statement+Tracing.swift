import CSQLite

/// What a traced execution has gathered so far.
struct ExecutionRecord {
    var startStatus: StatementStatus
    var nanoseconds: UInt64
    var rows: Int
}

extension Statement {
    /// `step()` with row counting, counter snapshots and, when a sink reads durations
    /// (``TraceSink/wantsDurations``, `timing`), timing, for the trace sinks.
    func tracedStep(timing: Bool) throws -> Bool {
        if execution == nil {
            execution = ExecutionRecord(
                startStatus: cumulativeStatus, nanoseconds: pendingPrepareNanoseconds, rows: 0)
            pendingPrepareNanoseconds = 0
        }
        let code: Int32
        if timing {
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

    /// Sends the statement event of the execution in progress, if one is being traced;
    /// only its counts when no sink wants the event (``TraceSink/wantsStatementEvents``).
    func finishExecution(error: SQLiteError?) {
        guard let record = execution else { return }
        execution = nil
        let connection = self.connection
        let changed = !isReadOnly && error == nil && kind.changesRows
        let rowsChanged = changed ? Int(sqlite3_changes64(connection.handle)) : 0
        let status = cumulativeStatus.subtracting(record.startStatus)
        guard connection.buildsStatementEvents else {
            connection.count(
                self, rowsReturned: record.rows, rowsChanged: rowsChanged, status: status)
            return
        }
        let event = StatementEvent(
            connectionID: connection.id, sql: sql, kind: kind, arguments: arguments,
            rowsReturned: record.rows, rowsChanged: rowsChanged,
            durationNanoseconds: record.nanoseconds, status: status, error: error)
        connection.emit(.statement(event))
    }
}

extension StatementKind {
    /// Whether `sqlite3_changes64` reports this kind's own changes.
    var changesRows: Bool {
        self == .insert || self == .update || self == .delete
    }
}
