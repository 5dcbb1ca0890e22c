import SQLiteDB
import TestSupport
import Testing

@Suite struct TraceTests {
    /// 1,000 rows in two identical columns, one indexed.
    private func makeTable(recorder: SQLRecorder) throws -> Connection {
        let connection = try Connection(traceSinks: [recorder])
        try connection.execute(
            script: """
                CREATE TABLE ZPOST (Z_PK INTEGER PRIMARY KEY, ZAGE INTEGER, ZAGEINDEXED INTEGER);
                CREATE INDEX ZPOST_ZAGEINDEXED_INDEX ON ZPOST (ZAGEINDEXED);
                """)
        try connection.transaction {
            for row in 0..<1000 {
                try connection.execute(
                    "INSERT INTO ZPOST (ZAGE, ZAGEINDEXED) VALUES (\(row % 50), \(row % 50))")
            }
        }
        recorder.clear()
        return connection
    }

    @Test("an unindexed WHERE reports full-scan steps and exact rows; an indexed one none")
    func fullScanSteps() throws {
        let recorder = SQLRecorder()
        let connection = try makeTable(recorder: recorder)
        let unindexed = try connection.fetchAll("SELECT Z_PK FROM ZPOST WHERE ZAGE = \(7)") {
            $0.int64(at: 0)
        }
        let indexed = try connection.fetchAll("SELECT Z_PK FROM ZPOST WHERE ZAGEINDEXED = \(7)") {
            $0.int64(at: 0)
        }
        #expect(unindexed.count == 20)
        #expect(indexed == unindexed)
        let events = recorder.statements
        try #require(events.count == 2)
        #expect(events[0].rowsReturned == 20)
        #expect(events[0].status.fullScanSteps == 999)
        #expect(events[1].rowsReturned == 20)
        #expect(events[1].status.fullScanSteps == 0)
        #expect(events[1].status.vmSteps > 0)
        #expect(events[0].status.vmSteps > events[1].status.vmSteps)
    }

    @Test("a statement event carries SQL, arguments, kind, changes and a duration")
    func statementEventFields() throws {
        let recorder = SQLRecorder()
        let connection = try makeTable(recorder: recorder)
        let changed = try connection.execute("UPDATE ZPOST SET ZAGE = \(99) WHERE ZAGE = \(1)")
        let event = try #require(recorder.statements.first)
        #expect(changed == 20)
        #expect(event.sql == "UPDATE ZPOST SET ZAGE = ? WHERE ZAGE = ?")
        #expect(event.kind == .update)
        #expect(event.arguments == [99, 1])
        #expect(event.expandedSQL == "UPDATE ZPOST SET ZAGE = 99 WHERE ZAGE = 1")
        #expect(event.rowsChanged == 20)
        #expect(event.rowsReturned == 0)
        #expect(event.durationNanoseconds > 0)
        #expect(event.error == nil)
        #expect(event.connectionID == connection.id)
    }

    @Test("an ORDER BY no index serves counts a sort")
    func sortsCounted() throws {
        let recorder = SQLRecorder()
        let connection = try makeTable(recorder: recorder)
        try connection.forEachRow("SELECT Z_PK FROM ZPOST ORDER BY ZAGE") { _ in }
        try connection.forEachRow("SELECT Z_PK FROM ZPOST ORDER BY ZAGEINDEXED") { _ in }
        #expect(recorder.statements.map(\.status.sorts) == [1, 0])
    }

    @Test("a statement stopped early reports the rows read so far")
    func earlyReset() throws {
        let recorder = SQLRecorder()
        let connection = try makeTable(recorder: recorder)
        let first = try connection.fetchOne("SELECT Z_PK FROM ZPOST ORDER BY Z_PK") {
            $0.int64(at: 0)
        }
        #expect(first == 1)
        #expect(recorder.statements.map(\.rowsReturned) == [1])
    }

    @Test("a failed statement is reported with its error")
    func failedStatement() throws {
        let recorder = SQLRecorder()
        let connection = try Connection(traceSinks: [recorder])
        try connection.execute(script: "CREATE TABLE u (x UNIQUE)")
        try connection.execute("INSERT INTO u VALUES (\(1))")
        #expect(throws: SQLiteError.self) { try connection.execute("INSERT INTO u VALUES (\(1))") }
        let last = try #require(recorder.statements.last)
        #expect(last.error?.code == .SQLITE_CONSTRAINT_UNIQUE)
        #expect(last.rowsChanged == 0)
    }

    @Test("transactions are reported as begin and commit or rollback events")
    func transactionEvents() throws {
        let recorder = SQLRecorder()
        let connection = try Connection(traceSinks: [recorder])
        try connection.execute(script: "CREATE TABLE t (x)")
        recorder.clear()
        try connection.transaction(.exclusive) {
            try connection.execute("INSERT INTO t VALUES (\(1))")
        }
        struct Failure: Error {}
        _ = try? connection.transaction { throw Failure() }
        let shape = recorder.events.map { event -> String in
            switch event {
            case .begin(_, let kind, _): return "begin \(kind.rawValue)"
            case .commit: return "commit"
            case .rollback: return "rollback"
            case .statement(let statement): return statement.sql
            case .open, .close: return "other"
            }
        }
        #expect(
            shape == [
                "begin EXCLUSIVE", "INSERT INTO t VALUES (?)", "commit", "begin DEFERRED",
                "rollback",
            ])
    }

    @Test(
        "a sink that wants no statement events gets each statement's counts instead, events again once another sink wants them"
    )
    func countingSink() throws {
        let counter = StatementCounter()
        let connection = try Connection(traceSinks: [counter])
        // Opening runs the configuration's own statements; counted too.
        let opening = counter.counts.count
        try connection.execute("CREATE TABLE T (A INTEGER)")
        try connection.execute("INSERT INTO T (A) VALUES (1), (2), (3)")
        let rows = try connection.fetchAll("SELECT A FROM T WHERE A > \(1)") { $0.int64(at: 0) }
        #expect(rows == [2, 3])
        // Counted, no statement event built; the open event still came to receive.
        #expect(counter.events.isEmpty)
        #expect(counter.opens == 1)
        #expect(
            counter.counts.dropFirst(opening).map {
                "\($0.sql) \($0.kind) \($0.rowsReturned) \($0.rowsChanged)"
            } == [
                "CREATE TABLE T (A INTEGER) schema 0 0",
                "INSERT INTO T (A) VALUES (1), (2), (3) insert 0 3",
                "SELECT A FROM T WHERE A > ? select 2 0",
            ])
        #expect(counter.counts.allSatisfy { $0.vmSteps > 0 })
        // With a sink that wants events attached, both get events.
        let recorder = SQLRecorder()
        connection.addTraceSink(recorder)
        _ = try connection.fetchAll("SELECT A FROM T") { $0.int64(at: 0) }
        #expect(counter.counts.count == opening + 3)
        #expect(counter.events.map { "\($0.sql) \($0.rowsReturned)" } == ["SELECT A FROM T 3"])
        #expect(recorder.statements.map(\.sql) == ["SELECT A FROM T"])
        connection.removeTraceSink(recorder)
        try connection.execute("DELETE FROM T")
        #expect(counter.counts.last.map { "\($0.kind) \($0.rowsChanged)" } == "delete 3")
        #expect(counter.events.count == 1)
    }

    @Test("open is reported to sinks given at init; detached sinks hear nothing more")
    func attachAndDetach() throws {
        let recorder = SQLRecorder()
        let connection = try Connection(traceSinks: [recorder])
        guard case .open(let id, let path) = try #require(recorder.events.first) else {
            Issue.record("first event is not open")
            return
        }
        #expect(id == connection.id)
        #expect(path == ":memory:")
        connection.removeTraceSink(recorder)
        recorder.clear()
        try connection.execute("SELECT 1")
        #expect(recorder.events.isEmpty)
    }
}

/// A sink that counts statements without their events, as the engine's statistics do.
private final class StatementCounter: TraceSink {
    struct Counted {
        let sql: String
        let kind: StatementKind
        let rowsReturned: Int
        let rowsChanged: Int
        let vmSteps: Int64
    }
    private(set) var counts: [Counted] = []
    private(set) var events: [StatementEvent] = []
    private(set) var opens = 0

    var wantsDurations: Bool { false }
    var wantsStatementEvents: Bool { false }

    func receive(_ event: TraceEvent) {
        switch event {
        case .statement(let statement): events.append(statement)
        case .open: opens += 1
        default: break
        }
    }

    func countStatement(
        _ statement: Statement, rowsReturned: Int, rowsChanged: Int, status: StatementStatus
    ) {
        counts.append(
            Counted(
                sql: statement.sql, kind: statement.kind, rowsReturned: rowsReturned,
                rowsChanged: rowsChanged, vmSteps: status.vmSteps))
    }
}
