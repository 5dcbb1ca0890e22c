import SQLiteDB
import Testing

/// The one definition of a full scan (`QueryPlanStep.isFullScan(in:)`), judged on the
/// plans SQLite really makes: a scan of a table's rows is one; the bound key list,
/// index walks, constant rows and materialized subqueries are not.
@Suite struct FullScanTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let sql: String
        var arguments: [SQLArgument] = []
        /// The plan step the query must contain, so the case tests what it names.
        let step: String
        let fullScans: [String]

        var testDescription: String { name }
    }

    static let cases = [
        Case(
            name: "unindexed filter", sql: "SELECT * FROM ZPOST t0 WHERE t0.ZTITLE = 'a'",
            step: "SCAN t0", fullScans: ["SCAN t0"]),
        Case(
            name: "indexed equality", sql: "SELECT * FROM ZPOST t0 WHERE t0.ZAUTHOR = 1",
            step: "SEARCH t0 USING INDEX ZPOST_ZAUTHOR_INDEX (ZAUTHOR=?)", fullScans: []),
        Case(
            name: "bound key list of a batch",
            sql: "SELECT * FROM ZPOST t0 WHERE t0.Z_PK IN (SELECT * FROM _Z_intarray0(?))",
            arguments: [.integerList(IntegerList([1, 2, 3]))],
            step: "SCAN _Z_intarray0 VIRTUAL TABLE INDEX 1:", fullScans: []),
        Case(
            name: "index walk for ORDER BY … LIMIT",
            sql: "SELECT * FROM ZPOST t0 ORDER BY t0.ZAUTHOR LIMIT 10",
            step: "SCAN t0 USING INDEX ZPOST_ZAUTHOR_INDEX", fullScans: []),
        Case(
            name: "covering index walk", sql: "SELECT count(*) FROM ZPOST t0",
            step: "SCAN ZPOST USING COVERING INDEX ZPOST_ZAUTHOR_INDEX", fullScans: []),
        Case(name: "constant row", sql: "SELECT 1", step: "SCAN CONSTANT ROW", fullScans: []),
        Case(
            name: "materialized CTE: its table scan counts, its own scan does not",
            sql: "WITH q AS MATERIALIZED (SELECT Z_PK FROM ZPOST WHERE ZTITLE = 'a') "
                + "SELECT * FROM q",
            step: "SCAN q", fullScans: ["SCAN ZPOST"]),
    ]

    @Test("full scans in real plans", arguments: cases)
    func classify(_ example: Case) throws {
        let connection = try Connection()
        try connection.execute(
            script: """
                CREATE TABLE ZPOST (Z_PK INTEGER PRIMARY KEY, ZTITLE VARCHAR, ZAUTHOR INTEGER);
                CREATE INDEX ZPOST_ZAUTHOR_INDEX ON ZPOST (ZAUTHOR);
                """)
        let plan = try connection.explainQueryPlan(
            SQL(text: example.sql, arguments: example.arguments))
        try #require(plan.rows.map(\.detail).contains(example.step), "\(plan)")
        #expect(plan.fullScans.map(\.detail) == example.fullScans)
    }
}
