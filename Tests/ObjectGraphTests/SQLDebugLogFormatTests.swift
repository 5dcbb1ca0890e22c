import ObjectGraph
import SQLiteDB
import Testing

/// `SQLDebugLogFormat.lineCount(for:)` is what `lines(for:)` makes, at every level: the
/// lab counts lines it no longer formats with it.
@Suite struct SQLDebugLogFormatTests {
    struct Example: Sendable, CustomTestStringConvertible {
        let name: String
        let event: EngineTraceEvent
        /// The lines at levels 1 to 4.
        let counts: [Int]

        var testDescription: String { name }
    }

    static let select = StatementEvent(
        connectionID: 1, sql: "SELECT t0.Z_PK FROM ZUSER t0 WHERE t0.ZNAME = ?",
        arguments: [.value(.text("u1"))], rowsReturned: 1, durationNanoseconds: 1_000)
    static let keyList = StatementEvent(
        connectionID: 1,
        sql: "SELECT t0.Z_PK FROM ZUSER t0 WHERE t0.Z_PK IN "
            + "(SELECT * FROM _Z_intarray0(?))", arguments: [.integerList(IntegerList([1, 2]))])
    static let failed = StatementEvent(
        connectionID: 1, sql: "INSERT INTO ZTAG VALUES (?)", arguments: [1],
        error: SQLiteError(code: .SQLITE_CONSTRAINT, message: "UNIQUE constraint failed"))
    static let plan = QueryPlan(rows: [
        QueryPlanStep(id: 2, parent: 0, detail: "SCAN t0"),
        QueryPlanStep(id: 3, parent: 0, detail: "USE TEMP B-TREE FOR ORDER BY"),
    ])

    static let examples = [
        Example(
            name: "select with a bound value", event: .sql(.statement(select)),
            counts: [2, 3, 3, 3]),
        Example(name: "key-list select", event: .sql(.statement(keyList)), counts: [4, 5, 5, 5]),
        Example(name: "failed insert", event: .sql(.statement(failed)), counts: [2, 3, 3, 3]),
        Example(
            name: "begin",
            event: .sql(.begin(connectionID: 1, kind: .exclusive, durationNanoseconds: 9)),
            counts: [1, 1, 1, 1]),
        Example(
            name: "open", event: .sql(.open(connectionID: 1, path: "/x")), counts: [0, 1, 1, 1]),
        Example(
            name: "fetch", event: .fetchCompleted(rows: 3, nanoseconds: 9), counts: [1, 1, 1, 1]),
        Example(
            name: "count",
            event: .countCompleted(request: "FetchRequest(…)", count: 2, nanoseconds: 9),
            counts: [1, 1, 2, 2]),
        Example(
            name: "batch", event: .batchLoaded(batch: 0, of: 3, rows: 2), counts: [1, 1, 1, 1]),
        Example(
            name: "prefetch", event: .prefetched(keyPath: "posts", level: 1, rows: 4),
            counts: [1, 1, 1, 1]),
        Example(
            name: "batch request",
            event: .batchRequestCompleted(kind: "update", table: "ZPOST", rows: 4, nanoseconds: 9),
            counts: [1, 1, 1, 1]),
        Example(name: "query plan", event: .queryPlan(plan), counts: [0, 0, 0, 2]),
        Example(name: "save phase", event: .savePhase(.saved), counts: [0, 1, 1, 1]),
    ]

    @Test("lineCount matches the lines made, levels 1 to 4", arguments: examples)
    func counts(_ example: Example) {
        for level in 1...4 {
            let format = SQLDebugLogFormat(level: level)
            let lines = format.lines(for: example.event)
            #expect(lines.count == example.counts[level - 1], "level \(level): \(lines)")
            #expect(format.lineCount(for: example.event) == lines.count, "level \(level)")
        }
    }

    @Test("a key-list select is announced as Core Data binds its intarray, bound values or not")
    func intarray() {
        let lines = SQLDebugLogFormat(level: 1).lines(for: .sql(.statement(Self.keyList)))
        #expect(
            lines.prefix(3) == [
                "ObjectGraph: annotation: Bound intarray _Z_intarray0",
                "ObjectGraph: annotation: Bound intarray values.",
                "ObjectGraph: sql: " + Self.keyList.sql,
            ])
    }
}
